package io.icegate.it;

import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.spark.SparkContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code Statement.cancel()} from another thread, or a query timeout, stops the statement's Spark
 * work within seconds: the execution fails with SQLState 57014, no job of it keeps running, and the
 * connection goes on working. A maximum row count stops the Spark work behind the result too, not
 * only the client's reading.
 */
class CancelIT {
  /** A query that keeps two cores busy for minutes. */
  private static final String LONG_QUERY =
      "SELECT count(*) FROM range(0, 100000000000, 1, 4) a WHERE a.id % 7 = 3";

  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();

  @Test
  void cancelFromAnotherThreadStopsTheRunningQuery() throws Exception {
    try (Connection c = gateway.connect();
        Statement statement = c.createStatement()) {
      assertCancelled(() -> statement.executeQuery(LONG_QUERY), statement::cancel);
      assertThat(query(c, "SELECT 1")).containsExactly(row(1));
    }
  }

  @Test
  void cancelStopsAPreparedStatementToo() throws Exception {
    try (Connection c = gateway.connect();
        PreparedStatement statement = c.prepareStatement(LONG_QUERY)) {
      assertCancelled(statement::executeQuery, statement::cancel);
    }
  }

  @Test
  void aQueryTimeoutCancelsTheQueryWhenItPasses() throws Exception {
    try (Connection c = gateway.connect();
        Statement statement = c.createStatement()) {
      statement.setQueryTimeout(3);
      long started = System.nanoTime();
      assertThatThrownBy(() -> statement.executeQuery(LONG_QUERY))
          .isInstanceOf(SQLTimeoutException.class)
          .hasMessageContaining("timed out after 3 s")
          .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("57014"));
      // The bound: the error within 5 s of the cancel, which the timeout sends after 3 s.
      assertThat(Duration.ofNanos(System.nanoTime() - started))
          .isLessThan(Duration.ofSeconds(3 + 5));
      statement.setQueryTimeout(0);
      assertThat(query(c, "SELECT 3")).containsExactly(row(3));
    }
  }

  @Test
  void maxRowsStopsTheSparkWorkBehindTheResult() throws Exception {
    try (Connection c = gateway.connect();
        Statement statement = c.createStatement()) {
      statement.setMaxRows(5);
      long started = System.nanoTime();
      List<Long> ids = new ArrayList<>();
      try (ResultSet rs = statement.executeQuery("SELECT id FROM range(0, 100000000000, 1, 4)")) {
        while (rs.next()) {
          ids.add(rs.getLong(1));
        }
      }
      assertThat(ids).hasSize(5);
      SparkJobs.assertNoneRunningSoon();
      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(60));
    }
  }

  @Test
  void cancelWithNothingRunningDoesNothing() throws Exception {
    try (Connection c = gateway.connect();
        Statement statement = c.createStatement()) {
      statement.cancel();
      assertThat(query(c, "SELECT 2")).containsExactly(row(2));
    }
  }

  private interface Execution {
    Object run() throws SQLException;
  }

  private interface Cancel {
    void run() throws SQLException;
  }

  private static void assertCancelled(Execution execution, Cancel cancel) throws Exception {
    SparkContext spark = TestGateway.engine().rootSession().sparkContext();
    CompletableFuture<Throwable> outcome =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                execution.run();
                return null;
              } catch (Throwable t) {
                return t;
              }
            });
    awaitRunningJob(spark);
    long cancelledAt = System.nanoTime();
    cancel.run();

    Throwable failure = outcome.get(60, TimeUnit.SECONDS);
    Duration took = Duration.ofNanos(System.nanoTime() - cancelledAt);
    assertThat(failure).as("the execution's outcome").isInstanceOf(SQLException.class);
    assertThat(((SQLException) failure).getSQLState()).as(failure.getMessage()).isEqualTo("57014");
    assertThat(took).as("time from cancel to the failure").isLessThan(Duration.ofSeconds(5));
    SparkJobs.assertNoneRunningSoon();
  }

  private static void awaitRunningJob(SparkContext spark) {
    await("a Spark job of the query")
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(50))
        .until(() -> spark.statusTracker().getActiveJobIds().length > 0);
  }
}
