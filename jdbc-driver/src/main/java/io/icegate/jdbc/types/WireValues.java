package io.icegate.jdbc.types;

import io.icegate.protocol.WallClockMicros;
import java.math.BigDecimal;
import java.util.Base64;
import java.util.List;
import org.apache.calcite.avatica.util.ByteString;

/**
 * Reads the raw values of nested columns as Avatica delivers them: lists for arrays, structs and
 * maps, {@code Integer} days for dates, {@code Long} milliseconds for timestamps ({@link
 * WallClockMicros} in the compact encoding), and numbers that may have been widened or narrowed on
 * the way.
 */
final class WireValues {

  private WireValues() {}

  static List<?> list(Object raw, SparkType type, String expected) {
    if (raw instanceof List<?> list) {
      return list;
    }
    throw new WireValueException(type, expected);
  }

  static List<?> elements(Object raw, SparkType.ArrayType type) {
    return list(raw, type, "a list of elements");
  }

  static List<?> entry(Object raw, SparkType.MapType type) {
    List<?> pair = list(raw, type, "each entry to be a [key, value] list");
    if (pair.size() != 2) {
      throw new WireValueException(type, "each entry to be a [key, value] list");
    }
    return pair;
  }

  static List<?> entries(Object raw, SparkType.MapType type) {
    return list(raw, type, "a list of [key, value] entries");
  }

  static List<?> fields(Object raw, SparkType.StructType type) {
    List<?> values = list(raw, type, "a list of " + type.fields().size() + " field values");
    if (values.size() != type.fields().size()) {
      throw new WireValueException(type, "a list of " + type.fields().size() + " field values");
    }
    return values;
  }

  static int days(Object raw, SparkType type) {
    return number(raw, type, "a number of days since 1970-01-01").intValue();
  }

  static long millis(Object raw, SparkType type) {
    return number(raw, type, "a number of milliseconds since 1970-01-01 00:00:00").longValue();
  }

  /** Binary values may arrive as bytes, as Avatica's ByteString, or base64-encoded. */
  static byte[] bytes(Object raw, SparkType type) {
    if (raw instanceof byte[] bytes) {
      return bytes;
    }
    if (raw instanceof ByteString byteString) {
      return byteString.getBytes();
    }
    if (raw instanceof String base64) {
      try {
        return Base64.getDecoder().decode(base64);
      } catch (IllegalArgumentException e) {
        throw new WireValueException(type, "bytes or base64 text");
      }
    }
    throw new WireValueException(type, "bytes");
  }

  /** Brings a value to the Java class of its Spark type; non-numeric values pass through. */
  static Object normalize(Object raw, SparkType.AtomicType type) {
    return normalize(raw, type, type.kind());
  }

  /** As {@link #normalize(Object, SparkType.AtomicType)}, with the type's kind already known. */
  static Object normalize(Object raw, SparkType.AtomicType type, SparkType.AtomicKind kind) {
    return switch (kind) {
      case BYTE -> number(raw, type, "a number").byteValue();
      case SHORT -> number(raw, type, "a number").shortValue();
      case INT -> number(raw, type, "a number").intValue();
      case LONG -> number(raw, type, "a number").longValue();
      case FLOAT -> number(raw, type, "a number").floatValue();
      case DOUBLE -> number(raw, type, "a number").doubleValue();
      case DECIMAL -> decimal(raw, type);
      case BINARY -> bytes(raw, type);
      default -> raw;
    };
  }

  private static BigDecimal decimal(Object raw, SparkType type) {
    if (raw instanceof BigDecimal decimal) {
      return decimal;
    }
    try {
      return new BigDecimal(raw.toString());
    } catch (NumberFormatException e) {
      throw new WireValueException(type, "a decimal number");
    }
  }

  private static Number number(Object raw, SparkType type, String expected) {
    if (raw instanceof Number number) {
      return number;
    }
    throw new WireValueException(type, expected);
  }
}
