package io.icegate.it.isolation;

import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.icegate.it.GatewayProcess;
import io.icegate.it.Processes;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code /ready} stays 200 while a lost executor is replaced, and names the executors only while
 * none can start: here the embedded cluster's Spark home is taken away, so that every new executor
 * fails to launch, and given back.
 */
class ExecutorReadinessIT {
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @Test
  void readyNamesTheExecutorsOnlyWhileNoneCanStart() throws Exception {
    Path warehouse = Files.createTempDirectory(Path.of("target"), "readiness-");
    Path log = Files.createTempFile(Path.of("target"), "readiness-", ".log");
    try (GatewayProcess gateway =
        GatewayProcess.start(
            warehouse,
            log,
            "-Xmx1g",
            List.of("spark.executor.memory=768m", "icegate.ready.executor-timeout-seconds=3"),
            null)) {
      String base = "http://127.0.0.1:" + gateway.port();
      assertThat(get(base + "/ready")).startsWith("200");
      Path jars = warehouse.resolve(".icegate-engine/spark-home/jars");
      Path away = warehouse.resolve(".icegate-engine/spark-home/jars-away");

      // One executor lost and replaced: ready throughout.
      executors(gateway).get(0).destroyForcibly();
      for (int i = 0; i < 10; i++) {
        assertThat(get(base + "/ready")).startsWith("200");
        Thread.sleep(300); // Not a wait for a condition: /ready asked during the replacement.
      }
      await("the replacement")
          .atMost(Duration.ofSeconds(60))
          .until(() -> executors(gateway).size() == 2);

      // No executor can start: after the timeout, /ready says so.
      Files.move(jars, away);
      executors(gateway).forEach(ProcessHandle::destroyForcibly);
      await("/ready names the executors")
          .atMost(Duration.ofSeconds(60))
          .until(
              () -> get(base + "/ready"),
              r -> r.startsWith("503") && r.contains("executors: none running for"));

      // They can again: ready, and statements run.
      Files.move(away, jars);
      await("/ready again")
          .atMost(Duration.ofSeconds(60))
          .until(() -> get(base + "/ready").startsWith("200"));
      try (Connection c = DriverManager.getConnection(gateway.jdbcUrl())) {
        assertThat(query(c, "SELECT count(*) FROM range(0, 1000, 1, 2)"))
            .containsExactly(row(1000L));
      }
    }
  }

  private static List<ProcessHandle> executors(GatewayProcess gateway) {
    return ProcessHandle.of(gateway.pid())
        .orElseThrow()
        .descendants()
        .filter(ProcessHandle::isAlive)
        .filter(p -> Processes.commandLine(p).contains("CoarseGrainedExecutorBackend"))
        .toList();
  }

  /** The status code and body. */
  private static String get(String url) throws Exception {
    HttpResponse<String> response =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
    return response.statusCode() + " " + response.body();
  }
}
