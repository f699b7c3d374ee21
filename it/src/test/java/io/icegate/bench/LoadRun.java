package io.icegate.bench;

import static org.awaitility.Awaitility.await;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import org.awaitility.core.ConditionTimeoutException;

/**
 * {@code clients} JDBC clients for {@code duration} on one gateway running in this JVM, each mixing
 * metadata queries, scans, inserts into its own table and inserts into one shared table. Records
 * what a reliability report needs: statements per kind, errors by SQLState and message,
 * acknowledged inserts per table against the rows present afterwards, clients that stopped making
 * progress, and the gateway's sessions, threads and heap before, during and after.
 */
public final class LoadRun {
  /** A client making no progress for this long is a deadlock. */
  public static final Duration STALL = Duration.ofSeconds(60);

  private final String url;
  private final int clients;
  private final Duration duration;
  private final String prefix;
  private final long seed;

  private final Map<String, LongAdder> statements = new ConcurrentHashMap<>();
  private final Map<String, LongAdder> errorsByState = new ConcurrentHashMap<>();
  private final Map<String, String> exampleMessage = new ConcurrentHashMap<>();
  private final Map<String, Set<Long>> acknowledged = new ConcurrentHashMap<>();
  private final List<String> unexpected = java.util.Collections.synchronizedList(new ArrayList<>());
  private final List<String> stalls = java.util.Collections.synchronizedList(new ArrayList<>());
  private final AtomicLong[] lastProgress;

  /**
   * @param prefix table names start with it ({@code demo.default.<prefix>_shared}, {@code
   *     <prefix>_own_<n>})
   */
  public LoadRun(String url, int clients, Duration duration, String prefix, long seed) {
    this.url = url;
    this.clients = clients;
    this.duration = duration;
    this.prefix = prefix;
    this.seed = seed;
    this.lastProgress = new AtomicLong[clients];
  }

  private String shared() {
    return "demo.default." + prefix + "_shared";
  }

  private String own(int client) {
    return "demo.default." + prefix + "_own_" + client;
  }

  /** Runs the load and returns its report; never throws for what the clients see. */
  public LoadReport run() throws Exception {
    Gauges baseline;
    try (Connection admin = DriverManager.getConnection(url)) {
      try (Statement s = admin.createStatement()) {
        s.execute(
            "CREATE TABLE " + shared() + " (id bigint, client int, payload string) USING iceberg");
        for (int i = 0; i < clients; i++) {
          s.execute(
              "CREATE TABLE " + own(i) + " (id bigint, client int, payload string) USING iceberg");
        }
      }
      baseline = Gauges.read(admin);
      long started = System.nanoTime();
      long end = started + duration.toNanos();
      List<Thread> threads = new ArrayList<>();
      for (int i = 0; i < clients; i++) {
        lastProgress[i] = new AtomicLong(System.nanoTime());
        int client = i;
        Thread thread = new Thread(() -> client(client, end), "load-client-" + i);
        thread.setDaemon(true);
        threads.add(thread);
      }
      threads.forEach(Thread::start);
      Gauges peak = baseline;
      while (threads.stream().anyMatch(Thread::isAlive)) {
        // The watcher's pace, not a wait for one condition: each second it samples the gauges and
        // looks for stalls.
        Thread.sleep(1000);
        long now = System.nanoTime();
        for (int i = 0; i < clients; i++) {
          long quiet = now - lastProgress[i].get();
          if (threads.get(i).isAlive() && quiet > STALL.toNanos() && stalls.size() < clients) {
            stalls.add(
                "client "
                    + i
                    + " made no progress for "
                    + Duration.ofNanos(quiet).toSeconds()
                    + " s; "
                    + "threads:\n"
                    + threadDump());
            threads.get(i).interrupt();
          }
        }
        if (!stalls.isEmpty() && now > end + STALL.toNanos() * 2) {
          break;
        }
        peak = peak.max(Gauges.readWithoutGc(admin));
      }
      long seconds = Duration.ofNanos(System.nanoTime() - started).toSeconds();

      Map<String, long[]> tables = new TreeMap<>();
      for (String table : allTables()) {
        Set<Long> present = new HashSet<>();
        long rows = 0;
        try (Statement s = admin.createStatement();
            ResultSet rs = s.executeQuery("SELECT id FROM " + table)) {
          while (rs.next()) {
            present.add(rs.getLong(1));
            rows++;
          }
        }
        Set<Long> acked = acknowledged.getOrDefault(table, Set.of());
        Set<Long> lost = new HashSet<>(acked);
        lost.removeAll(present);
        Set<Long> extra = new HashSet<>(present);
        extra.removeAll(acked);
        tables.put(table, new long[] {acked.size(), rows, lost.size(), extra.size()});
      }
      Gauges after = Gauges.settle(admin, baseline);
      return new LoadReport(
          clients,
          seconds,
          counts(statements),
          counts(errorsByState),
          Map.copyOf(exampleMessage),
          tables,
          List.copyOf(unexpected),
          List.copyOf(stalls),
          baseline,
          peak,
          after);
    }
  }

