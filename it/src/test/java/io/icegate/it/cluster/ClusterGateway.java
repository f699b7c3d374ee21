package io.icegate.it.cluster;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code bin/icegate serve --conf ...} as its own process: the gateway is the Spark driver of the cluster. */
final class ClusterGateway implements AutoCloseable {
  private static final Pattern READY = Pattern.compile("Icegate \\S+ listening on http://([^:]+):(\\d+) ");

  private final Process process;
  private final Path log;
  private int port;

  private ClusterGateway(Process process, Path log) {
    this.process = process;
    this.log = log;
  }

  static ClusterGateway start(Path warehouse, Path log, String javaOpts, List<String> conf) throws Exception {
    return start(warehouse, log, javaOpts, conf, null);
  }

  /** As {@link #start(Path, Path, String, List)}, with {@code --config configFile} unless it is null. */
  static ClusterGateway start(Path warehouse, Path log, String javaOpts, List<String> conf, Path configFile)
      throws Exception {
    List<String> command = new ArrayList<>(List.of(Path.of("..", "bin", "icegate").toAbsolutePath().normalize()
        .toString(), "serve", "--port", "0", "--warehouse", warehouse.toString()));
    if (configFile != null) {
      command.add("--config");
      command.add(configFile.toString());
    }
    for (String setting : conf) {
      command.add("--conf");
      command.add(setting);
    }
    ProcessBuilder builder = new ProcessBuilder(command).redirectError(log.toFile());
    builder.environment().put("ICEGATE_JAVA_OPTS", javaOpts);
    ClusterGateway gateway = new ClusterGateway(builder.start(), log);
    CompletableFuture<Integer> port = CompletableFuture.supplyAsync(gateway::readPortThenDrain);
    try {
      gateway.port = port.get(180, TimeUnit.SECONDS);
      return gateway;
    } catch (Exception e) {
      gateway.close();
      throw new IllegalStateException("Gateway did not start; its log:\n" + gateway.log(), e);
    }
  }

  /** Reads the port from the ready line, then keeps reading so that the process never blocks on a full pipe. */
  private int readPortThenDrain() {
    BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    try {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        Matcher m = READY.matcher(line);
        if (m.find()) {
          Thread drain = new Thread(() -> out.lines().forEach(ignored -> { }), "gateway-stdout");
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

  String jdbcUrl() {
    return "jdbc:icegate://127.0.0.1:" + port;
  }

  String log() throws IOException {
    return Files.readString(log);
  }

  @Override
  public void close() throws InterruptedException {
    StandaloneCluster.destroyTree(process.toHandle());
  }
}
