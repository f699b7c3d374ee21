package io.icegate.it.procedures;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static io.icegate.it.procedures.ProcedureSupport.call;
import static io.icegate.it.procedures.ProcedureSupport.committedAt;
import static io.icegate.it.procedures.ProcedureSupport.count;
import static io.icegate.it.procedures.ProcedureSupport.filesUnder;
import static io.icegate.it.procedures.ProcedureSupport.latestSnapshot;
import static io.icegate.it.procedures.ProcedureSupport.localPath;
import static io.icegate.it.procedures.ProcedureSupport.location;
import static io.icegate.it.procedures.ProcedureSupport.plantOrphan;
import static io.icegate.it.procedures.ProcedureSupport.snapshots;
import static io.icegate.it.procedures.ProcedureSupport.timestampText;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.it.RunningGateway;
import io.icegate.it.procedures.ProcedureSupport.Result;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The specification's expire_snapshots and remove_orphan_files examples through JDBC:
 * expire_snapshots deletes exactly the files it reports; remove_orphan_files lists a planted orphan
 * (older than its default three days) with dry_run and removes it otherwise, with every documented
 * argument.
 */
class ExpireAndOrphansIT {
  private static final List<String> EXPIRE_COLUMNS =
      List.of(
          "deleted_data_files_count BIGINT",
          "deleted_position_delete_files_count BIGINT",
          "deleted_equality_delete_files_count BIGINT",
          "deleted_manifest_files_count BIGINT",
          "deleted_manifest_lists_count BIGINT",
          "deleted_statistics_files_count BIGINT");
  private static final Duration ORPHAN_AGE = Duration.ofDays(10);

  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();
  private static Connection c;

  @BeforeAll
  static void start() throws Exception {
    c = gateway.connect();
    execute(c, "CREATE NAMESPACE IF NOT EXISTS demo.expire_ns");
  }

  @AfterAll
  static void stop() throws Exception {
    c.close();
  }

  /** Files of a table on disk, by the kind expire_snapshots counts. */
  private record FilesOnDisk(List<Path> data, List<Path> manifests, List<Path> manifestLists) {
    static FilesOnDisk of(Path location) {
      List<Path> manifests = new ArrayList<>();
      List<Path> lists = new ArrayList<>();
      for (Path file : filesUnder(location.resolve("metadata"))) {
        String name = file.getFileName().toString();
        if (name.startsWith("snap-") && name.endsWith(".avro")) {
          lists.add(file);
        } else if (name.endsWith(".avro")) {
          manifests.add(file);
        }
      }
      return new FilesOnDisk(filesUnder(location.resolve("data")), manifests, lists);
    }

    /**
     * The counts expire_snapshots would report for the files gone between this and {@code after}.
     */
    List<Object> deletedSince(FilesOnDisk after) {
      assertThat(data).containsAll(after.data);
      assertThat(manifests).containsAll(after.manifests);
      assertThat(manifestLists).containsAll(after.manifestLists);
      return row(
          (long) (data.size() - after.data.size()),
          0L,
          0L,
          (long) (manifests.size() - after.manifests.size()),
          (long) (manifestLists.size() - after.manifestLists.size()),
          0L);
    }
  }

  /**
   * A table whose every commit after the first overwrites all rows: each older snapshot owns one
   * data file.
   */
  private static Path overwrittenFourTimes(String table) throws SQLException {
    execute(
        c,
        "CREATE TABLE " + table + " (id int) USING iceberg",
        "INSERT INTO " + table + " VALUES (1)");
    for (int i = 2; i <= 4; i++) {
      execute(c, "INSERT OVERWRITE " + table + " VALUES (" + i + ")");
    }
    return localPath(location(c, table));
  }

  @Test
  void expireSnapshotsOlderThanATimeKeepingTheLastOnesDeletesWhatItReports() throws Exception {
    String table = "demo.expire_ns.sample";
    Path location = overwrittenFourTimes(table);
    List<Long> before = snapshots(c, table);
    FilesOnDisk onDisk = FilesOnDisk.of(location);
    String after = timestampText(committedAt(c, table, latestSnapshot(c, table)).plusMillis(1));

    Result result =
        call(
            c,
            "CALL demo.system.expire_snapshots('expire_ns.sample', TIMESTAMP '" + after + "', 2)");

    assertThat(result.columns()).isEqualTo(EXPIRE_COLUMNS);
    assertThat(result.rows()).containsExactly(onDisk.deletedSince(FilesOnDisk.of(location)));
    assertThat((Long) result.onlyRow().get(0)).isEqualTo(2L);
    assertThat(snapshots(c, table)).containsExactlyElementsOf(before.subList(2, 4));
    assertThat(query(c, "SELECT id FROM " + table)).containsExactly(row(4));
  }

