package io.icegate.procedure.value;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;

/**
 * A timestamp argument, kept in the form it was given so that Spark reads it exactly as the user
 * meant: a wall-clock time (a {@code TIMESTAMP '...'} literal without a zone, a JDBC {@code
 * Timestamp}), which Spark reads in the session's time zone, or an instant (a literal with a zone,
 * an {@code Instant}).
 *
 * <p>Spark keeps microseconds; finer digits are dropped here as Spark drops them.
 */
public sealed interface SparkTimestamp {
  /** The instant this timestamp stands for in a session of time zone {@code zone}. */
  Instant toInstant(ZoneId zone);

  /** A wall-clock time, read in the session's time zone. */
  static SparkTimestamp local(LocalDateTime dateTime) {
    return new Local(dateTime.truncatedTo(ChronoUnit.MICROS));
  }

  /** An instant, whatever the session's time zone. */
  static SparkTimestamp instant(Instant instant) {
    return new Absolute(instant.truncatedTo(ChronoUnit.MICROS));
  }

  /** A wall-clock time. */
  record Local(LocalDateTime dateTime) implements SparkTimestamp {
    public Local {
      requireNonNull(dateTime, "dateTime is null");
    }

    @Override
    public Instant toInstant(ZoneId zone) {
      return dateTime.atZone(zone).toInstant();
    }
  }

  /** An instant. */
  record Absolute(Instant instant) implements SparkTimestamp {
    public Absolute {
      requireNonNull(instant, "instant is null");
    }

    @Override
    public Instant toInstant(ZoneId zone) {
      return instant;
    }
  }
}
