package io.icegate.it;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import org.junit.jupiter.api.Test;

/**
 * {@code bin/icegate serve}: starts on the embedded default, stops on SIGTERM, and keeps tables
 * across restarts.
 */
class LauncherIT {
  /**
   * The JVM's exit code on SIGTERM (128 + 15): the gateway's shutdown hook closes it and sets no
   * other.
   */
  private static final int EXIT_ON_SIGTERM = 143;

  /**
   * Closing the server and stopping Spark takes seconds; a gateway that ignores SIGTERM never
   * exits.
   */
  private static final int STOP_SECONDS = 60;

  @Test
  void tablesSurviveARestartAndTheGatewayStopsOnSigterm() throws Exception {
    Path warehouse = Files.createTempDirectory(Path.of("target"), "launcher-warehouse-");
    try (GatewayProcess first = GatewayProcess.start(warehouse, "")) {
      try (Connection c = DriverManager.getConnection(first.jdbcUrl())) {
        assertThat(query(c, "SHOW NAMESPACES IN demo")).contains(row("default"));
        execute(
            c,
            "CREATE TABLE demo.default.kept (id int, name string) USING iceberg",
            "INSERT INTO demo.default.kept VALUES (1, 'one'), (2, 'two')");
      }
      long pid = first.pid();
      assertThat(first.terminate(STOP_SECONDS))
          .as("exit code %s s after SIGTERM (empty: still running, killed)", STOP_SECONDS)
          .hasValue(EXIT_ON_SIGTERM);
      assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
      assertThat(first.log()).as("the shutdown hook's line").contains("Stopping Icegate");
      assertThat(first.log()).doesNotContain("Exception");
    }
    assertThat(warehouse.resolve("catalog.db")).exists();
    try (GatewayProcess second = GatewayProcess.start(warehouse, "");
        Connection c = DriverManager.getConnection(second.jdbcUrl())) {
      assertThat(query(c, "SELECT id, name FROM demo.default.kept ORDER BY id"))
          .containsExactly(row(1, "one"), row(2, "two"));
    }
  }
}
