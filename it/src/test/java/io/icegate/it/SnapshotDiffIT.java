package io.icegate.it;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.SparkJobs.sparkJobsDuring;
import static io.icegate.it.SqlFailures.assertFails;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.access.Role;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.GenericAppenderFactory;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.deletes.EqualityDeleteWriter;
import org.apache.iceberg.encryption.EncryptedFiles;
import org.apache.iceberg.spark.Spark3Util;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code icegate.system.snapshot_diff(table, from, to)} end to end: for many pairs of bounds
 * (snapshot ids, branches, tags, times; ancestors, not, equal) each row equals what Spark gives by
 * subtracting the {@code files} tables of both snapshots, the snapshot list equals the ancestry in
 * Spark's {@code snapshots} table, no Spark job runs, a {@code read} user may run it, and bad input
 * fails with a SQLState and a message naming the argument.
 */
class SnapshotDiffIT {
  private static final String TABLE = "demo.diff_it.t";
  private static final String COUNTS =
      "partition.category, partition.id_bucket, spec_id, added_data_files, removed_data_files,"
          + " added_delete_files, removed_delete_files, added_records, removed_records,"
          + " added_delete_records, removed_delete_records, added_bytes, removed_bytes";

  @RegisterExtension static final RunningGateway gateway = RunningGateway.withUsers(Map.of());

  /** Snapshot ids of main by what made them, and times (strings in the session's zone). */
  private static final Map<String, Long> ids = new HashMap<>();

  private static final Map<String, String> times = new HashMap<>();

  @BeforeAll
  static void buildTable() throws Exception {
    try (Connection c = gateway.connect(Role.ADMIN)) {
      execute(
          c,
          "CREATE NAMESPACE IF NOT EXISTS demo.diff_it",
          "CREATE TABLE "
              + TABLE
              + " (id bigint, category string, amount double) USING iceberg PARTITIONED BY"
              + " (category) TBLPROPERTIES ('format-version'='2', 'write.delete.mode'="
              + "'merge-on-read', 'write.update.mode'='merge-on-read')",
          "INSERT INTO " + TABLE + " VALUES (1, 'a', 1.0), (2, 'a', 2.0), (3, 'b', 3.0)");
      remember(c, "first");
      execute(c, "INSERT INTO " + TABLE + " VALUES (4, 'b', 4.0), (5, 'c', 5.0)");
      remember(c, "second");
      execute(
          c,
          "ALTER TABLE " + TABLE + " CREATE TAG before_deletes",
          // A position delete file: one of the two rows of a's first file.
          "DELETE FROM " + TABLE + " WHERE id = 1");
      remember(c, "positionDelete");
      execute(
          c,
          "ALTER TABLE " + TABLE + " ADD PARTITION FIELD bucket(4, id) AS id_bucket",
          "INSERT INTO " + TABLE + " VALUES (6, 'a', 6.0), (7, 'd', 7.0)");
      remember(c, "evolved");
      execute(
          c,
          "SET spark.sql.sources.partitionOverwriteMode=dynamic",
          "INSERT OVERWRITE "
              + TABLE
              + " SELECT id, category, amount * 10 FROM "
              + TABLE
              + " WHERE category = 'd'");
      remember(c, "overwrite");
      execute(
          c,
          "ALTER TABLE " + TABLE + " CREATE BRANCH audit",
          "INSERT INTO " + TABLE + ".branch_audit VALUES (8, 'e', 8.0)",
          "INSERT INTO " + TABLE + ".branch_audit VALUES (9, 'a', 9.0)");
      equalityDelete(3L, "b");
      execute(c, "REFRESH TABLE " + TABLE);
      remember(c, "equalityDelete");
      execute(c, "UPDATE " + TABLE + " SET amount = 60.0 WHERE id = 6");
      remember(c, "update");
    }
  }

  private static void remember(Connection c, String name) throws SQLException {
    List<Object> last =
        query(
                c,
                "SELECT snapshot_id, CAST(made_current_at AS STRING) FROM "
                    + TABLE
                    + ".history ORDER BY made_current_at DESC LIMIT 1")
            .get(0);
    ids.put(name, (Long) last.get(0));
    times.put(name, (String) last.get(1));
  }

