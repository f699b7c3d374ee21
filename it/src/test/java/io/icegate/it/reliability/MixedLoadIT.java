package io.icegate.it.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.it.RunningGateway;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The mixed load of issue 21, bounded in time, on two gateways: four connections dropping and
 * re-creating their own tables (and running maintenance and metadata queries on each new one), six
 * inserting into one shared table while reading its {@code files} and {@code history ⋈ snapshots},
 * and two running {@code rewrite_data_files}, {@code expire_snapshots} and {@code
 * rewrite_manifests} on it. No acknowledged insert is lost, none that failed is present, no
 * statement fails with XX000, a commit that lost a race is 40001 and says to retry, and every
 * re-created table answers as the new table.
 */
class MixedLoadIT {
  private static final Duration RUN = Duration.ofSeconds(40);
  private static final String NS = "demo.mixed_load";
  private static final String SHARED = NS + ".shared";

  @RegisterExtension static final RunningGateway first = RunningGateway.plain();
  @RegisterExtension static final RunningGateway second = RunningGateway.plain();

  private final Map<String, LongAdder> done = new ConcurrentHashMap<>();
  private final Map<String, LongAdder> conflicts = new ConcurrentHashMap<>();
  private final List<String> problems = Collections.synchronizedList(new ArrayList<>());
  private final Set<Long> acknowledged = ConcurrentHashMap.newKeySet();
  private final Set<Long> refused = ConcurrentHashMap.newKeySet();
  private final AtomicLong ids = new AtomicLong();

  @BeforeAll
  static void start() throws SQLException {
    try (Connection c = first.connect();
        Statement s = c.createStatement()) {
      s.execute("CREATE NAMESPACE IF NOT EXISTS " + NS);
      s.execute("CREATE TABLE " + SHARED + " (id bigint, writer int) USING iceberg");
    }
  }

  @Test
  void churnWritersAndMaintenanceLoseNothingAndLoseRacesOnlyAs40001() throws Exception {
    long end = System.nanoTime() + RUN.toNanos();
    ExecutorService clients = Executors.newFixedThreadPool(12);
    List<Future<?>> running = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      int n = i;
      running.add(clients.submit(() -> churn(n, end)));
    }
    for (int i = 0; i < 6; i++) {
      int n = i;
      running.add(clients.submit(() -> write(n, end)));
    }
    for (int i = 0; i < 2; i++) {
      int n = i;
      running.add(clients.submit(() -> maintain(n, end)));
    }
    clients.shutdown();
    assertThat(clients.awaitTermination(RUN.toSeconds() + 240, TimeUnit.SECONDS))
        .as("every client finished within four minutes of the end")
        .isTrue();
    for (Future<?> client : running) {
      client.get();
    }

