package io.icegate.it.cluster;

import static org.awaitility.Awaitility.await;

import io.icegate.it.Processes;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.awaitility.core.ConditionTimeoutException;

/**
 * A Spark standalone cluster on this machine: a Master and one Worker, each its own JVM started
 * from the project's Spark dependency. The Worker launches executors the way it does in a Spark
 * distribution, from {@code SPARK_HOME/jars}: here a directory of links to Spark's jars only,
 * without Iceberg or Icegate, so that whatever tasks need beyond Spark must reach the executors
 * through the gateway ({@code spark.jars}).
 */
final class StandaloneCluster implements AutoCloseable {
  /**
   * What the gateway's class path has and a Spark distribution does not: these stay off the
   * executors.
   */
  private static final List<String> NOT_IN_SPARK =
      List.of(
          "/icegate-",
          "/target/",
          "/org/apache/iceberg/",
          "/org/xerial/sqlite-jdbc/",
          "/org/apache/calcite/",
          "/info/picocli/",
          "/sqlline/",
          "/org/jline/");

  private final Path home;
  private final List<Process> processes = new ArrayList<>();
  private int masterPort;
  private int masterUiPort;

  private StandaloneCluster(Path home) {
    this.home = home;
  }

  /**
   * Starts the Master and the Worker ({@code --cores 1 --memory 1g}) and waits until the Worker has
   * registered.
   */
  static StandaloneCluster start(Path dir, Path gatewayClassPath, List<String> jvmFlags)
      throws Exception {
    StandaloneCluster cluster =
        new StandaloneCluster(Files.createDirectories(dir.resolve("spark-home")));
    try {
      cluster.startProcesses(gatewayClassPath, jvmFlags);
      return cluster;
    } catch (Exception | AssertionError e) {
      cluster.close();
      throw e;
    }
  }

  private void startProcesses(Path gatewayClassPath, List<String> jvmFlags) throws Exception {
    Path jars = Files.createDirectories(home.resolve("jars"));
    for (String entry :
        Files.readString(gatewayClassPath).trim().split(java.io.File.pathSeparator)) {
      if (NOT_IN_SPARK.stream().noneMatch(entry::contains)) {
        Path jar = Path.of(entry);
        Files.createSymbolicLink(jars.resolve(jar.getFileName()), jar);
      }
    }
    masterPort = freePort();
    masterUiPort = freePort();
    processes.add(
        java(
            jvmFlags,
            "master",
            "org.apache.spark.deploy.master.Master",
            "--host",
            "127.0.0.1",
            "--port",
            Integer.toString(masterPort),
            "--webui-port",
            Integer.toString(masterUiPort)));
    awaitMasterJson("\"aliveworkers\" : 0", 60);
    processes.add(
        java(
            jvmFlags,
            "worker",
            "org.apache.spark.deploy.worker.Worker",
            masterUrl(),
            "--host",
            "127.0.0.1",
            "--port",
            Integer.toString(freePort()),
            "--webui-port",
            Integer.toString(freePort()),
            "--cores",
            "1",
            "--memory",
            "1g",
            "--work-dir",
            workDir().toString()));
    awaitMasterJson("\"aliveworkers\" : 1", 60);
  }

  private Process java(List<String> jvmFlags, String name, String mainClass, String... args)
      throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx256m");
    command.addAll(jvmFlags);
    command.addAll(List.of("-cp", home.resolve("jars") + "/*", mainClass));
    command.addAll(List.of(args));
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(home.resolve(name + ".log").toFile());
    builder.environment().put("SPARK_HOME", home.toString());
    builder.environment().remove("SPARK_CONF_DIR");
    // Spark's launcher asks for the Scala version before it looks for SPARK_HOME/jars; a
    // distribution has it in a
    // file this directory lacks.
    builder.environment().put("SPARK_SCALA_VERSION", scalaBinaryVersion());
    builder.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
    return builder.start();
  }

  private static String scalaBinaryVersion() {
    String full = scala.util.Properties.versionNumberString();
    return full.substring(0, full.indexOf('.', full.indexOf('.') + 1));
  }

  String masterUrl() {
    return "spark://127.0.0.1:" + masterPort;
  }

  Path workDir() {
    return home.resolve("work");
  }

  /** The Master's state as JSON ({@code /json} of its web UI). */
  String masterJson() throws IOException, InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + masterUiPort + "/json/")).build();
    return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString()).body();
  }

  /**
   * Lines of the executors' logs (their stderr under the Worker's work directory) that say a task
   * started.
   */
  long tasksRunByExecutors() throws IOException {
    if (!Files.isDirectory(workDir())) {
      return 0;
    }
    long count = 0;
    try (Stream<Path> files = Files.walk(workDir())) {
      for (Path stderr : files.filter(f -> f.getFileName().toString().equals("stderr")).toList()) {
        try (Stream<String> lines = Files.lines(stderr)) {
          count += lines.filter(line -> line.contains("Executor: Running task")).count();
        }
      }
    }
    return count;
  }

  String logs() throws IOException {
    StringBuilder all = new StringBuilder();
    for (String name : List.of("master.log", "worker.log")) {
      Path log = home.resolve(name);
      if (Files.exists(log)) {
        all.append("--- ").append(name).append('\n').append(Files.readString(log));
      }
    }
    return all.toString();
  }

  private void awaitMasterJson(String expected, int seconds) throws Exception {
    try {
      await()
          .atMost(Duration.ofSeconds(seconds))
          .pollInterval(Duration.ofMillis(250))
          .until(
              () -> masterJsonContains(expected) || processes.stream().anyMatch(p -> !p.isAlive()));
    } catch (ConditionTimeoutException notReached) {
      // reported below with the logs
    }
    if (!masterJsonContains(expected)) {
      throw new AssertionError("The cluster did not reach " + expected + "; its logs:\n" + logs());
    }
  }

  private boolean masterJsonContains(String expected) throws InterruptedException {
    try {
      return masterJson().contains(expected);
    } catch (IOException notYetListening) {
      return false;
    }
  }

  static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  /** Stops the Worker (and the executors it launched) and then the Master. */
  @Override
  public void close() throws InterruptedException {
    for (int i = processes.size() - 1; i >= 0; i--) {
      Processes.destroyTree(processes.get(i).toHandle(), 30);
    }
  }
}
