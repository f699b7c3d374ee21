package io.icegate.it.clients;

import static io.icegate.it.Rows.execute;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.it.RunningGateway;
import io.icegate.it.TestGateway;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Update counts of every DML form, through the driver, against what Spark then finds in the table
 * (counted with Spark directly before and after): copy-on-write and merge-on-read, format v2 and
 * v3, partitioned or not; and under a writer committing to the same table meanwhile.
 */
class UpdateCountsIT {
  private static final String NS = "demo.update_counts";

  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();

  private static SparkSession spark;

  @BeforeAll
  static void namespace() throws Exception {
    spark = TestGateway.engine().rootSession().newSession();
    try (Connection c = gateway.connect()) {
      execute(
          c,
          "CREATE NAMESPACE IF NOT EXISTS " + NS,
          "CREATE OR REPLACE TABLE "
              + NS
              + ".src (id bigint, name string, op string) USING iceberg",
          "INSERT INTO "
              + NS
              + ".src VALUES (1, 's1', 'u'), (2, 's2', 'd'), (3, 's3', 'u'), (12, 's12', 'u'),"
              + " (500, 's500', 'u'), (501, 's501', 'u')");
    }
  }

  static Stream<Arguments> tables() {
    List<Arguments> kinds = new ArrayList<>();
    for (String mode : List.of("copy-on-write", "merge-on-read")) {
      for (int format : List.of(2, 3)) {
        for (boolean partitioned : List.of(true, false)) {
          kinds.add(Arguments.of(mode, format, partitioned));
        }
      }
    }
    return kinds.stream();
  }

  @ParameterizedTest(name = "{0}, v{1}, partitioned {2}")
  @MethodSource("tables")
  void everyDmlFormCountsTheRowsItChanged(String mode, int format, boolean partitioned)
      throws Exception {
    String t =
        NS + ".t_" + (mode.startsWith("copy") ? "cow" : "mor") + format + (partitioned ? "p" : "");
    String src = NS + ".src";
    try (Connection c = gateway.connect();
        Statement s = c.createStatement()) {
      execute(
          c,
          "DROP TABLE IF EXISTS " + t,
          "CREATE TABLE "
              + t
              + " (id bigint, name string, p int) USING iceberg"
              + (partitioned ? " PARTITIONED BY (p)" : "")
              + " TBLPROPERTIES ('format-version' = '"
              + format
              + "', 'write.delete.mode' = '"
              + mode
              + "', 'write.update.mode' = '"
              + mode
              + "', 'write.merge.mode' = '"
              + mode
              + "')");
      assertThat(
              s.executeUpdate(
                  "INSERT INTO " + t + " SELECT id, 'n', CAST(id % 4 AS INT)" + " FROM range(40)"))
          .isEqualTo(40);
      assertThat(s.executeLargeUpdate("INSERT INTO " + t + " VALUES (100, 'v', 0), (101, 'v', 1)"))
          .isEqualTo(2L);
      assertThat(total(t)).isEqualTo(42);

      deletes(s, t, "id IN (4, 7)", 2);
      deletes(s, t, "id IN (SELECT id FROM " + src + " WHERE op = 'd')", 1);
      // A whole partition: Iceberg deletes its files from metadata alone on a partitioned table,
      // after the first delete left a delete file against one of them on merge-on-read.
      deletes(s, t, "p = 3", count(t + " WHERE p = 3"));
      // A partition predicate and a row predicate: Iceberg answers the first in the scan.
      deletes(s, t, "p = 1 AND id > 30", count(t + " WHERE p = 1 AND id > 30"));

      long matching = count(t + " WHERE id < 10");
      assertThat(s.executeUpdate("UPDATE " + t + " SET name = 'u' WHERE id < 10"))
          .isEqualTo((int) matching);
      assertThat(count(t + " WHERE name = 'u'")).isEqualTo(matching);
      long viaSubquery = count(t + " WHERE id IN (SELECT id FROM " + src + ")");
      assertThat(
              s.executeUpdate(
                  "UPDATE " + t + " SET name = 'q' WHERE id IN (SELECT id FROM " + src + ")"))
          .isEqualTo((int) viaSubquery);
      assertThat(count(t + " WHERE name = 'q'")).isEqualTo(viaSubquery);

      long matched = count(t + " t JOIN " + src + " s ON t.id = s.id");
      long unmatchedSource = count(src + " s WHERE s.id NOT IN (SELECT id FROM " + t + ")");
      long unmatchedTarget =
          count(t + " WHERE id >= 30 AND id < 35 AND id NOT IN (SELECT id FROM " + src + ")");
      long before = total(t);
      long deletedByMerge = count(t + " t JOIN " + src + " s ON t.id = s.id WHERE s.op = 'd'");
      assertThat(
              s.executeLargeUpdate(
                  "MERGE INTO "
                      + t
                      + " t USING "
                      + src
                      + " s ON t.id = s.id"
                      + " WHEN MATCHED AND s.op = 'd' THEN DELETE"
                      + " WHEN MATCHED THEN UPDATE SET name = s.name"
                      + " WHEN NOT MATCHED THEN INSERT (id, name, p) VALUES (s.id, s.name, 0)"
                      + " WHEN NOT MATCHED BY SOURCE AND t.id >= 30 AND t.id < 35"
                      + " THEN UPDATE SET name = 'gone'"))
          .isEqualTo(matched + unmatchedSource + unmatchedTarget);
      assertThat(total(t)).isEqualTo(before - deletedByMerge + unmatchedSource);
      assertThat(count(t + " WHERE name = 'gone'")).isEqualTo(unmatchedTarget);

      execute(c, "INSERT INTO " + src + " VALUES (900, 's900', 'u')");
      try {
        assertThat(
                s.executeUpdate(
                    "MERGE INTO "
                        + t
                        + " t USING "
                        + src
                        + " s ON t.id = s.id WHEN NOT MATCHED THEN INSERT (id, name, p)"
                        + " VALUES (s.id, s.name, 1)"))
            .isEqualTo(1);
      } finally {
        execute(c, "DELETE FROM " + src + " WHERE id = 900");
      }

      long inPartitionOne = count(t + " WHERE p = 1");
      assertThat(s.executeUpdate("INSERT OVERWRITE " + t + " SELECT * FROM " + t + " WHERE p = 1"))
          .isEqualTo((int) inPartitionOne);
      assertThat(total(t)).isEqualTo(inPartitionOne);

      String copy = t + "_copy";
      execute(c, "DROP TABLE IF EXISTS " + copy);
      assertThat(s.executeUpdate("CREATE TABLE " + copy + " USING iceberg AS SELECT * FROM " + t))
          .isEqualTo((int) inPartitionOne);
      assertThat(
              s.executeUpdate(
                  "CREATE OR REPLACE TABLE "
                      + copy
                      + " USING iceberg AS SELECT * FROM "
                      + t
                      + " WHERE id < 20"))
          .isEqualTo((int) count(t + " WHERE id < 20"));
      assertThat(s.executeUpdate("DELETE FROM " + copy))
          .isEqualTo((int) count(t + " WHERE id < 20"));
      assertThat(total(copy)).isZero();
      assertThat(s.executeUpdate("CREATE TABLE " + NS + ".unused_" + format + " (a int)")).isZero();
      execute(c, "DROP TABLE " + copy, "DROP TABLE " + NS + ".unused_" + format);
    }
  }

