package io.icegate.it.operations;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.icegate.access.Role;
import io.icegate.it.RunningGateway;
import io.icegate.it.TestGateway.TestUser;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code GET /metrics} scraped as Prometheus does, read by a strict parser of the format, before
 * and after a known workload: each counter moves by exactly what the workload did.
 */
class MetricsIT {
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final String TABLE = "demo.default.metrics_t";

  @RegisterExtension
  static final RunningGateway gateway =
      RunningGateway.withUsers(Map.of("icegate.limits.max-statement-chars", "2000"));

  @BeforeAll
  static void table() throws SQLException {
    try (Connection c = gateway.connect(Role.ADMIN)) {
      execute(
          c,
          "CREATE TABLE IF NOT EXISTS "
              + TABLE
              + " (id BIGINT, part STRING) PARTITIONED BY (part)");
      execute(c, "INSERT INTO " + TABLE + " VALUES (1, 'a'), (2, 'b')");
      execute(c, "INSERT INTO " + TABLE + " VALUES (3, 'a')");
    }
  }

  @Test
  void countersMoveByWhatTheWorkloadDid() throws Exception {
    try (Connection admin = gateway.connect(Role.ADMIN);
        Connection reader = gateway.connect(Role.READ)) {
      PrometheusText before = scrape();

      for (int i = 0; i < 3; i++) {
        query(admin, "SELECT count(*) FROM " + TABLE + ".snapshots");
      }
      for (int i = 0; i < 2; i++) {
        query(admin, "SELECT count(*) FROM " + TABLE);
      }
      query(admin, "SELECT * FROM " + TABLE + ".partitions");
      query(admin, "SELECT * FROM " + TABLE + ".partitions");
      assertThatThrownBy(() -> query(admin, "SELECT * FROM demo.default.metrics_missing"))
          .isInstanceOf(SQLException.class);
      query(
          admin,
          "CALL demo.system.expire_snapshots(table => 'default.metrics_t',"
              + " older_than => TIMESTAMP '2000-01-01 00:00:00')");
      query(admin, "EXPLAIN CALL demo.system.rewrite_data_files(table => 'default.metrics_t')");
      assertThatThrownBy(() -> query(admin, "SELECT java_method('java.lang.System', 'nanoTime')"))
          .isInstanceOf(SQLException.class);
      assertThatThrownBy(() -> query(admin, "SELECT '" + "x".repeat(2500) + "'"))
          .isInstanceOf(SQLException.class);
      assertThatThrownBy(() -> execute(reader, "INSERT INTO " + TABLE + " VALUES (9, 'z')"))
          .isInstanceOf(SQLException.class);
      assertThat(post("/", TestUser.BOSS.user(), "wrong-password").statusCode()).isEqualTo(401);

      PrometheusText after = scrape();

      assertThat(delta(before, after, "query", "native", "success")).isEqualTo(5);
      assertThat(delta(before, after, "query", "spark", "success")).isEqualTo(2);
      // The missing table, and java_method refused by the statement policy.
      assertThat(delta(before, after, "query", "spark", "error_42")).isEqualTo(2);
      assertThat(delta(before, after, "call", "call", "success")).isEqualTo(1);
      assertThat(delta(before, after, "explain_call", "gateway", "success")).isEqualTo(1);
      assertThat(delta(before, after, "unknown", "none", "error_54")).isEqualTo(1);
      assertThat(delta(before, after, "write", "none", "error_42")).isEqualTo(1);

      assertThat(change(before, after, "icegate_policy_refusals_total", Map.of())).isEqualTo(1);
      assertThat(
              change(
                  before,
                  after,
                  "icegate_limit_refusals_total",
                  Map.of("limit", "statement_too_long")))
          .isEqualTo(1);
      assertThat(change(before, after, "icegate_authentication_failures_total", Map.of()))
          .isEqualTo(1);
      assertThat(
              change(before, after, "icegate_native_queries_total", Map.of("result", "answered")))
          .isEqualTo(5);
      assertThat(
              change(before, after, "icegate_native_queries_total", Map.of("result", "fallback")))
          .isEqualTo(0);
      // The same statement three times: planned once at most, reused after.
      assertThat(change(before, after, "icegate_native_plan_cache_total", Map.of("result", "hit")))
          .isGreaterThanOrEqualTo(3);
      // The second read of partitions finds every manifest's counts kept.
      assertThat(
              change(
                  before, after, "icegate_native_partition_cache_total", Map.of("result", "hit")))
          .isGreaterThanOrEqualTo(2);

      // One row per count, two partitions twice, the CALL's row, EXPLAIN's rows.
      double rows = change(before, after, "icegate_rows_sent_total", Map.of());
      assertThat(rows).isGreaterThan(3 + 2 + 4 + 1);
      assertThat(change(before, after, "icegate_bytes_sent_total", Map.of())).isGreaterThan(rows);

      assertThat(
              change(
                  before,
                  after,
                  "icegate_statement_duration_seconds_count",
                  Map.of("path", "native")))
          .isEqualTo(5);
      assertThat(after.type("icegate_statement_duration_seconds")).isEqualTo("histogram");
      assertThat(after.type("icegate_statements_total")).isEqualTo("counter");
      assertThat(after.has("icegate_jvm_memory_used_bytes")).isTrue();
      assertThat(after.has("icegate_jvm_gc_memory_allocated_bytes_total")).isTrue();
      assertThat(after.has("icegate_jvm_threads_live_threads")).isTrue();
      assertThat(after.samples())
          .allSatisfy(sample -> assertThat(sample.name()).startsWith("icegate_"))
          // Labels never carry a statement's text or a user's name.
          .allSatisfy(
              sample ->
                  assertThat(sample.labels().values())
                      .noneMatch(v -> v.contains("java_method") || v.contains("boss")));
    }
  }

