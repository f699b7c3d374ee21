package io.icegate.procedure.bind;

import io.icegate.procedure.Reason;
import io.icegate.procedure.spec.ArgumentType;
import io.icegate.procedure.value.SparkTimestamp;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Converts a value read from the CALL (or a JDBC parameter) to an argument's type, accepting what
 * Spark's procedure call would accept (Spark's up-casts: any whole number that fits for a long or
 * an int, numbers and booleans as text for a string, a date for a timestamp) and refusing the rest
 * with what was expected.
 *
 * <p>Deliberately stricter than Spark in two places: a number is not taken as a timestamp (Spark
 * would read a bigint as seconds since 1970, and a millisecond value passed by mistake would expire
 * every snapshot), and empty arrays and maps are refused (Iceberg's CALL grammar cannot write them,
 * so Spark never receives one).
 */
final class ValueCoercion {
  private static final Pattern WHOLE_NUMBER = Pattern.compile("[+-]?\\d+");

  private ValueCoercion() {}

  /** {@code value} (never null) as a value of {@code type}. */
  static Object coerce(ArgumentType type, Object value) {
    return switch (type) {
      case STRING -> text(value).orElseThrow(() -> wrongType(type, value));
      case LONG -> whole(value, Long.MIN_VALUE, Long.MAX_VALUE, type);
      case INT -> Math.toIntExact(whole(value, Integer.MIN_VALUE, Integer.MAX_VALUE, type));
      case BOOLEAN -> {
        if (value instanceof Boolean) {
          yield value;
        }
        throw wrongType(type, value);
      }
      case TIMESTAMP -> timestamp(value).orElseThrow(() -> wrongTimestamp(value));
      case STRING_MAP -> map(type, value);
      case STRING_ARRAY -> list(type, value, ArgumentType.STRING);
      case LONG_ARRAY -> list(type, value, ArgumentType.LONG);
      case SNAPSHOT_ID_OR_REF -> snapshotIdOrRef(type, value);
    };
  }

  /** Scalars as Spark casts them to a string. */
  private static Optional<String> text(Object value) {
    if (value instanceof String text) {
      return Optional.of(text);
    }
    if (value instanceof BigDecimal decimal) {
      return Optional.of(decimal.toPlainString());
    }
    if (value instanceof Number || value instanceof Boolean || value instanceof Character) {
      return Optional.of(value.toString());
    }
    return Optional.empty();
  }

  private static long whole(Object value, long min, long max, ArgumentType type) {
    BigInteger number = wholeNumber(value).orElseThrow(() -> wrongType(type, value));
    if (number.compareTo(BigInteger.valueOf(min)) < 0
        || number.compareTo(BigInteger.valueOf(max)) > 0) {
      throw new ValueProblem(
          Reason.WRONG_TYPE,
          "must be "
              + type.description()
              + ", for example "
              + type.example()
              + ", but "
              + number
              + " is out of its range ("
              + min
              + " to "
              + max
              + ")");
    }
    return number.longValueExact();
  }

  /**
   * Whole numbers: Java's integer types, and decimals without a fraction (a {@code 1.0} literal has
   * one).
   */
  private static Optional<BigInteger> wholeNumber(Object value) {
    if (value instanceof Long
        || value instanceof Integer
        || value instanceof Short
        || value instanceof Byte) {
      return Optional.of(BigInteger.valueOf(((Number) value).longValue()));
    }
    if (value instanceof BigInteger number) {
      return Optional.of(number);
    }
    if (value instanceof BigDecimal decimal && decimal.scale() <= 0) {
      return Optional.of(decimal.toBigIntegerExact());
    }
    return Optional.empty();
  }

  private static Optional<SparkTimestamp> timestamp(Object value) {
    if (value instanceof SparkTimestamp timestamp) {
      return Optional.of(timestamp);
    }
    // java.sql.Timestamp and java.sql.Date carry a wall-clock time of the client, as JDBC defines
    // them.
    if (value instanceof java.sql.Timestamp timestamp) {
      return Optional.of(SparkTimestamp.local(timestamp.toLocalDateTime()));
    }
    if (value instanceof java.sql.Date date) {
      return Optional.of(SparkTimestamp.local(date.toLocalDate().atStartOfDay()));
    }
    if (value instanceof LocalDate date) {
      return Optional.of(SparkTimestamp.local(date.atStartOfDay()));
    }
    if (value instanceof LocalDateTime dateTime) {
      return Optional.of(SparkTimestamp.local(dateTime));
    }
    if (value instanceof Instant instant) {
      return Optional.of(SparkTimestamp.instant(instant));
    }
    if (value instanceof OffsetDateTime dateTime) {
      return Optional.of(SparkTimestamp.instant(dateTime.toInstant()));
    }
    if (value instanceof ZonedDateTime dateTime) {
      return Optional.of(SparkTimestamp.instant(dateTime.toInstant()));
    }
    return Optional.empty();
  }

