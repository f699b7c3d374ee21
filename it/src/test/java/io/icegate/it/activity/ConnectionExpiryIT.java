package io.icegate.it.activity;

import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static io.icegate.it.SqlFailures.assertFails;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.icegate.it.RunningGateway;
import io.icegate.it.SparkJobs;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A client that goes away costs the gateway nothing once its connection has been idle for the
 * expiry window: its Spark work is cancelled and its session released, as the gateway's system
 * tables and Spark's status tracker show. A client that comes back to an expired connection is told
 * to reconnect.
 */
class ConnectionExpiryIT {
  private static final int IDLE_TIMEOUT_SECONDS = 3;

  @RegisterExtension
  static final RunningGateway gateway =
      RunningGateway.withSettings(
          Map.of(
              "icegate.connection.idle-timeout-seconds", Integer.toString(IDLE_TIMEOUT_SECONDS)));

  @Test
  void aKilledClientMidResultLeavesNoSparkJobAndNoSessionAfterTheWindow() throws Exception {
    Process client = startKilledClient("killed-client");
    try {
      awaitLine(client, "READING");
      // Gone at once, before anything is checked: the gateway learns nothing from that, so what it
      // does before the window ends (keep the session) is seen below, however slow the checks.
      client.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
      try (Connection watcher = gateway.connectAs("watcher")) {
        // The window runs from the client's last request, as the gateway (in this JVM, on the
        // same clock) saw it: counted back from before the question, never later than it was.
        long asked = System.nanoTime();
        List<List<Object>> idle =
            query(
                watcher,
                "SELECT idle_ms FROM icegate.system.connections WHERE user_name = 'killed-client'");
        assertThat(idle).as("the killed client's connection, idle for ms").hasSize(1);
        long lastRequest = asked - ((Long) idle.get(0).get(0) + 1) * 1_000_000;
        assertThat(
                query(
                    watcher,
                    "SELECT state FROM icegate.system.queries WHERE user_name = 'killed-client'"))
            .containsExactly(row("STREAMING"));
        assertThat(SparkJobs.anyRunning()).as("the result's partitions computed ahead").isTrue();

        awaitEmpty(
            watcher,
            "SELECT connection_id FROM icegate.system.connections WHERE user_name ="
                + " 'killed-client'");
        // Seen gone only after a whole window without a request: not at the kill, nor early.
        long goneAfterMillis = (System.nanoTime() - lastRequest) / 1_000_000;
        assertThat(goneAfterMillis)
            .as("ms from the client's last request until the session was seen released")
            .isGreaterThanOrEqualTo(IDLE_TIMEOUT_SECONDS * 1000L)
            .isLessThan((IDLE_TIMEOUT_SECONDS + 10) * 1000L);
        assertThat(
                query(
                    watcher,
                    "SELECT state FROM icegate.system.queries WHERE user_name = 'killed-client'"))
            .containsExactly(row("CANCELLED"));
        SparkJobs.assertNoneRunningSoon();
      }
    } finally {
      client.destroyForcibly();
    }
  }

  @Test
  void aConnectionUsedAfterItExpiredSaysToReconnect() throws Exception {
    try (Connection idle = gateway.connectAs("sleeper")) {
      assertThat(query(idle, "SELECT 1")).containsExactly(row(1));
      // No request for longer than the idle window: that is what the test is about, not a wait for
      // a state.
      Thread.sleep((IDLE_TIMEOUT_SECONDS + 3) * 1000L);
      assertFails(
          () -> query(idle, "SELECT 2"),
          "08003",
          "closed it after " + IDLE_TIMEOUT_SECONDS + " s without a request",
          "icegate.connection.idle-timeout-seconds",
          "reconnect");
    }
    try (Connection again = gateway.connectAs("sleeper")) {
      assertThat(query(again, "SELECT 3")).containsExactly(row(3));
    }
  }

  @Test
  void aLongStatementKeepsItsConnectionAlive() throws Exception {
    try (Connection busy = gateway.connectAs("busy");
        java.sql.Statement statement = busy.createStatement()) {
      // Runs until its own query timeout stops it, well past the idle window, with no request in
      // between.
      statement.setQueryTimeout(IDLE_TIMEOUT_SECONDS + 3);
      long started = System.nanoTime();
      assertFails(
          () ->
              statement.executeQuery(
                  "SELECT count(*) FROM range(0, 100000000000, 1, 4) a WHERE a.id % 7 = 3"),
          "57014",
          "timed out");
      assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started))
          .isGreaterThanOrEqualTo(IDLE_TIMEOUT_SECONDS + 2);
      assertThat(query(busy, "SELECT 4")).containsExactly(row(4));
    }
  }

  /**
   * The client program, run by the JDK's source launcher with nothing but the shaded driver jar.
   */
  private static Process startKilledClient(String user) throws Exception {
    Path jar;
    try (var jars = Files.list(Path.of("..", "jdbc-driver", "target"))) {
      jar =
          jars.filter(
                  p -> p.getFileName().toString().matches("icegate-jdbc-[^-]+(-SNAPSHOT)?\\.jar"))
              .findFirst()
              .orElseThrow(() -> new AssertionError("no shaded driver jar in jdbc-driver/target"));
    }
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Path source = Path.of("src", "test", "resources", "activity", "KilledClient.java");
    return new ProcessBuilder(
            java.toString(), "-cp", jar.toString(), source.toString(), gateway.jdbcUrl(), user)
        .redirectErrorStream(true)
        .start();
  }

  private static void awaitLine(Process process, String expected) throws Exception {
    BufferedReader output =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    StringBuilder seen = new StringBuilder();
    CompletableFuture<Boolean> found =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                for (String line = output.readLine(); line != null; line = output.readLine()) {
                  seen.append(line).append('\n');
                  if (line.equals(expected)) {
                    return true;
                  }
                }
                return false;
              } catch (java.io.IOException e) {
                return false;
              }
            });
    assertThat(found.get(90, TimeUnit.SECONDS)).as("client output:\n" + seen).isTrue();
  }

  private static void awaitEmpty(Connection c, String sql) {
    await()
        .atMost(Duration.ofSeconds(IDLE_TIMEOUT_SECONDS + 30))
        .untilAsserted(() -> assertThat(query(c, sql)).as(sql).isEmpty());
  }
}
