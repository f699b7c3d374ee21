package io.icegate.bench;

import io.icegate.it.TestGateway;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How many concurrent writers one table takes before appends lose races for good: for each number
 * of writers ({@code -Dcontention.writers}, "1,2,4,6,8,12") and each {@code
 * commit.retry.num-retries} ({@code -Dcontention.retries}, "4,10"; 4 is Iceberg's default), every
 * writer appends {@code -Dcontention.inserts} (10) rows one INSERT at a time, all starting
 * together, to a fresh table through one gateway in this JVM. Prints, per run, the appends
 * acknowledged, those refused with 40001 after Iceberg's retries ran out, and the rows present
 * (they must equal the acknowledged), and writes it to {@code target/append-contention.txt}. A run
 * whose rows present differ from the acknowledged, or with any other error, adds a {@code MISMATCH}
 * line, and the benchmark then exits with 1.
 *
 * <p>{@code mvn -B -o -Pbench -pl it -am verify -DskipTests -Dbench.streaming.skip=true
 * -Dbench.metadata.skip=true -Dbench.load.skip=true}
 */
public final class AppendContention {
  private AppendContention() {}

  public static void main(String[] args) throws Exception {
    int inserts = Integer.getInteger("contention.inserts", 10);
    List<Integer> writerCounts = ints(System.getProperty("contention.writers", "1,2,4,6,8,12"));
    List<Integer> retryCounts = ints(System.getProperty("contention.retries", "4,10"));
    StringBuilder report =
        new StringBuilder(
            String.format(
                "writers  num-retries  appends  acknowledged  refused(40001)  other errors  rows"
                    + " present  seconds%n"));
    int run = 0;
    List<String> mismatches = new ArrayList<>();
    try (TestGateway gateway =
        TestGateway.start(Map.of("icegate.limits.max-statements-per-user", "32"))) {
      for (int retries : retryCounts) {
        for (int writers : writerCounts) {
          String table = "demo.default.contention_" + run++;
          try (Connection c = gateway.connect();
              Statement s = c.createStatement()) {
            s.execute(
                "CREATE TABLE "
                    + table
                    + " (id bigint) USING iceberg TBLPROPERTIES"
                    + " ('commit.retry.num-retries'='"
                    + retries
                    + "')");
          }
          long started = System.nanoTime();
          int[] outcome = run(gateway, table, writers, inserts);
          long seconds = (System.nanoTime() - started) / 1_000_000_000L;
          long present;
          try (Connection c = gateway.connect();
              Statement s = c.createStatement();
              ResultSet rs = s.executeQuery("SELECT count(*) FROM " + table)) {
            rs.next();
            present = rs.getLong(1);
          }
          String line =
              String.format(
                  "%7d  %11d  %7d  %12d  %14d  %12d  %12d  %7d%n",
                  writers,
                  retries,
                  writers * inserts,
                  outcome[0],
                  outcome[1],
                  outcome[2],
                  present,
                  seconds);
          System.out.print(line);
          report.append(line);
          // An acknowledged append must be present, a refused one absent, and no other error.
          if (present != outcome[0] || outcome[2] > 0) {
            String mismatch =
                String.format(
                    "MISMATCH writers=%d num-retries=%d: rows present %d, acknowledged %d, other"
                        + " errors %d%n",
                    writers, retries, present, outcome[0], outcome[2]);
            System.out.print(mismatch);
            report.append(mismatch);
            mismatches.add(mismatch);
          }
        }
      }
    }
    Files.writeString(Path.of("target", "append-contention.txt"), report);
    System.out.print(report);
    System.exit(mismatches.isEmpty() ? 0 : 1);
  }

  /** Acknowledged, refused with 40001, and other failures. */
  private static int[] run(TestGateway gateway, String table, int writers, int inserts)
      throws Exception {
    AtomicInteger acknowledged = new AtomicInteger();
    AtomicInteger conflicts = new AtomicInteger();
    AtomicInteger others = new AtomicInteger();
    CyclicBarrier start = new CyclicBarrier(writers);
    ExecutorService pool = Executors.newFixedThreadPool(writers);
    List<Future<?>> running = new ArrayList<>();
    for (int w = 0; w < writers; w++) {
      int writer = w;
      running.add(
          pool.submit(
              () -> {
                try (Connection c = gateway.connect();
                    Statement s = c.createStatement()) {
                  start.await();
                  for (int i = 0; i < inserts; i++) {
                    try {
                      s.execute(
                          "INSERT INTO " + table + " VALUES (" + (writer * 1_000_000L + i) + ")");
                      acknowledged.incrementAndGet();
                    } catch (SQLException e) {
                      ("40001".equals(e.getSQLState()) ? conflicts : others).incrementAndGet();
                    }
                  }
                }
                return null;
              }));
    }
    for (Future<?> writer : running) {
      writer.get();
    }
    pool.shutdown();
    return new int[] {acknowledged.get(), conflicts.get(), others.get()};
  }

  private static List<Integer> ints(String list) {
    List<Integer> values = new ArrayList<>();
    for (String value : list.split(",")) {
      values.add(Integer.parseInt(value.strip()));
    }
    return values;
  }
}
