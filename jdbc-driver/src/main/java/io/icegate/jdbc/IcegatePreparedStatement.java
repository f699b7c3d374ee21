package io.icegate.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaPreparedStatement;
import org.apache.calcite.avatica.Meta;

/**
 * Prepared statement of an Icegate connection: Avatica's, except that every method that calls the
 * gateway reports the gateway's own error (see {@link GatewayErrors}).
 *
 * <p>{@code executeUpdate} and {@code executeBatch} delegate to the {@code Large} variants and
 * {@code getMoreResults()} to {@code getMoreResults(int)}, which are overridden here; the
 * {@code execute(String)} family only fails locally on a prepared statement.
 */
public class IcegatePreparedStatement extends AvaticaPreparedStatement {

  /** Creates a prepared statement; called by the driver's factory. */
  IcegatePreparedStatement(AvaticaConnection connection, Meta.StatementHandle handle,
      Meta.Signature signature, int resultSetType, int resultSetConcurrency,
      int resultSetHoldability) throws SQLException {
    super(connection, handle, signature, resultSetType, resultSetConcurrency,
        resultSetHoldability);
  }

  @Override public boolean execute() throws SQLException {
    return GatewayErrors.call(super::execute);
  }

  @Override public ResultSet executeQuery() throws SQLException {
    return GatewayErrors.call(super::executeQuery);
  }

  @Override public long executeLargeUpdate() throws SQLException {
    return GatewayErrors.call(super::executeLargeUpdate);
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
