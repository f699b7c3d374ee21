package io.icegate.bench;

import io.icegate.gateway.updates.UpdateCounts;
import io.icegate.it.TestGateway;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * What counting rows costs a DML statement: the same statements on two identical tables in one
 * engine, one session counting (the gateway's) and one not (a plain Spark session), taken in turn.
 * Prints a Markdown table for docs/PERFORMANCE.md.
 *
 * <p>Run: {@code mvn -B -Pbench -pl it -am verify -DskipTests -Dbench.streaming.skip=true
 * -Dbench.metadata.skip=true -Dbench.load.skip=true -Dbench.contention.skip=true
 * -Dbench.health.skip=true -Dbench.fairness.skip=true -Dbench.access.skip=true}; {@code
 * -Dbench.counts.iterations=N} per statement and session, {@code -Dbench.counts.rows=N} rows.
 */
public final class UpdateCountsBenchmark {
  private UpdateCountsBenchmark() {}

  public static void main(String[] args) {
    int iterations = Integer.getInteger("bench.counts.iterations", 7);
    long rows = Long.getLong("bench.counts.rows", 2_000_000L);
    SparkSession counting = TestGateway.engine().newSession();
    SparkSession plain = TestGateway.engine().rootSession().newSession();
    counting.sql("CREATE NAMESPACE IF NOT EXISTS demo.bench_counts");
    for (String t : new String[] {"demo.bench_counts.counted", "demo.bench_counts.plain"}) {
      counting.sql("DROP TABLE IF EXISTS " + t);
      counting.sql(
          "CREATE TABLE "
              + t
              + " (id bigint, v bigint, p int) USING iceberg PARTITIONED BY (p)"
              + " TBLPROPERTIES ('write.update.mode' = 'copy-on-write',"
              + " 'write.merge.mode' = 'copy-on-write')");
      counting.sql(
          "INSERT INTO " + t + " SELECT id, id, CAST(id % 8 AS INT) FROM range(" + rows + ")");
    }
    Map<String, String> statements = new LinkedHashMap<>();
    statements.put(
        "INSERT of " + rows / 2 + " rows",
        "INSERT INTO {t} SELECT id, id, CAST(id % 8 AS INT) FROM range(" + rows / 2 + ")");
    statements.put("UPDATE of 1/8 of the rows", "UPDATE {t} SET v = v + 1 WHERE p = 3");
    statements.put(
        "MERGE of " + rows / 20 + " source rows",
        "MERGE INTO {t} t USING (SELECT id * 20 AS id FROM range("
            + rows / 20
            + ")) s ON t.id = s.id AND t.p = 0 WHEN MATCHED THEN UPDATE SET v = t.v + 1"
            + " WHEN NOT MATCHED THEN INSERT (id, v, p) VALUES (s.id, 0, 0)");
    System.out.println();
    System.out.println("| statement | plain Spark p50 | counted p50 | counted / plain |");
    System.out.println("|---|---|---|---|");
    for (Map.Entry<String, String> statement : statements.entrySet()) {
      String counted = statement.getValue().replace("{t}", "demo.bench_counts.counted");
      String uncounted = statement.getValue().replace("{t}", "demo.bench_counts.plain");
      Latencies a = new Latencies();
      Latencies b = new Latencies();
      for (int i = -1; i < iterations; i++) {
        // The first round warms both up; then alternate which goes first.
        long plainNanos;
        long countedNanos;
        if (i % 2 == 0) {
          plainNanos = time(() -> plain.sql(uncounted));
          countedNanos = time(() -> UpdateCounts.run(() -> counting.sql(counted)));
        } else {
          countedNanos = time(() -> UpdateCounts.run(() -> counting.sql(counted)));
          plainNanos = time(() -> plain.sql(uncounted));
        }
        if (i >= 0) {
          a.addNanos(plainNanos);
          b.addNanos(countedNanos);
        }
      }
      System.out.printf(
          Locale.ROOT,
          "| %s | %.0f ms | %.0f ms | **%.3f** |%n",
          statement.getKey(),
          a.p50(),
          b.p50(),
          b.p50() / a.p50());
    }
    System.exit(0);
  }

  private static long time(Runnable statement) {
    long start = System.nanoTime();
    statement.run();
    return System.nanoTime() - start;
  }
}
