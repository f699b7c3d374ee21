package io.icegate.jdbc;

import java.sql.BatchUpdateException;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.function.BooleanSupplier;
import java.util.function.IntFunction;
import org.apache.calcite.avatica.AvaticaStatement;

/**
 * What {@link IcegateStatement} and {@link IcegatePreparedStatement} share (they extend different
 * Avatica classes): the gateway's warnings about the last execution, executions under the query
 * timeout that report the gateway's own error, cancelling on the gateway, and batches that a cancel
 * stops.
 */
final class StatementSupport {

  /** Set when a result arrives (see {@link IcegateJdbcFactory}), cleared by every execution. */
  final WarningChain warnings = new WarningChain();

  private final AvaticaStatement statement;

  /** Set by {@link #cancel()}, so that a running batch starts no further element. */
  private volatile boolean cancelled;

  StatementSupport(AvaticaStatement statement) {
    this.statement = statement;
  }

  /**
   * Runs one of the statement's executions under its query timeout, failing with the gateway's own
   * error.
   */
  <T> T execute(GatewayErrors.SqlCall<T> execution) throws SQLException {
    return GatewayCancel.withTimeout(
        statement, statement.handle.id, () -> GatewayErrors.call(execution));
  }

  /**
   * Stops the statement's running execution on the gateway, from any thread: its Spark jobs are
   * cancelled and the execution fails with SQLState {@code 57014}. Avatica's own cancel only sets a
   * flag the gateway never sees (see {@link GatewayCancel}); unlike it, this does not wait for the
   * execution to return.
   */
  void cancel() throws SQLException {
    if (statement.isClosed()) {
      throw new SQLException("Statement is closed", SqlStates.STATEMENT_CLOSED);
    }
    cancelled = true;
    GatewayCancel.cancel(statement.getConnection(), statement.handle.id);
  }

  /**
   * Runs a batch of the statement ({@link #runBatch(int, BatchElement, IntFunction,
   * BooleanSupplier)}) until it ends or {@link #cancel()} stops it; the warnings of earlier
   * executions are cleared.
   */
  long[] runBatch(int size, BatchElement element, IntFunction<String> describe)
      throws BatchUpdateException {
    warnings.clear();
    cancelled = false;
    return runBatch(size, element, describe, () -> cancelled);
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
   * message says which element failed and which ran and which did not. An element that returns rows
   * (a query) fails the batch the same way with SQLState {@value SqlStates#QUERY_IN_BATCH}; it did
   * run, and its rows are discarded. After {@code cancelled} turns true no further element starts.
   *
   * @param describe the SQL of an element, for messages
   */
  static long[] runBatch(
      int size, BatchElement element, IntFunction<String> describe, BooleanSupplier cancelled)
      throws BatchUpdateException {
    long[] counts = new long[size];
    for (int i = 0; i < size; i++) {
      if (cancelled.getAsBoolean()) {
        throw batchFailure(
            i,
            size,
            describe.apply(i),
            "the statement was cancelled",
            SqlStates.QUERY_CANCELED,
            0,
            counts,
            null);
      }
      long count;
      try {
        count = element.run(i);
      } catch (SQLException e) {
        throw batchFailure(
            i,
            size,
            describe.apply(i),
            e.getMessage(),
            e.getSQLState(),
            e.getErrorCode(),
            counts,
            e);
      }
      if (count < 0) {
        throw batchFailure(
            i,
            size,
            describe.apply(i),
            "it returned rows, and a batch takes only statements that return none (INSERT, DDL...);"
                + " it ran, and its rows were discarded",
            SqlStates.QUERY_IN_BATCH,
            0,
            counts,
            null);
      }
      counts[i] = count;
    }
    return counts;
  }

  private static BatchUpdateException batchFailure(
      int index,
      int size,
      String sql,
      String reason,
      String sqlState,
      int errorCode,
      long[] counts,
      Throwable cause) {
    StringBuilder message =
        new StringBuilder("Cannot run batch element ")
            .append(index + 1)
            .append(" of ")
            .append(size)
            .append(" (")
            .append(abbreviate(sql))
            .append("): ")
            .append(reason);
    if (!reason.endsWith(".")) {
      message.append('.');
    }
    message.append(
        index == 0
            ? " No element ran before it"
            : index == 1
                ? " Element 1 ran before it and stays committed"
                : " Elements 1 to " + index + " ran before it and stay committed");
    if (index + 1 < size) {
      message.append(
          index + 2 == size
              ? "; element " + size + " did not run"
              : "; elements " + (index + 2) + " to " + size + " did not run");
    }
    return new BatchUpdateException(
        message.toString(), sqlState, errorCode, Arrays.copyOf(counts, index), cause);
  }

  private static String abbreviate(String sql) {
    String oneLine = sql.replaceAll("\\s+", " ").strip();
    return oneLine.length() <= 80 ? oneLine : oneLine.substring(0, 77) + "...";
  }

  /** Positioned updates (WHERE CURRENT OF) need named cursors, which Icegate has not. */
  static SQLException noCursorNames() {
    return new java.sql.SQLFeatureNotSupportedException(
        "Cannot name a cursor: Icegate has no positioned UPDATE or DELETE (WHERE CURRENT OF);"
            + " change rows with UPDATE, DELETE or MERGE and a condition",
        SqlStates.NOT_SUPPORTED);
  }

  /** A limit on the bytes of each value: only none (0) is had. */
  static void checkMaxFieldSize(int max) throws SQLException {
    if (max != 0) {
      throw new java.sql.SQLFeatureNotSupportedException(
          "Cannot limit values to "
              + max
              + " bytes: Icegate sends every value whole (0, no limit, is the only setting);"
              + " cut them in the query with substr or left",
          SqlStates.NOT_SUPPORTED);
    }
  }
}