  private List<String> allTables() {
    List<String> tables = new ArrayList<>();
    tables.add(shared());
    for (int i = 0; i < clients; i++) {
      tables.add(own(i));
    }
    return tables;
  }

  private static Map<String, Long> counts(Map<String, LongAdder> adders) {
    Map<String, Long> out = new TreeMap<>();
    adders.forEach((key, adder) -> out.put(key, adder.sum()));
    return out;
  }

  private void client(int client, long end) {
    Random random = new Random(seed + client);
    long sequence = 0;
    try (Connection c = DriverManager.getConnection(url);
        Statement s = c.createStatement()) {
      s.setQueryTimeout((int) STALL.toSeconds());
      while (System.nanoTime() < end && !Thread.currentThread().isInterrupted()) {
        int pick = random.nextInt(100);
        String table = random.nextBoolean() ? own(client) : shared();
        String kind;
        Supplier<String> sql;
        long id = client * 100_000_000L + sequence++;
        if (pick < 30) {
          kind = "insert own";
          table = own(client);
          String t = table;
          sql = () -> "INSERT INTO " + t + " VALUES (" + id + ", " + client + ", 'row " + id + "')";
        } else if (pick < 50) {
          kind = "insert shared";
          table = shared();
          String t = table;
          sql = () -> "INSERT INTO " + t + " VALUES (" + id + ", " + client + ", 'row " + id + "')";
        } else if (pick < 75) {
          kind = "metadata";
          String t = table;
          String[] metadata = {
            "SELECT snapshot_id, operation, summary['added-records'] FROM " + t + ".snapshots",
            "SELECT made_current_at, snapshot_id, is_current_ancestor FROM " + t + ".history",
            "SELECT file_path, record_count, file_size_in_bytes FROM " + t + ".files",
            "SELECT count(*) FROM " + t + ".manifests"
          };
          String chosen = metadata[random.nextInt(metadata.length)];
          sql = () -> chosen;
        } else {
          kind = "scan";
          String t = table;
          sql = () -> "SELECT count(*), sum(id), max(payload) FROM " + t + " WHERE client >= 0";
        }
        statements.computeIfAbsent(kind, k -> new LongAdder()).increment();
        try {
          if (kind.startsWith("insert")) {
            s.executeUpdate(sql.get());
            acknowledged.computeIfAbsent(table, k -> ConcurrentHashMap.newKeySet()).add(id);
          } else {
            try (ResultSet rs = s.executeQuery(sql.get())) {
              while (rs.next()) {
                // read every row
              }
            }
          }
        } catch (SQLException e) {
          String state = String.valueOf(e.getSQLState());
          errorsByState.computeIfAbsent(state, k -> new LongAdder()).increment();
          exampleMessage.putIfAbsent(state, String.valueOf(e.getMessage()));
          boolean conflict = "40001".equals(state) && kind.startsWith("insert");
          if (!conflict) {
            unexpected.add(kind + " | " + state + " | " + e.getMessage());
          }
        }
        lastProgress[client].set(System.nanoTime());
      }
    } catch (SQLException e) {
      unexpected.add(
          "client " + client + " | connection | " + e.getSQLState() + " | " + e.getMessage());
    }
  }

