package io.icegate.jdbc;

import static io.icegate.jdbc.testing.Columns.TIMESTAMP;
import static io.icegate.jdbc.testing.Columns.column;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.TimeZone;
import org.apache.calcite.avatica.AvaticaResultSet;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.MetaImpl;
import org.apache.calcite.avatica.QueryState;

/**
 * A result set of one timestamp column {@code at} over given rows, read by Icegate's result set or
 * by Avatica's own: the two timestamp tests compare the driver's getters with Avatica's this way.
 */
final class TimestampResultSets {
  private static final List<ColumnMetaData> COLUMNS = List.of(column(0, "at", TIMESTAMP));

  private TimestampResultSets() {}

  static ResultSet of(boolean icegate, TimeZone zone, List<Object> rows) throws SQLException {
    Meta.Signature signature =
        Meta.Signature.create(
            COLUMNS, "select", List.of(), Meta.CursorFactory.LIST, Meta.StatementType.SELECT);
    IcegateResultSetMetaData metaData = new IcegateResultSetMetaData(null, signature);
    AvaticaResultSet resultSet =
        icegate
            ? new IcegateResultSet(null, new QueryState("select"), signature, metaData, zone, null)
            : new AvaticaResultSet(null, new QueryState("select"), signature, metaData, zone, null);
    resultSet.execute2(MetaImpl.createCursor(Meta.CursorFactory.LIST, rows), COLUMNS);
    return resultSet;
  }
}
