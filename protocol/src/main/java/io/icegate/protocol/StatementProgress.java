package io.icegate.protocol;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.OptionalDouble;

/**
 * One row of a {@link MetadataMethod#STATEMENT_PROGRESS} answer: a statement that has not ended,
 * with its query id (for {@code CALL icegate.system.cancel}), its state ({@code QUEUED} while it
 * waits for a slot to run Spark work, with its place in the queue; {@code RUNNING} until its first
 * rows reach the client, then {@code STREAMING}) and its Spark stages and tasks.
 */
public record StatementProgress(
    String queryId,
    int statementId,
    String state,
    Duration elapsed,
    int stagesDone,
    int stagesTotal,
    int tasksDone,
    int tasksTotal,
    int queuePosition) {

  /** The answer's columns, in order. */
  public enum Column {
    QUERY_ID(false),
    STATEMENT_ID(true),
    STATE(false),
    ELAPSED_MS(true),
    STAGES_DONE(true),
    STAGES_TOTAL(true),
    TASKS_DONE(true),
    TASKS_TOTAL(true),
    /** 1 for the next statement to run, 0 when it is not queued; gateways before it lack it. */
    QUEUE_POSITION(true);

    private final boolean integer;

    Column(boolean integer) {
      this.integer = integer;
    }

    /** Whether the column is an {@code INTEGER}; the others are {@code VARCHAR}. */
    public boolean isInteger() {
      return integer;
    }
  }

  /** Done tasks over all tasks, from 0 to 1; empty until Spark has tasks for it. */
  public OptionalDouble fraction() {
    return tasksTotal == 0
        ? OptionalDouble.empty()
        : OptionalDouble.of((double) tasksDone / tasksTotal);
  }

  /**
   * The row's values, in {@link Column} order; the elapsed time in milliseconds, at most {@code
   * Integer.MAX_VALUE}.
   */
  public List<Object> row() {
    int elapsedMillis = (int) Math.min(Integer.MAX_VALUE, elapsed.toMillis());
    return List.of(
        queryId,
        statementId,
        state,
        elapsedMillis,
        stagesDone,
        stagesTotal,
        tasksDone,
        tasksTotal,
        queuePosition);
  }

  /** The row {@code rs} is on. */
  public static StatementProgress read(ResultSet rs) throws SQLException {
    return new StatementProgress(
        rs.getString(Column.QUERY_ID.name()),
        rs.getInt(Column.STATEMENT_ID.name()),
        rs.getString(Column.STATE.name()),
        Duration.ofMillis(rs.getInt(Column.ELAPSED_MS.name())),
        rs.getInt(Column.STAGES_DONE.name()),
        rs.getInt(Column.STAGES_TOTAL.name()),
        rs.getInt(Column.TASKS_DONE.name()),
        rs.getInt(Column.TASKS_TOTAL.name()),
        hasColumn(rs, Column.QUEUE_POSITION) ? rs.getInt(Column.QUEUE_POSITION.name()) : 0);
  }

  private static boolean hasColumn(ResultSet rs, Column column) throws SQLException {
    for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
      if (rs.getMetaData().getColumnLabel(i).equalsIgnoreCase(column.name())) {
        return true;
      }
    }
    return false;
  }
}
