package io.icegate.jdbc.testing;

import java.sql.DatabaseMetaData;
import java.sql.Types;
import java.util.List;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.ColumnMetaData.AvaticaType;
import org.apache.calcite.avatica.ColumnMetaData.Rep;

/** Builds column metadata shaped like what the Icegate server sends. */
public final class Columns {

  public static final AvaticaType INT = ColumnMetaData.scalar(Types.INTEGER, "int", Rep.INTEGER);
  public static final AvaticaType STRING =
      ColumnMetaData.scalar(Types.VARCHAR, "string", Rep.STRING);
  public static final AvaticaType DATE = ColumnMetaData.scalar(Types.DATE, "date", Rep.INTEGER);
  public static final AvaticaType TIMESTAMP =
      ColumnMetaData.scalar(Types.TIMESTAMP, "timestamp", Rep.LONG);

  private Columns() {}

  public static ColumnMetaData column(int ordinal, String name, AvaticaType type) {
    return new ColumnMetaData(
        ordinal,
        false,
        true,
        false,
        false,
        DatabaseMetaData.columnNullable,
        true,
        -1,
        name,
        name,
        null,
        0,
        0,
        null,
        null,
        type,
        true,
        false,
        false,
        null);
  }

  public static AvaticaType array(AvaticaType component, String sparkName) {
    return ColumnMetaData.array(component, sparkName, Rep.ARRAY);
  }

  public static AvaticaType map(String sparkName) {
    return ColumnMetaData.scalar(Types.JAVA_OBJECT, sparkName, Rep.OBJECT);
  }

  public static AvaticaType struct(ColumnMetaData... fields) {
    return ColumnMetaData.struct(List.of(fields));
  }
}
