package io.icegate.bench;

import io.icegate.it.TestGateway;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * The load harness: {@code -Dload.clients} clients (16) for {@code -Dload.seconds} (180) against a
 * gateway in this JVM, so that its heap and threads can be read. Prints the report, writes it to
 * {@code target/load-report.txt}, and exits with status 1 when the run found a problem.
 *
 * <p>{@code mvn -B -o -Pbench -pl it -am verify -DskipTests -Dbench.streaming.skip=true
 * -Dbench.metadata.skip=true -Dload.clients=16 -Dload.seconds=180}
 */
public final class LoadHarness {
  private LoadHarness() {}

  public static void main(String[] args) throws Exception {
    int clients = Integer.getInteger("load.clients", 16);
    int seconds = Integer.getInteger("load.seconds", 180);
    long seed = Long.getLong("load.seed", 7L);
    LoadReport report;
    // Every client runs one statement at a time as the same (anonymous) user, and the run's own
    // connection reads
    // the gauges beside them: the per-user limit (16 by default) must leave room for all of them.
    try (TestGateway gateway =
        TestGateway.start(
            Map.of("icegate.limits.max-statements-per-user", String.valueOf(clients + 4)))) {
      report =
          new LoadRun(gateway.jdbcUrl(), clients, Duration.ofSeconds(seconds), "load", seed).run();
    }
    String text = report.toString();
    System.out.println(text);
    Files.writeString(Path.of("target", "load-report.txt"), text);
    System.exit(report.problems().isEmpty() ? 0 : 1);
  }
}
