package io.icegate.protocol;

import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * A timestamp as Icegate's compact encoding carries it ({@link CompactRows#TIMESTAMP}):
 * microseconds of wall-clock time read as UTC (the session's wall clock for Spark's {@code
 * timestamp}, the value itself for {@code timestamp_ntz}), which is Spark's own precision.
 *
 * <p>As a {@link Number} it is worth the milliseconds Avatica's encoding would have carried, so
 * that Avatica's own accessors ({@code getLong}, {@code getDate}, {@code getTime}) read it as they
 * read those; the driver's timestamp readers take the microseconds.
 */
public final class WallClockMicros extends Number {
  private static final long serialVersionUID = 1L;

  private final long micros;

  public WallClockMicros(long micros) {
    this.micros = micros;
  }

  public long micros() {
    return micros;
  }

  /**
   * The milliseconds Avatica's encoding carries for the same time (the microseconds cut off, toward
   * the past).
   */
  public long millis() {
    return Math.floorDiv(micros, 1000L);
  }

  /** The wall-clock time it stands for. */
  public LocalDateTime toLocalDateTime() {
    return toLocalDateTime(micros);
  }

  /** The wall-clock time {@code micros} stands for. */
  public static LocalDateTime toLocalDateTime(long micros) {
    return LocalDateTime.ofEpochSecond(
        Math.floorDiv(micros, 1_000_000L),
        (int) Math.floorMod(micros, 1_000_000L) * 1000,
        ZoneOffset.UTC);
  }

  @Override
  public int intValue() {
    return (int) millis();
  }

  @Override
  public long longValue() {
    return millis();
  }

  @Override
  public float floatValue() {
    return millis();
  }

  @Override
  public double doubleValue() {
    return millis();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof WallClockMicros that && that.micros == micros;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(micros);
  }

  @Override
  public String toString() {
    return toLocalDateTime().toString();
  }
}
