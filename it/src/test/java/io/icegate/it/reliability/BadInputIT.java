package io.icegate.it.reliability;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.icegate.it.TestGateway;
import io.icegate.it.reliability.BadInputCorpus.Entry;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.spark.sql.SparkSession;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;

/**
 * Sends a generated corpus of at least 10,000 malformed and hostile statements over JDBC: each must
 * fail with an SQLException carrying a real SQLState and a message without Java internals, the
 * gateway must keep answering, and nothing but the statement sent may run (the canary table's
 * snapshots and rows, and the namespace's tables, stay as they were).
 */
class BadInputIT {
  private static final String CANARY = "bad_input_canary";
  private static final int BATCH = 500;
  private static final int CLIENTS = 3;
  private static final int QUERY_TIMEOUT_SECONDS = 10;
  private static final long ENTRY_DEADLINE_SECONDS = 30;
  private static final long SLOW_MILLIS = 2_000;
  private static final Pattern JAVA_INTERNALS =
      Pattern.compile("\tat |\\b[\\w$]+(Exception|Error):|scala\\.|org\\.apache\\.|java\\.lang\\.");

  private final List<String> findings = Collections.synchronizedList(new ArrayList<>());
  private final List<String> slow = Collections.synchronizedList(new ArrayList<>());
  private final List<String> stacks = Collections.synchronizedList(new ArrayList<>());
  private final Map<String, Integer> perCategory = new ConcurrentSkipListMap<>();
  private final Map<String, Integer> sqlStates = new ConcurrentSkipListMap<>();

