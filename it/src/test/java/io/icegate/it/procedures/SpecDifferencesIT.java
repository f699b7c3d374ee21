package io.icegate.it.procedures;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static io.icegate.it.SparkJobs.sparkJobsDuring;
import static io.icegate.it.SqlFailures.assertFails;
import static io.icegate.it.procedures.ProcedureSupport.call;
import static io.icegate.it.procedures.ProcedureSupport.count;
import static io.icegate.it.procedures.ProcedureSupport.currentSnapshot;
import static io.icegate.it.procedures.ProcedureSupport.localPath;
import static io.icegate.it.procedures.ProcedureSupport.location;
import static io.icegate.it.procedures.ProcedureSupport.plantOrphan;
import static io.icegate.it.procedures.ProcedureSupport.refSnapshot;
import static io.icegate.it.procedures.ProcedureSupport.snapshots;
import static io.icegate.it.procedures.ProcedureSupport.tempDir;
import static io.icegate.it.procedures.ProcedureSupport.timestampText;
import static io.icegate.it.procedures.StatisticsIT.blobFields;
import static io.icegate.it.procedures.StatisticsIT.listedStatistics;
import static io.icegate.it.procedures.StatisticsIT.statsTable;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.icegate.it.RunningGateway;
import io.icegate.it.procedures.ProcedureSupport.Result;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The calls of the specification that Spark 3.5's Iceberg runtime does not take as documented
 * (issue 4, item 5, and ../shared/STACK.md): rewrite_manifests with sort_by; compute_table_stats
 * and compute_partition_stats with snapshot_id as a string (a numeric string, or a tag name such as
 * the examples' 'snap1'); snapshot from a {@code `parquet`.`path`} directory; and
 * remove_orphan_files' 24-hour floor for older_than.
 */
class SpecDifferencesIT {
  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();
  private static Connection c;

  @BeforeAll
  static void start() throws Exception {
    c = gateway.connect();
    execute(c, "CREATE NAMESPACE IF NOT EXISTS demo.differences");
  }

  @AfterAll
  static void stop() throws Exception {
    c.close();
  }

  @Test
  void rewriteManifestsClustersByTheNamedPartitionField() throws Exception {
    String table = "demo.differences.sample";
    execute(
        c,
        "CREATE TABLE "
            + table
            + " (id int, region string, category string) USING iceberg"
            + " PARTITIONED BY (region, category)",
        "INSERT INTO " + table + " VALUES (1, 'r1', 'c2')",
        "INSERT INTO " + table + " VALUES (2, 'r2', 'c1')",
        "INSERT INTO " + table + " VALUES (3, 'r3', 'c2')");
    List<List<Object>> rows = query(c, "SELECT * FROM " + table + " ORDER BY id");

    Result result =
        call(
            c,
            "CALL demo.system.rewrite_manifests(table => 'differences.sample',"
                + " sort_by => array('category'))");

    assertThat(result.columns())
        .containsExactly("rewritten_manifests_count INTEGER", "added_manifests_count INTEGER");
    assertThat(result.onlyRow().get(0)).isEqualTo(3);
    assertThat(count(c, "SELECT count(*) FROM " + table + ".manifests"))
        .isEqualTo(((Integer) result.onlyRow().get(1)).longValue());
    // Sorted by the whole spec (region first) the entries would read c2, c1, c2: clustered by
    // category, each
    // category's entries are together.
    List<Object> categories = new ArrayList<>();
    for (List<Object> entry :
        query(c, "SELECT data_file.partition.category FROM " + table + ".entries")) {
      categories.add(entry.get(0));
    }
    assertThat(categories).hasSize(3);
    assertThat(runs(categories)).containsExactlyInAnyOrder("c1", "c2");
    assertThat(query(c, "SELECT * FROM " + table + " ORDER BY id")).isEqualTo(rows);
  }

  /** The values in the order of their runs of equal neighbours. */
  private static List<Object> runs(List<Object> values) {
    List<Object> runs = new ArrayList<>();
    for (Object value : values) {
      if (runs.isEmpty() || !runs.get(runs.size() - 1).equals(value)) {
        runs.add(value);
      }
    }
    return runs;
  }

  @Test
  void computeTableStatsOfATaggedSnapshot() throws Exception {
    String table = "demo.differences.my_table";
    statsTable(c, table);
    execute(
        c,
        "ALTER TABLE " + table + " CREATE TAG snap1 AS OF VERSION " + snapshots(c, table).get(0));
    long snap1 = refSnapshot(c, table, "snap1");

    Result result =
        call(
            c,
            "CALL demo.system.compute_table_stats(table => 'differences.my_table', snapshot_id =>"
                + " 'snap1' )");

    assertThat(result.columns()).containsExactly("statistics_file VARCHAR");
    JsonNode listed = listedStatistics(c, table, "statistics", (String) result.single());
    assertThat(listed.path("snapshot-id").asLong()).isEqualTo(snap1);

    Result someColumns =
        call(
            c,
            "CALL demo.system.compute_table_stats(table => 'differences.my_table',"
                + " snapshot_id => 'snap1', columns => array('col1', 'col2'))");
    JsonNode listedColumns =
        listedStatistics(c, table, "statistics", (String) someColumns.single());
    assertThat(listedColumns.path("snapshot-id").asLong()).isEqualTo(snap1);
    assertThat(blobFields(listedColumns)).containsExactlyInAnyOrder(List.of(1), List.of(2));
  }

  @Test
  void computeTableStatsOfANumericStringSnapshotId() throws Exception {
    String table = "demo.differences.numeric_string";
    statsTable(c, table);
    long first = snapshots(c, table).get(0);

    Result result =
        call(
            c,
            "CALL demo.system.compute_table_stats(table => 'differences.numeric_string',"
                + " snapshot_id => '"
                + first
                + "')");

    JsonNode listed = listedStatistics(c, table, "statistics", (String) result.single());
    assertThat(listed.path("snapshot-id").asLong()).isEqualTo(first);
  }

  @Test
  void computePartitionStatsOfATaggedSnapshotAndOfANumericString() throws Exception {
    String table = "demo.differences.partition_stats";
    statsTable(c, table);
    List<Long> s = snapshots(c, table);
    execute(c, "ALTER TABLE " + table + " CREATE TAG snap1 AS OF VERSION " + s.get(0));

    Result byTag =
        call(
            c,
            "CALL demo.system.compute_partition_stats(table => 'differences.partition_stats',"
                + " snapshot_id => 'snap1')");
    assertThat(byTag.columns()).containsExactly("partition_statistics_file VARCHAR");
    JsonNode listed = listedStatistics(c, table, "partition-statistics", (String) byTag.single());
    assertThat(listed.path("snapshot-id").asLong()).isEqualTo(s.get(0));

    Result byNumber =
        call(
            c,
            "CALL demo.system.compute_partition_stats(table => 'differences.partition_stats',"
                + " snapshot_id => '"
                + s.get(1)
                + "')");
    JsonNode listedNumber =
        listedStatistics(c, table, "partition-statistics", (String) byNumber.single());
    assertThat(listedNumber.path("snapshot-id").asLong()).isEqualTo(s.get(1));
  }

  @Test
  void snapshotOfAParquetDirectorySaysWhatToDoInstead() throws Exception {
    // Spark 3.5's snapshot resolves its source only as a catalog table ("Cannot find source table
    // 'parquet.`/...`'"); the gateway says so before anything runs, and what works instead.
    Path dir = tempDir("snapshot-source-").resolve("files");
    execute(
        c,
        "INSERT OVERWRITE DIRECTORY '"
            + dir
            + "' USING parquet"
            + " SELECT CAST(id AS int) AS id, concat('row ', id) AS data FROM range(4)");
    try (Connection session = gateway.connect()) {
      execute(
          session, "CREATE NAMESPACE IF NOT EXISTS spark_catalog.differences", "USE spark_catalog");

      int jobs =
          sparkJobsDuring(
              () ->
                  assertFails(
                      () ->
                          call(
                              session,
                              "CALL spark_catalog.system.snapshot("
                                  + "'`parquet`.`"
                                  + dir
                                  + "`', 'differences.snap_of_path')"),
                      "0A000",
                      "snapshot",
                      "source_table",
                      "Spark 3.5",
                      "add_files",
                      "CREATE TABLE ... USING parquet LOCATION '" + dir + "'"));

      assertThat(jobs).as("Spark jobs started").isZero();
    }
  }

  @Test
  void aChangelogOverDeleteFilesIsRefusedBeforeAnythingRunsAndARangeBeforeThemWorks()
      throws Exception {
    String table = "demo.differences.cdc_deletes";
    execute(
        c,
        "CREATE TABLE "
            + table
            + " (id int, data string) USING iceberg"
            + " TBLPROPERTIES ('format-version'='2', 'write.delete.mode'='merge-on-read')",
        // One data file for both rows, so that deleting one writes a position delete file.
        "INSERT INTO "
            + table
            + " SELECT /*+ REPARTITION(1) */ * FROM VALUES (1, 'a'), (2, 'b') AS v(id, data)");
    long beforeDelete = currentSnapshot(c, table);
    execute(c, "DELETE FROM " + table + " WHERE id = 1");

    int jobs =
        sparkJobsDuring(
            () ->
                assertFails(
                    () ->
                        call(
                            c,
                            "CALL demo.system.create_changelog_view(table =>"
                                + " 'differences.cdc_deletes')"),
                    "0A000",
                    "create_changelog_view",
                    "delete files",
                    "Spark 3.5",
                    "start-snapshot-id",
                    "end-snapshot-id"));
    assertThat(jobs).as("Spark jobs started").isZero();

    call(
        c,
        "CALL demo.system.create_changelog_view(table => 'differences.cdc_deletes', changelog_view"
            + " => 'cdc_before_deletes', options => map('end-snapshot-id', '"
            + beforeDelete
            + "'))");
    assertThat(query(c, "SELECT id, _change_type FROM cdc_before_deletes ORDER BY id"))
        .containsExactly(row(1, "INSERT"), row(2, "INSERT"));
  }

  @Test
  void removeOrphanFilesRefusesOlderThanWithinADayBeforeAnythingRuns() throws Exception {
    String table = "demo.differences.orphans";
    execute(
        c,
        "CREATE TABLE " + table + " (id int) USING iceberg",
        "INSERT INTO " + table + " VALUES (1)");
    Path data = localPath(location(c, table)).resolve("data");
    Path orphan = plantOrphan(data, "orphan-two-hours.parquet", Duration.ofHours(2));
    String anHourAgo = timestampText(Instant.now().minus(Duration.ofHours(1)));

    int jobs =
        sparkJobsDuring(
            () ->
                assertFails(
                    () ->
                        call(
                            c,
                            "CALL demo.system.remove_orphan_files(table =>"
                                + " 'differences.orphans', older_than => TIMESTAMP '"
                                + anHourAgo
                                + "')"),
                    "22023",
                    "remove_orphan_files",
                    "older_than",
                    "24 hours"));

    assertThat(jobs).as("Spark jobs started").isZero();
    assertThat(orphan).exists();

    // A day and more ago is accepted: the two-hour-old file stays, a week-old one goes.
    Path old = plantOrphan(data, "orphan-a-week.parquet", Duration.ofDays(7));
    Result result =
        call(
            c,
            "CALL demo.system.remove_orphan_files(table => 'differences.orphans', older_than =>"
                + " TIMESTAMP '"
                + timestampText(Instant.now().minus(Duration.ofDays(2)))
                + "')");
    assertThat(result.column("orphan_file_location").stream().map(p -> localPath((String) p)))
        .containsExactly(old);
    assertThat(orphan).exists();
    assertThat(old).doesNotExist();
  }
}
