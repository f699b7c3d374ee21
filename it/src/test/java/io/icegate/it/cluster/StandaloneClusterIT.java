package io.icegate.it.cluster;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.icegate.it.GatewayProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A gateway whose {@code spark.master} is a Spark standalone cluster (a Master and a Worker,
 * separate processes on this machine) runs its statements on the cluster's executor, which has
 * Spark's jars only: Iceberg's runtime reaches it because the gateway ships it.
 */
class StandaloneClusterIT {
  private static StandaloneCluster cluster;
  private static GatewayProcess gateway;

  @BeforeAll
  static void startClusterAndGateway() throws Exception {
    Path dir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "cluster-");
    Path gatewayTarget = Path.of("..", "gateway", "target").toAbsolutePath().normalize();
    List<String> jvmFlags =
        List.of(
            Files.readString(gatewayTarget.resolve("classes/icegate-jvm.flags"))
                .trim()
                .split("\\s+"));
    cluster = StandaloneCluster.start(dir, gatewayTarget.resolve("classpath.txt"), jvmFlags);
    gateway =
        GatewayProcess.start(
            dir.resolve("warehouse"),
            dir.resolve("gateway.log"),
            "-Xmx768m",
            List.of(
                "spark.master=" + cluster.masterUrl(),
                "spark.executor.memory=512m",
                "spark.cores.max=1"),
            null);
  }

  @AfterAll
  static void stopEverything() throws Exception {
    try {
      if (gateway != null) {
        gateway.close();
      }
    } finally {
      if (cluster != null) {
        cluster.close();
      }
    }
  }

  @Test
  void queriesInsertsAndProceduresRunOnTheWorkersExecutor() throws Exception {
    JsonNode master = new ObjectMapper().readTree(cluster.masterJson());
    assertThat(master.get("activeapps"))
        .singleElement()
        .satisfies(
            app -> {
              assertThat(app.get("name").asText()).isEqualTo("Icegate");
              assertThat(app.get("cores").asInt()).isEqualTo(1);
            });

    try (Connection c = DriverManager.getConnection(gateway.jdbcUrl())) {
      execute(c, "CREATE TABLE demo.default.events (id bigint, kind string) USING iceberg");
      onTheExecutor(
          () ->
              execute(
                  c,
                  "INSERT INTO demo.default.events SELECT id, IF(id % 2 = 0, 'even', 'odd') FROM"
                      + " range(0, 1000, 1, 2)"));
      onTheExecutor(() -> execute(c, "INSERT INTO demo.default.events VALUES (1000, 'even')"));
      onTheExecutor(
          () ->
              assertThat(
                      query(
                          c,
                          "SELECT kind, count(*) FROM demo.default.events GROUP BY kind"
                              + " ORDER BY kind"))
                  .containsExactly(row("even", 501L), row("odd", 500L)));

      onTheExecutor(
          () ->
              assertThat(
                      query(
                          c,
                          "CALL demo.system.rewrite_data_files(table => 'default.events',"
                              + " options => map('min-input-files', '2'))"))
                  .singleElement()
                  .satisfies(
                      result -> {
                        assertThat((Integer) result.get(0))
                            .as("rewritten_data_files_count")
                            .isEqualTo(3);
                        assertThat((Integer) result.get(1))
                            .as("added_data_files_count")
                            .isEqualTo(1);
                      }));
      assertThat(query(c, "SELECT count(*), sum(id) FROM demo.default.events"))
          .containsExactly(row(1001L, 500_500L));
      assertThat(query(c, "SELECT count(*) FROM demo.default.events.files"))
          .containsExactly(row(1L));
    }
  }

  /** Runs a statement and checks that the executor the Worker launched started tasks for it. */
  private static void onTheExecutor(SqlAction statement) throws Exception {
    long before = cluster.tasksRunByExecutors();
    statement.run();
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(
            () ->
                assertThat(cluster.tasksRunByExecutors())
                    .as("tasks the executor started")
                    .isGreaterThan(before));
  }

  @FunctionalInterface
  private interface SqlAction {
    void run() throws SQLException;
  }
}
