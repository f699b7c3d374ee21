package io.icegate.it.cluster;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.HiveMetaStore;
import org.apache.hadoop.hive.metastore.txn.TxnDbUtil;
import org.awaitility.core.ConditionTimeoutException;

/**
 * A real Hive metastore service (Hive 2.3.9, the version Spark 3.5 speaks to): {@code
 * HiveMetaStore}'s own {@code main}, the Thrift server a deployment runs, in a JVM of its own on a
 * free port (Hive 2.3 cannot bind to one interface: it listens on all of them; the test connects
 * through 127.0.0.1), with an embedded Derby database and a warehouse directory in a fresh
 * directory.
 *
 * <p>Hive's JVM pause monitor thread dies at start with an {@code IllegalAccessError} (it was built
 * for Guava 14's public {@code Stopwatch} constructor; the class path has Guava 33): only its
 * warnings about long GC pauses are lost.
 *
 * <p>Its class path is this test JVM's own ({@code java.class.path}, which failsafe sets to the
 * module's test class path): the gateway's metastore client jars plus the server-only ones the it
 * module declares in test scope (Derby, DataNucleus, JDO, hive-exec). One list of jars, resolved by
 * Maven, so the server and the client cannot drift apart and no class path file has to be written
 * by the build.
 */
final class HiveMetastoreServer implements AutoCloseable {
  private static final long START_TIMEOUT_MS = 180_000;

  private final Process process;
  private final Path dir;
  private final int port;

  private HiveMetastoreServer(Process process, Path dir, int port) {
    this.process = process;
    this.dir = dir;
    this.port = port;
  }

  /**
   * Starts the service in {@code dir} and waits until it accepts connections; on failure nothing is
   * left running.
   */
  static HiveMetastoreServer start(Path dir) throws Exception {
    int port = freePort();
    Path log4j = dir.resolve("metastore-log4j2.properties");
    // Everything at INFO to standard error, which goes to metastore.log: Hive's default
    // configuration writes to a
    // file under /tmp/<user> instead, out of sight of a failing test.
    Files.writeString(
        log4j,
        String.join(
            "\n",
            "status = warn",
            "appender.console.type = Console",
            "appender.console.name = console",
            "appender.console.target = SYSTEM_ERR",
            "appender.console.layout.type = PatternLayout",
            "appender.console.layout.pattern = %d{HH:mm:ss.SSS} %-5p %c{1}: %m%n",
            "rootLogger.level = info",
            "rootLogger.appenderRef.console.ref = console",
            ""));
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m"));
    // The gateway's JVM flags (the --add-opens Spark needs on Java 17): Hive 2.3 and DataNucleus
    // reflect into the
    // same JDK internals, and Spark runs this very metastore code with them.
    Path flags = Path.of("..", "gateway", "target", "classes", "icegate-jvm.flags");
    command.addAll(Arrays.asList(Files.readString(flags).trim().split("\\s+")));
    command.addAll(
        List.of(
            "-Dlog4j2.configurationFile=" + log4j.toUri(),
            // HiveMetaStore.main configures log4j itself, from this file (a plain path),
            // synchronously: Hive's default
            // asynchronous loggers need the LMAX disruptor, which is not on the class path.
            "-Dhive.log4j.file=" + log4j,
            "-Dhive.async.log.enabled=false",
            // HiveConf reads every setting from system properties too, so no hive-site.xml is
            // needed.
            "-Djavax.jdo.option.ConnectionURL=jdbc:derby:;databaseName="
                + dir.resolve("metastore_db")
                + ";create=true",
            "-Djavax.jdo.option.ConnectionDriverName=org.apache.derby.jdbc.EmbeddedDriver",
            // DataNucleus creates the tables of the metastore's object model on first use; nothing
            // to migrate.
            "-Ddatanucleus.schema.autoCreateAll=true",
            "-Dhive.metastore.schema.verification=false",
            // No connection pool: BoneCP, Hive's default, is not on the class path, and an embedded
            // database needs none.
            "-Ddatanucleus.connectionPoolingType=NONE",
            "-Dhive.metastore.warehouse.dir=" + dir.resolve("warehouse").toUri(),
            "-Dderby.stream.error.file=" + dir.resolve("derby.log"),
            "-cp",
            System.getProperty("java.class.path"),
            Main.class.getName(),
            "-p",
            Integer.toString(port)));
    Path log = dir.resolve("metastore.log");
    Process process =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    process.getOutputStream().close();
    HiveMetastoreServer server = new HiveMetastoreServer(process, dir, port);
    try {
      server.awaitPort();
      return server;
    } catch (Exception e) {
      server.close();
      throw e;
    }
  }

  /**
   * Waits until the Thrift port accepts connections: the service has opened its store and created
   * its tables.
   */
  private void awaitPort() throws Exception {
    try {
      await()
          .atMost(Duration.ofMillis(START_TIMEOUT_MS))
          .pollInterval(Duration.ofMillis(250))
          .until(this::listens);
    } catch (ConditionTimeoutException e) {
      throw new IllegalStateException(
          "The Hive metastore did not listen on port "
              + port
              + " within "
              + START_TIMEOUT_MS / 1000
              + " s; its log:\n"
              + log());
    }
  }

  /** Whether the Thrift port accepts a connection; fails at once when the service has exited. */
  private boolean listens() throws IOException {
    if (!process.isAlive()) {
      throw new IllegalStateException(
          "The Hive metastore exited with "
              + process.exitValue()
              + " before it listened on port "
              + port
              + "; its log:\n"
              + log());
    }
    // The service logs a TTransportException for this probe, which closes without a Thrift message.
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1_000);
      return true;
    } catch (IOException notYet) {
      return false;
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  /** The metastore's Thrift URI, as {@code spark.sql.catalog.<name>.uri} takes it. */
  String uri() {
    return "thrift://127.0.0.1:" + port;
  }

  /** The metastore's default warehouse directory, as a URI. */
  String warehouse() {
    return dir.resolve("warehouse").toUri().toString();
  }

  /** The service's output so far: its last 200 lines (its first ones list the whole class path). */
  String log() throws IOException {
    Path log = dir.resolve("metastore.log");
    if (!Files.exists(log)) {
      return "(no log)";
    }
    List<String> lines = Files.readAllLines(log);
    return (lines.size() > 200 ? "(" + log + ", last 200 lines)\n" : "")
        + String.join("\n", lines.subList(Math.max(0, lines.size() - 200), lines.size()));
  }

  /**
   * The service's JVM: Hive's transaction and lock tables, then {@code HiveMetaStore}'s own {@code
   * main}. Iceberg's commits take a metastore lock (the lock API, kept in those tables);
   * DataNucleus creates only the tables of the metastore's object model, and on a deployed
   * metastore {@code schematool -initSchema} creates the rest. Without schematool here, {@code
   * TxnDbUtil.prepDb} (Hive's own DDL for them, idempotent) does it on the empty Derby database.
   * Not {@code hive.in.test=true}, which would also create them: it turns on test-only assertions
   * that refuse Iceberg's lock requests ("operationType=UNSET").
   */
  public static final class Main {
    private Main() {}

    public static void main(String[] args) throws Throwable {
      TxnDbUtil.prepDb(new HiveConf());
      HiveMetaStore.main(args);
    }
  }

  /** Kills the service (its data is thrown away) and waits for it to be gone. */
  @Override
  public void close() throws InterruptedException {
    process.destroyForcibly();
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      throw new IllegalStateException(
          "The Hive metastore (pid " + process.pid() + ") did not exit");
    }
  }
}