  /** Spark SQL writes no equality deletes; Iceberg's writer does, as Flink would. */
  private static void equalityDelete(long id, String category) throws Exception {
    Table table = Spark3Util.loadIcebergTable(TestGateway.engine().rootSession(), TABLE);
    PartitionSpec byCategory = table.specs().get(0);
    Schema deleteSchema = table.schema().select("id");
    GenericAppenderFactory factory =
        new GenericAppenderFactory(
            table.schema(),
            byCategory,
            new int[] {table.schema().findField("id").fieldId()},
            deleteSchema,
            null);
    Record row = GenericRecord.create(table.schema());
    row.setField("id", id);
    row.setField("category", category);
    PartitionKey partition = new PartitionKey(byCategory, table.schema());
    partition.partition(row);
    String location =
        table
            .locationProvider()
            .newDataLocation(byCategory, partition, UUID.randomUUID() + ".parquet");
    EqualityDeleteWriter<Record> writer =
        factory.newEqDeleteWriter(
            EncryptedFiles.plainAsEncryptedOutput(table.io().newOutputFile(location)),
            FileFormat.PARQUET,
            partition);
    try (writer) {
      Record deleted = GenericRecord.create(deleteSchema);
      deleted.setField("id", id);
      writer.write(deleted);
    }
    table.newRowDelta().addDeletes(writer.toDeleteFile()).commit();
  }

  /** A bound as snapshot_diff takes it and as Spark's time travel writes it. */
  private record Bound(String argument, String asOf, String snapshotOf) {
    static Bound id(String name) {
      long id = ids.get(name);
      return new Bound(
          Long.toString(id), "VERSION AS OF " + id, "SELECT " + id + " AS snapshot_id");
    }

    static Bound ref(String ref) {
      return new Bound(
          "'" + ref + "'",
          "VERSION AS OF '" + ref + "'",
          "SELECT snapshot_id FROM " + TABLE + ".refs WHERE name = '" + ref + "'");
    }

    /** A time as a string, or as a TIMESTAMP literal. */
    static Bound time(String name, boolean literal) {
      String time = (literal ? "TIMESTAMP " : "") + "'" + times.get(name) + "'";
      return new Bound(
          time,
          "TIMESTAMP AS OF " + time,
          "SELECT snapshot_id FROM "
              + TABLE
              + ".history WHERE made_current_at <= CAST("
              + time
              + " AS TIMESTAMP) ORDER BY made_current_at DESC LIMIT 1");
    }

    @Override
    public String toString() {
      return argument;
    }
  }

  @Test
  void everyPairEqualsWhatSparkSubtracts() throws Exception {
    List<Bound[]> pairs =
        List.of(
            new Bound[] {Bound.id("first"), Bound.id("second")},
            new Bound[] {Bound.id("first"), Bound.ref("main")},
            new Bound[] {Bound.ref("before_deletes"), Bound.ref("main")},
            new Bound[] {Bound.ref("main"), Bound.ref("audit")},
            new Bound[] {Bound.id("overwrite"), Bound.ref("audit")},
            new Bound[] {Bound.ref("audit"), Bound.ref("main")},
            new Bound[] {Bound.ref("main"), Bound.ref("main")},
            new Bound[] {Bound.ref("before_deletes"), Bound.ref("before_deletes")},
            new Bound[] {Bound.id("evolved"), Bound.id("second")},
            new Bound[] {Bound.id("positionDelete"), Bound.id("equalityDelete")},
            new Bound[] {Bound.time("second", false), Bound.ref("main")},
            new Bound[] {Bound.time("positionDelete", true), Bound.id("first")},
            new Bound[] {Bound.time("evolved", false), Bound.time("update", true)});
    Map<String, List<List<Object>>> answers = new HashMap<>();
    for (Bound[] pair : pairs) {
      answers.put(pair[0] + " " + pair[1], assertEqualsSpark(pair[0], pair[1]));
    }
    // The comparisons are not vacuous: the deletes of both kinds (and the update's) are in them.
    List<List<Object>> sinceTag = answers.get("'before_deletes' 'main'");
    assertThat(sinceTag.stream().mapToLong(row -> (Long) row.get(5)).sum()).isEqualTo(3L);
    assertThat(sinceTag.stream().mapToLong(row -> (Long) row.get(3)).sum()).isGreaterThan(2L);
    assertThat(answers.get("'main' 'main'")).isEmpty();
  }

  /** Asserts Icegate's rows equal Spark's and returns them (without the snapshot lists). */
  private static List<List<Object>> assertEqualsSpark(Bound from, Bound to) throws Exception {
    return assertEqualsSpark(from, to, true);
  }

