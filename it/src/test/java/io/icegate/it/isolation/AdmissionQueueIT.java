package io.icegate.it.isolation;

import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static io.icegate.it.SqlFailures.assertFails;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.icegate.it.RunningGateway;
import io.icegate.jdbc.GatewayProgress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The gateway-wide limit on statements running Spark work: past it statements wait in arrival
 * order, shown as QUEUED with their position in {@code icegate.system.queries}, the driver's
 * progress call and the console; they can be cancelled while they wait, and fail with 53400 after
 * the queue timeout. Metadata tables, system tables and SHOW never wait.
 */
class AdmissionQueueIT {
  @RegisterExtension
  static final RunningGateway gateway =
      RunningGateway.withSettings(
          Map.of(
              "icegate.limits.max-running-statements", "1",
              "icegate.limits.queue-timeout-seconds", "4"));

  /** Two slots: no user takes both while another user waits. */
  @RegisterExtension
  static final RunningGateway twoSlots =
      RunningGateway.withSettings(Map.of("icegate.limits.max-running-statements", "2"));

  /** Runs until cancelled: it holds the one slot. */
  private static final String LONG =
      "SELECT count(*) FROM range(0, 100000000000, 1, 4) WHERE id % 7 = 3";

  private static final ExecutorService CLIENTS = Executors.newCachedThreadPool();

  @BeforeAll
  static void table() throws SQLException {
    try (Connection c = gateway.connectAs("setup")) {
      Statement s = c.createStatement();
      s.execute("CREATE NAMESPACE IF NOT EXISTS demo.queue");
      s.execute("CREATE TABLE demo.queue.t (id bigint) USING iceberg");
      s.execute("INSERT INTO demo.queue.t VALUES (1), (2)");
    }
  }

  @AfterAll
  static void stopClients() {
    CLIENTS.shutdownNow();
  }

  @Test
  void statementsPastTheLimitWaitInArrivalOrderAndCanBeWatchedAndCancelled() throws Exception {
    try (Connection holder = gateway.connectAs("holder");
        Connection first = gateway.connectAs("first");
        Connection second = gateway.connectAs("second");
        Connection third = gateway.connectAs("third");
        Connection watcher = gateway.connectAs("watcher")) {
      Statement holding = holder.createStatement();
      Future<?> held = CLIENTS.submit(() -> holding.executeQuery(LONG));
      awaitState(watcher, "holder", "RUNNING");

      Future<List<List<Object>>> firstResult =
          CLIENTS.submit(() -> query(first, "SELECT count(*) FROM demo.queue.t"));
      awaitState(watcher, "first", "QUEUED");
      Statement secondStatement = second.createStatement();
      Future<?> secondResult =
          CLIENTS.submit(() -> secondStatement.executeQuery("SELECT count(*) FROM range(10)"));
      awaitState(watcher, "second", "QUEUED");
      Future<List<List<Object>>> thirdResult =
          CLIENTS.submit(() -> query(third, "SELECT sum(id) FROM demo.queue.t"));
      awaitState(watcher, "third", "QUEUED");

      assertThat(
              query(
                  watcher,
                  "SELECT user_name, state, queue_position FROM icegate.system.queries"
                      + " WHERE state = 'QUEUED' ORDER BY queue_position"))
          .containsExactly(
              row("first", "QUEUED", 1), row("second", "QUEUED", 2), row("third", "QUEUED", 3));
      GatewayProgress.Statement progress = GatewayProgress.running(second).get(0);
      assertThat(progress.state()).isEqualTo("QUEUED");
      assertThat(progress.queuePosition()).isEqualTo(2);
      assertThat(console()).contains("QUEUED (position <span class=\"queue-position\">1</span>)");

      // What the gateway answers itself never waits behind Spark work.
      assertThat(query(watcher, "SELECT count(*) FROM demo.queue.t.snapshots"))
          .containsExactly(row(1L));
      assertThat(query(watcher, "SHOW TABLES IN demo.queue")).hasSize(1);

      // Cancelled while it waits: it leaves the queue, and the one behind it moves up.
      secondStatement.cancel();
      assertFails(() -> getCause(secondResult), "57014", "while it waited in the gateway's queue");
      assertThat(
              query(
                  watcher,
                  "SELECT user_name, queue_position FROM icegate.system.queries"
                      + " WHERE state = 'QUEUED' ORDER BY queue_position"))
          .containsExactly(row("first", 1), row("third", 2));

      holding.cancel();
      assertFails(() -> getCause(held), "57014", "cancelled");
      assertThat(firstResult.get(1, TimeUnit.MINUTES)).containsExactly(row(2L));
      assertThat(thirdResult.get(1, TimeUnit.MINUTES)).containsExactly(row(3L));
      assertThat(
              query(
                  watcher,
                  "SELECT user_name, queued_ms > 0 FROM icegate.system.queries"
                      + " WHERE user_name IN ('first', 'third') ORDER BY query_id"))
          .containsExactly(row("first", true), row("third", true));
    }
  }