  @Test
  void everyBadStatementFailsCleanlyAndNothingElseRuns() throws Exception {
    long started = System.nanoTime();
    try (TestGateway gateway = TestGateway.start();
        Connection admin = gateway.connect()) {
      execute(
          admin,
          "CREATE TABLE demo.default." + CANARY + " (id bigint, name string) USING iceberg",
          "INSERT INTO demo.default." + CANARY + " VALUES (1, 'a'), (2, 'b')",
          "INSERT INTO demo.default." + CANARY + " VALUES (3, 'c')",
          "INSERT INTO demo.default." + CANARY + " VALUES (4, 'd')");
      CanaryState before = CanaryState.read(admin, CANARY);
      SparkSession spark = TestGateway.engine().rootSession();
      BadInputCorpus corpus = BadInputCorpus.generate(CANARY, sql -> parses(spark, sql));
      List<Entry> entries = corpus.entries();
      assertThat(entries).hasSizeGreaterThanOrEqualTo(10_000);
      String only = System.getProperty("badinput.only", "");
      if (!only.isEmpty()) {
        // For looking at one category while working on it; a run that checks the gateway sends them
        // all.
        entries = entries.stream().filter(entry -> only.contains(entry.category())).toList();
        // A value that names no category would check nothing and pass.
        assertThat(entries)
            .as("corpus entries of the categories in badinput.only=%s", only)
            .isNotEmpty();
      }
      long threadsBefore = ManagementFactory.getThreadMXBean().getThreadCount();

      Runner runner = new Runner(gateway);
      for (int from = 0; from < entries.size(); from += BATCH) {
        List<Entry> batch = entries.subList(from, Math.min(entries.size(), from + BATCH));
        batch.forEach(entry -> perCategory.merge(entry.category(), 1, Integer::sum));
        runner.run(batch);
        assertAnswers(admin, "after entry " + (from + batch.size()));
      }
      assertAnswers(admin, "at the end");

      CanaryState after = CanaryState.read(admin, CANARY);
      // Idle threads of the gateway's pools (prefetch, Jetty, Spark's) end after their keep-alive
      // (60 s at most):
      // what must not happen is threads that stay.
      long threadsAfter;
      try {
        threadsAfter =
            await()
                .atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofSeconds(1))
                .until(
                    () -> (long) ManagementFactory.getThreadMXBean().getThreadCount(),
                    n -> n < threadsBefore + 50);
      } catch (ConditionTimeoutException stayed) {
        // Asserted below, once the summary is written.
        threadsAfter = ManagementFactory.getThreadMXBean().getThreadCount();
      }
      String summary =
          summary(entries.size(), corpus.droppedPrefixes(), started, threadsBefore, threadsAfter);
      System.out.println(summary);
      Files.writeString(Path.of("target", "bad-input-summary.txt"), summary);

      assertThat(after).as("canary table and namespace after the corpus").isEqualTo(before);
      assertThat(threadsAfter)
          .as("gateway JVM threads after the corpus: " + threadNames())
          .isLessThan(threadsBefore + 50);
      assertThat(findings).as("findings (statement, what happened)").isEmpty();
    }
  }

  private static boolean parses(SparkSession spark, String sql) {
    try {
      spark.sessionState().sqlParser().parsePlan(sql);
      return true;
    } catch (Exception | StackOverflowError e) {
      return false;
    }
  }

  private void assertAnswers(Connection admin, String when) throws SQLException {
    try (Statement statement = admin.createStatement()) {
      statement.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
      try (ResultSet rs = statement.executeQuery("SELECT 1")) {
        assertThat(rs.next()).as("SELECT 1 %s", when).isTrue();
        assertThat(rs.getInt(1)).isEqualTo(1);
      }
    }
  }

  /** The JVM's threads by name without trailing numbers, with their counts, most first. */
  private static String threadNames() {
    java.util.Map<String, Long> byName =
        Thread.getAllStackTraces().keySet().stream()
            .collect(
                java.util.stream.Collectors.groupingBy(
                    t -> t.getName().replaceAll("[-#]?\\d+", "-N"),
                    java.util.TreeMap::new,
                    java.util.stream.Collectors.counting()));
    return byName.toString();
  }

  /** Where the gateway's request threads are, for a statement it has not answered. */
  private static String gatewayStacks() {
    StringBuilder out = new StringBuilder();
    for (Map.Entry<Thread, StackTraceElement[]> thread : Thread.getAllStackTraces().entrySet()) {
      StackTraceElement[] frames = thread.getValue();
      boolean ours =
          java.util.Arrays.stream(frames)
              .anyMatch(
                  f ->
                      f.getClassName().startsWith("io.icegate.gateway")
                          || f.getClassName().startsWith("io.icegate.jdbc"));
      if (ours) {
        out.append("    ").append(thread.getKey().getName()).append('\n');
        for (int i = 0; i < Math.min(14, frames.length); i++) {
          out.append("      at ").append(frames[i]).append('\n');
        }
        for (StackTraceElement frame : frames) {
          if (frame.getClassName().startsWith("io.icegate.")) {
            out.append("      ... at ").append(frame).append('\n');
            break;
          }
        }
      }
    }
    return out.toString();
  }

  /** What is wrong with how {@code entry} failed, or null; counts its SQLState. */
  private String problem(Entry entry, SQLException e, long millis) {
    String state = e.getSQLState();
    sqlStates.merge(String.valueOf(state), 1, Integer::sum);
    String message = String.valueOf(e.getMessage());
    List<String> wrong = new ArrayList<>();
    if ("57014".equals(state)) {
      wrong.add(
          "still running at the "
              + QUERY_TIMEOUT_SECONDS
              + " s query timeout (answered after "
              + millis
              + " ms)");
    }
    if (state == null || state.equals("00000")) {
      wrong.add("SQLState " + state);
    }
    // XX000 is a defect of the gateway. XX001 (data corrupted) and 58000 (a system outside the
    // statement) blame what no entry touches (no file paths, no remote catalog): every entry fails
    // on its own text, as a user error.
    if ("XX000".equals(state)) {
      wrong.add("an internal error for bad input");
    }
    if ("XX001".equals(state)) {
      wrong.add("data corruption reported for bad input");
    }
    if ("58000".equals(state)) {
      wrong.add("a system error for bad input");
    }
    if (JAVA_INTERNALS.matcher(message).find()) {
      wrong.add("message shows Java internals");
    }
    return wrong.isEmpty()
        ? null
        : String.join(", ", wrong) + " (SQLState " + state + "): " + abbreviate(message);
  }

  private static String abbreviate(String message) {
    String oneLine = message.replace("\n", "\\n").replace("\t", "\\t");
    return oneLine.length() > 400 ? oneLine.substring(0, 400) + "..." : oneLine;
  }

  private String summary(
      int total, int dropped, long started, long threadsBefore, long threadsAfter) {
    StringBuilder out =
        new StringBuilder("BadInputIT: ")
            .append(total)
            .append(" statements in ")
            .append(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started))
            .append(" s (seed ")
            .append(BadInputCorpus.SEED)
            .append("; ")
            .append(dropped)
            .append(" prefixes left out because Spark's parser reads them as whole statements)\n");
    out.append("per category:\n");
    perCategory.forEach(
        (category, count) ->
            out.append("  ").append(category).append(": ").append(count).append('\n'));
    out.append("SQLStates:\n");
    sqlStates.forEach(
        (state, count) -> out.append("  ").append(state).append(": ").append(count).append('\n'));
    out.append("gateway JVM threads before/after: ")
        .append(threadsBefore)
        .append('/')
        .append(threadsAfter)
        .append('\n');
    out.append("slower than ").append(SLOW_MILLIS).append(" ms: ").append(slow.size()).append('\n');
    synchronized (slow) {
      slow.stream().sorted().forEach(entry -> out.append("  ").append(entry).append('\n'));
    }
    out.append("where the gateway was busy with statements it did not answer:\n");
    synchronized (stacks) {
      stacks.forEach(stack -> out.append("  ").append(stack).append('\n'));
    }
    out.append("findings: ").append(findings.size()).append('\n');
    findings.forEach(finding -> out.append("  ").append(finding).append('\n'));
    return out.toString();
  }

  /**
   * Runs a batch of entries on {@link #CLIENTS} connections at once, each entry with a query
   * timeout. A client whose entry has not answered after {@link #ENTRY_DEADLINE_SECONDS} is
   * abandoned (its entry is a finding) and replaced by a new client on a new connection.
   */
  private final class Runner {
    private final TestGateway gateway;

    Runner(TestGateway gateway) {
      this.gateway = gateway;
    }

    void run(List<Entry> batch) throws InterruptedException {
      Queue<Entry> queue = new ConcurrentLinkedQueue<>(batch);
      List<Worker> workers = new ArrayList<>();
      for (int i = 0; i < CLIENTS; i++) {
        workers.add(new Worker(queue));
      }
      while (true) {
        boolean busy = false;
        for (int i = 0; i < workers.size(); i++) {
          Worker worker = workers.get(i);
          if (!worker.thread.isAlive()) {
            continue;
          }
          busy = true;
          Entry current = worker.current;
          long since = System.nanoTime() - worker.started;
          if (current != null && since > TimeUnit.SECONDS.toNanos(ENTRY_DEADLINE_SECONDS)) {
            worker.abandoned = true;
            findings.add(
                current.category()
                    + " | "
                    + current.shown()
                    + " | no answer within "
                    + ENTRY_DEADLINE_SECONDS
                    + " s (query timeout "
                    + QUERY_TIMEOUT_SECONDS
                    + " s)");
            slow.add(
                ">"
                    + ENTRY_DEADLINE_SECONDS * 1000
                    + " ms | "
                    + current.category()
                    + " | "
                    + current.shown());
            stacks.add(current.shown() + "\n" + gatewayStacks());
            worker.thread.interrupt();
            workers.set(i, new Worker(queue));
          }
        }
        if (!busy) {
          return;
        }
        // The supervisor's pace, not a wait for one condition: each turn checks every client's
        // deadline.
        Thread.sleep(100);
      }
    }

    /** One client: a connection and a thread taking entries from the batch until none is left. */
    private final class Worker {
      final Thread thread;
      volatile Entry current;
      volatile long started;
      volatile boolean abandoned;

      Worker(Queue<Entry> queue) {
        thread = new Thread(() -> work(queue), "bad-input-client");
        thread.setDaemon(true);
        thread.start();
      }

      private void work(Queue<Entry> queue) {
        try (Connection connection = gateway.connect()) {
          for (Entry entry = queue.poll(); entry != null && !abandoned; entry = queue.poll()) {
            started = System.nanoTime();
            current = entry;
            String outcome = runOne(connection, entry);
            current = null;
            if (!abandoned && outcome != null) {
              findings.add(entry.category() + " | " + entry.shown() + " | " + outcome);
            }
          }
        } catch (SQLException e) {
          if (!abandoned) {
            findings.add("client connection failed: " + e.getSQLState() + " " + e.getMessage());
          }
        }
      }

      /** Runs {@code entry}; returns what is wrong with the outcome, or null. */
      private String runOne(Connection connection, Entry entry) throws SQLException {
        try (Statement statement = connection.createStatement()) {
          statement.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
          if (statement.execute(entry.sql())) {
            try (ResultSet rs = statement.getResultSet()) {
              int count = 0;
              while (rs.next() && count < 1000) {
                count++;
              }
              return "succeeded with " + count + " row(s)";
            }
          }
          return "succeeded with update count " + statement.getUpdateCount();
        } catch (SQLException e) {
          long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
          if (millis >= SLOW_MILLIS && !abandoned) {
            slow.add(millis + " ms | " + entry.category() + " | " + entry.shown());
          }
          return abandoned ? null : problem(entry, e, millis);
        } catch (RuntimeException e) {
          return "threw " + e.getClass().getName() + ": " + e.getMessage();
        }
      }
    }
  }

  /**
   * What must not change: the canary's snapshots and rows, and which tables the namespaces hold.
   */
  record CanaryState(
      List<List<Object>> snapshots,
      List<List<Object>> rows,
      List<List<Object>> demoTables,
      List<List<Object>> sessionCatalogTables) {
    static CanaryState read(Connection c, String canary) throws SQLException {
      return new CanaryState(
          query(
              c,
              "SELECT snapshot_id FROM demo.default."
                  + canary
                  + ".snapshots ORDER BY committed_at, snapshot_id"),
          query(c, "SELECT count(*), sum(id), max(name) FROM demo.default." + canary),
          query(c, "SHOW TABLES IN demo.default"),
          query(c, "SHOW TABLES IN spark_catalog.default"));
    }
  }
}
