package io.icegate.gateway.result;

import java.sql.DatabaseMetaData;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.ColumnMetaData.AvaticaType;
import org.apache.calcite.avatica.ColumnMetaData.Rep;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;

/**
 * Spark's result schema as Avatica column metadata: the JDBC type, the type name as Spark writes
 * it, and the wire representation {@link SparkRowConverter} produces for it.
 */
public final class ColumnTypes {
  private ColumnTypes() {}

  public static List<ColumnMetaData> columns(StructType schema) {
    return columns(schema, false);
  }

  /**
   * @param micros whether timestamps travel in microseconds (Icegate's compact encoding), which
   *     their precision and display size then say
   */
  public static List<ColumnMetaData> columns(StructType schema, boolean micros) {
    return columns(schema, micros, List.of());
  }

  /**
   * @param origins the table each column comes from (as many as the schema's fields), or none known
   */
  public static List<ColumnMetaData> columns(
      StructType schema, boolean micros, List<ColumnOrigins.Origin> origins) {
    List<ColumnMetaData> columns = new ArrayList<>();
    StructField[] fields = schema.fields();
    for (int i = 0; i < fields.length; i++) {
      ColumnOrigins.Origin origin =
          origins.size() == fields.length ? origins.get(i) : ColumnOrigins.Origin.NONE;
      columns.add(column(i, fields[i], micros, origin));
    }
    return columns;
  }

  static ColumnMetaData column(int ordinal, StructField field, boolean micros) {
    return column(ordinal, field, micros, ColumnOrigins.Origin.NONE);
  }

  static ColumnMetaData column(
      int ordinal, StructField field, boolean micros, ColumnOrigins.Origin origin) {
    DataType type = field.dataType();
    JdbcShape shape =
        micros && (type instanceof TimestampType || type instanceof TimestampNTZType)
            ? MICROS_TIMESTAMP
            : shape(type);
    return new ColumnMetaData(
        ordinal,
        false,
        true,
        true,
        false,
        field.nullable() ? DatabaseMetaData.columnNullable : DatabaseMetaData.columnNoNulls,
        shape.signed(),
        shape.displaySize(),
        field.name(),
        field.name(),
        origin.schema(),
        shape.precision(),
        shape.scale(),
        origin.table(),
        origin.catalog(),
        avaticaType(type),
        // A table's column can be written (by UPDATE); a computed one cannot.
        !origin.isTableColumn(),
        origin.isTableColumn(),
        false,
        shape.javaClass());
  }

  /**
   * The Avatica type, recursively for arrays and structs; maps travel as objects named by their
   * Spark type.
   */
  static AvaticaType avaticaType(DataType type) {
    if (type instanceof ArrayType a) {
      return ColumnMetaData.array(avaticaType(a.elementType()), type.catalogString(), Rep.ARRAY);
    }
    if (type instanceof StructType s) {
      return ColumnMetaData.struct(columns(s));
    }
    if (type instanceof MapType) {
      return ColumnMetaData.scalar(Types.JAVA_OBJECT, type.catalogString(), Rep.OBJECT);
    }
    JdbcShape shape = shape(type);
    return ColumnMetaData.scalar(shape.sqlType(), type.catalogString(), shape.rep());
  }

  /** How one Spark type looks to JDBC. */
  record JdbcShape(
      int sqlType,
      Rep rep,
      int precision,
      int scale,
      int displaySize,
      boolean signed,
      String javaClass) {}

  /** A timestamp with its microseconds: {@code 2024-01-02 03:04:05.123456}. */
  private static final JdbcShape MICROS_TIMESTAMP =
      new JdbcShape(Types.TIMESTAMP, Rep.LONG, 6, 0, 26, false, "java.sql.Timestamp");

  static JdbcShape shape(DataType type) {
    if (type instanceof BooleanType) {
      return new JdbcShape(Types.BOOLEAN, Rep.BOOLEAN, 1, 0, 5, false, "java.lang.Boolean");
    } else if (type instanceof ByteType) {
      return new JdbcShape(Types.TINYINT, Rep.BYTE, 3, 0, 4, true, "java.lang.Byte");
    } else if (type instanceof ShortType) {
      return new JdbcShape(Types.SMALLINT, Rep.SHORT, 5, 0, 6, true, "java.lang.Short");
    } else if (type instanceof IntegerType) {
      return new JdbcShape(Types.INTEGER, Rep.INTEGER, 10, 0, 11, true, "java.lang.Integer");
    } else if (type instanceof LongType) {
      return new JdbcShape(Types.BIGINT, Rep.LONG, 19, 0, 20, true, "java.lang.Long");
    } else if (type instanceof FloatType) {
      return new JdbcShape(Types.REAL, Rep.FLOAT, 7, 0, 14, true, "java.lang.Float");
    } else if (type instanceof DoubleType) {
      return new JdbcShape(Types.DOUBLE, Rep.DOUBLE, 15, 0, 24, true, "java.lang.Double");
    } else if (type instanceof DecimalType d) {
      return new JdbcShape(
          Types.DECIMAL,
          Rep.NUMBER,
          d.precision(),
          d.scale(),
          d.precision() + 2,
          true,
          "java.math.BigDecimal");
    } else if (type instanceof StringType) {
      return new JdbcShape(
          Types.VARCHAR,
          Rep.STRING,
          Integer.MAX_VALUE,
          0,
          Integer.MAX_VALUE,
          false,
          "java.lang.String");
    } else if (type instanceof BinaryType) {
      return new JdbcShape(
          Types.VARBINARY, Rep.BYTE_STRING, Integer.MAX_VALUE, 0, Integer.MAX_VALUE, false, "[B");
    } else if (type instanceof DateType) {
      return new JdbcShape(Types.DATE, Rep.INTEGER, 10, 0, 10, false, "java.sql.Date");
    } else if (type instanceof TimestampType || type instanceof TimestampNTZType) {
      // Spark keeps microseconds; Avatica's wire carries milliseconds (docs/ARCHITECTURE.md),
      // Icegate's compact
      // encoding microseconds (MICROS_TIMESTAMP). Avatica's client reads the precision as the
      // number of fractional
      // digits to show.
      return new JdbcShape(Types.TIMESTAMP, Rep.LONG, 3, 0, 23, false, "java.sql.Timestamp");
    } else if (type instanceof ArrayType) {
      return new JdbcShape(
          Types.ARRAY, Rep.ARRAY, 0, 0, Integer.MAX_VALUE, false, "java.util.List");
    } else if (type instanceof StructType) {
      return new JdbcShape(
          Types.STRUCT, Rep.OBJECT, 0, 0, Integer.MAX_VALUE, false, "java.sql.Struct");
    } else if (type instanceof MapType) {
      return new JdbcShape(
          Types.JAVA_OBJECT, Rep.OBJECT, 0, 0, Integer.MAX_VALUE, false, "java.util.Map");
    }
    // Intervals, void, variant-like types: sent as Spark's own text form.
    return new JdbcShape(
        Types.VARCHAR,
        Rep.STRING,
        Integer.MAX_VALUE,
        0,
        Integer.MAX_VALUE,
        false,
        "java.lang.String");
  }
}