  @Test
  void expireSnapshotsByIdDeletesWhatItReports() throws Exception {
    String table = "demo.expire_ns.by_id";
    Path location = overwrittenFourTimes(table);
    List<Long> before = snapshots(c, table);
    FilesOnDisk onDisk = FilesOnDisk.of(location);

    Result result =
        call(
            c,
            "CALL demo.system.expire_snapshots(table => 'expire_ns.by_id', snapshot_ids => ARRAY("
                + before.get(1)
                + "))");

    assertThat(result.columns()).isEqualTo(EXPIRE_COLUMNS);
    assertThat(result.rows()).containsExactly(onDisk.deletedSince(FilesOnDisk.of(location)));
    assertThat((Long) result.onlyRow().get(0)).isEqualTo(1L);
    assertThat(snapshots(c, table)).containsExactly(before.get(0), before.get(2), before.get(3));
  }

  /** A one-file table for one orphan test; its location on disk. */
  private static Path orphanTable(String name) throws SQLException {
    String table = "demo.expire_ns." + name;
    execute(
        c,
        "CREATE TABLE " + table + " (id int, data string) USING iceberg",
        "INSERT INTO " + table + " VALUES (1, 'a'), (2, 'b')");
    return localPath(location(c, table));
  }

  private static List<Path> orphansListed(Result result) {
    assertThat(result.columns()).containsExactly("orphan_file_location VARCHAR");
    return result.column("orphan_file_location").stream()
        .map(value -> localPath((String) value))
        .toList();
  }

  @Test
  void dryRunListsAnOrphanWithoutRemovingIt() throws Exception {
    Path location = orphanTable("dry_run");
    Path orphan = plantOrphan(location.resolve("data"), "orphan-dry-run.parquet", ORPHAN_AGE);
    Path young = plantOrphan(location.resolve("data"), "orphan-young.parquet", Duration.ofHours(1));

    Result result =
        call(
            c,
            "CALL demo.system.remove_orphan_files(table => 'expire_ns.dry_run', dry_run => true)");

    assertThat(orphansListed(result)).containsExactly(orphan);
    assertThat(orphan).exists();
    assertThat(young).exists();
    assertThat(query(c, "SELECT count(*) FROM demo.expire_ns.dry_run")).containsExactly(row(2L));
  }

  @Test
  void locationLimitsTheSearchToOneDirectory() throws Exception {
    Path location = orphanTable("by_location");
    Path inData = plantOrphan(location.resolve("data"), "orphan-data.parquet", ORPHAN_AGE);
    Path inMetadata = plantOrphan(location.resolve("metadata"), "orphan-metadata.avro", ORPHAN_AGE);

    Result result =
        call(
            c,
            "CALL demo.system.remove_orphan_files(table => 'expire_ns.by_location', location => '"
                + location.resolve("data")
                + "')");

    assertThat(orphansListed(result)).containsExactly(inData);
    assertThat(inData).doesNotExist();
    assertThat(inMetadata).exists();
    assertThat(query(c, "SELECT count(*) FROM demo.expire_ns.by_location"))
        .containsExactly(row(2L));
  }

  @Test
  void fileListViewReplacesTheDirectoryListing() throws Exception {
    Path location = orphanTable("by_view");
    Path listed = plantOrphan(location.resolve("data"), "orphan-listed.parquet", ORPHAN_AGE);
    Path unlisted = plantOrphan(location.resolve("data"), "orphan-unlisted.parquet", ORPHAN_AGE);
    execute(
        c,
        "CREATE OR REPLACE TEMPORARY VIEW files_view AS SELECT * FROM VALUES ('"
            + listed.toUri()
            + "', TIMESTAMP '"
            + timestampText(Instant.now().minus(ORPHAN_AGE))
            + "') AS f(file_path, last_modified)");

    Result result =
        call(
            c,
            "CALL demo.system.remove_orphan_files(table => 'expire_ns.by_view', file_list_view =>"
                + " 'files_view')");

    assertThat(orphansListed(result)).containsExactly(listed);
    assertThat(listed).doesNotExist();
    assertThat(unlisted).exists();
  }

  @Test
  void everyPrefixArgumentOfTheSpecificationRemovesTheOrphan() throws Exception {
    Path location = orphanTable("by_prefix");
    for (String arguments :
        List.of(
            "prefix_mismatch_mode => 'IGNORE'",
            "prefix_mismatch_mode => 'DELETE'",
            "equal_schemes => map('file', 'file1')",
            "equal_authorities => map('ns1', 'ns2')",
            "prefix_listing => true")) {
      Path orphan =
          plantOrphan(
              location.resolve("data"), "orphan-" + arguments.hashCode() + ".parquet", ORPHAN_AGE);

      Result result =
          call(
              c,
              "CALL demo.system.remove_orphan_files(table => 'expire_ns.by_prefix', "
                  + arguments
                  + ")");

      assertThat(orphansListed(result)).as(arguments).containsExactly(orphan);
      assertThat(orphan).as(arguments).doesNotExist();
    }
    assertThat(filesUnder(location.resolve("data")))
        .hasSize((int) count(c, "SELECT count(*) FROM demo.expire_ns.by_prefix.files"));
    assertThat(query(c, "SELECT count(*) FROM demo.expire_ns.by_prefix")).containsExactly(row(2L));
  }
}
