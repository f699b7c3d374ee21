package io.icegate.it.activity;

import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static io.icegate.it.SqlFailures.assertFails;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.icegate.it.RunningGateway;
import io.icegate.it.SparkJobs;
import io.icegate.jdbc.GatewayProgress;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The gateway's own tables show what it runs ({@code icegate.system.queries}, with Spark's stages
 * and tasks) and who is connected ({@code icegate.system.connections}); another connection cancels
 * a statement by its id.
 */
class GatewayActivityIT {
  /** A query that keeps two cores busy for minutes, in 4 tasks. */
  private static final String LONG_QUERY =
      "SELECT count(*) FROM range(0, 100000000000, 1, 4) a WHERE a.id % 7 = 3";

  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();

  @Test
  void queriesShowsARunningStatementWithItsProgressAndAnotherConnectionCancelsItById()
      throws Exception {
    try (Connection runner = gateway.connectAs("runner");
        Connection watcher = gateway.connectAs("watcher");
        Statement statement = runner.createStatement()) {
      CompletableFuture<Throwable> outcome = runAsync(() -> statement.executeQuery(LONG_QUERY));
      List<Object> running =
          awaitRow(
              watcher,
              "SELECT query_id, user_name, statement, state, stages_total, tasks_total, tasks_done,"
                  + " progress FROM icegate.system.queries WHERE state = 'RUNNING' AND user_name ="
                  + " 'runner' AND tasks_total > 0");
      String queryId = (String) running.get(0);
      assertThat(running.subList(1, 5)).containsExactly("runner", LONG_QUERY, "RUNNING", 1);
      assertThat((Integer) running.get(5)).isEqualTo(4);
      assertThat((Integer) running.get(6)).isBetween(0, 4);
      assertThat((Double) running.get(7)).isBetween(0.0, 1.0);

      long cancelledAt = System.nanoTime();
      assertThat(query(watcher, "CALL icegate.system.cancel('" + queryId + "')"))
          .containsExactly(row(queryId, true, "RUNNING"));
      Throwable failure = outcome.get(60, TimeUnit.SECONDS);
      Duration took = Duration.ofNanos(System.nanoTime() - cancelledAt);
      assertThat(failure).isInstanceOf(SQLException.class);
      assertThat(((SQLException) failure).getSQLState())
          .as(failure.getMessage())
          .isEqualTo("57014");
      assertThat(took)
          .as("time from the cancel to the client's error")
          .isLessThan(Duration.ofSeconds(5));
      SparkJobs.assertNoneRunningSoon();

      assertThat(
              query(
                  watcher,
                  "SELECT state, error FROM icegate.system.queries WHERE query_id = '"
                      + queryId
                      + "'"))
          .containsExactly(row("CANCELLED", "Statement was cancelled"));
      // Cancelling it again changes nothing and says so.
      try (Statement again = watcher.createStatement();
          ResultSet rs =
              again.executeQuery("CALL icegate.system.cancel(query_id => '" + queryId + "')")) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getBoolean("cancelled")).isFalse();
        assertThat((Object) again.getWarnings()).isNotNull();
        assertThat(again.getWarnings().getMessage()).contains("already ended (CANCELLED)");
      }
      assertThat(query(runner, "SELECT 1")).containsExactly(row(1));
    }
  }

  @Test
  void aFinishedQueryShowsItsRowsAndCompleteProgress() throws Exception {
    try (Connection c = gateway.connectAs("finisher")) {
      assertThat(query(c, "SELECT id FROM range(0, 1000, 1, 3)")).hasSize(1000);
      assertThat(
              query(
                  c,
                  "SELECT state, row_count, stages_done = stages_total, tasks_done, tasks_total,"
                      + " progress FROM icegate.system.queries WHERE user_name = 'finisher' AND"
                      + " state = 'FINISHED' AND statement LIKE '%range(0, 1000, 1, 3)%'"))
          .containsExactly(row("FINISHED", 1000L, true, 3, 3, 1.0));
    }
  }

  /**
   * Icegate's driver asks for the first frame in the fetch size too (Avatica's would take the whole
   * result in it): until the client reads on, the result is being read with one frame sent.
   */
  @Test
  void aResultGoesInFramesOfTheFetchSizeTheFirstIncluded() throws Exception {
    String sql = "SELECT id FROM range(0, 1000, 1, 2)";
    String seen =
        "SELECT state, row_count FROM icegate.system.queries WHERE user_name = 'framed'"
            + " AND statement = '"
            + sql
            + "'";
    try (Connection reader = gateway.connectAs("framed");
        Connection watcher = gateway.connectAs("watcher-3");
        Statement statement = reader.createStatement()) {
      statement.setFetchSize(100);
      try (ResultSet rs = statement.executeQuery(sql)) {
        assertThat(query(watcher, seen)).containsExactly(row("STREAMING", 100L));
        int rows = 0;
        while (rs.next()) {
          rows++;
        }
        assertThat(rows).isEqualTo(1000);
      }
      assertThat(query(watcher, seen)).containsExactly(row("FINISHED", 1000L));
    }
  }

  @Test
  void aProcedureCountsTheSparkTasksItRuns() throws Exception {
    try (Connection c = gateway.connectAs("rewriter")) {
      io.icegate.it.Rows.execute(
          c,
          "CREATE NAMESPACE IF NOT EXISTS demo.activity_it",
          "CREATE TABLE demo.activity_it.small (id bigint) USING iceberg",
          "INSERT INTO demo.activity_it.small VALUES (1)",
          "INSERT INTO demo.activity_it.small VALUES (2)",
          "INSERT INTO demo.activity_it.small VALUES (3)");
      assertThat(
              query(
                  c,
                  "CALL demo.system.rewrite_data_files(table => 'activity_it.small',"
                      + " options => map('min-input-files', '2'))"))
          .hasSize(1);
      List<List<Object>> rewrite =
          query(
              c,
              "SELECT state, tasks_total > 0, tasks_done = tasks_total FROM icegate.system.queries"
                  + " WHERE user_name = 'rewriter' AND statement LIKE 'CALL%'");
      assertThat(rewrite).containsExactly(row("FINISHED", true, true));
    }
  }

  @Test
  void theDriverReadsTheProgressOfItsOwnRunningStatement() throws Exception {
    try (Connection c = gateway.connectAs("progress");
        Statement statement = c.createStatement()) {
      CompletableFuture<Throwable> outcome = runAsync(() -> statement.executeQuery(LONG_QUERY));
      GatewayProgress.Statement seen =
          await("the running statement, from the same connection")
              .atMost(Duration.ofSeconds(60))
              .pollInterval(Duration.ofMillis(50))
              .until(
                  () ->
                      GatewayProgress.running(c).stream()
                          .filter(s -> s.tasksTotal() > 0)
                          .findFirst(),
                  Optional::isPresent)
              .orElseThrow();
      assertThat(seen.state()).isEqualTo("RUNNING");
      assertThat(seen.tasksTotal()).isEqualTo(4);
      assertThat(seen.stagesTotal()).isEqualTo(1);
      assertThat(seen.fraction()).isPresent();
      statement.cancel();
      Throwable failure = outcome.get(60, TimeUnit.SECONDS);
      assertThat(failure).isInstanceOf(SQLException.class);
      assertThat(((SQLException) failure).getSQLState()).as(failure.toString()).isEqualTo("57014");
      assertThat(GatewayProgress.running(c)).isEmpty();
    }
  }

  @Test
  void connectionsListsOpenConnectionsWithTheirUsers() throws Exception {
    try (Connection watcher = gateway.connectAs("watcher-2")) {
      String opened;
      try (Connection other = gateway.connectAs("visitor")) {
        List<List<Object>> rows =
            query(
                watcher,
                "SELECT connection_id, idle_ms >= 0, running_queries"
                    + " FROM icegate.system.connections WHERE user_name = 'visitor'");
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0).subList(1, 3)).containsExactly(true, 0);
        opened = (String) rows.get(0).get(0);
      }
      assertThat(
              query(
                  watcher,
                  "SELECT count(*) FROM icegate.system.connections WHERE connection_id = '"
                      + opened
                      + "'"))
          .containsExactly(row(0L));
    }
  }

  @Test
  void theSystemTablesAreVisibleToMetadataAndReadOnly() throws Exception {
    try (Connection c = gateway.connectAs("reader")) {
      assertThat(query(c, "SHOW TABLES IN icegate.system"))
          .containsExactlyInAnyOrder(
              row("system", "access_privileges", false),
              row("system", "access_rules", false),
              row("system", "connections", false),
              row("system", "queries", false),
              row("system", "table_health", false));
      assertFails(
          () -> query(c, "DROP TABLE icegate.system.queries"), "0A000", "icegate", "read-only");
      assertFails(() -> query(c, "SELECT * FROM icegate.system.no_such"), "42P01", "no_such");
    }
  }

  @Test
  void cancelNamesWhatIsWrongWithItsCall() throws Exception {
    try (Connection c = gateway.connectAs("caller")) {
      assertFails(
          () -> query(c, "CALL icegate.system.cancel('999999')"),
          "42704",
          "query '999999'",
          "no such query",
          "icegate.system.queries");
      assertFails(
          () -> query(c, "CALL icegate.system.cancel()"), "42000", "one argument, query_id");
      assertFails(
          () -> query(c, "CALL icegate.system.cancel(id => '1')"),
          "42000",
          "unknown argument 'id'",
          "valid: query_id");
      assertFails(
          () -> query(c, "CALL icegate.system.stop('1')"),
          "42883",
          "icegate.system.stop",
          "icegate.system.cancel");
    }
  }

  private interface Execution {
    Object run() throws SQLException;
  }

  private static CompletableFuture<Throwable> runAsync(Execution execution) {
    return CompletableFuture.supplyAsync(
        () -> {
          try {
            execution.run();
            return null;
          } catch (Throwable t) {
            return t;
          }
        });
  }

  /** The first row {@code sql} returns, polled until there is one. */
  private static List<Object> awaitRow(Connection c, String sql) {
    return await("a row of " + sql)
        .atMost(Duration.ofSeconds(60))
        .until(() -> query(c, sql), rows -> !rows.isEmpty())
        .get(0);
  }
}
