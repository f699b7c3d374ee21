package io.icegate.calcite.schema;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.StructKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Maps Iceberg types to Calcite SQL types the way Spark sees them, keeping Iceberg's nullability.
 *
 * <table>
 *   <caption>Iceberg, Spark and Calcite types</caption>
 *   <tr><th>Iceberg</th><th>Spark</th><th>Calcite</th></tr>
 *   <tr><td>boolean, int, long</td>
 *       <td>boolean, int, bigint</td><td>BOOLEAN, INTEGER, BIGINT</td></tr>
 *   <tr><td>float, double</td><td>float, double</td><td>REAL, DOUBLE</td></tr>
 *   <tr><td>decimal(p, s)</td><td>decimal(p,s)</td><td>DECIMAL(p, s)</td></tr>
 *   <tr><td>date</td><td>date</td><td>DATE</td></tr>
 *   <tr><td>time</td><td>(none)</td><td>TIME(3)</td></tr>
 *   <tr><td>timestamptz, timestamptz_ns</td>
 *       <td>timestamp</td><td>TIMESTAMP_WITH_LOCAL_TIME_ZONE(3)</td></tr>
 *   <tr><td>timestamp, timestamp_ns</td><td>timestamp_ntz</td><td>TIMESTAMP(3)</td></tr>
 *   <tr><td>string, uuid</td><td>string</td><td>VARCHAR</td></tr>
 *   <tr><td>binary, fixed(n), geometry, geography</td><td>binary</td><td>VARBINARY</td></tr>
 *   <tr><td>struct</td>
 *       <td>struct</td><td>ROW (fields by name: {@code partition.category})</td></tr>
 *   <tr><td>map</td><td>map</td><td>MAP ({@code summary['spark.app.id']})</td></tr>
 *   <tr><td>list</td><td>array</td><td>ARRAY</td></tr>
 *   <tr><td>variant, unknown</td><td>(none in 3.5)</td><td>ANY</td></tr>
 * </table>
 *
 * <p>Why {@code TIMESTAMP_WITH_LOCAL_TIME_ZONE} for Spark's {@code timestamp}: both are an instant
 * that SQL shows and compares in the session's time zone, and Calcite converts it to and from
 * {@code TIMESTAMP}, {@code DATE} and strings in the zone the query runs with, as Spark does; the
 * type also tells the gateway which columns are {@code timestamp} and which {@code timestamp_ntz}.
 * Precision is milliseconds: Calcite computes with milliseconds, and the JDBC wire carries them.
 */
public final class IcebergTypes {
  /**
   * Calcite computes with milliseconds whatever the declared precision, so that is what is
   * declared.
   */
  static final int TIMESTAMP_PRECISION = 3;

  private IcebergTypes() {}

  /**
   * The row type of a relation with {@code schema}'s columns, in order.
   *
   * <p>Struct columns can be read field by field without naming the table first ({@code
   * partition.category}, {@code readable_metrics.id.lower_bound}), as in Spark: standard SQL, and
   * Calcite by default, would read {@code partition} there as a table alias. Calcite allows it for
   * struct columns whose kind is {@link StructKind#PEEK_FIELDS_NO_EXPAND} (as Flink does), which
   * also lets a bare field name ({@code category}) stand for the struct's field when no column has
   * that name; a column of the name always wins, so every reference Spark reads resolves as in
   * Spark.
   */
  public static RelDataType rowType(RelDataTypeFactory factory, Schema schema) {
    List<RelDataType> types = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (Types.NestedField column : schema.columns()) {
      RelDataType type = toSql(factory, column.type(), column.isOptional());
      if (column.type().isStructType()) {
        type =
            struct(
                factory,
                column.type().asStructType(),
                StructKind.PEEK_FIELDS_NO_EXPAND,
                column.isOptional());
      }
      names.add(column.name());
      types.add(type);
    }
    return factory.createStructType(StructKind.FULLY_QUALIFIED, types, names);
  }

  /**
   * The SQL type of values of {@code type}; {@code nullable} as the field or element is optional.
   */
  public static RelDataType toSql(RelDataTypeFactory factory, Type type, boolean nullable) {
    if (type.isStructType()) {
      return struct(factory, type.asStructType(), StructKind.FULLY_QUALIFIED, nullable);
    }
    return factory.createTypeWithNullability(notNull(factory, type), nullable);
  }

  private static RelDataType notNull(RelDataTypeFactory factory, Type type) {
    return switch (type.typeId()) {
      case BOOLEAN -> factory.createSqlType(SqlTypeName.BOOLEAN);
      case INTEGER -> factory.createSqlType(SqlTypeName.INTEGER);
      case LONG -> factory.createSqlType(SqlTypeName.BIGINT);
      case FLOAT -> factory.createSqlType(SqlTypeName.REAL);
      case DOUBLE -> factory.createSqlType(SqlTypeName.DOUBLE);
      case DECIMAL -> {
        Types.DecimalType decimal = (Types.DecimalType) type;
        yield factory.createSqlType(SqlTypeName.DECIMAL, decimal.precision(), decimal.scale());
      }
      case DATE -> factory.createSqlType(SqlTypeName.DATE);
      case TIME -> factory.createSqlType(SqlTypeName.TIME, TIMESTAMP_PRECISION);
      case TIMESTAMP -> timestamp(factory, ((Types.TimestampType) type).shouldAdjustToUTC());
      case TIMESTAMP_NANO ->
          timestamp(factory, ((Types.TimestampNanoType) type).shouldAdjustToUTC());
      case STRING, UUID -> factory.createSqlType(SqlTypeName.VARCHAR);
      case BINARY, FIXED, GEOMETRY, GEOGRAPHY -> factory.createSqlType(SqlTypeName.VARBINARY);
      case STRUCT -> struct(factory, type.asStructType(), StructKind.FULLY_QUALIFIED, false);
      case LIST -> {
        Types.ListType list = type.asListType();
        yield factory.createArrayType(
            toSql(factory, list.elementType(), list.isElementOptional()), -1);
      }
      case MAP -> {
        Types.MapType map = type.asMapType();
        yield factory.createMapType(
            toSql(factory, map.keyType(), false),
            toSql(factory, map.valueType(), map.isValueOptional()));
      }
      case VARIANT, UNKNOWN -> factory.createSqlType(SqlTypeName.ANY);
    };
  }

  private static RelDataType timestamp(RelDataTypeFactory factory, boolean withZone) {
    SqlTypeName name =
        withZone ? SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE : SqlTypeName.TIMESTAMP;
    return factory.createSqlType(name, TIMESTAMP_PRECISION);
  }

  private static RelDataType struct(
      RelDataTypeFactory factory, Types.StructType struct, StructKind kind, boolean nullable) {
    List<RelDataType> types = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (Types.NestedField field : struct.fields()) {
      names.add(field.name());
      types.add(toSql(factory, field.type(), field.isOptional()));
    }
    return factory.createTypeWithNullability(
        factory.createStructType(kind, types, names), nullable);
  }
}
