package io.icegate.it.procedures;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static io.icegate.it.procedures.ProcedureSupport.call;
import static io.icegate.it.procedures.ProcedureSupport.count;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.it.RunningGateway;
import io.icegate.it.procedures.ProcedureSupport.Result;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The specification's rewrite_data_files (binpack, sort, zorder, options, where), rewrite_manifests
 * and rewrite_position_delete_files examples through JDBC: each reduces the number of files and
 * reports what it rewrote, and the rows stay the same. (rewrite_manifests with sort_by is in {@link
 * SpecDifferencesIT}.)
 */
class RewritesIT {
  private static final List<String> DATA_COLUMNS =
      List.of(
          "rewritten_data_files_count INTEGER",
          "added_data_files_count INTEGER",
          "rewritten_bytes_count BIGINT",
          "failed_data_files_count INTEGER",
          "removed_delete_files_count INTEGER");
  private static final List<String> MANIFEST_COLUMNS =
      List.of("rewritten_manifests_count INTEGER", "added_manifests_count INTEGER");
  private static final List<String> DELETE_COLUMNS =
      List.of(
          "rewritten_delete_files_count INTEGER",
          "added_delete_files_count INTEGER",
          "rewritten_bytes_count BIGINT",
          "added_bytes_count BIGINT");

  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();
  private Connection c;

  @BeforeAll
  static void start() throws Exception {
    try (Connection c = gateway.connect()) {
      execute(c, "CREATE NAMESPACE IF NOT EXISTS demo.rewrites");
    }
  }

  @BeforeEach
  void connect() throws SQLException {
    c = gateway.connect();
  }

  @AfterEach
  void disconnect() throws SQLException {
    c.close();
  }

  /**
   * A table written as {@code files} small data files, one append each, every file with ids 0..9
   * (name 'foo' for id 3, 'bar' otherwise), so that every file may hold {@code id = 3 and name =
   * "foo"}.
   */
  private String smallFiles(String name, int files) throws SQLException {
    String table = "demo.rewrites." + name;
    execute(c, "CREATE TABLE " + table + " (id int, name string, c1 int, c2 int) USING iceberg");
    appendFiles(table, files, 0, "CASE WHEN id = 3 THEN 'foo' ELSE 'bar' END");
    assertThat(dataFiles(table)).isEqualTo(files);
    return table;
  }

  private void appendFiles(String table, int files, int firstId, String name) throws SQLException {
    for (int i = 0; i < files; i++) {
      execute(
          c,
          "INSERT INTO "
              + table
              + " SELECT /*+ REPARTITION(1) */ CAST(id + "
              + firstId
              + " AS int), "
              + name
              + ", CAST(id % 7 AS int), CAST((id + "
              + i
              + ") % 5 AS int) FROM range(10)");
    }
  }

  private long dataFiles(String table) throws SQLException {
    return count(c, "SELECT count(*) FROM " + table + ".data_files");
  }

  private long bytes(String table) throws SQLException {
    return count(c, "SELECT sum(file_size_in_bytes) FROM " + table + ".data_files");
  }

  private List<List<Object>> rows(String table) throws SQLException {
    return query(c, "SELECT * FROM " + table + " ORDER BY id, name, c1, c2");
  }

  @Test
  void binpackCombinesSmallFiles() throws Exception {
    String table = smallFiles("binpack", 6);
    List<List<Object>> before = rows(table);
    long bytes = bytes(table);

    Result result = call(c, "CALL demo.system.rewrite_data_files('rewrites.binpack')");

    assertThat(result.columns()).isEqualTo(DATA_COLUMNS);
    assertThat(result.rows()).containsExactly(row(6, 1, bytes, 0, 0));
    assertThat(dataFiles(table)).isEqualTo(1);
    assertThat(rows(table)).isEqualTo(before);
  }

  @Test
  void sortRewritesIntoTheGivenOrder() throws Exception {
    String table = smallFiles("sorted", 6);
    List<List<Object>> before = rows(table);

    Result result =
        call(
            c,
            "CALL demo.system.rewrite_data_files(table => 'rewrites.sorted', strategy => 'sort',"
                + " sort_order => 'id DESC NULLS LAST,name ASC NULLS FIRST')");

    assertThat(result.columns()).isEqualTo(DATA_COLUMNS);
    assertThat(result.onlyRow().subList(0, 2)).containsExactly(6, 1);
    assertThat(dataFiles(table)).isEqualTo(1);
    assertThat(rows(table)).isEqualTo(before);
    // The one file holds the rows in the requested order (one file, one split: Spark reads them as
    // stored).
    assertThat(query(c, "SELECT id FROM " + table).stream().map(r -> (Integer) r.get(0)).toList())
        .isSortedAccordingTo(Comparator.reverseOrder());
  }

