package io.icegate.it.reliability;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A gateway started as a user starts it, {@code bin/icegate serve}, in its own process on a given warehouse, that a
 * test can kill as {@code kill -9} would.
 */
final class GatewayJvm implements AutoCloseable {
  private static final Pattern READY = Pattern.compile("Icegate \\S+ listening on http://([^:]+):(\\d+) ");

  private final Process process;
  private final int port;
  private final Path log;

  private GatewayJvm(Process process, int port, Path log) {
    this.process = process;
    this.port = port;
    this.log = log;
  }

  static GatewayJvm start(Path warehouse, String javaOpts) throws Exception {
    Path launcher = Path.of("..", "bin", "icegate").toAbsolutePath().normalize();
    Path log = Files.createTempFile(Path.of("target"), "fault-gateway-", ".log");
    ProcessBuilder builder = new ProcessBuilder(launcher.toString(), "serve", "--port", "0", "--warehouse",
        warehouse.toString(), "--conf", "spark.master=local[2]", "--conf", "spark.sql.shuffle.partitions=2")
        .redirectError(log.toFile());
    builder.environment().put("ICEGATE_JAVA_OPTS", javaOpts);
    Process process = builder.start();
    CompletableFuture<Integer> port = CompletableFuture.supplyAsync(() -> readPort(process));
    try {
      return new GatewayJvm(process, port.get(180, TimeUnit.SECONDS), log);
    } catch (Exception e) {
      process.destroyForcibly();
      throw new IllegalStateException("Gateway did not start; its log:\n" + Files.readString(log), e);
    }
  }

  private static int readPort(Process process) {
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        Matcher m = READY.matcher(line);
        if (m.find()) {
          // Keep draining standard output so the gateway never blocks on a full pipe.
          Thread drain = new Thread(() -> drain(out), "gateway-stdout");
          drain.setDaemon(true);
          drain.start();
          return Integer.parseInt(m.group(2));
        }
      }
      throw new IllegalStateException("Gateway exited before it was ready");
    } catch (IOException e) {
      throw new IllegalStateException("Cannot read the gateway's output", e);
    }
  }

  private static void drain(BufferedReader out) {
    try {
      while (out.readLine() != null) {
        // discard
      }
    } catch (IOException ignored) {
      // The process is gone.
    }
  }

  String jdbcUrl() {
    return "jdbc:icegate://127.0.0.1:" + port;
  }

  long pid() {
    return process.pid();
  }

  String log() throws IOException {
    return Files.readString(log);
  }

  /** SIGKILL, as {@code kill -9 <pid>}: no shutdown hook, no flush, no close. Waits until the process is gone. */
  void kill9() throws InterruptedException {
    process.destroyForcibly();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      throw new IllegalStateException("Gateway " + pid() + " still alive 30 s after SIGKILL");
    }
  }

  @Override
  public void close() throws InterruptedException {
    if (process.isAlive()) {
      process.destroy();
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        process.waitFor();
      }
    }
  }
}