  @Test
  void anotherWriterCommittingMeanwhileChangesNoCount() throws Exception {
    String t = NS + ".contended";
    try (Connection c = gateway.connect();
        Statement s = c.createStatement()) {
      execute(
          c,
          "DROP TABLE IF EXISTS " + t,
          "CREATE TABLE "
              + t
              + " (id bigint, name string, p int) USING iceberg PARTITIONED BY (p)"
              // Snapshot isolation, as for a table others append to: appends meanwhile do not
              // conflict with the statement's commit.
              + " TBLPROPERTIES ('write.delete.isolation-level' = 'snapshot',"
              + " 'write.update.isolation-level' = 'snapshot',"
              + " 'write.merge.isolation-level' = 'snapshot')",
          "INSERT INTO " + t + " SELECT id, 'n', CAST(id % 2 AS INT) FROM range(100)");
      AtomicBoolean writing = new AtomicBoolean(true);
      AtomicInteger commits = new AtomicInteger();
      ExecutorService writer = Executors.newSingleThreadExecutor();
      Future<?> appends =
          writer.submit(
              () -> {
                SparkSession other = TestGateway.engine().rootSession().newSession();
                for (long id = 10_000; writing.get(); id += 10) {
                  other.sql(
                      "INSERT INTO "
                          + t
                          + " SELECT id, 'other', CAST(id % 2 AS INT) FROM range("
                          + id
                          + ", "
                          + (id + 10)
                          + ")");
                  commits.incrementAndGet();
                  // Commits land while the statements below choose their files: each statement
                  // reads its table at one snapshot throughout, so none fails for them.
                  Thread.sleep(100);
                }
                return null;
              });
      try {
        int rounds = 0;
        while (commits.get() < 3 || rounds < 2) {
          int base = rounds * 20;
          assertThat(
                  s.executeUpdate(
                      "UPDATE "
                          + t
                          + " SET name = 'u' WHERE id >= "
                          + base
                          + " AND id < "
                          + (base + 10)))
              .isEqualTo(10);
          assertThat(
                  s.executeUpdate(
                      "DELETE FROM "
                          + t
                          + " WHERE id >= "
                          + (base + 10)
                          + " AND id < "
                          + (base + 15)))
              .isEqualTo(5);
          assertThat(
                  s.executeUpdate(
                      "MERGE INTO "
                          + t
                          + " t USING (SELECT "
                          + (base + 15)
                          + "L AS id UNION ALL SELECT "
                          + (5_000 + rounds)
                          + "L) s ON t.id = s.id"
                          + " WHEN MATCHED THEN UPDATE SET name = 'm'"
                          + " WHEN NOT MATCHED THEN INSERT (id, name, p) VALUES (s.id, 'm', 0)"))
              .isEqualTo(2);
          rounds++;
        }
      } finally {
        writing.set(false);
        appends.get();
        writer.shutdown();
      }
      assertThat(commits.get()).isGreaterThanOrEqualTo(3);
    }
  }

  private static long total(String table) {
    return count(table);
  }

  private static long count(String from) {
    return spark.sql("SELECT count(*) FROM " + from).first().getLong(0);
  }

  private static void deletes(Statement s, String t, String condition, long expected)
      throws Exception {
    long before = total(t);
    assertThat(count(t + " WHERE " + condition)).isEqualTo(expected);
    assertThat(s.executeUpdate("DELETE FROM " + t + " WHERE " + condition))
        .isEqualTo((int) expected);
    assertThat(total(t)).isEqualTo(before - expected);
  }
}
