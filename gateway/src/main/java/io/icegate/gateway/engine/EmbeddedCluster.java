package io.icegate.gateway.engine;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Spark's standalone Master and Worker in a process of their own on this machine, started for the
 * gateway and stopped with it, so that no user's task runs in the gateway's JVM ({@link
 * EmbeddedClusterMain}). The Worker starts the executors from the gateway's own class path: a Spark
 * home with an empty {@code jars/} directory, the class path given as the executors' extra class
 * path.
 */
public final class EmbeddedCluster implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedCluster.class);
  private static final String FLAGS_RESOURCE = "/icegate-jvm.flags";
  private static final String SCALA_BINARY_VERSION = "2.13";

  /** The environment variable Spark's security manager reads the shared secret from. */
  private static final String SECRET_VARIABLE = "_SPARK_AUTH_SECRET";

  private final Process process;
  private final String masterUrl;
  private final Path workDir;
  private final Path log;
  private final String secret;

  private EmbeddedCluster(
      Process process, String masterUrl, Path workDir, Path log, String secret) {
    this.process = process;
    this.masterUrl = masterUrl;
    this.workDir = workDir;
    this.log = log;
    this.secret = secret;
  }

  /**
   * Starts the Master and a Worker offering {@code size} to one application, under {@code dir} (the
   * Spark home and the executors' work directories, their logs among them), and waits until the
   * Master answers.
   *
   * @param secret the secret every Spark process of the cluster and the gateway share (Spark's
   *     {@code spark.authenticate}), so that no other process on the machine can join
   */
  public static EmbeddedCluster start(Path dir, ExecutorSize size, String secret) {
    try {
      Path home = dir.resolve("spark-home");
      Files.createDirectories(home.resolve("jars"));
      Path workDir = Files.createDirectories(dir.resolve("work"));
      Path log = dir.resolve("cluster.log");
      ProcessBuilder builder =
          new ProcessBuilder(command(size, workDir))
              .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
      builder.environment().put("SPARK_HOME", home.toString());
      // Spark's launcher asks for the Scala version before it looks for SPARK_HOME/jars; a
      // distribution has it in a file this home lacks.
      builder.environment().put("SPARK_SCALA_VERSION", SCALA_BINARY_VERSION);
      builder.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
      builder.environment().remove("SPARK_CONF_DIR");
      builder.environment().put(SECRET_VARIABLE, secret);
      Process process = builder.start();
      String[] addresses;
      try {
        addresses = awaitMasterUrl(process, log).split(" ");
      } catch (RuntimeException e) {
        process.destroyForcibly();
        throw e;
      }
      String masterUrl = addresses[0];
      LOG.info(
          "Embedded Spark cluster at {}; its web page {}: {} executor(s) of {} core(s) and {} MB"
              + " (executor logs under {})",
          masterUrl,
          addresses.length > 1 ? addresses[1] : "(none)",
          size.executors(),
          size.cores(),
          size.memoryMb(),
          workDir);
      return new EmbeddedCluster(process, masterUrl, workDir, log, secret);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot start the embedded Spark cluster under " + dir, e);
    }
  }

  private static List<String> command(ExecutorSize size, Path workDir) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(sparkJvmFlags());
    // The Master and the Worker only keep track of executors: a small heap is plenty.
    command.addAll(List.of("-Xmx256m", "-XX:+UseSerialGC"));
    command.add("-Dspark.authenticate=true");
    // A lost executor is replaced however often it is lost: the default gives up on the
    // application after ten losses in a row, which would stop the gateway's Spark.
    command.add("-Dspark.deploy.maxExecutorRetries=-1");
    // The Master's and Worker's web pages (on loopback, random ports) may show but not kill.
    command.add("-Dspark.ui.killEnabled=false");
    command.add("-Dspark.worker.ui.retainedExecutors=100");
    // Executor logs roll at 64 MB, four kept; directories of applications that ended go after a
    // week (Spark's default time to live).
    command.add("-Dspark.executor.logs.rolling.strategy=size");
    command.add("-Dspark.executor.logs.rolling.maxSize=" + (64L << 20));
    command.add("-Dspark.executor.logs.rolling.maxRetainedFiles=4");
    command.add("-Dspark.worker.cleanup.enabled=true");
    command.addAll(
        List.of(
            "-cp",
            System.getProperty("java.class.path"),
            EmbeddedClusterMain.class.getName(),
            Integer.toString(size.executors() * size.cores()),
            Integer.toString(size.executors() * size.memoryMb()),
            workDir.toString()));
    return command;
  }

  /** The JVM flags Spark needs on Java 17, as the build wrote them for the launcher. */
  static List<String> sparkJvmFlags() throws IOException {
    try (InputStream in = EmbeddedCluster.class.getResourceAsStream(FLAGS_RESOURCE)) {
      if (in == null) {
        throw new IOException("Cannot find " + FLAGS_RESOURCE + " on the class path");
      }
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
      return Arrays.stream(text.split("\\s+")).filter(f -> !f.isEmpty()).toList();
    }
  }

  private static String awaitMasterUrl(Process process, Path log) {
    CompletableFuture<String> line = new CompletableFuture<>();
    // Reads the process's output to its end, so that it never waits on a full pipe (a thread dump
    // goes to standard output), once the master line is read.
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader out =
                  new BufferedReader(
                      new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String l = out.readLine(); l != null; l = out.readLine()) {
                  if (!line.isDone() && l.startsWith(EmbeddedClusterMain.MASTER_LINE)) {
                    line.complete(l.substring(EmbeddedClusterMain.MASTER_LINE.length()).strip());
                  }
                }
              } catch (IOException e) {
                // The process ended.
              } finally {
                line.complete(null);
              }
            },
            "icegate-cluster-output");
    reader.setDaemon(true);
    reader.start();
    try {
      String url = line.get(60, TimeUnit.SECONDS);
      if (url != null) {
        return url;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException e) {
      // reported below
    }
    throw new IllegalStateException(
        "Cannot start the embedded Spark cluster (Spark's standalone master and worker): "
            + (process.isAlive()
                ? "it did not report its address within 60 s"
                : "it exited with code " + process.exitValue())
            + "; see "
            + log);
  }

  /** The Master's URL, {@code spark://127.0.0.1:PORT}. */
  public String masterUrl() {
    return masterUrl;
  }

  /** Where the Worker keeps each executor's directory: {@code app-ID/N/stderr} is its log. */
  public Path workDir() {
    return workDir;
  }

  public Path log() {
    return log;
  }

  /** The secret the cluster's processes and the driver authenticate each other with. */
  String secret() {
    return secret;
  }

  /** The process of the Master and Worker (tests look at it from the outside). */
  public ProcessHandle process() {
    return process.toHandle();
  }

  /**
   * Stops the cluster: closing its input makes it stop the executors and exit; it is killed if it
   * has not within 30 s.
   */
  @Override
  public void close() {
    try {
      process.getOutputStream().close();
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        LOG.warn("The embedded Spark cluster did not stop within 30 s; killing it");
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
      }
    } catch (IOException e) {
      process.destroyForcibly();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
