package io.icegate.calcite.schema;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Converts the plain values {@code metadata-tables} gives (see {@code
 * io.icegate.metadata.value.ValueConverter}) into Calcite's internal representation of the type
 * {@link IcebergTypes} maps to. One converter is built per column type and reused for every row;
 * columns that need no change get {@link #IDENTITY}, so a row of longs and strings costs nothing
 * here.
 *
 * <table>
 *   <caption>Values by Calcite type</caption>
 *   <tr><th>Calcite type</th><th>value</th></tr>
 *   <tr><td>TIMESTAMP_WITH_LOCAL_TIME_ZONE</td>
 *       <td>Long: milliseconds since the epoch (the instant)</td></tr>
 *   <tr><td>TIMESTAMP</td>
 *       <td>Long: milliseconds since the epoch of the wall-clock time read as UTC</td></tr>
 *   <tr><td>DATE</td><td>Integer: days since 1970-01-01</td></tr>
 *   <tr><td>TIME</td><td>Integer: milliseconds since midnight</td></tr>
 *   <tr><td>VARCHAR</td><td>String (a UUID as its canonical text)</td></tr>
 *   <tr><td>VARBINARY</td><td>{@link ByteString}</td></tr>
 *   <tr><td>ROW</td>
 *       <td>Object[] in field order; inside an ARRAY or MAP a List in field order: the forms
 *       Calcite's generated code uses in each place (a List also compares by value, so arrays of
 *       structs group and compare by value)</td></tr>
 *   <tr><td>MAP</td><td>Map (insertion order kept)</td></tr>
 *   <tr><td>ARRAY</td><td>List</td></tr>
 *   <tr><td>other</td><td>as given: Boolean, Integer, Long, Float, Double, BigDecimal</td></tr>
 * </table>
 *
 * <p>Iceberg's microseconds (and nanoseconds) are truncated towards the past to milliseconds, the
 * precision Calcite computes with and the JDBC wire carries.
 */
final class CalciteValues {
  /** The converter of values that are already in Calcite's form. */
  static final UnaryOperator<Object> IDENTITY = value -> value;

  private static final long MICROS_PER_MILLI = 1_000L;
  private static final long NANOS_PER_MILLI = 1_000_000L;

  private CalciteValues() {}

  static UnaryOperator<Object> forType(Type type) {
    return converter(type, false);
  }

  private static UnaryOperator<Object> converter(Type type, boolean inCollection) {
    return switch (type.typeId()) {
      case TIMESTAMP ->
          value -> value == null ? null : Math.floorDiv((Long) value, MICROS_PER_MILLI);
      case TIMESTAMP_NANO ->
          value -> value == null ? null : Math.floorDiv((Long) value, NANOS_PER_MILLI);
      case TIME -> value -> value == null ? null : (int) ((Long) value / MICROS_PER_MILLI);
      case UUID -> value -> value == null ? null : value.toString();
      case BINARY, FIXED, GEOMETRY, GEOGRAPHY ->
          value -> value == null ? null : new ByteString((byte[]) value);
      case STRUCT ->
          inCollection ? structAsList(type.asStructType()) : structAsArray(type.asStructType());
      case LIST -> list(converter(type.asListType().elementType(), true));
      case MAP ->
          map(
              converter(type.asMapType().keyType(), true),
              converter(type.asMapType().valueType(), true));
      default -> IDENTITY;
    };
  }

  /** Converters for each field of {@code struct}, in order: the values of a row. */
  static List<UnaryOperator<Object>> fields(Types.StructType struct) {
    return struct.fields().stream().map(field -> forType(field.type())).toList();
  }

  private static UnaryOperator<Object> structAsArray(Types.StructType struct) {
    List<UnaryOperator<Object>> fields = fields(struct);
    return value -> value == null ? null : convertFields((List<?>) value, fields);
  }

  private static UnaryOperator<Object> structAsList(Types.StructType struct) {
    List<UnaryOperator<Object>> fields =
        struct.fields().stream().map(field -> converter(field.type(), true)).toList();
    if (fields.stream().allMatch(field -> field == IDENTITY)) {
      // metadata-tables already gives each struct as a fresh List in field order.
      return IDENTITY;
    }
    return value -> value == null ? null : Arrays.asList(convertFields((List<?>) value, fields));
  }

  private static Object[] convertFields(List<?> values, List<UnaryOperator<Object>> fields) {
    Object[] converted = new Object[fields.size()];
    for (int i = 0; i < converted.length; i++) {
      converted[i] = fields.get(i).apply(values.get(i));
    }
    return converted;
  }

  private static UnaryOperator<Object> list(UnaryOperator<Object> element) {
    if (element == IDENTITY) {
      return IDENTITY;
    }
    return value -> {
      if (value == null) {
        return null;
      }
      List<?> values = (List<?>) value;
      List<Object> converted = new ArrayList<>(values.size());
      for (Object item : values) {
        converted.add(element.apply(item));
      }
      return converted;
    };
  }

  private static UnaryOperator<Object> map(
      UnaryOperator<Object> key, UnaryOperator<Object> element) {
    if (key == IDENTITY && element == IDENTITY) {
      return IDENTITY;
    }
    return value -> {
      if (value == null) {
        return null;
      }
      Map<?, ?> entries = (Map<?, ?>) value;
      Map<Object, Object> converted = new LinkedHashMap<>((int) (entries.size() / 0.75f) + 1);
      entries.forEach((k, v) -> converted.put(key.apply(k), element.apply(v)));
      return converted;
    };
  }
}
