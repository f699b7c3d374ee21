package io.icegate.it.isolation;

import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.icegate.it.GatewayProcess;
import io.icegate.it.Processes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code bin/icegate serve} on its default engine, stopped by SIGTERM, SIGINT or SIGKILL while its
 * executors work: no Spark process of it remains, as the operating system lists processes.
 */
class ProcessHygieneIT {
  private static final ExecutorService CLIENTS = Executors.newCachedThreadPool();

  @AfterAll
  static void stopClients() {
    CLIENTS.shutdownNow();
  }

  @ParameterizedTest(name = "SIG{0}")
  @ValueSource(strings = {"TERM", "INT", "KILL"})
  void noSparkProcessOfAStoppedGatewayRemains(String signal) throws Exception {
    Path warehouse = Files.createTempDirectory(Path.of("target"), "hygiene-");
    Path log = Files.createTempFile(Path.of("target"), "hygiene-", ".log");
    GatewayProcess gateway =
        GatewayProcess.start(warehouse, log, "-Xmx1g", List.of("spark.executor.memory=768m"), null);
    try {
      Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
      assertThat(query(connection, "SELECT count(*) FROM range(0, 1000, 1, 2)"))
          .containsExactly(row(1000L));
      // Busy executors when the signal comes.
      Statement busy = connection.createStatement();
      CLIENTS.submit(() -> busy.executeQuery("SELECT count(*) FROM range(0, 100000000000, 1, 4)"));

      List<ProcessHandle> spark = sparkProcesses(gateway.pid());
      assertThat(spark)
          .as("the cluster's process and its two executors")
          .hasSize(3)
          .anyMatch(p -> commandLine(p).contains("EmbeddedClusterMain"))
          .filteredOn(p -> commandLine(p).contains("CoarseGrainedExecutorBackend"))
          .hasSize(2);

      signal(signal, gateway.pid());

      await("the gateway exits").atMost(Duration.ofSeconds(90)).until(() -> !gateway.isAlive());
      await("no Spark process of it remains")
          .atMost(Duration.ofSeconds(60))
          .pollInterval(Duration.ofMillis(500))
          .until(() -> spark.stream().noneMatch(ProcessHandle::isAlive));
      assertThat(processesMentioning(warehouse.toAbsolutePath().toString()))
          .as("processes whose command line names the gateway's warehouse")
          .isEmpty();
    } finally {
      if (gateway.isAlive()) {
        gateway.kill9();
      }
    }
  }

  /** What runs under the gateway's process now: the cluster's process and the executors. */
  private static List<ProcessHandle> sparkProcesses(long gatewayPid) {
    await("the executors run")
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                ProcessHandle.of(gatewayPid)
                        .orElseThrow()
                        .descendants()
                        .filter(p -> commandLine(p).contains("CoarseGrainedExecutorBackend"))
                        .count()
                    == 2);
    return ProcessHandle.of(gatewayPid).orElseThrow().descendants().toList();
  }

  private static String commandLine(ProcessHandle process) {
    return Processes.commandLine(process);
  }

  /** {@code kill -SIGNAL pid}, from outside the gateway's process as an operator sends it. */
  private static void signal(String signal, long pid) throws IOException, InterruptedException {
    Process kill =
        new ProcessBuilder("kill", "-" + signal, Long.toString(pid))
            .redirectErrorStream(true)
            .start();
    String output = new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(kill.waitFor()).as("kill -%s %s: %s", signal, pid, output).isZero();
  }

  /** Every live process of the machine whose command line holds {@code text}. */
  private static List<String> processesMentioning(String text) {
    return ProcessHandle.allProcesses()
        .filter(ProcessHandle::isAlive)
        .map(p -> p.pid() + " " + commandLine(p))
        .filter(line -> line.contains(text))
        .toList();
  }
}
