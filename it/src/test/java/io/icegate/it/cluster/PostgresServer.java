package io.icegate.it.cluster;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A throwaway PostgreSQL server from the distribution's packages ({@code
 * /usr/lib/postgresql/<version>/bin}), run as the user running the tests, or as the {@code
 * postgres} system user when that is root (PostgreSQL refuses root), on a free port of 127.0.0.1,
 * with its data directory and socket in a fresh temporary directory and trust authentication.
 */
final class PostgresServer implements AutoCloseable {
  static final String DATABASE = "icegate";
  private static final boolean AS_ROOT = "root".equals(System.getProperty("user.name"));

  private final Path bin;
  private final Path dir;
  private final int port;
  private boolean started;

  private PostgresServer(Path bin, Path dir, int port) {
    this.bin = bin;
    this.dir = dir;
    this.port = port;
  }

  /**
   * Starts a server with an empty database {@link #DATABASE}; on failure nothing is left running or
   * on disk.
   */
  static PostgresServer start() throws Exception {
    // Under /tmp, not target/: as root, the postgres user must reach the directory through every
    // parent.
    Path dir = Files.createTempDirectory("icegate-postgres-");
    PostgresServer server = new PostgresServer(binaries(), dir, freePort());
    try {
      if (AS_ROOT) {
        run(List.of("chown", "postgres:postgres", dir.toString()));
      }
      server.asPostgres(
          "initdb",
          "-D",
          server.data().toString(),
          "-U",
          "postgres",
          "-A",
          "trust",
          "-E",
          "UTF8",
          "--locale=C",
          "--no-sync");
      server.started = true;
      server.asPostgres(
          "pg_ctl",
          "-D",
          server.data().toString(),
          "-l",
          dir.resolve("postgres.log").toString(),
          "-w",
          "-t",
          "60",
          "-o",
          "-p " + server.port + " -h 127.0.0.1 -k " + dir + " -c fsync=off",
          "start");
      server.asPostgres(
          "createdb",
          "-h",
          "127.0.0.1",
          "-p",
          Integer.toString(server.port),
          "-U",
          "postgres",
          DATABASE);
      return server;
    } catch (Exception e) {
      server.close();
      throw e;
    }
  }

  /** The JDBC URL of {@link #DATABASE}, user {@code postgres}. */
  String jdbcUrl() {
    return "jdbc:postgresql://127.0.0.1:" + port + "/" + DATABASE;
  }

  private Path data() {
    return dir.resolve("data");
  }

  /** The newest {@code /usr/lib/postgresql/<version>/bin} with an {@code initdb}. */
  private static Path binaries() throws IOException {
    Path root = Path.of("/usr/lib/postgresql");
    if (!Files.isDirectory(root)) {
      throw new IllegalStateException(
          "Cannot find PostgreSQL: no " + root + " (install the package postgresql)");
    }
    try (Stream<Path> versions = Files.list(root)) {
      return versions
          .map(v -> v.resolve("bin"))
          .filter(b -> Files.isExecutable(b.resolve("initdb")))
          .max(Comparator.comparing(b -> versionOf(b.getParent().getFileName().toString())))
          .orElseThrow(
              () ->
                  new IllegalStateException(
                      "Cannot find PostgreSQL: no "
                          + root
                          + "/<version>/bin/initdb (install the package postgresql)"));
    }
  }

  private static Integer versionOf(String name) {
    try {
      return Integer.valueOf(name.replaceAll("\\..*", ""));
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  private void asPostgres(String program, String... args) throws Exception {
    List<String> command = new ArrayList<>();
    if (AS_ROOT) {
      command.addAll(List.of("runuser", "-u", "postgres", "--"));
    }
    command.add(bin.resolve(program).toString());
    command.addAll(List.of(args));
    run(command);
  }

  private static void run(List<String> command) throws Exception {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    // pg_ctl start leaves the server running with its output in the log file, so the pipe closes
    // when pg_ctl exits.
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(120, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IllegalStateException("Cannot run " + command + ": no exit after 120 s");
    }
    if (process.exitValue() != 0) {
      throw new IllegalStateException(
          "Cannot run " + command + ": exit " + process.exitValue() + "\n" + output);
    }
  }

  /** Stops the server (immediately: the data is thrown away) and deletes its directory. */
  @Override
  public void close() throws Exception {
    try {
      Path pidFile = data().resolve("postmaster.pid");
      if (started && Files.exists(pidFile)) {
        try {
          asPostgres(
              "pg_ctl", "-D", data().toString(), "-m", "immediate", "-w", "-t", "60", "stop");
        } catch (Exception e) {
          // The first line of postmaster.pid is the server's process id: never leave it running.
          long pid = Long.parseLong(Files.readAllLines(pidFile).get(0).trim());
          ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
          throw e;
        }
      }
    } finally {
      try (Stream<Path> files = Files.walk(dir)) {
        for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }
  }
}
