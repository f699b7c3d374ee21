package io.icegate.gateway.meta;

import io.icegate.gateway.result.ResultCursor;

/** One JDBC statement of a connection: its prepared SQL, if any, and its open result. */
final class GatewayStatement {
  private final int id;
  private String preparedSql;
  private long maxRows;
  private ResultCursor cursor;
  private int executions;
  private String jobGroup;

  GatewayStatement(int id) {
    this.id = id;
  }

  int id() {
    return id;
  }

  synchronized String preparedSql() {
    return preparedSql;
  }

  /** Remembers the SQL to execute later (null for direct execution) and the row limit of its results. */
  synchronized void prepare(String sql, long maxRows) {
    this.preparedSql = sql;
    this.maxRows = maxRows;
  }

  synchronized long maxRows() {
    return maxRows;
  }

  /** Replaces the open result, closing the previous one (and stopping its Spark work). */
  synchronized void open(ResultCursor next) {
    closeResult();
    this.cursor = next;
  }

  synchronized ResultCursor cursor() {
    return cursor;
  }

  /** Starts a new execution: its Spark jobs, including those that compute later frames, carry this group. */
  synchronized String nextJobGroup(String connectionId) {
    executions++;
    jobGroup = "icegate-" + connectionId + "-" + id + "-" + executions;
    return jobGroup;
  }

  synchronized String jobGroup() {
    return jobGroup;
  }

  synchronized void closeResult() {
    if (cursor != null) {
      cursor.close();
      cursor = null;
    }
  }
}
