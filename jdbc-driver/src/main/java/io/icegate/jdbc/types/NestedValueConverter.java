package io.icegate.jdbc.types;

import io.icegate.jdbc.IcegateStruct;
import io.icegate.protocol.WallClockMicros;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import java.util.Map;
import org.apache.calcite.avatica.util.DateTimeUtils;

/**
 * Converts the raw value of an array, struct or map column into the Java objects {@code
 * ResultSet.getObject} returns: arrays become {@link List}, maps {@link SparkMap} (a LinkedHashMap,
 * in map order), structs {@link IcegateStruct}; inside them dates become {@link java.sql.Date},
 * timestamps {@link java.sql.Timestamp}, binary values {@code byte[]}, and numbers the class of
 * their type.
 *
 * <p>Dates and timestamps are read in the connection's time zone, the same way Avatica reads
 * top-level date and timestamp columns, so a value looks the same at any depth.
 *
 * <p>What depends only on the type (a struct's type name, how each atomic type is read) is worked
 * out once, in {@link #forType}, not for every value: metadata tables carry a struct or a map in
 * nearly every row.
 */
public final class NestedValueConverter {

  /** Converts the raw values of one type. */
  @FunctionalInterface
  interface Conversion {

    /**
     * Converts one raw value; null is null.
     *
     * @throws WireValueException if the value does not have the shape of the type
     */
    Object toJava(Object raw);
  }

  private final Calendar calendar;
  private final TimestampReader timestamps;

  /**
   * @param timestamps reads timestamps in the connection's time zone (its calendar reads dates)
   */
  public NestedValueConverter(TimestampReader timestamps) {
    this.calendar = timestamps.calendar();
    this.timestamps = timestamps;
  }

  /**
   * Converts one raw value.
   *
   * @throws WireValueException if the value does not have the shape of {@code type}
   */
  Object toJava(Object raw, SparkType type) {
    return forType(type).toJava(raw);
  }

  /**
   * The conversion of values of {@code type}: made once per column, used for each of its values.
   */
  Conversion forType(SparkType type) {
    Conversion present = present(type);
    return raw -> raw == null ? null : present.toJava(raw);
  }

  /** Converts values that are not null. */
  private Conversion present(SparkType type) {
    if (type instanceof SparkType.ArrayType array) {
      Conversion element = forType(array.element());
      return raw -> {
        List<?> values = WireValues.elements(raw, array);
        List<Object> elements = new ArrayList<>(values.size());
        for (Object value : values) {
          elements.add(element.toJava(value));
        }
        return elements;
      };
    }
    if (type instanceof SparkType.MapType map) {
      Conversion key = forType(map.key());
      Conversion value = forType(map.value());
      return raw -> {
        List<?> wireEntries = WireValues.entries(raw, map);
        Map<Object, Object> entries = new SparkMap(wireEntries.size());
        for (Object entry : wireEntries) {
          List<?> pair = WireValues.entry(entry, map);
          entries.put(key.toJava(pair.get(0)), value.toJava(pair.get(1)));
        }
        return entries;
      };
    }
    if (type instanceof SparkType.StructType struct) {
      String typeName = struct.toString();
      Conversion[] fields =
          struct.fields().stream().map(field -> forType(field.type())).toArray(Conversion[]::new);
      return raw -> {
        List<?> values = WireValues.fields(raw, struct);
        List<Object> attributes = new ArrayList<>(values.size());
        for (int i = 0; i < values.size(); i++) {
          attributes.add(fields[i].toJava(values.get(i)));
        }
        return new IcegateStruct(typeName, attributes);
      };
    }
    return atomic((SparkType.AtomicType) type);
  }

  private Conversion atomic(SparkType.AtomicType type) {
    SparkType.AtomicKind kind = type.kind();
    return switch (kind) {
      case DATE ->
          raw ->
              raw instanceof java.sql.Date date
                  ? date
                  : DateTimeUtils.unixDateToSqlDate(WireValues.days(raw, type), calendar);
      case TIMESTAMP ->
          raw ->
              raw instanceof WallClockMicros micros
                  ? timestamps.readMicros(micros.micros())
                  : raw instanceof java.sql.Timestamp timestamp
                      ? timestamp
                      : timestamps.read(WireValues.millis(raw, type));
      default -> raw -> WireValues.normalize(raw, type, kind);
    };
  }
}
