package io.icegate.it.operations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.icegate.it.GatewayProcess;
import io.icegate.it.RunningGateway;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code GET /health} and {@code GET /ready} as a load balancer asks them: without credentials on a
 * gateway with authentication on, with a catalog that does not answer, and while the gateway drains
 * after a stop signal.
 */
class HealthIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  @RegisterExtension static final RunningGateway gateway = RunningGateway.withUsers(Map.of());

  @Test
  void answerWithoutCredentialsAndTellNothingElse() throws Exception {
    String base = "http://127.0.0.1:" + gateway.server().port();

    HttpResponse<String> health = get(base + "/health");
    assertThat(health.statusCode()).isEqualTo(200);
    assertThat(health.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
    assertThat(JSON.readTree(health.body())).isEqualTo(JSON.readTree("{\"status\":\"up\"}"));

    HttpResponse<String> ready = get(base + "/ready");
    assertThat(ready.statusCode()).isEqualTo(200);
    assertThat(JSON.readTree(ready.body())).isEqualTo(JSON.readTree("{\"status\":\"ready\"}"));

    // Everything else still needs credentials: the health checks open no other door.
    assertThat(get(base + "/").statusCode()).isEqualTo(401);
    assertThat(get(base + "/health/x").statusCode()).isEqualTo(401);
    HttpResponse<String> post =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(base + "/ready"))
                .POST(HttpRequest.BodyPublishers.ofString("{}"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(post.statusCode()).isEqualTo(405);
  }

  @Test
  void aSilentCatalogAndADrainingGatewayAreNotReady() throws Exception {
    try (ServerSocket silent = new ServerSocket(0)) {
      // Filled by the acceptor's thread, read by the test's.
      List<Socket> accepted = Collections.synchronizedList(new ArrayList<>());
      // Accepts connections and never answers, as a catalog service that hangs does.
      CompletableFuture<Void> acceptor =
          CompletableFuture.runAsync(
              () -> {
                try {
                  while (!silent.isClosed()) {
                    accepted.add(silent.accept());
                  }
                } catch (IOException closed) {
                  // The test is over.
                }
              });
      Path warehouse = Files.createTempDirectory(Path.of("target"), "health-");
      try (GatewayProcess process =
          GatewayProcess.start(
              warehouse,
              Files.createTempFile(Path.of("target"), "health-gateway-", ".log"),
              "-Xmx1g",
              List.of(
                  "spark.master=local[1]",
                  "spark.sql.catalog.silent=org.apache.iceberg.spark.SparkCatalog",
                  "spark.sql.catalog.silent.type=rest",
                  "spark.sql.catalog.silent.uri=http://127.0.0.1:" + silent.getLocalPort(),
                  "icegate.ready.catalog-timeout-ms=1500",
                  "icegate.shutdown.drain-seconds=20"),
              null)) {
        String base = "http://127.0.0.1:" + process.port();
        assertThat(get(base + "/health").statusCode()).isEqualTo(200);

        // The embedded catalogs may take longer than the timeout to start on a loaded machine; once
        // they answer, only the silent catalog is named.
        await()
            .atMost(Duration.ofSeconds(60))
            .untilAsserted(
                () -> {
                  HttpResponse<String> ready = get(base + "/ready");
                  assertThat(ready.statusCode()).isEqualTo(503);
                  JsonNode body = JSON.readTree(ready.body());
                  assertThat(body.get("status").asText()).isEqualTo("not ready");
                  assertThat(body.get("not_ready").toString())
                      .isEqualTo("[\"catalog silent: no answer within 1500 ms\"]");
                });
        // One check, one connection to the catalog, which hangs.
        await().atMost(Duration.ofSeconds(10)).until(() -> !accepted.isEmpty());
        assertThat(accepted).as("connections to the silent catalog").hasSize(1);
        long answered = System.nanoTime();

        // Asked again once the answer is no longer reused, the gateway checks anew (it waits for
        // the silent catalog again) but starts no second check of it while the first still hangs.
        await("the last answer is no longer reused")
            .atMost(Duration.ofSeconds(5))
            .pollInterval(Duration.ofMillis(100))
            .until(() -> System.nanoTime() - answered > TimeUnit.SECONDS.toNanos(1));
        long asked = System.nanoTime();
        HttpResponse<String> again = get(base + "/ready");
        assertThat(again.statusCode()).isEqualTo(503);
        assertThat(JSON.readTree(again.body()).get("not_ready").toString())
            .contains("catalog silent: no answer within 1500 ms");
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - asked))
            .as("ms the second answer took: a check of its own, not the last one's answer")
            .isGreaterThanOrEqualTo(1500);
        assertThat(accepted).as("connections to the silent catalog").hasSize(1);

        silent.close();
        ProcessHandle.of(process.pid()).orElseThrow().destroy();
        await()
            .atMost(Duration.ofSeconds(15))
            .untilAsserted(
                () -> {
                  HttpResponse<String> draining = get(base + "/ready");
                  assertThat(draining.statusCode()).isEqualTo(503);
                  assertThat(JSON.readTree(draining.body()).get("not_ready").toString())
                      .contains("gateway: shutting down");
                });
        assertThat(get(base + "/health").statusCode()).isEqualTo(200);
        OptionalInt exit = process.terminate(60);
        assertThat(exit).hasValue(143);
      }
      acceptor.cancel(true);
      for (Socket socket : accepted) {
        socket.close();
      }
    }
  }

  private static HttpResponse<String> get(String url) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).GET().build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
