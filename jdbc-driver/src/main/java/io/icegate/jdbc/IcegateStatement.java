package io.icegate.jdbc;

import java.sql.BatchUpdateException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
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
 *
 * <p>{@link #executeBatch()} runs the batch's statements one after the other, each its own
 * execution on the gateway and its own Iceberg commit, and stops at the first that fails (see
 * {@link StatementSupport#runBatch}).
 */
public class IcegateStatement extends AvaticaStatement {

  /** Warnings, executions, cancel and batches, as the prepared statement has them. */
  final StatementSupport support = new StatementSupport(this);

  /** The statements {@link #addBatch(String)} collected (Avatica's own list is out of reach). */
  private final List<String> batch = new ArrayList<>();

  /** Creates a statement; called by the driver's factory. */
  IcegateStatement(
      AvaticaConnection connection,
      Meta.StatementHandle handle,
      int resultSetType,
      int resultSetConcurrency,
      int resultSetHoldability) {
    super(connection, handle, resultSetType, resultSetConcurrency, resultSetHoldability);
  }

  /** Every {@code execute...(String)} method comes here: a new execution clears the warnings. */
  @Override
  protected void executeInternal(String sql) throws SQLException {
    support.warnings.clear();
    super.executeInternal(sql);
  }

  @Override
  public boolean execute(String sql) throws SQLException {
    return support.execute(() -> super.execute(sql));
  }

  @Override
  public ResultSet executeQuery(String sql) throws SQLException {
    return support.execute(() -> super.executeQuery(sql));
  }

  @Override
  public long executeLargeUpdate(String sql) throws SQLException {
    return support.execute(() -> super.executeLargeUpdate(sql));
  }

  @Override
  public void addBatch(String sql) throws SQLException {
    checkOpen();
    batch.add(Objects.requireNonNull(sql, "sql is null"));
  }

  @Override
  public void clearBatch() throws SQLException {
    checkOpen();
    batch.clear();
  }

  /**
   * Runs the statements added with {@link #addBatch(String)} in order, each as its own execution
   * (under the query timeout, if one is set), and returns their update counts: the rows an INSERT
   * wrote, 0 for DDL and for the statements whose count Spark does not report. The batch is empty
   * afterwards, whatever happened.
   *
   * @throws BatchUpdateException when an element fails or returns rows; see {@link
   *     StatementSupport#runBatch}
   */
  @Override
  public long[] executeLargeBatch() throws SQLException {
    checkOpen();
    List<String> statements = List.copyOf(batch);
    batch.clear();
    try {
      return support.runBatch(
          statements.size(),
          i -> {
            if (execute(statements.get(i))) {
              getResultSet().close();
              return -1;
            }
            return getLargeUpdateCount();
          },
          statements::get);
    } finally {
      openResultSet = null;
      updateCount = -1;
    }
  }

  /**
   * Stops this statement's running execution on the gateway; see {@link StatementSupport#cancel()}.
   */
  @Override
  public void cancel() throws SQLException {
    support.cancel();
  }

  /**
   * Returns the warnings the gateway reported about this statement's last execution (for example
   * that a metadata table ignores time travel), as a chain of {@link SQLWarning}s with SQLState
   * {@code 01000}, or null if there were none. The next execution or {@link #clearWarnings()}
   * clears them.
   */
  @Override
  public SQLWarning getWarnings() throws SQLException {
    checkOpen();
    return support.warnings.first();
  }

  @Override
  public void clearWarnings() throws SQLException {
    checkOpen();
    support.warnings.clear();
  }

  /**
   * As JDBC says: there is never a further result, so this closes the current result set, after
   * which {@code getResultSet()} is null and {@code getUpdateCount()} -1, and returns false.
   * Closing the current result set may close this statement on the gateway (closeOnCompletion).
   */
  @Override
  public boolean getMoreResults(int current) throws SQLException {
    boolean more = GatewayErrors.call(() -> super.getMoreResults(current));
    openResultSet = null; // Avatica closes it but would go on returning it
    return more;
  }

  @Override
  public void close() throws SQLException {
    GatewayErrors.run(super::close);
  }

  // Generated keys: Icegate generates none (Iceberg tables have no identity columns or sequences),
  // so asking for them runs the statement as it is, and getGeneratedKeys() is an empty result set.

  @Override
  public int executeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
    GeneratedKeys.check(autoGeneratedKeys);
    return executeUpdate(sql);
  }

  @Override
  public int executeUpdate(String sql, int[] columnIndexes) throws SQLException {
    return executeUpdate(sql);
  }

  @Override
  public int executeUpdate(String sql, String[] columnNames) throws SQLException {
    return executeUpdate(sql);
  }

  @Override
  public long executeLargeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
    GeneratedKeys.check(autoGeneratedKeys);
    return executeLargeUpdate(sql);
  }

  @Override
  public long executeLargeUpdate(String sql, int[] columnIndexes) throws SQLException {
    return executeLargeUpdate(sql);
  }

  @Override
  public long executeLargeUpdate(String sql, String[] columnNames) throws SQLException {
    return executeLargeUpdate(sql);
  }

  @Override
  public boolean execute(String sql, int autoGeneratedKeys) throws SQLException {
    GeneratedKeys.check(autoGeneratedKeys);
    return execute(sql);
  }

  @Override
  public boolean execute(String sql, int[] columnIndexes) throws SQLException {
    return execute(sql);
  }

  @Override
  public boolean execute(String sql, String[] columnNames) throws SQLException {
    return execute(sql);
  }

  @Override
  public ResultSet getGeneratedKeys() throws SQLException {
    checkOpen();
    return GeneratedKeys.none(this);
  }

  @Override
  public void setCursorName(String name) throws SQLException {
    checkOpen();
    throw StatementSupport.noCursorNames();
  }

  /**
   * Accepted either way, and changes nothing: Icegate does no JDBC escape processing ({@code {fn
   * ...}}, {@code {d ...}}); Spark reads each statement as written.
   */
  @Override
  public void setEscapeProcessing(boolean enable) throws SQLException {
    checkOpen();
  }

  @Override
  public void setMaxFieldSize(int max) throws SQLException {
    checkOpen();
    StatementSupport.checkMaxFieldSize(max);
  }

  @Override
  public int getMaxFieldSize() throws SQLException {
    checkOpen();
    return 0;
  }

  /** Accepted: a hint for statement pools, of which the driver keeps none. */
  @Override
  public void setPoolable(boolean poolable) throws SQLException {
    checkOpen();
  }
}