  private static Map<String, String> map(ArgumentType type, Object value) {
    if (value instanceof List<?> keysAndValues && keysAndValues.size() % 2 == 0) {
      // JDBC has no map type: the Icegate driver sends a java.util.Map parameter as its keys and
      // values in turn.
      value = pairs(keysAndValues);
    }
    if (!(value instanceof Map<?, ?> entries)) {
      throw wrongType(type, value);
    }
    if (entries.isEmpty()) {
      throw empty(type, "map");
    }
    Map<String, String> map = new LinkedHashMap<>();
    for (Map.Entry<?, ?> entry : entries.entrySet()) {
      String key = element(type, "key", entry.getKey());
      if (map.put(key, element(type, "value of key '" + key + "'", entry.getValue())) != null) {
        throw new ValueProblem(
            Reason.INVALID_VALUE,
            "has key '" + key + "' twice in its map (Spark refuses " + "duplicate map keys)");
      }
    }
    return Collections.unmodifiableMap(map);
  }

  private static Map<Object, Object> pairs(List<?> keysAndValues) {
    Map<Object, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.size(); i += 2) {
      map.put(keysAndValues.get(i), keysAndValues.get(i + 1));
    }
    return map;
  }

  private static String element(ArgumentType type, String what, Object value) {
    if (value == null) {
      throw new ValueProblem(
          Reason.INVALID_VALUE,
          "must be "
              + type.description()
              + ", but a "
              + what
              + " is NULL (the procedure cannot read NULL keys or values)");
    }
    return text(value)
        .orElseThrow(
            () ->
                new ValueProblem(
                    Reason.WRONG_TYPE,
                    "must be "
                        + type.description()
                        + ", for example "
                        + type.example()
                        + ", but a "
                        + what
                        + " is "
                        + ValueDescriptions.describe(value)));
  }

  private static List<Object> list(ArgumentType type, Object value, ArgumentType elementType) {
    if (!(value instanceof Collection<?> elements)) {
      throw wrongType(type, value);
    }
    if (elements.isEmpty()) {
      throw empty(type, "array");
    }
    List<Object> list = new ArrayList<>();
    int position = 1;
    for (Object element : elements) {
      if (element == null) {
        throw new ValueProblem(
            Reason.INVALID_VALUE,
            "must be "
                + type.description()
                + ", but element "
                + position
                + " is NULL (the procedure cannot read NULL elements)");
      }
      try {
        list.add(coerce(elementType, element));
      } catch (ValueProblem e) {
        throw new ValueProblem(
            e.reason(),
            "must be "
                + type.description()
                + ", for example "
                + type.example()
                + ", but element "
                + position
                + " is "
                + ValueDescriptions.describe(element));
      }
      position++;
    }
    return List.copyOf(list);
  }

  /**
   * A snapshot id as a number or a numeric string; any other string is a branch or tag name,
   * resolved later.
   */
  private static Object snapshotIdOrRef(ArgumentType type, Object value) {
    if (value instanceof String text) {
      if (WHOLE_NUMBER.matcher(text.strip()).matches()) {
        return whole(new BigDecimal(text.strip()), Long.MIN_VALUE, Long.MAX_VALUE, type);
      }
      if (text.isBlank()) {
        throw new ValueProblem(
            Reason.INVALID_VALUE, "must be " + type.description() + ", not an empty string");
      }
      return text;
    }
    return whole(value, Long.MIN_VALUE, Long.MAX_VALUE, type);
  }

  private static ValueProblem wrongType(ArgumentType type, Object value) {
    return new ValueProblem(
        Reason.WRONG_TYPE,
        "must be "
            + type.description()
            + ", for example "
            + type.example()
            + ", not "
            + ValueDescriptions.describe(value));
  }

  private static ValueProblem wrongTimestamp(Object value) {
    String hint =
        value instanceof String text
            ? "; write TIMESTAMP '" + text + "'"
            : value instanceof Number
                ? "; Icegate does not read numbers as timestamps, write TIMESTAMP '...'"
                : "";
    return new ValueProblem(
        Reason.WRONG_TYPE,
        "must be "
            + ArgumentType.TIMESTAMP.description()
            + ", for example "
            + ArgumentType.TIMESTAMP.example()
            + ", not "
            + ValueDescriptions.describe(value)
            + hint);
  }

  private static ValueProblem empty(ArgumentType type, String kind) {
    return new ValueProblem(
        Reason.INVALID_VALUE,
        "must be "
            + type.description()
            + " with at least one "
            + (kind.equals("map") ? "entry" : "element")
            + "; Spark's CALL cannot pass an empty "
            + kind
            + ", leave the argument out instead");
  }
}
