package io.icegate.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;

/**
 * Statement of an Icegate connection: Avatica's, except that every method that calls the gateway
 * reports the gateway's own error (see {@link GatewayErrors}).
 *
 * <p>{@code executeUpdate} and {@code executeBatch} delegate to the {@code Large} variants and
 * {@code getMoreResults()} to {@code getMoreResults(int)}, which are overridden here.
 */
public class IcegateStatement extends AvaticaStatement {

  /** Creates a statement; called by the driver's factory. */
  IcegateStatement(AvaticaConnection connection, Meta.StatementHandle handle, int resultSetType,
      int resultSetConcurrency, int resultSetHoldability) {
    super(connection, handle, resultSetType, resultSetConcurrency, resultSetHoldability);
  }

  @Override public boolean execute(String sql) throws SQLException {
    return GatewayErrors.call(() -> super.execute(sql));
  }

  @Override public ResultSet executeQuery(String sql) throws SQLException {
    return GatewayErrors.call(() -> super.executeQuery(sql));
  }

  @Override public long executeLargeUpdate(String sql) throws SQLException {
    return GatewayErrors.call(() -> super.executeLargeUpdate(sql));
  }

  @Override public long[] executeLargeBatch() throws SQLException {
    return GatewayErrors.call(super::executeLargeBatch);
  }

  /** Closing the current result set may close this statement on the gateway (closeOnCompletion). */
  @Override public boolean getMoreResults(int current) throws SQLException {
    return GatewayErrors.call(() -> super.getMoreResults(current));
  }

  @Override public void close() throws SQLException {
    GatewayErrors.run(super::close);
  }
}
