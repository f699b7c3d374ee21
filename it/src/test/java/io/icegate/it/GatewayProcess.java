package io.icegate.it;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A gateway started the way a user starts it, {@code bin/icegate serve}, as its own process, on a
 * free port: stopped as Ctrl-C would, or killed as {@code kill -9} would. Its standard error goes
 * to a log file; its standard output is read for the ready line and then drained, so that the
 * gateway never blocks on a full pipe.
 */
public final class GatewayProcess implements AutoCloseable {
  private static final Pattern READY =
      Pattern.compile("Icegate \\S+ listening on http://([^:]+):(\\d+) ");

  private final Process process;
  private final Path log;
  private int port;

  private GatewayProcess(Process process, Path log) {
    this.process = process;
    this.log = log;
  }

  /**
   * A gateway on {@code warehouse} with {@code ICEGATE_JAVA_OPTS=javaOpts}, logging to a new file
   * under target/.
   */
  public static GatewayProcess start(Path warehouse, String javaOpts) throws Exception {
    return start(
        warehouse,
        Files.createTempFile(Path.of("target"), "gateway-", ".log"),
        javaOpts,
        List.of(),
        null);
  }

  /**
   * A gateway on {@code warehouse} with each of {@code conf} as a {@code --conf} setting and {@code
   * --config configFile} unless it is null, logging to {@code log}.
   */
  public static GatewayProcess start(
      Path warehouse, Path log, String javaOpts, List<String> conf, Path configFile)
      throws Exception {
    ProcessBuilder builder =
        new ProcessBuilder(command(warehouse, conf, configFile)).redirectError(log.toFile());
    builder.environment().put("ICEGATE_JAVA_OPTS", javaOpts);
    GatewayProcess gateway = new GatewayProcess(builder.start(), log);
    CompletableFuture<Integer> port = CompletableFuture.supplyAsync(gateway::readPortThenDrain);
    try {
      gateway.port = port.get(180, TimeUnit.SECONDS);
      return gateway;
    } catch (Exception e) {
      gateway.kill9();
      throw new IllegalStateException("Gateway did not start; its log:\n" + gateway.log(), e);
    }
  }

  /**
   * The command line of {@code bin/icegate serve} on a free port, as the tests run it: through
   * perl, which sets SIGINT back to its default before it execs the script (same process), since a
   * test JVM started in the background inherits SIGINT ignored, which no shell and no JVM can undo,
   * while an operator's terminal delivers Ctrl-C.
   */
  public static List<String> command(Path warehouse, List<String> conf, Path configFile) {
    List<String> command =
        new ArrayList<>(
            List.of(
                "perl",
                "-e",
                "$SIG{INT} = 'DEFAULT'; exec { $ARGV[0] } @ARGV or die \"exec $ARGV[0]: $!\\n\";",
                Path.of("..", "bin", "icegate").toAbsolutePath().normalize().toString(),
                "serve",
                "--port",
                "0",
                "--warehouse",
                warehouse.toString()));
    if (configFile != null) {
      command.add("--config");
      command.add(configFile.toString());
    }
    for (String setting : conf) {
      command.add("--conf");
      command.add(setting);
    }
    return command;
  }

  private int readPortThenDrain() {
    BufferedReader out =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    try {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        Matcher m = READY.matcher(line);
        if (m.find()) {
          Thread drain = new Thread(() -> out.lines().forEach(ignored -> {}), "gateway-stdout");
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

  public String jdbcUrl() {
    return "jdbc:icegate://127.0.0.1:" + port;
  }

  public int port() {
    return port;
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  public long pid() {
    return process.pid();
  }

  public String log() throws IOException {
    return Files.readString(log);
  }

  /**
   * Stops it as Ctrl-C would (SIGTERM to it and to any process it started), waits for it (forcing
   * it after a minute) and returns its exit code.
   */
  public int stop() throws InterruptedException {
    Processes.destroyTree(process.toHandle(), 60);
    process.waitFor();
    return process.exitValue();
  }

  /**
   * Sends SIGTERM to the gateway alone, as {@code kill <pid>} does, and waits up to {@code seconds}
   * for it to exit on its own: its exit code, or empty when it still ran then (it is then killed,
   * so that no test leaves it behind).
   */
  public OptionalInt terminate(int seconds) throws InterruptedException {
    process.destroy();
    if (process.waitFor(seconds, TimeUnit.SECONDS)) {
      return OptionalInt.of(process.exitValue());
    }
    kill9();
    return OptionalInt.empty();
  }

  /**
   * SIGKILL, as {@code kill -9 <pid>}: no shutdown hook, no flush, no close. Waits until the
   * process is gone.
   */
  public void kill9() throws InterruptedException {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      throw new IllegalStateException("Gateway " + pid() + " still alive 30 s after SIGKILL");
    }
  }

  @Override
  public void close() throws InterruptedException {
    if (process.isAlive()) {
      stop();
    }
  }
}
