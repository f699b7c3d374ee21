package io.icegate.jdbc.types;

import io.icegate.protocol.WallClockMicros;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.List;
import java.util.StringJoiner;

/**
 * Renders the raw value of an array, struct or map column the way Spark's {@code Dataset.show}
 * does: {@code [1, 2, null]}, {@code {a -> 1, b -> null}}, {@code {1, x}}, dates as {@code
 * 2024-01-02}, timestamps as {@code 2024-01-02 03:04:05.123} (no trailing zeros), binary as {@code
 * [01 02 FF]}.
 *
 * <p>Timestamps arrive as the session's wall-clock time, so rendering needs no time zone.
 */
public final class NestedValueFormatter {

  private static final DateTimeFormatter SECONDS =
      DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss");
  private static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();

  private NestedValueFormatter() {}

  /**
   * Formats one raw value; a null value is {@code null} at any depth.
   *
   * @throws WireValueException if the value does not have the shape of {@code type}
   */
  static String format(Object raw, SparkType type) {
    StringBuilder out = new StringBuilder();
    append(out, raw, type);
    return out.toString();
  }

  public static String hex(byte[] bytes) {
    return "[" + HEX.formatHex(bytes) + "]";
  }

  private static void append(StringBuilder out, Object raw, SparkType type) {
    if (raw == null) {
      out.append("null");
    } else if (type instanceof SparkType.ArrayType array) {
      StringJoiner elements = new StringJoiner(", ", "[", "]");
      for (Object element : WireValues.elements(raw, array)) {
        elements.add(format(element, array.element()));
      }
      out.append(elements);
    } else if (type instanceof SparkType.MapType map) {
      StringJoiner entries = new StringJoiner(", ", "{", "}");
      for (Object entry : WireValues.entries(raw, map)) {
        List<?> pair = WireValues.entry(entry, map);
        entries.add(format(pair.get(0), map.key()) + " -> " + format(pair.get(1), map.value()));
      }
      out.append(entries);
    } else if (type instanceof SparkType.StructType struct) {
      List<?> values = WireValues.fields(raw, struct);
      StringJoiner fields = new StringJoiner(", ", "{", "}");
      for (int i = 0; i < values.size(); i++) {
        fields.add(format(values.get(i), struct.fields().get(i).type()));
      }
      out.append(fields);
    } else {
      out.append(atomic(raw, (SparkType.AtomicType) type));
    }
  }

  private static String atomic(Object raw, SparkType.AtomicType type) {
    return switch (type.kind()) {
      case DATE ->
          raw instanceof java.sql.Date date
              ? date.toString()
              : LocalDate.ofEpochDay(WireValues.days(raw, type)).toString();
      case TIMESTAMP ->
          raw instanceof java.sql.Timestamp timestamp
              ? timestamp(timestamp.toLocalDateTime())
              : timestamp(raw, type);
      case BINARY -> hex(WireValues.bytes(raw, type));
      default -> {
        Object value = WireValues.normalize(raw, type);
        yield value instanceof BigDecimal decimal ? decimal.toPlainString() : value.toString();
      }
    };
  }

  /** Spark's text of a timestamp whose wall-clock time is {@code micros} read as UTC. */
  static String timestampMicros(long micros) {
    return timestamp(WallClockMicros.toLocalDateTime(micros));
  }

  private static String timestamp(Object raw, SparkType type) {
    return raw instanceof WallClockMicros micros
        ? timestampMicros(micros.micros())
        : timestampMicros(WireValues.millis(raw, type) * 1000L);
  }

  /**
   * Seconds always; the fraction only as far as it has non-zero digits, as Spark's cast to string
   * writes it.
   */
  static String timestamp(LocalDateTime time) {
    String seconds = SECONDS.format(time);
    int nanos = time.getNano();
    if (nanos == 0) {
      return seconds;
    }
    int digits = 9;
    while (nanos % 10 == 0) {
      nanos /= 10;
      digits--;
    }
    String fraction = Integer.toString(nanos);
    return seconds + "." + "0".repeat(digits - fraction.length()) + fraction;
  }
}
