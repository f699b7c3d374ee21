package io.icegate.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;

/**
 * Statement of an Icegate connection: Avatica's, except that every method that calls the gateway
 * reports the gateway's own error (see {@link GatewayErrors}).
 *
 * <p>{@code executeUpdate} and {@code executeBatch} delegate to the {@code Large} variants and
 * {@code getMoreResults()} to {@code getMoreResults(int)}, which are overridden here.
 *
 * <p>{@link #getWarnings()} reports the gateway's warnings about the last execution.
 */
public class IcegateStatement extends AvaticaStatement {

  /** Set when a result arrives (see {@link IcegateJdbcFactory}), cleared by every execution. */
  final WarningChain warnings = new WarningChain();

  /** Creates a statement; called by the driver's factory. */
  IcegateStatement(AvaticaConnection connection, Meta.StatementHandle handle, int resultSetType,
      int resultSetConcurrency, int resultSetHoldability) {
    super(connection, handle, resultSetType, resultSetConcurrency, resultSetHoldability);
  }

  /** Every {@code execute...(String)} method comes here: a new execution clears the warnings. */
  @Override protected void executeInternal(String sql) throws SQLException {
    warnings.clear();
    super.executeInternal(sql);
  }

  @Override public boolean execute(String sql) throws SQLException {
    return GatewayCancel.withTimeout(this, handle.id, () -> GatewayErrors.call(() -> super.execute(sql)));
  }

  @Override public ResultSet executeQuery(String sql) throws SQLException {
    return GatewayCancel.withTimeout(this, handle.id, () -> GatewayErrors.call(() -> super.executeQuery(sql)));
  }

  @Override public long executeLargeUpdate(String sql) throws SQLException {
    return GatewayCancel.withTimeout(this, handle.id,
        () -> GatewayErrors.call(() -> super.executeLargeUpdate(sql)));
  }

  @Override public long[] executeLargeBatch() throws SQLException {
    warnings.clear();
    return GatewayErrors.call(super::executeLargeBatch);
  }

  /**
   * Stops this statement's running execution on the gateway, from any thread: its Spark jobs are cancelled and
   * the execution fails with SQLState {@code 57014}. Avatica's own cancel only sets a flag the gateway never sees
   * (see {@link GatewayCancel}); unlike it, this does not wait for the execution to return.
   */
  @Override public void cancel() throws SQLException {
    if (isClosed()) {
      throw new SQLException("Statement is closed", SqlStates.STATEMENT_CLOSED);
    }
    GatewayCancel.cancel(getConnection(), handle.id);
  }

  /**
   * Returns the warnings the gateway reported about this statement's last execution (for example
   * that a metadata table ignores time travel), as a chain of {@link SQLWarning}s with SQLState
   * {@code 01000}, or null if there were none. The next execution or {@link #clearWarnings()}
   * clears them.
   */
  @Override public SQLWarning getWarnings() throws SQLException {
    checkOpen();
    return warnings.first();
  }

  @Override public void clearWarnings() throws SQLException {
    checkOpen();
    warnings.clear();
  }

  /** Closing the current result set may close this statement on the gateway (closeOnCompletion). */
  @Override public boolean getMoreResults(int current) throws SQLException {
    return GatewayErrors.call(() -> super.getMoreResults(current));
  }

  @Override public void close() throws SQLException {
    GatewayErrors.run(super::close);
  }
}
