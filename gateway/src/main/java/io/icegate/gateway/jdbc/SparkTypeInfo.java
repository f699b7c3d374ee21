package io.icegate.gateway.jdbc;

import io.icegate.gateway.result.ColumnTypes;
import java.sql.DatabaseMetaData;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * getTypeInfo: Spark's SQL types, with the JDBC types results carry for them (see {@link
 * ColumnTypes}).
 */
final class SparkTypeInfo {
  /** Spark's name of each type, and an instance of it to ask {@link ColumnTypes} about. */
  private record SparkType(
      String name, DataType type, String prefix, String suffix, String createParams) {}

  private static final List<SparkType> TYPES =
      List.of(
          new SparkType("boolean", DataTypes.BooleanType, null, null, null),
          new SparkType("tinyint", DataTypes.ByteType, null, null, null),
          new SparkType("smallint", DataTypes.ShortType, null, null, null),
          new SparkType("int", DataTypes.IntegerType, null, null, null),
          new SparkType("bigint", DataTypes.LongType, null, null, null),
          new SparkType("float", DataTypes.FloatType, null, null, null),
          new SparkType("double", DataTypes.DoubleType, null, null, null),
          new SparkType(
              "decimal", DataTypes.createDecimalType(38, 18), null, null, "precision,scale"),
          new SparkType("string", DataTypes.StringType, "'", "'", null),
          new SparkType("binary", DataTypes.BinaryType, "X'", "'", null),
          new SparkType("date", DataTypes.DateType, "DATE '", "'", null),
          new SparkType("timestamp", DataTypes.TimestampType, "TIMESTAMP '", "'", null),
          new SparkType("timestamp_ntz", DataTypes.TimestampNTZType, "TIMESTAMP_NTZ '", "'", null),
          new SparkType(
              "array", DataTypes.createArrayType(DataTypes.StringType), null, null, "element type"),
          new SparkType(
              "map",
              DataTypes.createMapType(DataTypes.StringType, DataTypes.StringType),
              null,
              null,
              "key type,value type"),
          new SparkType(
              "struct", new StructType().add("f", DataTypes.StringType), null, null, "fields"));

  private SparkTypeInfo() {}

  /** One row per type, ordered by JDBC type as getTypeInfo requires. */
  static List<List<Object>> rows() {
    List<List<Object>> rows = new ArrayList<>();
    for (SparkType type : TYPES) {
      ColumnMetaData meta = ColumnTypes.columns(new StructType().add("c", type.type())).get(0);
      int sqlType = meta.type.id;
      boolean numeric =
          switch (sqlType) {
            case Types.TINYINT,
                Types.SMALLINT,
                Types.INTEGER,
                Types.BIGINT,
                Types.REAL,
                Types.DOUBLE,
                Types.DECIMAL ->
                true;
            default -> false;
          };
      boolean decimal = sqlType == Types.DECIMAL;
      boolean nested =
          sqlType == Types.ARRAY || sqlType == Types.STRUCT || sqlType == Types.JAVA_OBJECT;
      rows.add(
          Arrays.asList(
              type.name(),
              sqlType,
              nested ? null : meta.precision,
              type.prefix(),
              type.suffix(),
              type.createParams(),
              (short) DatabaseMetaData.typeNullable,
              sqlType == Types.VARCHAR,
              (short) (nested ? DatabaseMetaData.typePredNone : DatabaseMetaData.typeSearchable),
              !numeric ? null : false,
              false,
              false,
              type.name(),
              decimal ? (short) 0 : null,
              decimal ? (short) 38 : null,
              null,
              null,
              numeric ? 10 : null));
    }
    rows.sort(Comparator.comparing((List<Object> row) -> (Integer) row.get(1)));
    return rows;
  }
}
