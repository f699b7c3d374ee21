package io.icegate.it;

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

/** A gateway started the way a user starts it, {@code bin/icegate serve}, as a separate process. */
final class GatewayProcess implements AutoCloseable {
  private static final Pattern READY = Pattern.compile("Icegate \\S+ listening on http://([^:]+):(\\d+) ");

  private final Process process;
  private final int port;
  private final Path log;

  private GatewayProcess(Process process, int port, Path log) {
    this.process = process;
    this.port = port;
    this.log = log;
  }

  static GatewayProcess start(String javaOpts, Path warehouse) throws Exception {
    Path launcher = Path.of("..", "bin", "icegate").toAbsolutePath().normalize();
    Path log = Files.createTempFile(Path.of("target"), "gateway-", ".log");
    ProcessBuilder builder = new ProcessBuilder(launcher.toString(), "serve", "--port", "0", "--warehouse",
        warehouse.toString()).redirectError(log.toFile());
    builder.environment().put("ICEGATE_JAVA_OPTS", javaOpts);
    Process process = builder.start();
    CompletableFuture<Integer> port = CompletableFuture.supplyAsync(() -> readPort(process));
    try {
      return new GatewayProcess(process, port.get(180, TimeUnit.SECONDS), log);
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
          return Integer.parseInt(m.group(2));
        }
      }
      throw new IllegalStateException("Gateway exited before it was ready");
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  String jdbcUrl() {
    return "jdbc:icegate://127.0.0.1:" + port;
  }

  boolean isAlive() {
    return process.isAlive();
  }

  long pid() {
    return process.pid();
  }

  String log() throws IOException {
    return Files.readString(log);
  }

  /** Stops it as Ctrl-C would and returns its exit code. */
  int stop() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      process.waitFor();
    }
    return process.exitValue();
  }

  @Override
  public void close() throws InterruptedException {
    if (process.isAlive()) {
      stop();
    }
  }
}
