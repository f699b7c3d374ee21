package io.icegate.gateway.jdbc;

import io.icegate.gateway.activity.StatementActivity;
import io.icegate.gateway.result.ResultCursor;

/**
 * One JDBC statement of a connection: its prepared SQL, if any, its open result and its current
 * execution.
 */
final class GatewayStatement {
  private final int id;
  private String preparedSql;
  private long maxRows;
  private ResultCursor cursor;
  private int executions;
  private String jobGroup;
  private StatementActivity activity;

  GatewayStatement(int id) {
    this.id = id;
  }

  int id() {
    return id;
  }

  synchronized String preparedSql() {
    return preparedSql;
  }

  /**
   * Remembers the SQL to execute later (null for direct execution) and the row limit of its
   * results.
   */
  synchronized void prepare(String sql, long maxRows) {
    this.preparedSql = sql;
    this.maxRows = maxRows;
  }

  synchronized long maxRows() {
    return maxRows;
  }

  /** Replaces the open result, closing the previous one (and stopping its Spark work). */
  synchronized void open(ResultCursor next) {
    closeCursor();
    this.cursor = next;
  }

  synchronized ResultCursor cursor() {
    return cursor;
  }

  /**
   * Starts a new execution, tracked by {@code next}: its Spark jobs, including those that compute
   * later frames, carry the returned job group.
   */
  synchronized String nextExecution(String connectionId, StatementActivity next) {
    executions++;
    jobGroup = "icegate-" + connectionId + "-" + id + "-" + executions;
    activity = next;
    next.runsIn(jobGroup);
    return jobGroup;
  }

  synchronized String jobGroup() {
    return jobGroup;
  }

  /** The current (or last) execution, or null before the first. */
  synchronized StatementActivity activity() {
    return activity;
  }

  /**
   * Closes the open result; its execution, if still going, has ended (the client is done with it).
   */
  synchronized void closeResult() {
    closeCursor();
    if (activity != null) {
      activity.finish();
    }
  }

  private void closeCursor() {
    if (cursor != null) {
      cursor.close();
      cursor = null;
    }
  }
}
