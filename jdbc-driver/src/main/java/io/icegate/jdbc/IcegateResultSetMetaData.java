package io.icegate.jdbc;

import io.icegate.jdbc.types.NestedColumns;
import io.icegate.jdbc.types.SparkType;
import java.sql.SQLException;
import java.sql.Struct;
import java.util.List;
import java.util.Map;
import org.apache.calcite.avatica.AvaticaResultSetMetaData;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;

/**
 * Result set metadata that describes array, struct and map columns the way {@link IcegateResultSet}
 * returns them: struct columns are named by their full Spark type (Avatica would say {@code
 * STRUCT}), and the Java classes are {@link List}, {@link Struct} and {@link Map}.
 */
public class IcegateResultSetMetaData extends AvaticaResultSetMetaData {

  private final Map<Integer, SparkType> nestedColumns;

  /** Creates the metadata; called by the driver's factory. */
  IcegateResultSetMetaData(AvaticaStatement statement, Meta.Signature signature) {
    super(statement, null, signature);
    this.nestedColumns = NestedColumns.of(signature.columns);
  }

  @Override
  public String getColumnTypeName(int column) throws SQLException {
    SparkType type = nestedColumns.get(column - 1);
    return type instanceof SparkType.StructType ? type.toString() : super.getColumnTypeName(column);
  }

  @Override
  public String getColumnClassName(int column) throws SQLException {
    SparkType type = nestedColumns.get(column - 1);
    if (type instanceof SparkType.ArrayType) {
      return List.class.getName();
    }
    if (type instanceof SparkType.StructType) {
      return Struct.class.getName();
    }
    if (type instanceof SparkType.MapType) {
      return Map.class.getName();
    }
    return super.getColumnClassName(column);
  }

  // JDBC says "" where a column has no table; protobuf brings an empty name back as null.

  @Override
  public String getCatalogName(int column) throws SQLException {
    String name = super.getCatalogName(column);
    return name == null ? "" : name;
  }

  @Override
  public String getSchemaName(int column) throws SQLException {
    String name = super.getSchemaName(column);
    return name == null ? "" : name;
  }

  @Override
  public String getTableName(int column) throws SQLException {
    String name = super.getTableName(column);
    return name == null ? "" : name;
  }
}
