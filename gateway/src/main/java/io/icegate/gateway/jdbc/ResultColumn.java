package io.icegate.gateway.jdbc;

import static java.util.Objects.requireNonNull;

import java.sql.Types;
import org.apache.calcite.avatica.ColumnMetaData;

/** One column of a DatabaseMetaData result, as JDBC's javadoc of the call names and types it. */
record ResultColumn(String name, Type type) {
  /** The JDBC types DatabaseMetaData results use. */
  enum Type {
    STRING(ColumnMetaData.scalar(Types.VARCHAR, "string", ColumnMetaData.Rep.STRING)),
    INT(ColumnMetaData.scalar(Types.INTEGER, "int", ColumnMetaData.Rep.INTEGER)),
    SHORT(ColumnMetaData.scalar(Types.SMALLINT, "smallint", ColumnMetaData.Rep.SHORT)),
    BOOLEAN(ColumnMetaData.scalar(Types.BOOLEAN, "boolean", ColumnMetaData.Rep.BOOLEAN));

    private final ColumnMetaData.AvaticaType avaticaType;

    Type(ColumnMetaData.AvaticaType avaticaType) {
      this.avaticaType = avaticaType;
    }

    ColumnMetaData.AvaticaType avaticaType() {
      return avaticaType;
    }
  }

  ResultColumn {
    requireNonNull(name, "name is null");
    requireNonNull(type, "type is null");
  }

  static ResultColumn string(String name) {
    return new ResultColumn(name, Type.STRING);
  }

  static ResultColumn integer(String name) {
    return new ResultColumn(name, Type.INT);
  }

  static ResultColumn smallint(String name) {
    return new ResultColumn(name, Type.SHORT);
  }

  static ResultColumn bool(String name) {
    return new ResultColumn(name, Type.BOOLEAN);
  }
}