  @Test
  void zorderRewritesByTheGivenColumns() throws Exception {
    String table = smallFiles("zordered", 6);
    List<List<Object>> before = rows(table);

    Result result =
        call(
            c,
            "CALL demo.system.rewrite_data_files(table => 'rewrites.zordered', strategy => 'sort',"
                + " sort_order => 'zorder(c1,c2)')");

    assertThat(result.columns()).isEqualTo(DATA_COLUMNS);
    assertThat(result.onlyRow().subList(0, 2)).containsExactly(6, 1);
    assertThat(dataFiles(table)).isEqualTo(1);
    assertThat(rows(table)).isEqualTo(before);
  }

  @Test
  void optionsLowerTheNumberOfInputFiles() throws Exception {
    // Three files are below the default min-input-files (5): only the option makes them a group to
    // rewrite.
    String table = smallFiles("with_options", 3);
    List<List<Object>> before = rows(table);

    Result result =
        call(
            c,
            "CALL demo.system.rewrite_data_files(table => 'rewrites.with_options',"
                + " options => map('min-input-files', '2', 'remove-dangling-deletes', 'true'))");

    assertThat(result.columns()).isEqualTo(DATA_COLUMNS);
    assertThat(result.onlyRow().subList(0, 2)).containsExactly(3, 1);
    assertThat(dataFiles(table)).isEqualTo(1);
    assertThat(rows(table)).isEqualTo(before);
  }

  @Test
  void whereSelectsOnlyFilesThatMayMatch() throws Exception {
    // Six files that may hold id 3 and name 'foo', six that cannot (ids 100..109).
    String table = smallFiles("filtered", 6);
    appendFiles(table, 6, 100, "'baz'");
    List<List<Object>> untouched =
        query(
            c,
            "SELECT file_path FROM "
                + table
                + ".data_files"
                + " WHERE readable_metrics.id.lower_bound >= 100 ORDER BY file_path");
    List<List<Object>> before = rows(table);

    Result result =
        call(
            c,
            "CALL demo.system.rewrite_data_files(table => 'rewrites.filtered',"
                + " where => 'id = 3 and name = \"foo\"')");

    assertThat(result.columns()).isEqualTo(DATA_COLUMNS);
    assertThat(result.onlyRow().subList(0, 2)).containsExactly(6, 1);
    assertThat(dataFiles(table)).isEqualTo(7);
    assertThat(
            query(
                c,
                "SELECT file_path FROM "
                    + table
                    + ".data_files"
                    + " WHERE readable_metrics.id.lower_bound >= 100 ORDER BY file_path"))
        .isEqualTo(untouched);
    assertThat(rows(table)).isEqualTo(before);
  }

  private long manifests(String table, String where) throws SQLException {
    return count(c, "SELECT count(*) FROM " + table + ".manifests WHERE " + where);
  }

  @Test
  void rewriteManifestsCombinesManifests() throws Exception {
    String table = "demo.rewrites.manifests_sample";
    execute(
        c,
        "CREATE TABLE "
            + table
            + " (id int, category string) USING iceberg PARTITIONED BY (category)",
        "INSERT INTO " + table + " VALUES (1, 'a')",
        "INSERT INTO " + table + " VALUES (2, 'b')",
        "INSERT INTO " + table + " VALUES (3, 'a')");
    assertThat(manifests(table, "true")).isEqualTo(3);

    Result result = call(c, "CALL demo.system.rewrite_manifests('rewrites.manifests_sample')");

    assertThat(result.columns()).isEqualTo(MANIFEST_COLUMNS);
    assertThat(result.rows()).containsExactly(row(3, 1));
    assertThat(manifests(table, "true")).isEqualTo(1);
    assertThat(count(c, "SELECT count(*) FROM " + table)).isEqualTo(3);
  }

