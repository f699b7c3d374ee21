package io.icegate.calcite.exec;

import java.util.Locale;
import java.util.Map;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlTypeNameSpec;
import org.apache.calcite.sql.SqlUserDefinedTypeNameSpec;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Spark's type names in {@code CAST} as the Calcite types that hold the same values. Some names
 * Calcite does not know ({@code STRING}, {@code LONG}); others it reads differently, which would
 * change answers: {@code FLOAT} is 64-bit in Calcite and 32-bit in Spark, {@code BINARY} is
 * fixed-length (padding or truncating) in Calcite, {@code TIMESTAMP} is a wall-clock time in
 * Calcite and an instant in Spark, {@code TIMESTAMP} keeps only seconds by default in Calcite, a
 * bare {@code DECIMAL} is {@code decimal(10,0)} in Spark, and {@code VARCHAR(n)}/{@code CHAR(n)} in
 * a cast are plain strings in Spark.
 */
final class SparkCastTypes {
  private static final int TIMESTAMP_PRECISION = 3;
  private static final int SPARK_DEFAULT_DECIMAL_PRECISION = 10;

  /** Spark names that are Calcite types of another name, in upper case. */
  private static final Map<String, SqlTypeName> RENAMED =
      Map.ofEntries(
          Map.entry("STRING", SqlTypeName.VARCHAR),
          Map.entry("VARCHAR", SqlTypeName.VARCHAR),
          Map.entry("CHAR", SqlTypeName.VARCHAR),
          Map.entry("LONG", SqlTypeName.BIGINT),
          Map.entry("SHORT", SqlTypeName.SMALLINT),
          Map.entry("BYTE", SqlTypeName.TINYINT),
          Map.entry("FLOAT", SqlTypeName.REAL),
          Map.entry("BINARY", SqlTypeName.VARBINARY),
          Map.entry("TIMESTAMP", SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE),
          Map.entry("TIMESTAMP_LTZ", SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE),
          Map.entry("TIMESTAMP_NTZ", SqlTypeName.TIMESTAMP));

  private SparkCastTypes() {}

  /** The Calcite type spec for a type as Spark reads it. */
  static SqlDataTypeSpec toCalcite(SqlDataTypeSpec spec) {
    SqlTypeNameSpec name = spec.getTypeNameSpec();
    SqlParserPos pos = spec.getParserPosition();
    if (!(name instanceof SqlBasicTypeNameSpec || name instanceof SqlUserDefinedTypeNameSpec)) {
      return spec;
    }
    String upper = name.getTypeName().getSimple().toUpperCase(Locale.ROOT);
    SqlTypeName renamed = RENAMED.get(upper);
    if (renamed == SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE || renamed == SqlTypeName.TIMESTAMP) {
      return spec(new SqlBasicTypeNameSpec(renamed, TIMESTAMP_PRECISION, pos), spec);
    } else if (renamed != null) {
      return spec(new SqlBasicTypeNameSpec(renamed, pos), spec);
    } else if (upper.equals("DECIMAL")
        && name instanceof SqlBasicTypeNameSpec basic
        && basic.getPrecision() == RelDataType.PRECISION_NOT_SPECIFIED) {
      return spec(
          new SqlBasicTypeNameSpec(SqlTypeName.DECIMAL, SPARK_DEFAULT_DECIMAL_PRECISION, 0, pos),
          spec);
    }
    return spec;
  }

  /** How Spark prints the type in a column name ({@code CAST(x AS STRING)}). */
  static String sparkName(SqlDataTypeSpec spec) {
    SqlTypeNameSpec name = spec.getTypeNameSpec();
    String upper = name.getTypeName().getSimple().toUpperCase(Locale.ROOT);
    return switch (upper) {
      case "VARCHAR", "CHAR" -> "STRING";
      case "LONG" -> "BIGINT";
      case "SHORT" -> "SMALLINT";
      case "BYTE" -> "TINYINT";
      case "INTEGER" -> "INT";
      case "TIMESTAMP_LTZ" -> "TIMESTAMP";
      case "DECIMAL" ->
          name instanceof SqlBasicTypeNameSpec basic && basic.getPrecision() >= 0
              ? "DECIMAL(" + basic.getPrecision() + "," + Math.max(0, basic.getScale()) + ")"
              : "DECIMAL(10,0)";
      default -> upper;
    };
  }

  private static SqlDataTypeSpec spec(SqlTypeNameSpec name, SqlDataTypeSpec like) {
    return new SqlDataTypeSpec(
        name, like.getTimeZone(), like.getNullable(), like.getParserPosition());
  }
}
