package io.icegate.jdbc;

import java.sql.BatchUpdateException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.function.IntFunction;
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
 * {@link #runBatch}).
 */
public class IcegateStatement extends AvaticaStatement {

  /** The SQLState of a batch element that returned rows: a query where none may be executed. */
  static final String QUERY_IN_BATCH = "07003";
  /** The SQLState of a batch element not run because the statement was cancelled. */
  static final String CANCELLED = "57014";

  /** Set when a result arrives (see {@link IcegateJdbcFactory}), cleared by every execution. */
  final WarningChain warnings = new WarningChain();

  /** The statements {@link #addBatch(String)} collected (Avatica's own list is out of reach). */
  private final List<String> batch = new ArrayList<>();

  /** Set by {@link #cancel()}, so that a running batch starts no further element. */
  private volatile boolean cancelled;

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

  @Override public void addBatch(String sql) throws SQLException {
    checkOpen();
    batch.add(Objects.requireNonNull(sql, "sql is null"));
  }

  @Override public void clearBatch() throws SQLException {
    checkOpen();
    batch.clear();
  }

  /**
   * Runs the statements added with {@link #addBatch(String)} in order, each as its own execution
   * (under the query timeout, if one is set), and returns their update counts: the rows an INSERT
   * wrote, 0 for DDL and for the statements whose count Spark does not report. The batch is empty
   * afterwards, whatever happened.
   *
   * @throws BatchUpdateException when an element fails or returns rows; see {@link #runBatch}
   */
  @Override public long[] executeLargeBatch() throws SQLException {
    checkOpen();
    List<String> statements = List.copyOf(batch);
    batch.clear();
    warnings.clear();
    cancelled = false;
    try {
      return runBatch(statements.size(), i -> {
        if (execute(statements.get(i))) {
          getResultSet().close();
          return -1;
        }
        return getLargeUpdateCount();
      }, statements::get, () -> cancelled);
    } finally {
      openResultSet = null;
      updateCount = -1;
    }
  }

  /** One element of a batch. */
  @FunctionalInterface
  interface BatchElement {
    /** Runs element {@code index}; returns its update count, or -1 if it returned rows. */
    long run(int index) throws SQLException;
  }

  /**
   * Runs the {@code size} elements of a batch in order and returns their update counts. Each
   * element is its own Iceberg commit, so there is nothing to undo when one fails: the batch stops
   * there with a {@link BatchUpdateException} whose SQLState and cause are the failure's, whose
   * update counts are those of the elements that ran before it (they stay committed), and whose
   * message says which element failed and which ran and which did not. An element that returns
   * rows (a query) fails the batch the same way with SQLState {@value #QUERY_IN_BATCH}; it did
   * run, and its rows are discarded. After {@code cancelled} turns true no further element starts.
   *
   * @param describe the SQL of an element, for messages
   */
  static long[] runBatch(int size, BatchElement element, IntFunction<String> describe,
      BooleanSupplier cancelled) throws BatchUpdateException {
    long[] counts = new long[size];
    for (int i = 0; i < size; i++) {
      if (cancelled.getAsBoolean()) {
        throw batchFailure(i, size, describe.apply(i), "the statement was cancelled", CANCELLED, 0,
            counts, null);
      }
      long count;
      try {
        count = element.run(i);
      } catch (SQLException e) {
        throw batchFailure(i, size, describe.apply(i), e.getMessage(), e.getSQLState(),
            e.getErrorCode(), counts, e);
      }
      if (count < 0) {
        throw batchFailure(i, size, describe.apply(i), "it returned rows, and a batch takes only"
            + " statements that return none (INSERT, DDL...); it ran, and its rows were discarded",
            QUERY_IN_BATCH, 0, counts, null);
      }
      counts[i] = count;
    }
    return counts;
  }

  private static BatchUpdateException batchFailure(int index, int size, String sql, String reason,
      String sqlState, int errorCode, long[] counts, Throwable cause) {
    StringBuilder message = new StringBuilder("Cannot run batch element ").append(index + 1)
        .append(" of ").append(size).append(" (").append(abbreviate(sql)).append("): ")
        .append(reason);
    if (!reason.endsWith(".")) {
      message.append('.');
    }
    message.append(index == 0 ? " No element ran before it"
        : index == 1 ? " Element 1 ran before it and stays committed"
        : " Elements 1 to " + index + " ran before it and stay committed");
    if (index + 1 < size) {
      message.append(index + 2 == size ? "; element " + size + " did not run"
          : "; elements " + (index + 2) + " to " + size + " did not run");
    }
    return new BatchUpdateException(message.toString(), sqlState, errorCode,
        Arrays.copyOf(counts, index), cause);
  }

  private static String abbreviate(String sql) {
    String oneLine = sql.replaceAll("\\s+", " ").strip();
    return oneLine.length() <= 80 ? oneLine : oneLine.substring(0, 77) + "...";
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
    cancelled = true;
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

  /**
   * As JDBC says: there is never a further result, so this closes the current result set, after
   * which {@code getResultSet()} is null and {@code getUpdateCount()} -1, and returns false.
   * Closing the current result set may close this statement on the gateway (closeOnCompletion).
   */
  @Override public boolean getMoreResults(int current) throws SQLException {
    boolean more = GatewayErrors.call(() -> super.getMoreResults(current));
    openResultSet = null; // Avatica closes it but would go on returning it
    return more;
  }

  @Override public void close() throws SQLException {
    GatewayErrors.run(super::close);
  }
}
