package io.icegate.jdbc;

import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import java.util.Map;
import org.apache.calcite.avatica.util.DateTimeUtils;

/**
 * Converts the raw value of an array, struct or map column into the Java objects
 * {@code ResultSet.getObject} returns: arrays become {@link List}, maps {@link SparkMap} (a LinkedHashMap, in map
 * order), structs {@link IcegateStruct}; inside them dates become {@link java.sql.Date}, timestamps
 * {@link java.sql.Timestamp}, binary values {@code byte[]}, and numbers the class of their type.
 *
 * <p>Dates and timestamps are read in the connection's time zone, the same way Avatica reads top-level
 * date and timestamp columns, so a value looks the same at any depth.
 */
final class NestedValueConverter {

  private final Calendar calendar;

  /** @param calendar calendar in the connection's time zone */
  NestedValueConverter(Calendar calendar) {
    this.calendar = calendar;
  }

  /**
   * Converts one raw value.
   *
   * @throws WireValueException if the value does not have the shape of {@code type}
   */
  Object toJava(Object raw, SparkType type) {
    if (raw == null) {
      return null;
    }
    if (type instanceof SparkType.ArrayType array) {
      List<Object> elements = new ArrayList<>();
      for (Object element : WireValues.elements(raw, array)) {
        elements.add(toJava(element, array.element()));
      }
      return elements;
    }
    if (type instanceof SparkType.MapType map) {
      Map<Object, Object> entries = new SparkMap();
      for (Object entry : WireValues.entries(raw, map)) {
        List<?> pair = WireValues.entry(entry, map);
        entries.put(toJava(pair.get(0), map.key()), toJava(pair.get(1), map.value()));
      }
      return entries;
    }
    if (type instanceof SparkType.StructType struct) {
      List<?> values = WireValues.fields(raw, struct);
      List<Object> attributes = new ArrayList<>(values.size());
      for (int i = 0; i < values.size(); i++) {
        attributes.add(toJava(values.get(i), struct.fields().get(i).type()));
      }
      return new IcegateStruct(struct.toString(), attributes);
    }
    return atomic(raw, (SparkType.AtomicType) type);
  }

  private Object atomic(Object raw, SparkType.AtomicType type) {
    return switch (type.kind()) {
      case DATE -> raw instanceof java.sql.Date date
          ? date : DateTimeUtils.unixDateToSqlDate(WireValues.days(raw, type), calendar);
      case TIMESTAMP -> raw instanceof java.sql.Timestamp timestamp
          ? timestamp
          : DateTimeUtils.unixTimestampToSqlTimestamp(WireValues.millis(raw, type), calendar);
      default -> WireValues.normalize(raw, type);
    };
  }
}
