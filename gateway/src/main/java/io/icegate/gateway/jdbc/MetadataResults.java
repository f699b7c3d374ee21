package io.icegate.gateway.jdbc;

import java.sql.DatabaseMetaData;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;

/**
 * Result sets for DatabaseMetaData calls: the standard JDBC columns, with the rows the gateway can
 * answer.
 */
final class MetadataResults {
  private MetadataResults() {}

  /** A finished result with the given columns (see {@link MetadataColumns}) and rows. */
  static Meta.MetaResultSet of(
      String connectionId, int statementId, List<ResultColumn> columns, List<List<Object>> rows) {
    List<ColumnMetaData> metadata = new ArrayList<>();
    for (int i = 0; i < columns.size(); i++) {
      ResultColumn column = columns.get(i);
      metadata.add(
          new ColumnMetaData(
              i,
              false,
              true,
              false,
              false,
              DatabaseMetaData.columnNullable,
              false,
              128,
              column.name(),
              column.name(),
              null,
              0,
              0,
              null,
              null,
              column.type().avaticaType(),
              true,
              false,
              false,
              null));
    }
    Meta.Signature signature =
        new Meta.Signature(
            metadata, null, List.of(), null, Meta.CursorFactory.LIST, Meta.StatementType.SELECT);
    return Meta.MetaResultSet.create(
        connectionId, statementId, true, signature, new Meta.Frame(0, true, new ArrayList<>(rows)));
  }
}