  private static String threadDump() {
    StringBuilder out = new StringBuilder();
    for (ThreadInfo info : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
      out.append(info);
    }
    return out.toString();
  }

  /** The gateway's open sessions, live threads and heap. */
  public record Gauges(
      long sessions, int threads, long heapBytes, Map<String, Integer> threadNames) {
    static Gauges read(Connection admin) throws SQLException {
      for (int i = 0; i < 3; i++) {
        System.gc();
      }
      return readWithoutGc(admin);
    }

    static Gauges readWithoutGc(Connection admin) throws SQLException {
      long sessions;
      try (Statement s = admin.createStatement();
          ResultSet rs = s.executeQuery("SELECT count(*) FROM icegate.system.connections")) {
        rs.next();
        sessions = rs.getLong(1);
      }
      Map<String, Integer> names = new TreeMap<>();
      for (Thread thread : Thread.getAllStackTraces().keySet()) {
        names.merge(thread.getName().replaceAll("\\d+", "#"), 1, Integer::sum);
      }
      return new Gauges(
          sessions,
          ManagementFactory.getThreadMXBean().getThreadCount(),
          ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed(),
          names);
    }

    /**
     * The gauges once they are back at {@code baseline} (sessions equal, threads at most 8 more,
     * heap after GC at most 64 MB more than 1.25 times), or as they stand after 120 s.
     */
    static Gauges settle(Connection admin, Gauges baseline) throws Exception {
      try {
        return await()
            .atMost(Duration.ofSeconds(120))
            .pollDelay(Duration.ZERO)
            .pollInterval(Duration.ofSeconds(2))
            .until(() -> read(admin), now -> now.backTo(baseline));
      } catch (ConditionTimeoutException notBack) {
        return read(admin);
      }
    }

    /**
     * Whether these gauges are back at {@code baseline}: the same open sessions, heap after GC at
     * most 1.25 times the baseline plus 64 MiB, and at most 8 threads more, not counting the idle
     * threads of two bounded pools that only shrink slowly: the gateway's Jetty request pool
     * ({@code avatica_qtp*}, one thread given back per idle minute) and Spark's {@code
     * task-result-getter} pool (at most 4).
     */
    public boolean backTo(Gauges baseline) {
      return sessions <= baseline.sessions
          && threads - pooled() <= baseline.threads - baseline.pooled() + 8
          && heapBytes <= baseline.heapBytes * 5 / 4 + 64L * 1024 * 1024;
    }

    private int pooled() {
      return threadNames.entrySet().stream()
          .filter(
              e ->
                  e.getKey().startsWith("avatica_qtp")
                      || e.getKey().startsWith("task-result-getter"))
          .mapToInt(Map.Entry::getValue)
          .sum();
    }

    Gauges max(Gauges other) {
      return new Gauges(
          Math.max(sessions, other.sessions),
          Math.max(threads, other.threads),
          Math.max(heapBytes, other.heapBytes),
          threads >= other.threads ? threadNames : other.threadNames);
    }

    /**
     * Threads (names with digits as #) there are more of than at {@code baseline}, with how many
     * more.
     */
    public Map<String, Integer> moreThreadsThan(Gauges baseline) {
      Map<String, Integer> more = new TreeMap<>();
      threadNames.forEach(
          (name, count) -> {
            int extra = count - baseline.threadNames.getOrDefault(name, 0);
            if (extra > 0) {
              more.put(name, extra);
            }
          });
      return more;
    }

    @Override
    public String toString() {
      return sessions
          + " sessions, "
          + threads
          + " threads, "
          + heapBytes / (1024 * 1024)
          + " MiB heap";
    }
  }
}
