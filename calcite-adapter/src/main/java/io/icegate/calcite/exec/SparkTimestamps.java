package io.icegate.calcite.exec;

import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the values Spark accepts as a point in time for {@code TIMESTAMP AS OF}, as its cast to
 * {@code timestamp} does: a string in the session's time zone unless it names one, or a number of
 * seconds since the epoch.
 */
final class SparkTimestamps {
  /**
   * {@code yyyy[-m[m][-d[d][( |T)h[h][:m[m][:s[s][.fraction]]]]]][zone]}, Spark's forms with a
   * date. The zone is {@code Z}, an offset ({@code +08:00}, {@code -8}) or a region ({@code
   * Europe/Paris}), with or without a space before it.
   */
  private static final Pattern TIMESTAMP =
      Pattern.compile(
          "([+-]?\\d{4,})(?:-(\\d{1,2})(?:-(\\d{1,2})(?:[ T](\\d{1,2})(?::(\\d{1,2})(?::(\\d{1,2})"
              + "(?:\\.(\\d{0,9}))?)?)?)?)?)?\\s*(.*)");

  private static final long MICROS_PER_MILLI = 1_000L;

  private SparkTimestamps() {}

  /**
   * The instant {@code text} names, in milliseconds since the epoch; empty when Spark would not
   * read it.
   */
  static OptionalLong parse(String text, ZoneId sessionZone) {
    Matcher matcher = TIMESTAMP.matcher(text.strip());
    if (!matcher.matches()) {
      return OptionalLong.empty();
    }
    try {
      LocalDateTime local =
          LocalDateTime.of(
              Integer.parseInt(matcher.group(1)),
              number(matcher.group(2), 1),
              number(matcher.group(3), 1),
              number(matcher.group(4), 0),
              number(matcher.group(5), 0),
              number(matcher.group(6), 0),
              nanos(matcher.group(7)));
      ZoneId zone = matcher.group(8).isEmpty() ? sessionZone : zone(matcher.group(8));
      return OptionalLong.of(local.atZone(zone).toInstant().toEpochMilli());
    } catch (DateTimeException | NumberFormatException e) {
      return OptionalLong.empty();
    }
  }

  /**
   * Seconds since the epoch (a fraction allowed) in milliseconds, truncated through microseconds as
   * Spark does.
   */
  static long fromSeconds(BigDecimal seconds) {
    long micros = seconds.movePointRight(6).longValue();
    return micros / MICROS_PER_MILLI;
  }

  private static int number(String digits, int absent) {
    return digits == null ? absent : Integer.parseInt(digits);
  }

  private static int nanos(String fraction) {
    if (fraction == null || fraction.isEmpty()) {
      return 0;
    }
    return Integer.parseInt((fraction + "000000000").substring(0, 9));
  }

  private static ZoneId zone(String zone) {
    String id = zone.strip();
    if (id.equals("Z")) {
      return ZoneOffset.UTC;
    }
    if (id.startsWith("+") || id.startsWith("-")) {
      return ZoneOffset.of(id);
    }
    return ZoneId.of(id);
  }
}