  @Test
  void gaugesShowWhatIsOpenAndRunning() throws Exception {
    double connections = scrape().valueOf("icegate_connections_open", Map.of());
    try (Connection c = gateway.connect(Role.ADMIN)) {
      assertThat(scrape().valueOf("icegate_connections_open", Map.of())).isEqualTo(connections + 1);
      double results = scrape().valueOf("icegate_results_open", Map.of());
      try (Statement statement = c.createStatement()) {
        statement.setFetchSize(10);
        try (ResultSet rs = statement.executeQuery("SELECT id FROM range(100000)")) {
          assertThat(rs.next()).isTrue();
          assertThat(scrape().valueOf("icegate_results_open", Map.of())).isEqualTo(results + 1);
        }
      }
      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> scrape().valueOf("icegate_results_open", Map.of()) == results);

      Statement slow = c.createStatement();
      CompletableFuture<Void> running =
          CompletableFuture.runAsync(
              () -> {
                try (ResultSet rs =
                    slow.executeQuery("SELECT sum(id * id) FROM range(0, 50000000000, 1, 4)")) {
                  rs.next();
                } catch (SQLException cancelled) {
                  // Cancelled below.
                }
              });
      await()
          .atMost(Duration.ofSeconds(60))
          .until(() -> scrape().valueOf("icegate_spark_tasks_running", Map.of()) >= 1);
      assertThat(
              scrape().valueOf("icegate_spark_tasks_running", Map.of())
                  + scrape().valueOf("icegate_spark_tasks_queued", Map.of()))
          .isGreaterThanOrEqualTo(1);
      slow.cancel();
      running.get();
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> scrape().valueOf("icegate_spark_tasks_running", Map.of()) == 0);
    }
  }

  @Test
  void onlyUsersOfTheGatewayScrapeAndOpenMetricsIsAnsweredWhenAsked() throws Exception {
    HttpResponse<String> anonymous =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(base() + "/metrics")).GET().build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(anonymous.statusCode()).isEqualTo(401);

    HttpResponse<String> reader = get("/metrics", TestUser.READER, "text/plain");
    assertThat(reader.statusCode()).isEqualTo(200);
    assertThat(reader.headers().firstValue("Content-Type").orElseThrow())
        .startsWith("text/plain; version=0.0.4");
    PrometheusText.parse(reader.body());

    HttpResponse<String> open =
        get("/metrics", TestUser.READER, "application/openmetrics-text; version=1.0.0");
    assertThat(open.headers().firstValue("Content-Type").orElseThrow())
        .startsWith("application/openmetrics-text");
    assertThat(open.body()).endsWith("# EOF\n").contains("# TYPE icegate_statements counter");
  }

  private static double delta(
      PrometheusText before, PrometheusText after, String kind, String path, String outcome) {
    Map<String, String> labels = Map.of("kind", kind, "path", path, "outcome", outcome);
    return change(before, after, "icegate_statements_total", labels);
  }

  /**
   * How far a series moved: it must exist after the workload; before it, a counter first counted by
   * the workload may be absent (0).
   */
  private static double change(
      PrometheusText before, PrometheusText after, String name, Map<String, String> labels) {
    return after.valueOf(name, labels) - before.valueOrZero(name, labels);
  }

  private static PrometheusText scrape() throws Exception {
    HttpResponse<String> response = get("/metrics", TestUser.BOSS, "text/plain");
    assertThat(response.statusCode()).isEqualTo(200);
    return PrometheusText.parse(response.body());
  }

  private static HttpResponse<String> get(String path, TestUser user, String accept)
      throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create(base() + path))
            .header("Authorization", basic(user.user(), user.password()))
            .header("Accept", accept)
            .GET()
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static HttpResponse<String> post(String path, String user, String password)
      throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create(base() + path))
            .header("Authorization", basic(user, password))
            .POST(HttpRequest.BodyPublishers.ofString("{}"))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static String basic(String user, String password) {
    return "Basic "
        + Base64.getEncoder()
            .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
  }

  private static String base() {
    return "http://127.0.0.1:" + gateway.server().port();
  }
}
