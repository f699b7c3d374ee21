package io.icegate.calcite.exec;

import static java.util.Objects.requireNonNull;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * One column of a native query's result.
 *
 * @param name the name Spark would give it (an alias, a column's name, or an expression's text such
 *     as {@code count(1)}); not necessarily unique, as in Spark
 * @param type its Calcite type; {@link #sparkTypeName()} says which Spark type it stands for
 */
public record ResultColumn(String name, RelDataType type) {
  public ResultColumn {
    requireNonNull(name, "name is null");
    requireNonNull(type, "type is null");
  }

  public SqlTypeName sqlTypeName() {
    return type.getSqlTypeName();
  }

  public boolean nullable() {
    return type.isNullable();
  }

  /**
   * The type as Spark writes it: {@code bigint}, {@code timestamp}, {@code map<string,string>}, ...
   */
  public String sparkTypeName() {
    return SparkTypeNames.of(type);
  }
}
