package io.icegate.jdbc.types;

import java.sql.Types;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.ColumnMetaData.AvaticaType;

/**
 * Recognises the array, struct and map columns of a result and works out their Spark types from the
 * column metadata the server sends.
 *
 * <p>Arrays and maps carry Spark's type string as their type name. A struct's name is always {@code
 * STRUCT} on the client (Avatica forces it), so its type is rebuilt from its field columns.
 */
public final class NestedColumns {

  private NestedColumns() {}

  /** Returns the Spark types of the nested columns, keyed by 0-based column position. */
  public static Map<Integer, SparkType> of(List<ColumnMetaData> columns) {
    Map<Integer, SparkType> nested = new LinkedHashMap<>();
    for (int i = 0; i < columns.size(); i++) {
      int position = i;
      typeOf(columns.get(i)).ifPresent(type -> nested.put(position, type));
    }
    return Collections.unmodifiableMap(nested);
  }

  /** Returns the column's Spark type when it is an array, a struct or a map. */
  static Optional<SparkType> typeOf(ColumnMetaData column) {
    AvaticaType type = column.type;
    if (type instanceof ColumnMetaData.StructType || type instanceof ColumnMetaData.ArrayType) {
      return Optional.of(sparkType(type));
    }
    if (type.id == Types.JAVA_OBJECT
        && parse(type.getName()).orElse(null) instanceof SparkType.MapType map) {
      return Optional.of(map);
    }
    return Optional.empty();
  }

  /** Converts any Avatica type, preferring the Spark type string it carries. */
  static SparkType sparkType(AvaticaType type) {
    if (type instanceof ColumnMetaData.StructType struct) {
      List<SparkType.StructField> fields = new ArrayList<>();
      for (ColumnMetaData field : struct.columns) {
        fields.add(
            new SparkType.StructField(fieldName(field, fields.size()), sparkType(field.type)));
      }
      return new SparkType.StructType(fields);
    }
    Optional<SparkType> named = parse(type.getName());
    if (type instanceof ColumnMetaData.ArrayType array) {
      return named
          .filter(SparkType.ArrayType.class::isInstance)
          .orElseGet(() -> new SparkType.ArrayType(sparkType(array.getComponent())));
    }
    SparkType parsed = named.orElse(null);
    if (parsed instanceof SparkType.MapType
        || parsed instanceof SparkType.AtomicType atomic
            && atomic.kind() != SparkType.AtomicKind.OTHER) {
      return parsed;
    }
    return fromJdbcType(type, named);
  }

  private static String fieldName(ColumnMetaData field, int position) {
    if (field.columnName != null && !field.columnName.isEmpty()) {
      return field.columnName;
    }
    if (field.label != null && !field.label.isEmpty()) {
      return field.label;
    }
    return "col" + (position + 1); // Spark's own name for unnamed struct fields
  }

  /** Falls back to the JDBC type id when the name is not a Spark type this driver knows. */
  private static SparkType fromJdbcType(AvaticaType type, Optional<SparkType> named) {
    String name =
        switch (type.id) {
          case Types.BOOLEAN, Types.BIT -> "boolean";
          case Types.TINYINT -> "tinyint";
          case Types.SMALLINT -> "smallint";
          case Types.INTEGER -> "int";
          case Types.BIGINT -> "bigint";
          case Types.REAL -> "float";
          case Types.FLOAT, Types.DOUBLE -> "double";
          case Types.DECIMAL, Types.NUMERIC -> "decimal";
          case Types.CHAR, Types.VARCHAR, Types.LONGVARCHAR, Types.NCHAR, Types.NVARCHAR ->
              "string";
          case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY -> "binary";
          case Types.DATE -> "date";
          case Types.TIMESTAMP -> "timestamp";
          default -> null;
        };
    if (name != null) {
      return new SparkType.AtomicType(name);
    }
    return named.orElseGet(
        () -> new SparkType.AtomicType(type.getName() == null ? "unknown" : type.getName()));
  }

  private static Optional<SparkType> parse(String name) {
    try {
      return Optional.of(SparkTypeName.parse(name));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }
}
