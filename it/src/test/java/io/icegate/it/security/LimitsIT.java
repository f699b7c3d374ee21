package io.icegate.it.security;

import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static io.icegate.it.SqlFailures.assertFails;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.icegate.it.RunningGateway;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Each of the gateway's limits, when hit, is a clear error with its own SQLState naming the
 * setting.
 */
class LimitsIT {
  @RegisterExtension
  static final RunningGateway gateway =
      RunningGateway.withSettings(
          Map.of(
              "icegate.limits.max-connections", "3",
              "icegate.limits.max-statements-per-user", "1",
              "icegate.limits.statement-timeout-seconds", "3",
              "icegate.limits.max-result-rows", "2500"));

  @Test
  void oneConnectionMoreThanTheLimitIsRefused() throws Exception {
    try (Connection a = gateway.connectAs("conn-a");
        Connection b = gateway.connectAs("conn-b");
        Connection c = gateway.connectAs("conn-c")) {
      assertFails(
          () -> gateway.connectAs("conn-d"), "53300", "3 open", "icegate.limits.max-connections=3");
    }
    try (Connection again = gateway.connectAs("conn-d")) {
      assertThat(query(again, "SELECT 1")).containsExactly(row(1));
    }
  }

  @Test
  void oneStatementMoreThanAUserMayRunIsRefusedUntilTheFirstEnds() throws Exception {
    try (Connection one = gateway.connectAs("busy-user");
        Connection two = gateway.connectAs("busy-user");
        Connection watcher = gateway.connectAs("watcher")) {
      // Runs until the gateway's statement timeout (3 s) cancels it.
      CompletableFuture<Void> running =
          CompletableFuture.runAsync(
              () -> {
                try {
                  query(
                      one,
                      "SELECT count(*) FROM range(0, 100000000000, 1, 4) a WHERE a.id % 7 = 3");
                } catch (SQLException expected) {
                  // Cancelled by the timeout.
                }
              });
      // Polled at once and often, on this thread: the statement runs for only 3 s.
      await("the first statement showing as running")
          .atMost(Duration.ofSeconds(30))
          .pollInSameThread()
          .pollDelay(Duration.ZERO)
          .pollInterval(Duration.ofMillis(20))
          .until(
              () ->
                  !query(
                          watcher,
                          "SELECT query_id FROM icegate.system.queries WHERE user_name ="
                              + " 'busy-user' AND state = 'RUNNING'")
                      .isEmpty());
      assertFails(
          () -> query(two, "SELECT 2"),
          "53400",
          "user 'busy-user'",
          "icegate.limits.max-statements-per-user=1",
          "icegate.system.queries");
      running.get(60, TimeUnit.SECONDS);
      assertThat(query(two, "SELECT 2")).containsExactly(row(2));
    }
  }

  @Test
  void aStatementRunningLongerThanTheGatewaysTimeoutIsCancelled() throws Exception {
    try (Connection c = gateway.connectAs("slow-user")) {
      long started = System.nanoTime();
      assertFails(
          () -> query(c, "SELECT count(*) FROM range(0, 100000000000, 1, 4) a WHERE a.id % 7 = 3"),
          "57014",
          "timed out after 3 s",
          "icegate.limits.statement-timeout-seconds");
      assertThat((System.nanoTime() - started) / 1_000_000_000).as("seconds").isLessThan(3 + 5);
      assertThat(query(c, "SELECT 3")).containsExactly(row(3));
    }
  }

  @Test
  void aResultLargerThanTheLimitFailsInsteadOfBeingCut() throws Exception {
    try (Connection c = gateway.connectAs("big-reader")) {
      assertThat(query(c, "SELECT id FROM range(0, 2500)")).hasSize(2500);
      assertFails(
          () -> query(c, "SELECT id FROM range(0, 2501)"),
          "54000",
          "more than 2500 rows",
          "icegate.limits.max-result-rows",
          "LIMIT");
      try (Statement s = c.createStatement()) {
        // The client's own smaller limit (setMaxRows) cuts the result as JDBC says, without an
        // error.
        s.setMaxRows(10);
        int rows = 0;
        try (ResultSet rs = s.executeQuery("SELECT id FROM range(0, 1000000)")) {
          while (rs.next()) {
            rows++;
          }
        }
        assertThat(rows).isEqualTo(10);
      }
    }
  }
}
