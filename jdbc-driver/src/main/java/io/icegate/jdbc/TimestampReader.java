package io.icegate.jdbc;

import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Calendar;
import java.util.TimeZone;
import org.apache.calcite.avatica.util.DateTimeUtils;

/**
 * Turns a timestamp as the wire carries it (milliseconds of wall-clock time, read as UTC) into the
 * {@link Timestamp} Avatica's {@link DateTimeUtils#unixTimestampToSqlTimestamp} gives for a calendar, for every
 * value alike.
 *
 * <p>Avatica builds each value through a {@code LocalDateTime} and {@link Timestamp#valueOf(LocalDateTime)}, whose
 * calendar arithmetic in the JVM's zone was a third of the driver's time reading the 1,000 timestamps of a
 * {@code history} query. When the calendar's zone, the JVM's zone and the zone Avatica captured at start each have
 * one fixed offset (UTC, {@code +05:30}; not a zone with summer time or a changed offset), that arithmetic is one
 * subtraction, so it is done here; anything else, and dates outside the years 1583 to 9999 (where the calendar
 * Avatica goes through leaves the ISO calendar), goes to Avatica.
 */
final class TimestampReader {
  private static final long FIRST = LocalDateTime.of(1583, 1, 1, 0, 0).toInstant(ZoneOffset.UTC).toEpochMilli();
  private static final long LAST = LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_000_000)
      .toInstant(ZoneOffset.UTC).toEpochMilli();

  private final Calendar calendar;
  private final boolean fixed;
  /** What Avatica's arithmetic takes off every value when all three zones are fixed. */
  private final long shift;

  /** @param calendar the calendar Avatica would be given (the connection's time zone) */
  TimestampReader(Calendar calendar) {
    this.calendar = calendar;
    TimeZone zone = calendar.getTimeZone();
    TimeZone jvm = TimeZone.getDefault();
    TimeZone captured = DateTimeUtils.DEFAULT_ZONE;
    this.fixed = isFixed(zone) && isFixed(jvm) && isFixed(captured);
    // Timestamp.valueOf reads the wall time in the JVM's zone; Avatica adds back the zone it captured and takes
    // off the calendar's.
    this.shift = fixed ? (long) jvm.getRawOffset() - captured.getRawOffset() + zone.getRawOffset() : 0;
  }

  Timestamp read(long wallMillis) {
    if (fixed && wallMillis >= FIRST && wallMillis <= LAST) {
      return new Timestamp(wallMillis - shift);
    }
    return DateTimeUtils.unixTimestampToSqlTimestamp(wallMillis, calendar);
  }

  /** The calendar it reads for. */
  Calendar calendar() {
    return calendar;
  }

  private static boolean isFixed(TimeZone zone) {
    return zone.toZoneId().getRules().isFixedOffset();
  }
}
