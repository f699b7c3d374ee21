package io.icegate.calcite.exec;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Calcite's type rules changed where Spark's differ and the difference would change an answer:
 * decimals up to 38 digits, {@code SUM} of integers is a {@code BIGINT} (not an overflowing {@code
 * INTEGER}), {@code AVG} of numbers is a {@code DOUBLE} (not a truncated integer), and {@code
 * CASE}/{@code UNION} of strings of different lengths is a {@code VARCHAR} (not a space-padded
 * {@code CHAR}).
 */
final class SparkTypeSystem extends RelDataTypeSystemImpl {
  static final SparkTypeSystem INSTANCE = new SparkTypeSystem();

  /** Spark's {@code DecimalType.MAX_PRECISION} and {@code MAX_SCALE}. */
  private static final int MAX_DECIMAL = 38;

  /** Spark widens a decimal sum by 10 digits and an average by 4. */
  private static final int SUM_DIGITS = 10;

  private static final int AVG_DIGITS = 4;

  private SparkTypeSystem() {}

  @Override
  public int getMaxPrecision(SqlTypeName typeName) {
    return typeName == SqlTypeName.DECIMAL ? MAX_DECIMAL : super.getMaxPrecision(typeName);
  }

  @Override
  public int getMaxScale(SqlTypeName typeName) {
    return typeName == SqlTypeName.DECIMAL ? MAX_DECIMAL : super.getMaxScale(typeName);
  }

  @Override
  public RelDataType deriveSumType(RelDataTypeFactory factory, RelDataType argument) {
    SqlTypeName name = argument.getSqlTypeName();
    if (SqlTypeName.INT_TYPES.contains(name)) {
      return nullableAs(factory, factory.createSqlType(SqlTypeName.BIGINT), argument);
    } else if (SqlTypeName.APPROX_TYPES.contains(name)) {
      return nullableAs(factory, factory.createSqlType(SqlTypeName.DOUBLE), argument);
    } else if (name == SqlTypeName.DECIMAL) {
      int precision = Math.min(MAX_DECIMAL, argument.getPrecision() + SUM_DIGITS);
      return nullableAs(
          factory,
          factory.createSqlType(SqlTypeName.DECIMAL, precision, argument.getScale()),
          argument);
    }
    return super.deriveSumType(factory, argument);
  }

  @Override
  public RelDataType deriveAvgAggType(RelDataTypeFactory factory, RelDataType argument) {
    SqlTypeName name = argument.getSqlTypeName();
    if (SqlTypeName.INT_TYPES.contains(name) || SqlTypeName.APPROX_TYPES.contains(name)) {
      return nullableAs(factory, factory.createSqlType(SqlTypeName.DOUBLE), argument);
    } else if (name == SqlTypeName.DECIMAL) {
      int precision = Math.min(MAX_DECIMAL, argument.getPrecision() + AVG_DIGITS);
      int scale = Math.min(MAX_DECIMAL, argument.getScale() + AVG_DIGITS);
      return nullableAs(
          factory, factory.createSqlType(SqlTypeName.DECIMAL, precision, scale), argument);
    }
    return super.deriveAvgAggType(factory, argument);
  }

  @Override
  public boolean shouldConvertRaggedUnionTypesToVarying() {
    return true;
  }

  private static RelDataType nullableAs(
      RelDataTypeFactory factory, RelDataType type, RelDataType like) {
    return factory.createTypeWithNullability(type, like.isNullable());
  }
}
