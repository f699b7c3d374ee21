package io.icegate.jdbc;

import io.icegate.jdbc.types.NestedValueFormatter;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Struct;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A Spark struct value read from a result set.
 *
 * @param typeName the struct's Spark type, e.g. {@code struct<a:int,b:string>}
 * @param attributes the field values in field order, already converted to Java values (dates as
 *     {@link java.sql.Date}, arrays as {@link List}, maps as {@link Map}, structs as {@link
 *     Struct})
 */
public record IcegateStruct(String typeName, List<Object> attributes) implements Struct {

  /** Creates a struct value; {@code attributes} may contain nulls. */
  public IcegateStruct {
    attributes = Collections.unmodifiableList(new ArrayList<>(attributes));
  }

  @Override
  public String getSQLTypeName() {
    return typeName;
  }

  @Override
  public Object[] getAttributes() {
    return attributes.toArray();
  }

  /**
   * Returns the attributes; custom type mappings are not supported, so {@code map} must be empty.
   */
  @Override
  public Object[] getAttributes(Map<String, Class<?>> map) throws SQLException {
    if (map != null && !map.isEmpty()) {
      throw new SQLFeatureNotSupportedException(
          "Custom type maps are not supported for struct values", SqlStates.NOT_SUPPORTED);
    }
    return getAttributes();
  }

  @Override
  public String toString() {
    return attributes.stream().map(IcegateStruct::show).collect(Collectors.joining(", ", "{", "}"));
  }

  private static String show(Object value) {
    return value instanceof byte[] bytes ? NestedValueFormatter.hex(bytes) : String.valueOf(value);
  }
}