  @Test
  void aStatementThatWaitsLongerThanTheQueueTimeoutFailsNamingTheSettings() throws Exception {
    try (Connection holder = gateway.connectAs("holder");
        Connection late = gateway.connectAs("late");
        Connection watcher = gateway.connectAs("watcher")) {
      Statement holding = holder.createStatement();
      Future<?> held = CLIENTS.submit(() -> holding.executeQuery(LONG));
      awaitState(watcher, "holder", "RUNNING");

      assertFails(
          () -> query(late, "SELECT count(*) FROM range(10)"),
          "53400",
          "waited 4 s in the gateway's queue (icegate.limits.queue-timeout-seconds)",
          "icegate.limits.max-running-statements=1");

      holding.cancel();
      assertFails(() -> getCause(held), "57014", "cancelled");
      assertThat(query(late, "SELECT count(*) FROM range(10)")).containsExactly(row(10L));
    }
  }

  @Test
  void whileAnotherUserWaitsTheNextSlotGoesToThemBeforeAUserHoldingHalf() throws Exception {
    try (Connection a1 = twoSlots.connectAs("greedy");
        Connection a2 = twoSlots.connectAs("greedy");
        Connection a3 = twoSlots.connectAs("greedy");
        Connection b = twoSlots.connectAs("modest");
        Connection watcher = twoSlots.connectAs("watcher")) {
      Statement first = a1.createStatement();
      Future<?> firstRuns = CLIENTS.submit(() -> first.executeQuery(LONG));
      Statement second = a2.createStatement();
      Future<?> secondRuns = CLIENTS.submit(() -> second.executeQuery(LONG));
      // Nobody else waits: one user may take both slots.
      await("greedy holds both slots")
          .atMost(Duration.ofSeconds(60))
          .until(() -> count(watcher, "greedy", "RUNNING") == 2);

      Statement third = a3.createStatement();
      Future<?> thirdRuns = CLIENTS.submit(() -> third.executeQuery(LONG));
      awaitState(watcher, "greedy", "QUEUED");
      Statement modest = b.createStatement();
      Future<?> modestRuns = CLIENTS.submit(() -> modest.executeQuery(LONG));
      awaitState(watcher, "modest", "QUEUED");

      first.cancel();
      assertFails(() -> getCause(firstRuns), "57014", "cancelled");
      await("the modest user's statement starts")
          .atMost(Duration.ofSeconds(60))
          .until(() -> count(watcher, "modest", "RUNNING") == 1);
      assertThat(count(watcher, "greedy", "QUEUED"))
          .as("greedy's third statement, which came first, still waits")
          .isEqualTo(1);

      for (Statement s : List.of(second, third, modest)) {
        s.cancel();
      }
      for (Future<?> f : List.of(secondRuns, thirdRuns, modestRuns)) {
        assertFails(() -> getCause(f), "57014", "cancelled");
      }
    }
  }

  private static int count(Connection watcher, String user, String state) throws SQLException {
    return query(
            watcher,
            "SELECT 1 FROM icegate.system.queries WHERE user_name = '"
                + user
                + "' AND state = '"
                + state
                + "'")
        .size();
  }

  private static void awaitState(Connection watcher, String user, String state) {
    await(user + " " + state)
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(100))
        .until(
            () ->
                !query(
                        watcher,
                        "SELECT 1 FROM icegate.system.queries WHERE user_name = '"
                            + user
                            + "' AND state = '"
                            + state
                            + "'")
                    .isEmpty());
  }

  private static void getCause(Future<?> future) throws Throwable {
    try {
      future.get(1, TimeUnit.MINUTES);
    } catch (java.util.concurrent.ExecutionException e) {
      throw e.getCause();
    }
  }

  /** The console's running statements, as the page's script fetches them. */
  private static String console() throws Exception {
    HttpResponse<String> page =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(gateway.server().url() + "/ui/statements"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(page.statusCode()).isEqualTo(200);
    return page.body();
  }
}