  /**
   * As above, read by a {@code read} user with the gateway's default, or by a {@code write} user
   * (who may change settings) with the native metadata path switched off: it answers either way.
   * Two different snapshots always differ in some file here, so only a pair of equal ones may
   * answer no row: every other pair's snapshot list is checked.
   */
  private static List<List<Object>> assertEqualsSpark(Bound from, Bound to, boolean nativePath)
      throws Exception {
    String diff =
        "icegate.system.snapshot_diff('" + TABLE + "', " + from.argument + ", " + to.argument + ")";
    List<List<Object>> ours = new ArrayList<>();
    List<List<Object>> snapshotLists = new ArrayList<>();
    try (Connection reader = gateway.connect(nativePath ? Role.READ : Role.WRITE)) {
      if (!nativePath) {
        execute(reader, "SET icegate.metadata.native=false");
      }
      int jobs =
          sparkJobsDuring(
              () -> {
                for (List<Object> row :
                    query(reader, "SELECT " + COUNTS + ", snapshot_ids FROM " + diff)) {
                  ours.add(new ArrayList<>(row.subList(0, row.size() - 1)));
                  snapshotLists.add(Collections.singletonList(longs(row.get(row.size() - 1))));
                }
              });
      assertThat(jobs).as("Spark jobs of %s", diff).isZero();
    }
    List<List<Object>> spark;
    List<Long> ancestry;
    boolean sameSnapshot;
    try (Connection c = gateway.connect(Role.WRITE)) {
      execute(c, "SET icegate.metadata.native=false");
      spark = query(c, subtractedInSpark(from, to));
      ancestry = ancestry(c, from, to);
      sameSnapshot = query(c, from.snapshotOf).equals(query(c, to.snapshotOf));
    }
    if (sameSnapshot) {
      assertThat(ours).as("rows of %s, from and to the same snapshot", diff).isEmpty();
      assertThat(ancestry).as("snapshots between the same snapshot").isEmpty();
    } else {
      assertThat(ours).as("rows of %s, between two snapshots", diff).isNotEmpty();
    }
    Comparator<List<Object>> order = Comparator.comparing(Object::toString);
    ours.sort(order);
    spark.sort(order);
    assertThat(ours).as("%s against Spark", diff).isEqualTo(spark);
    assertThat(snapshotLists)
        .as("snapshot_ids of %s", diff)
        .allSatisfy(list -> assertThat(list.get(0)).isEqualTo(ancestry));
    return ours;
  }

  /** The files of {@code to} not in {@code from} and back, summed per partition, in Spark. */
  private static String subtractedInSpark(Bound from, Bound to) {
    String files =
        "SELECT file_path, content, record_count, file_size_in_bytes, spec_id, partition FROM "
            + TABLE
            + ".files ";
    return "WITH a AS ("
        + files
        + from.asOf
        + "), b AS ("
        + files
        + to.asOf
        + "), changed AS (SELECT 1 AS added, b.* FROM b LEFT ANTI JOIN a ON a.file_path ="
        + " b.file_path UNION ALL SELECT 0 AS added, a.* FROM a LEFT ANTI JOIN b ON a.file_path ="
        + " b.file_path) SELECT partition.category, partition.id_bucket, spec_id,"
        + " sum(IF(added = 1 AND content = 0, 1, 0)), sum(IF(added = 0 AND content = 0, 1, 0)),"
        + " sum(IF(added = 1 AND content > 0, 1, 0)), sum(IF(added = 0 AND content > 0, 1, 0)),"
        + " sum(IF(added = 1 AND content = 0, record_count, 0)),"
        + " sum(IF(added = 0 AND content = 0, record_count, 0)),"
        + " sum(IF(added = 1 AND content > 0, record_count, 0)),"
        + " sum(IF(added = 0 AND content > 0, record_count, 0)),"
        + " sum(IF(added = 1, file_size_in_bytes, 0)), sum(IF(added = 0, file_size_in_bytes, 0))"
        + " FROM changed GROUP BY partition, spec_id";
  }

  /**
   * The snapshots after {@code from} up to {@code to}, oldest first, by the parent ids of Spark's
   * snapshots table; null when {@code from} is not an ancestor of {@code to}.
   */
  private static List<Long> ancestry(Connection c, Bound from, Bound to) throws SQLException {
    long fromId = (Long) query(c, from.snapshotOf).get(0).get(0);
    long toId = (Long) query(c, to.snapshotOf).get(0).get(0);
    Map<Long, Long> parents = new HashMap<>();
    for (List<Object> row :
        query(c, "SELECT snapshot_id, parent_id FROM " + TABLE + ".snapshots")) {
      parents.put((Long) row.get(0), (Long) row.get(1));
    }
    List<Long> between = new ArrayList<>();
    Long current = toId;
    while (current != null && current != fromId) {
      between.add(current);
      current = parents.get(current);
    }
    if (current == null) {
      return null;
    }
    Collections.reverse(between);
    return between;
  }