    Set<Long> present = new HashSet<>();
    try (Connection c = first.connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT id FROM " + SHARED)) {
      while (rs.next()) {
        assertThat(present.add(rs.getLong(1))).as("id %d present once", rs.getLong(1)).isTrue();
      }
    }
    System.out.printf(
        "MixedLoadIT: %s done, conflicts (40001) %s, %d inserts acknowledged, %d refused%n",
        new TreeMap<>(done), new TreeMap<>(conflicts), acknowledged.size(), refused.size());
    assertThat(problems).as("statements that failed other than by losing a race").isEmpty();
    assertThat(present)
        .as("the shared table holds every acknowledged insert")
        .containsAll(acknowledged);
    assertThat(present).as("and no insert that failed").doesNotContainAnyElementsOf(refused);
    assertThat(present).hasSameSizeAs(acknowledged);
    assertThat(done.get("churn").sum()).as("re-creations done").isGreaterThanOrEqualTo(4);
    assertThat(done.get("insert").sum() + conflicts.getOrDefault("insert", new LongAdder()).sum())
        .as("shared inserts tried")
        .isGreaterThanOrEqualTo(6);
    for (String procedure :
        List.of("rewrite_data_files", "expire_snapshots", "rewrite_manifests")) {
      assertThat(
              done.getOrDefault(procedure, new LongAdder()).sum()
                  + conflicts.getOrDefault(procedure, new LongAdder()).sum())
          .as("%s calls", procedure)
          .isGreaterThan(0);
    }
  }

  /**
   * Drops and re-creates its own table, by turns with DROP ... PURGE and CREATE OR REPLACE, and
   * checks each.
   */
  private void churn(int n, long end) {
    String table = NS + ".own_" + n;
    String name = "mixed_load.own_" + n;
    try (Connection c = (n % 2 == 0 ? first : second).connect();
        Statement s = c.createStatement()) {
      // Each client does its work at least once, however slow the machine: then until the end.
      int generation = 0;
      do {
        if (generation % 3 == 2) {
          s.execute(
              "CREATE OR REPLACE TABLE " + table + " (id bigint, generation int) USING iceberg");
        } else {
          s.execute("DROP TABLE IF EXISTS " + table + (generation % 3 == 1 ? " PURGE" : ""));
          s.execute("CREATE TABLE " + table + " (id bigint, generation int) USING iceberg");
        }
        for (int row = 0; row < 2; row++) {
          s.execute("INSERT INTO " + table + " VALUES (" + row + ", " + generation + ")");
        }
        // CREATE OR REPLACE keeps the table's history (Iceberg's replace is a new version of the
        // same table): the
        // one snapshot the last expiry left, then the two inserts.
        long snapshots = generation % 3 == 2 ? 3 : 2;
        expectOne(
            s,
            "SELECT count(*) FROM " + table + ".snapshots",
            snapshots,
            table + " generation " + generation);
        s.execute("CALL demo.system.rewrite_data_files(table => '" + name + "')");
        s.execute(
            "CALL demo.system.expire_snapshots(table => '"
                + name
                + "',"
                + " older_than => TIMESTAMP '9999-12-31 00:00:00', retain_last => 1)");
        expectOne(
            s,
            "SELECT count(*) FROM " + table + ".snapshots",
            1,
            table + " after expiry, generation " + generation);
        expectOne(
            s,
            "SELECT count(*) FROM " + table + " WHERE generation = " + generation,
            2,
            table + " rows of generation " + generation);
        done.computeIfAbsent("churn", k -> new LongAdder()).increment();
        generation++;
      } while (System.nanoTime() < end);
    } catch (SQLException e) {
      problems.add("churn " + n + ": " + e.getSQLState() + " " + e.getMessage());
    }
  }

  private void write(int n, long end) {
    try (Connection c = (n % 2 == 0 ? first : second).connect();
        Statement s = c.createStatement()) {
      int i = 0;
      do {
        long id = ids.incrementAndGet();
        attempt(
            "insert",
            () -> s.execute("INSERT INTO " + SHARED + " VALUES (" + id + ", " + n + ")"),
            () -> acknowledged.add(id),
            () -> refused.add(id));
        String read =
            i % 2 == 0
                ? "SELECT file_path, record_count FROM " + SHARED + ".files"
                : "SELECT h.snapshot_id, s.operation FROM "
                    + SHARED
                    + ".history h JOIN "
                    + SHARED
                    + ".snapshots s ON h.snapshot_id = s.snapshot_id";
        attempt("read", () -> drain(s, read), () -> {}, () -> {});
        i++;
      } while (System.nanoTime() < end);
    } catch (SQLException e) {
      problems.add("writer " + n + ": " + e.getSQLState() + " " + e.getMessage());
    }
  }

  private void maintain(int n, long end) {
    String[] calls = {
      "CALL demo.system.rewrite_data_files(table => 'mixed_load.shared', options =>"
          + " map('min-input-files', '2'))",
      "CALL demo.system.expire_snapshots(table => 'mixed_load.shared', older_than => TIMESTAMP"
          + " '9999-12-31 00:00:00', retain_last => 5)",
      "CALL demo.system.rewrite_manifests(table => 'mixed_load.shared')"
    };
    try (Connection c = (n % 2 == 0 ? first : second).connect();
        Statement s = c.createStatement()) {
      do {
        for (String call : calls) {
          String procedure = call.substring("CALL demo.system.".length(), call.indexOf('('));
          attempt(procedure, () -> drain(s, call), () -> {}, () -> {});
        }
      } while (System.nanoTime() < end);
    } catch (SQLException e) {
      problems.add("maintenance " + n + ": " + e.getSQLState() + " " + e.getMessage());
    }
  }

  @FunctionalInterface
  private interface Sql {
    void run() throws SQLException;
  }

  /**
   * Runs one statement: a lost race (40001 saying to retry) is counted, any other failure is a
   * problem.
   */
  private void attempt(String kind, Sql sql, Runnable onSuccess, Runnable onConflict) {
    try {
      sql.run();
      done.computeIfAbsent(kind, k -> new LongAdder()).increment();
      onSuccess.run();
    } catch (SQLException e) {
      if ("40001".equals(e.getSQLState()) && e.getMessage().contains("retry")) {
        conflicts.computeIfAbsent(kind, k -> new LongAdder()).increment();
        onConflict.run();
      } else {
        problems.add(kind + ": " + e.getSQLState() + " " + e.getMessage());
      }
    }
  }

  private static void drain(Statement s, String sql) throws SQLException {
    try (ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        rs.getObject(1);
      }
    }
  }

  private void expectOne(Statement s, String sql, long expected, String what) throws SQLException {
    try (ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      long actual = rs.getLong(1);
      if (actual != expected) {
        problems.add(what + ": " + sql + " gave " + actual + ", expected " + expected);
      }
    }
  }
}
