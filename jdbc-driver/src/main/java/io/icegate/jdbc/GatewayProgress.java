package io.icegate.jdbc;

import io.icegate.protocol.MetadataCall;
import io.icegate.protocol.MetadataMethod;
import io.icegate.protocol.StatementProgress;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * How far the statements that a connection runs on the gateway have come, read while they run (from
 * another thread: the gateway answers at once, without Spark). What {@code bin/icegate sql} draws
 * its progress bar from; the same numbers, for every connection, are in the gateway's table {@code
 * icegate.system.queries}.
 */
public final class GatewayProgress {
  private GatewayProgress() {}

  /**
   * One statement that has not ended: its query id (for {@code CALL icegate.system.cancel}), its
   * state ({@code QUEUED} while it waits for one of the gateway's slots to run Spark work, {@code
   * RUNNING} until its first rows reach the client, then {@code STREAMING}), its Spark stages and
   * tasks, and its place in the gateway's queue (1: next to run; 0 when not queued).
   */
  public record Statement(
      String queryId,
      int statementId,
      String state,
      Duration elapsed,
      int stagesDone,
      int stagesTotal,
      int tasksDone,
      int tasksTotal,
      int queuePosition) {
    /** Done tasks over all tasks, from 0 to 1; empty until Spark has tasks for it. */
    public OptionalDouble fraction() {
      return tasksTotal == 0
          ? OptionalDouble.empty()
          : OptionalDouble.of((double) tasksDone / tasksTotal);
    }

    private static Statement of(StatementProgress p) {
      return new Statement(
          p.queryId(),
          p.statementId(),
          p.state(),
          p.elapsed(),
          p.stagesDone(),
          p.stagesTotal(),
          p.tasksDone(),
          p.tasksTotal(),
          p.queuePosition());
    }
  }

  /**
   * The statements of {@code connection} (an Icegate connection) that have not ended, oldest first.
   */
  public static List<Statement> running(Connection connection) throws SQLException {
    if (!connection.isWrapperFor(IcegateConnection.class)) {
      throw new SQLFeatureNotSupportedException(
          "Cannot read statement progress: not a connection of the Icegate" + " driver",
          SqlStates.NOT_SUPPORTED);
    }
    List<Statement> statements = new ArrayList<>();
    try (ResultSet rs =
        IcegateDatabaseMetaData.gatewayCall(
            connection, MetadataCall.of(MetadataMethod.STATEMENT_PROGRESS))) {
      while (rs.next()) {
        statements.add(Statement.of(StatementProgress.read(rs)));
      }
    }
    return statements;
  }
}