  private static List<Long> longs(Object array) throws SQLException {
    if (array == null) {
      return null;
    }
    List<?> values =
        array instanceof Array sql ? Arrays.asList((Object[]) sql.getArray()) : (List<?>) array;
    List<Long> ids = new ArrayList<>();
    for (Object value : values) {
      ids.add(((Number) value).longValue());
    }
    return ids;
  }

  @Test
  void whatFastForwardWouldPublish() throws Exception {
    try (Connection c = gateway.connect(Role.READ)) {
      List<List<Object>> rows =
          query(
              c,
              "SELECT partition.category, added_records, snapshot_ids FROM"
                  + " icegate.system.snapshot_diff('"
                  + TABLE
                  + "', "
                  + ids.get("overwrite")
                  + ", 'audit') ORDER BY 1");
      assertThat(rows).extracting(row -> row.get(0)).containsExactly("a", "e");
      assertThat(rows).extracting(row -> row.get(1)).containsExactly(1L, 1L);
    }
  }

  @Test
  void answeredWithTheNativePathSwitchedOff() throws Exception {
    assertEqualsSpark(Bound.ref("before_deletes"), Bound.ref("main"), false);
    assertEqualsSpark(Bound.ref("main"), Bound.ref("audit"), false);
  }

  @Test
  void badInputFailsWithASqlStateNamingTheArgument() throws Exception {
    try (Connection c = gateway.connect(Role.READ)) {
      String diff = "SELECT * FROM icegate.system.snapshot_diff(";
      assertFails(
          () -> query(c, diff + "'demo.diff_it.missing', 'main', 'audit')"),
          "42P01",
          "snapshot_diff",
          "demo.diff_it.missing");
      assertFails(
          () -> query(c, diff + "'" + TABLE + "', 'nope', 'main')"),
          "42704",
          "argument from = 'nope'",
          "unknown branch or tag 'nope'",
          "audit, before_deletes, main");
      assertFails(
          () -> query(c, diff + "'" + TABLE + "', 'main', 12345)"),
          "42704",
          "argument to = 12345",
          "snapshot 12345 does not exist");
      assertFails(
          () -> query(c, diff + "'" + TABLE + "', '2001-01-01 00:00:00', 'main')"),
          "22023",
          "argument from = '2001-01-01 00:00:00'",
          "no snapshot at or before");
      assertFails(
          () -> query(c, diff + "'" + TABLE + "', 'main')"),
          "42883",
          "with 2 arguments",
          "snapshot_diff(table STRING, from BIGINT | STRING | TIMESTAMP");
      assertFails(
          () -> query(c, diff + "'" + TABLE + "', 'main', true)"),
          "42804",
          "argument to = TRUE",
          "snapshot_diff(table STRING");
    }
  }

  @Test
  void whatOnlyIcegateAnswersIsRefusedClearlyNotLeftToSpark() throws Exception {
    String diff = "icegate.system.snapshot_diff('" + TABLE + "', 'before_deletes', 'main')";
    try (Connection c = gateway.connect(Role.ADMIN)) {
      assertFails(
          () -> query(c, "SELECT * FROM " + diff + " d JOIN " + TABLE + " t ON t.id = d.spec_id"),
          "0A000",
          "Cannot run icegate.system.snapshot_diff in this statement",
          "Iceberg metadata tables");
      assertFails(
          () -> query(c, "EXPLAIN SELECT * FROM " + diff),
          "0A000",
          "Cannot run icegate.system.snapshot_diff in this statement",
          "EXPLAIN");
      assertFails(
          () -> execute(c, "INSERT INTO " + TABLE + " SELECT spec_id, 'x', 1.0 FROM " + diff),
          "0A000",
          "Cannot run icegate.system.snapshot_diff in this statement");
      assertFails(
          () -> {
            try (PreparedStatement statement =
                c.prepareStatement(
                    "SELECT * FROM icegate.system.snapshot_diff('" + TABLE + "', ?, 'main')")) {
              statement.setString(1, "before_deletes");
              try (ResultSet rs = statement.executeQuery()) {
                rs.next();
              }
            }
          },
          "0A000",
          "JDBC parameters");
    }
  }
}
