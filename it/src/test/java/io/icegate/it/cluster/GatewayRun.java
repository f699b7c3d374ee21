package io.icegate.it.cluster;

import io.icegate.it.GatewayProcess;
import io.icegate.it.Processes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code bin/icegate serve --conf ...} run to its end, for settings with which the gateway must not
 * start: its exit code, its output (stdout and stderr, logs included) and how long it took. A
 * gateway still running after the timeout is stopped and reported as such ({@link #exited()}
 * false), never waited for longer.
 */
record GatewayRun(boolean exited, int exitCode, Duration elapsed, String output) {

  static GatewayRun run(
      Path dir, Map<String, String> environment, List<String> conf, Duration timeout)
      throws Exception {
    List<String> command = GatewayProcess.command(dir.resolve("warehouse"), conf, null);
    Path log = dir.resolve("gateway.log");
    ProcessBuilder builder =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
    builder.environment().put("ICEGATE_JAVA_OPTS", "-Xmx512m");
    builder.environment().putAll(environment);
    long start = System.nanoTime();
    Process process = builder.start();
    boolean exited = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
    if (!exited) {
      Processes.destroyTree(process.toHandle(), 30);
    }
    return new GatewayRun(
        exited, exited ? process.exitValue() : -1, elapsed, Files.readString(log));
  }

  /**
   * The gateway's own one-line report of why it stopped ({@code icegate serve: ...}), or "" if
   * there is none.
   */
  String failureLine() {
    return output.lines().filter(line -> line.startsWith("icegate serve: ")).findFirst().orElse("");
  }
}
