package io.icegate.calcite.exec;

import java.util.Locale;
import java.util.stream.Collectors;
import org.apache.calcite.rel.type.RelDataType;

/**
 * Writes a Calcite type as Spark's {@code DataType.simpleString} would write the Spark type it
 * stands for (see {@code io.icegate.calcite.schema.IcebergTypes}), so the gateway can describe
 * native results exactly as Spark results: {@code TIMESTAMP_WITH_LOCAL_TIME_ZONE} is {@code
 * timestamp}, {@code TIMESTAMP} is {@code timestamp_ntz}, {@code VARCHAR} is {@code string}, {@code
 * ROW} is {@code struct<...>}.
 */
final class SparkTypeNames {
  private SparkTypeNames() {}

  static String of(RelDataType type) {
    return switch (type.getSqlTypeName()) {
      case BOOLEAN -> "boolean";
      case TINYINT -> "tinyint";
      case SMALLINT -> "smallint";
      case INTEGER -> "int";
      case BIGINT -> "bigint";
      case REAL -> "float";
      case FLOAT, DOUBLE -> "double";
      case DECIMAL -> "decimal(" + type.getPrecision() + "," + type.getScale() + ")";
      case CHAR, VARCHAR -> "string";
      case BINARY, VARBINARY -> "binary";
      case DATE -> "date";
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE, TIMESTAMP_TZ -> "timestamp";
      case TIMESTAMP -> "timestamp_ntz";
      case NULL -> "void";
      case ARRAY -> "array<" + of(type.getComponentType()) + ">";
      case MAP -> "map<" + of(type.getKeyType()) + "," + of(type.getValueType()) + ">";
      case ROW ->
          type.getFieldList().stream()
              .map(field -> field.getName() + ":" + of(field.getType()))
              .collect(Collectors.joining(",", "struct<", ">"));
      default -> type.getSqlTypeName().getName().toLowerCase(Locale.ROOT);
    };
  }
}
