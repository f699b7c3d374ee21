package io.icegate.jdbc.types;

import java.sql.Timestamp;
import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Calendar;
import java.util.TimeZone;
import org.apache.calcite.avatica.util.DateTimeUtils;

/**
 * Turns a timestamp as the wire carries it (milliseconds of wall-clock time read as UTC, or
 * microseconds in Icegate's compact encoding) into the {@link Timestamp} that Avatica's {@link
 * DateTimeUtils#unixTimestampToSqlTimestamp} gives for a calendar (with the microseconds, if any).
 *
 * <p>Avatica builds each value through a {@code LocalDateTime} and {@link
 * Timestamp#valueOf(LocalDateTime)}, whose calendar arithmetic in the JVM's zone was a third of the
 * driver's time reading the 1,000 timestamps of a {@code history} query. When the calendar's zone,
 * the JVM's zone and the zone Avatica captured at start each have one fixed offset (UTC, {@code
 * +05:30}; not a zone with summer time or a changed offset, nor one whose id {@link
 * java.time.ZoneId} reads otherwise), that arithmetic is one subtraction, so it is done here;
 * anything else goes to Avatica, and so do dates before 1583 (where {@code Timestamp.valueOf}'s
 * Julian calendar leaves the ISO one) and after 9999 (kept out to be safe).
 *
 * <p>The JVM's zone is read when the reader is made (once per result set): a program that changes
 * it while a result is open reads the rest of that result as in the zone it had when the result was
 * made.
 */
public final class TimestampReader {
  private static final long FIRST =
      LocalDateTime.of(1583, 1, 1, 0, 0).toInstant(ZoneOffset.UTC).toEpochMilli();
  private static final long LAST =
      LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_000_000)
          .toInstant(ZoneOffset.UTC)
          .toEpochMilli();

  private final Calendar calendar;
  private final boolean fixed;

  /** What Avatica's arithmetic takes off every value when all three zones are fixed. */
  private final long shift;

  /**
   * @param calendar the calendar Avatica would be given (the connection's time zone)
   */
  public TimestampReader(Calendar calendar) {
    this(calendar, TimeZone.getDefault(), DateTimeUtils.DEFAULT_ZONE);
  }

  /** With the JVM's zone and the zone Avatica captured given, for tests. */
  TimestampReader(Calendar calendar, TimeZone jvm, TimeZone captured) {
    this.calendar = calendar;
    TimeZone zone = calendar.getTimeZone();
    this.fixed = isFixed(zone) && isFixed(jvm) && isFixed(captured);
    // Timestamp.valueOf reads the wall time in the JVM's zone; Avatica adds back the zone it
    // captured and takes
    // off the calendar's.
    this.shift =
        fixed ? (long) jvm.getRawOffset() - captured.getRawOffset() + zone.getRawOffset() : 0;
  }

  Timestamp read(long wallMillis) {
    if (fixed && wallMillis >= FIRST && wallMillis <= LAST) {
      return new Timestamp(wallMillis - shift);
    }
    return DateTimeUtils.unixTimestampToSqlTimestamp(wallMillis, calendar);
  }

  /** As {@link #read}, for a time carried in microseconds, which the timestamp keeps. */
  Timestamp readMicros(long wallMicros) {
    Timestamp timestamp = read(Math.floorDiv(wallMicros, 1000L));
    withMicros(timestamp, wallMicros);
    return timestamp;
  }

  /**
   * Gives {@code timestamp}, read from the milliseconds of {@code wallMicros}, its microseconds
   * too: zone offsets are whole seconds, so the wall clock's fraction of a second is the
   * timestamp's.
   */
  static void withMicros(Timestamp timestamp, long wallMicros) {
    timestamp.setNanos((int) Math.floorMod(wallMicros, 1_000_000L) * 1000);
  }

  /** The calendar it reads for. */
  Calendar calendar() {
    return calendar;
  }

  /**
   * Whether values in the years read here take the one subtraction rather than Avatica's
   * arithmetic.
   */
  boolean isFast() {
    return fixed;
  }

  /**
   * Whether {@code zone} has one offset at every instant, judged on the zone object (whose offsets
   * Avatica uses) and on the {@link java.time.ZoneId} its id names (whose rules say it for all
   * time).
   */
  private static boolean isFixed(TimeZone zone) {
    int raw = zone.getRawOffset();
    if (zone.useDaylightTime() || zone.getOffset(FIRST) != raw || zone.getOffset(LAST) != raw) {
      return false;
    }
    try {
      ZoneId id = zone.toZoneId();
      return id.getId().equals(zone.getID()) && id.getRules().isFixedOffset();
    } catch (DateTimeException e) {
      return false; // an id java.time does not know, as a custom SimpleTimeZone may have
    }
  }
}