  @Test
  void rewriteManifestsOfOnePartitionSpec() throws Exception {
    String table = "demo.rewrites.manifests_by_spec";
    execute(
        c,
        "CREATE TABLE "
            + table
            + " (id int, category string) USING iceberg PARTITIONED BY (category)",
        "INSERT INTO " + table + " VALUES (1, 'a')",
        "INSERT INTO " + table + " VALUES (2, 'b')",
        "ALTER TABLE " + table + " ADD PARTITION FIELD bucket(4, id)",
        "INSERT INTO " + table + " VALUES (3, 'a')",
        "INSERT INTO " + table + " VALUES (4, 'b')");
    // (The first append after the spec change merged the spec 0 manifests into one.)
    List<List<Object>> specZero =
        query(
            c,
            "SELECT path FROM "
                + table
                + ".manifests WHERE partition_spec_id = 0"
                + " ORDER BY path");
    assertThat(specZero).isNotEmpty();
    assertThat(manifests(table, "partition_spec_id = 1")).isEqualTo(2);

    Result result =
        call(
            c,
            "CALL demo.system.rewrite_manifests(table => 'rewrites.manifests_by_spec', spec_id =>"
                + " 1)");

    assertThat(result.columns()).isEqualTo(MANIFEST_COLUMNS);
    assertThat(result.rows()).containsExactly(row(2, 1));
    assertThat(manifests(table, "partition_spec_id = 1")).isEqualTo(1);
    assertThat(
            query(
                c,
                "SELECT path FROM "
                    + table
                    + ".manifests WHERE partition_spec_id = 0 ORDER BY path"))
        .isEqualTo(specZero);
  }

  private long deleteFiles(String table) throws SQLException {
    return count(c, "SELECT count(*) FROM " + table + ".delete_files");
  }

  private long deleteBytes(String table) throws SQLException {
    return count(c, "SELECT coalesce(sum(file_size_in_bytes), 0) FROM " + table + ".delete_files");
  }

  /**
   * Checks a rewrite_position_delete_files result against the table's delete files before and
   * after.
   */
  private void assertRewrote(
      String table, Result result, long filesBefore, long bytesBefore, int rewritten, int added)
      throws SQLException {
    assertThat(result.columns()).isEqualTo(DELETE_COLUMNS);
    List<Object> counts = result.onlyRow();
    assertThat(counts.subList(0, 2)).containsExactly(rewritten, added);
    assertThat(deleteFiles(table)).isEqualTo(filesBefore - rewritten + added);
    if (rewritten == (int) filesBefore) {
      assertThat(counts.get(2)).isEqualTo(bytesBefore);
      assertThat(counts.get(3)).isEqualTo(deleteBytes(table));
    }
  }

  @Test
  void rewritePositionDeleteFilesCompactsThem() throws Exception {
    String table = "demo.rewrites.deletes_sample";
    // One data file; partition-scoped deletes so that each DELETE adds a position delete file of
    // its own.
    execute(
        c,
        "CREATE TABLE "
            + table
            + " (id int, data string) USING iceberg TBLPROPERTIES ('format-version'='2',"
            + " 'write.delete.mode'='merge-on-read', 'write.delete.granularity'='partition')",
        "INSERT INTO "
            + table
            + " SELECT /*+ REPARTITION(1) */ CAST(id AS int), 'x' FROM range(10)");
    for (int id = 0; id < 5; id++) {
      execute(c, "DELETE FROM " + table + " WHERE id = " + id);
    }
    assertThat(deleteFiles(table)).isEqualTo(5);

    long bytes = deleteBytes(table);
    assertRewrote(
        table,
        call(c, "CALL demo.system.rewrite_position_delete_files('rewrites.deletes_sample')"),
        5,
        bytes,
        5,
        1);

    bytes = deleteBytes(table);
    assertRewrote(
        table,
        call(
            c,
            "CALL demo.system.rewrite_position_delete_files(table => 'rewrites.deletes_sample',"
                + " options => map('rewrite-all', 'true'))"),
        1,
        bytes,
        1,
        1);

    execute(c, "DELETE FROM " + table + " WHERE id = 5");
    bytes = deleteBytes(table);
    assertRewrote(
        table,
        call(
            c,
            "CALL demo.system.rewrite_position_delete_files(table => 'rewrites.deletes_sample',"
                + " options => map('min-input-files','2'))"),
        2,
        bytes,
        2,
        1);

    assertThat(query(c, "SELECT id FROM " + table + " ORDER BY id"))
        .containsExactly(row(6), row(7), row(8), row(9));
  }

  @Test
  void laterCallsOnTheConnectionOfARewriteStillRun() throws Exception {
    // A rewrite reads through Iceberg's Spark source, which registers catalogs of its own in the
    // session
    // (default_iceberg, a Hive catalog, and a cache catalog): later calls on the connection must
    // not trip on them.
    String table = smallFiles("then_more", 5);
    call(c, "CALL demo.system.rewrite_data_files('rewrites.then_more')");

    Result manifests = call(c, "CALL demo.system.rewrite_manifests('rewrites.then_more')");
    assertThat(manifests.columns()).isEqualTo(MANIFEST_COLUMNS);
    Result ancestors = call(c, "CALL demo.system.ancestors_of('rewrites.then_more')");
    assertThat(ancestors.rows()).hasSize(snapshots(table).size());
  }

  private List<Long> snapshots(String table) throws SQLException {
    return ProcedureSupport.snapshots(c, table);
  }
}
