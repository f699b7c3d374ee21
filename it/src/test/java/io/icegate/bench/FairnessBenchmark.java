package io.icegate.bench;

import io.icegate.it.GatewayProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * A small query's latency alone and while another user's long job runs, with Spark's FAIR scheduler
 * (the default: each user in a pool of their own) and with first-in first-out, each on a gateway
 * started as {@code bin/icegate serve} on its default engine. Prints a Markdown table for
 * docs/PERFORMANCE.md.
 *
 * <p>Run: {@code mvn -B -Pbench -pl it -am verify -DskipTests -Dbench.streaming.skip=true
 * -Dbench.metadata.skip=true -Dbench.load.skip=true -Dbench.contention.skip=true
 * -Dbench.health.skip=true}; {@code -Dbench.fairness.samples=N} samples during the long job with
 * FAIR (three with FIFO, where each waits for the whole job).
 */
public final class FairnessBenchmark {
  /** User B's query: two tasks. */
  static final String SMALL = "SELECT count(*) FROM range(0, 1000000, 1, 2)";

  /** User A's job, the issue's: 200 tasks of 30 million rows each. */
  static final String LONG = "SELECT sum(id * 7 % 13) FROM range(0, 6000000000, 1, 200)";

  private static final ExecutorService CLIENTS = Executors.newCachedThreadPool();

  private FairnessBenchmark() {}

  record Result(String mode, Latencies alone, Latencies during, double taskMillis) {}

  public static void main(String[] args) throws Exception {
    int samples = Integer.getInteger("bench.fairness.samples", 20);
    List<Result> results = new ArrayList<>();
    try {
      results.add(run("FAIR", List.of(), samples));
      results.add(run("FIFO", List.of("spark.scheduler.mode=FIFO"), 3));
    } finally {
      CLIENTS.shutdownNow();
    }
    System.out.println();
    System.out.println(
        "| scheduler | small query alone p50 / max | during the long job p50 / max |"
            + " during / alone (p50) | long job's task |");
    System.out.println("|---|---|---|---|---|");
    for (Result r : results) {
      System.out.printf(
          Locale.ROOT,
          "| %s | %.0f / %.0f ms | %.0f / %.0f ms | **%.2f** | %.0f ms |%n",
          r.mode(),
          r.alone().p50(),
          r.alone().percentile(1.0),
          r.during().p50(),
          r.during().percentile(1.0),
          r.during().p50() / r.alone().p50(),
          r.taskMillis());
    }
  }

  private static Result run(String mode, List<String> conf, int samples) throws Exception {
    Path warehouse = Files.createTempDirectory(Path.of("target"), "bench-fairness-");
    Path log = Files.createTempFile(Path.of("target"), "bench-fairness-", ".log");
    try (GatewayProcess gateway = GatewayProcess.start(warehouse, log, "", conf, null);
        Connection a = connect(gateway, "user-a");
        Connection b = connect(gateway, "user-b")) {
      for (int i = 0; i < 10; i++) {
        time(b, SMALL);
      }
      Latencies alone = new Latencies();
      for (int i = 0; i < 30; i++) {
        alone.addNanos(time(b, SMALL));
      }
      Latencies during = new Latencies();
      double taskMillis = 0;
      for (int i = 0; i < samples; i++) {
        Statement longJob = a.createStatement();
        Future<?> running = CLIENTS.submit(() -> longJob.executeQuery(LONG));
        awaitTasksDone(b, 4);
        during.addNanos(time(b, SMALL));
        taskMillis = Math.max(taskMillis, taskMillis(b));
        longJob.cancel();
        try {
          running.get(5, TimeUnit.MINUTES);
        } catch (java.util.concurrent.ExecutionException cancelled) {
          // Cancelled, as meant.
        }
      }
      System.out.printf(
          Locale.ROOT,
          "%s: alone p50 %.0f ms, during p50 %.0f ms (%d samples)%n",
          mode,
          alone.p50(),
          during.p50(),
          during.count());
      return new Result(mode, alone, during, taskMillis);
    }
  }

  private static Connection connect(GatewayProcess gateway, String user) throws SQLException {
    Properties info = new Properties();
    info.setProperty("user", user);
    return DriverManager.getConnection(gateway.jdbcUrl(), info);
  }

  private static long time(Connection c, String sql) throws SQLException {
    long start = System.nanoTime();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        rs.getObject(1);
      }
    }
    return System.nanoTime() - start;
  }

  /** Waits until user A's job has finished {@code tasks} tasks: its stage is under way. */
  private static void awaitTasksDone(Connection watcher, int tasks) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
    while (System.nanoTime() < deadline) {
      try (Statement s = watcher.createStatement();
          ResultSet rs =
              s.executeQuery(
                  "SELECT tasks_done FROM icegate.system.queries WHERE user_name = 'user-a'"
                      + " AND state = 'RUNNING'")) {
        if (rs.next() && rs.getInt(1) >= tasks) {
          return;
        }
      }
      // A poll of the gateway's own table, not a wait for Spark: it answers without a job.
      Thread.sleep(50);
    }
    throw new IllegalStateException("The long job did not start within two minutes");
  }

  /** The long job's mean task time so far: its elapsed time over its tasks, on two cores. */
  private static double taskMillis(Connection watcher) throws SQLException {
    try (Statement s = watcher.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT elapsed_ms, tasks_done FROM icegate.system.queries"
                    + " WHERE user_name = 'user-a' AND state = 'RUNNING'")) {
      if (rs.next() && rs.getInt(2) > 0) {
        return 2.0 * rs.getLong(1) / rs.getInt(2);
      }
      return 0;
    }
  }
}
