package io.icegate.it.isolation;

import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static io.icegate.it.SqlFailures.assertFails;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.icegate.gateway.engine.EmbeddedCluster;
import io.icegate.gateway.engine.ExecutorWatch;
import io.icegate.it.Processes;
import io.icegate.it.RunningGateway;
import io.icegate.it.TestGateway;
import io.icegate.it.operations.PrometheusText;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An executor process killed while statements run on it: Spark runs its tasks again on the others
 * and on the executor that replaces it, the statement's answer is whole, other connections go on,
 * {@code /ready} stays 200, and the loss is counted. A result already being read when its executor
 * dies fails clearly instead of repeating or skipping rows.
 */
class ExecutorLossIT {
  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();

  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final ExecutorService CLIENTS = Executors.newCachedThreadPool();

  @AfterAll
  static void stopClients() {
    CLIENTS.shutdownNow();
  }

  @Test
  void aStatementWhoseExecutorIsKilledIsRunAgainAndNothingElseIsLost() throws Exception {
    ExecutorWatch watch = TestGateway.engine().executorWatch().orElseThrow();
    await("both executors").atMost(Duration.ofSeconds(60)).until(() -> watch.running() == 2);
    double killedBefore = lost("killed");
    try (Connection a = gateway.connectAs("runner");
        Connection b = gateway.connectAs("bystander")) {
      long rows = 4_000_000_000L;
      Future<List<List<Object>>> answer =
          CLIENTS.submit(
              () -> query(a, "SELECT count(*), sum(id) FROM range(0, " + rows + ", 1, 16)"));
      await("its tasks run")
          .atMost(Duration.ofSeconds(60))
          .until(
              () ->
                  !query(
                          b,
                          "SELECT 1 FROM icegate.system.queries WHERE user_name = 'runner'"
                              + " AND tasks_done > 0 AND state = 'RUNNING'")
                      .isEmpty());

      ProcessHandle victim = executors().get(0);
      victim.destroyForcibly();
      await("the executor is gone").atMost(Duration.ofSeconds(30)).until(() -> !victim.isAlive());

      assertThat(ready()).as("/ready while the executor is replaced").isEqualTo(200);
      assertThat(query(b, "SELECT count(*) FROM range(0, 1000, 1, 2)")).containsExactly(row(1000L));
      assertThat(answer.get(5, TimeUnit.MINUTES))
          .as("the whole answer, its lost tasks run again")
          .containsExactly(row(rows, rows / 2 * (rows - 1)));
      await("a new executor replaces it")
          .atMost(Duration.ofSeconds(60))
          .until(() -> watch.running() == 2 && executors().size() == 2);
      assertThat(lost("killed")).isEqualTo(killedBefore + 1);
      assertThat(query(a, "SELECT 42")).containsExactly(row(42));
    }
  }

  @Test
  void aResultWhoseExecutorDiesWhileItIsReadFailsClearlyAndTheConnectionGoesOn() throws Exception {
    ExecutorWatch watch = TestGateway.engine().executorWatch().orElseThrow();
    await("both executors").atMost(Duration.ofSeconds(60)).until(() -> watch.running() == 2);
    try (Connection reader = gateway.connectAs("slow-reader");
        Statement s = reader.createStatement()) {
      s.setFetchSize(1000);
      assertFails(
          () -> {
            // Two partitions of 40 million rows each: the executors wait for the reader.
            try (ResultSet rs =
                s.executeQuery("SELECT id, repeat('x', 40) FROM range(0, 80000000, 1, 2)")) {
              for (int i = 0; i < 5000; i++) {
                rs.next();
              }
              executors().forEach(ProcessHandle::destroyForcibly);
              while (rs.next()) {
                // Reads on until the rows stop coming.
              }
            }
          },
          "58000",
          "the executor computing part of it was lost after some of its rows were sent",
          "run the statement again");
      assertThat(query(reader, "SELECT 42")).containsExactly(row(42));
    }
    await("new executors replace them")
        .atMost(Duration.ofSeconds(60))
        .until(() -> watch.running() == 2);
  }

  /** The embedded cluster's executor processes, as the operating system lists them. */
  static List<ProcessHandle> executors() {
    EmbeddedCluster cluster = TestGateway.engine().embeddedCluster().orElseThrow();
    return cluster
        .process()
        .descendants()
        .filter(ProcessHandle::isAlive)
        .filter(p -> Processes.commandLine(p).contains("CoarseGrainedExecutorBackend"))
        .toList();
  }

  private static int ready() throws Exception {
    return HTTP.send(
            HttpRequest.newBuilder(URI.create(gateway.server().url() + "/ready")).build(),
            HttpResponse.BodyHandlers.ofString())
        .statusCode();
  }

  private static double lost(String reason) throws Exception {
    HttpResponse<String> metrics =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(gateway.server().url() + "/metrics")).build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(metrics.statusCode()).isEqualTo(200);
    // Absent until an executor is first lost so: a count that must have moved is checked as +1.
    return PrometheusText.parse(metrics.body())
        .valueOrZero("icegate_executors_lost_total", Map.of("reason", reason));
  }
}
