package io.icegate.bench;

import io.icegate.it.TestGateway;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the access rules add to a statement: the same statements through two gateways on one engine,
 * one without a rules file and one with 1,000 rules where the rule that applies is among the last
 * (every check reads past 999 others), taken in turn so that both see the same machine. The last
 * statement reads a files table the rules redact (a hidden column partitions its table): the cost
 * of the redaction on the native path. Prints a Markdown table for docs/PERFORMANCE.md.
 *
 * <p>Run: {@code mvn -B -Pbench -pl it -am verify -DskipTests -Dbench.streaming.skip=true
 * -Dbench.metadata.skip=true -Dbench.load.skip=true -Dbench.contention.skip=true
 * -Dbench.health.skip=true -Dbench.fairness.skip=true}; {@code -Dbench.access.iterations=N} per
 * statement and gateway.
 */
public final class AccessRulesBenchmark {
  static final int RULES = 1_000;

  static final Map<String, String> STATEMENTS =
      Map.of(
          "SELECT 1", "SELECT 1",
          "data query", "SELECT count(*), max(region) FROM demo.bench_access.t WHERE id < 500",
          "native metadata query",
              "SELECT snapshot_id, operation FROM demo.bench_access.t.snapshots",
          "redacted files query",
              "SELECT file_path, record_count, lower_bounds, readable_metrics FROM"
                  + " demo.bench_access.hidden.files");

  private AccessRulesBenchmark() {}

  public static void main(String[] args) throws Exception {
    int iterations = Integer.getInteger("bench.access.iterations", 300);
    Path rules = Files.createTempFile(Path.of("target"), "bench-rules-", ".yaml");
    Files.writeString(rules, rulesFile());
    try (TestGateway plain = TestGateway.start(Map.of());
        TestGateway ruled = TestGateway.start(Map.of("icegate.auth.rules-file", rules.toString()));
        Connection without = plain.connectAs("bench");
        Connection with = ruled.connectAs("bench")) {
      try (Statement s = without.createStatement()) {
        s.execute("CREATE NAMESPACE IF NOT EXISTS demo.bench_access");
        s.execute(
            "CREATE TABLE IF NOT EXISTS demo.bench_access.t (id bigint, region string) USING"
                + " iceberg");
        // A column the bench user may not see partitions this one: its files table is redacted.
        s.execute(
            "CREATE TABLE IF NOT EXISTS demo.bench_access.hidden (id bigint, secret string,"
                + " region string) USING iceberg PARTITIONED BY (secret)");
        for (int i = 0; i < 5; i++) {
          s.execute(
              "INSERT INTO demo.bench_access.t SELECT id, CAST(id % 7 AS string) FROM range("
                  + i * 1000
                  + ", "
                  + (i + 1) * 1000
                  + ")");
          s.execute(
              "INSERT INTO demo.bench_access.hidden SELECT id, CAST(id % 8 AS string),"
                  + " CAST(id % 7 AS string) FROM range("
                  + i * 1000
                  + ", "
                  + (i + 1) * 1000
                  + ")");
        }
      }
      System.out.println();
      System.out.println(
          "| statement | without rules p50 / p95 | 1,000 rules p50 / p95 | with / without (p50) |");
      System.out.println("|---|---|---|---|");
      for (String name :
          List.of("SELECT 1", "data query", "native metadata query", "redacted files query")) {
        String sql = STATEMENTS.get(name);
        for (int i = 0; i < iterations / 5; i++) {
          time(without, sql);
          time(with, sql);
        }
        Latencies a = new Latencies();
        Latencies b = new Latencies();
        for (int i = 0; i < iterations; i++) {
          // Alternate which goes first, so neither always runs on a warmer cache.
          if (i % 2 == 0) {
            a.addNanos(time(without, sql));
            b.addNanos(time(with, sql));
          } else {
            b.addNanos(time(with, sql));
            a.addNanos(time(without, sql));
          }
        }
        System.out.printf(
            Locale.ROOT,
            "| %s | %.2f / %.2f ms | %.2f / %.2f ms | **%.3f** |%n",
            name,
            a.p50(),
            a.p95(),
            b.p50(),
            b.p95(),
            b.p50() / a.p50());
      }
    }
    System.exit(0);
  }

  /** 999 rules for other users, then the one that applies. */
  static String rulesFile() {
    StringBuilder text = new StringBuilder("catalogs:\n  - {catalog: \".*\"}\ntables:\n");
    for (int i = 0; i < RULES - 1; i++) {
      text.append("  - {id: team-")
          .append(i)
          .append(", user: \"analyst-")
          .append(i)
          .append("|lead-")
          .append(i)
          .append("\", namespace: \"team_")
          .append(i)
          .append("(_.*)?\", privileges: [select, metadata]}\n");
    }
    text.append(
        "  - {id: bench-hidden, user: bench, namespace: bench_access, table: hidden,"
            + " privileges: [all], columns: [{name: secret, hidden: true}]}\n");
    text.append("  - {id: bench, user: bench, privileges: [all]}\n");
    return text.toString();
  }

  private static long time(Connection c, String sql) throws Exception {
    long start = System.nanoTime();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        rs.getObject(1);
      }
    }
    return System.nanoTime() - start;
  }
}
