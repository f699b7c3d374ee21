package io.icegate.procedure.bind;

import io.icegate.procedure.value.SparkTimestamp;
import java.math.BigDecimal;
import java.time.temporal.Temporal;
import java.util.Collection;
import java.util.Map;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * How messages show a value that was given: what kind it is and, shortened, what it is. No Java
 * class names.
 */
final class ValueDescriptions {
  private static final int MAX_SHOWN = 60;

  private ValueDescriptions() {}

  /** "a string ('abc')", "a number (1.5)", "a map", ... */
  static String describe(@Nullable Object value) {
    if (value == null) {
      return "NULL";
    }
    if (value instanceof String) {
      return "a string (" + quote(value) + ")";
    }
    if (value instanceof Boolean) {
      return "a boolean (" + value + ")";
    }
    if (value instanceof Number number) {
      return "a number (" + plain(number) + ")";
    }
    if (value instanceof SparkTimestamp
        || value instanceof java.sql.Timestamp
        || value instanceof java.time.Instant
        || value instanceof java.time.LocalDateTime
        || value instanceof java.time.OffsetDateTime
        || value instanceof java.time.ZonedDateTime) {
      return "a timestamp";
    }
    if (value instanceof java.time.LocalDate
        || value instanceof java.util.Date
        || value instanceof Temporal) {
      return "a date or time";
    }
    if (value instanceof Map) {
      return "a map";
    }
    if (value instanceof Collection) {
      return "an array";
    }
    if (value instanceof byte[]) {
      return "binary data";
    }
    return "an object of an unsupported type";
  }

  /** A scalar value as a message quotes it: strings in quotes, shortened. */
  static String quote(@Nullable Object value) {
    if (value == null) {
      return "NULL";
    }
    String text = value instanceof Number number ? plain(number) : value.toString();
    if (text.length() > MAX_SHOWN) {
      text = text.substring(0, MAX_SHOWN) + "...";
    }
    return value instanceof String ? "'" + text + "'" : text;
  }

  private static String plain(Number number) {
    return number instanceof BigDecimal decimal ? decimal.toPlainString() : number.toString();
  }
}
