package io.icegate.it.procedures;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static io.icegate.it.procedures.ProcedureSupport.call;
import static io.icegate.it.procedures.ProcedureSupport.count;
import static io.icegate.it.procedures.ProcedureSupport.currentMetadataFile;
import static io.icegate.it.procedures.ProcedureSupport.currentSnapshot;
import static io.icegate.it.procedures.ProcedureSupport.fileName;
import static io.icegate.it.procedures.ProcedureSupport.filesUnder;
import static io.icegate.it.procedures.ProcedureSupport.localPath;
import static io.icegate.it.procedures.ProcedureSupport.location;
import static io.icegate.it.procedures.ProcedureSupport.tempDir;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.it.RunningGateway;
import io.icegate.it.procedures.ProcedureSupport.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The specification's table migration examples through JDBC: snapshot, migrate and add_files from
 * parquet tables of the session catalog ({@code spark_catalog}, which delegates non-Iceberg tables
 * to Spark's own) and from a {@code `parquet`.`path`} directory (add_files; snapshot of a directory
 * is in {@link SpecDifferencesIT}); register_table of a copied metadata file.
 */
class MigrationIT {
  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();
  private static Connection c;
  private static Path files;

  @BeforeAll
  static void start() throws Exception {
    c = gateway.connect();
    files = tempDir("migration-");
    // Unqualified names in the examples ('db.sample') are the current catalog's: the session
    // catalog here.
    execute(c, "CREATE NAMESPACE IF NOT EXISTS spark_catalog.mig", "USE spark_catalog");
  }

  @AfterAll
  static void stop() throws Exception {
    c.close();
  }

  /** A parquet table partitioned by part_col_1: two rows in A, one in B. */
  private static String parquetTable(String name) throws SQLException {
    String table = "spark_catalog.mig." + name;
    execute(
        c,
        "CREATE TABLE "
            + table
            + " (id int, data string, part_col_1 string) USING parquet"
            + " PARTITIONED BY (part_col_1)",
        "INSERT INTO " + table + " VALUES (1, 'one', 'A'), (2, 'two', 'A'), (3, 'three', 'B')");
    return table;
  }

  /** Parquet files written straight to a directory, for {@code `parquet`.`path`}. */
  private static Path parquetDirectory(String name) throws SQLException {
    Path dir = files.resolve(name);
    execute(
        c,
        "INSERT OVERWRITE DIRECTORY '"
            + dir
            + "' USING parquet"
            + " SELECT CAST(id AS int) AS id, concat('row ', id) AS data FROM range(4)");
    return dir;
  }

  private static long parquetFiles(Path dir) {
    return filesUnder(dir).stream()
        .filter(p -> p.getFileName().toString().endsWith(".parquet"))
        .count();
  }

  private static List<List<Object>> rows(String table) throws SQLException {
    return query(c, "SELECT id, data FROM " + table + " ORDER BY id");
  }

  private static boolean isIceberg(String table) throws SQLException {
    for (List<Object> row : query(c, "DESCRIBE TABLE EXTENDED " + table)) {
      if ("Provider".equals(row.get(0))) {
        return "iceberg".equalsIgnoreCase((String) row.get(1));
      }
    }
    return false;
  }

  @Test
  void snapshotMakesAnIcebergTableOverTheSourceFiles() throws Exception {
    String source = parquetTable("sample");
    Path sourceLocation = localPath(location(c, source));
    long sourceFiles = parquetFiles(sourceLocation);

    Result result = call(c, "CALL spark_catalog.system.snapshot('mig.sample', 'mig.snap')");

    assertThat(result.columns()).containsExactly("imported_files_count BIGINT");
    assertThat(result.rows()).containsExactly(row(sourceFiles));
    assertThat(isIceberg("spark_catalog.mig.snap")).isTrue();
    assertThat(isIceberg(source)).isFalse();
    assertThat(rows("spark_catalog.mig.snap")).isEqualTo(rows(source));
    for (List<Object> file : query(c, "SELECT file_path FROM spark_catalog.mig.snap.files")) {
      assertThat(localPath((String) file.get(0))).startsWith(sourceLocation);
    }
  }

  @Test
  void snapshotAtALocation() throws Exception {
    String source = parquetTable("sample_for_location");
    Path at = files.resolve("temptable");

    Result result =
        call(
            c,
            "CALL spark_catalog.system.snapshot('mig.sample_for_location', 'mig.snap_at', '"
                + at
                + "/')");

    assertThat(result.columns()).containsExactly("imported_files_count BIGINT");
    assertThat((Long) result.single()).isPositive();
    assertThat(localPath(location(c, "spark_catalog.mig.snap_at"))).isEqualTo(at);
    assertThat(filesUnder(at.resolve("metadata")))
        .anyMatch(p -> p.toString().endsWith(".metadata.json"));
    assertThat(rows("spark_catalog.mig.snap_at")).isEqualTo(rows(source));
  }

  @Test
  void migrateReplacesTheTableAndKeepsABackup() throws Exception {
    String table = parquetTable("to_migrate");
    List<List<Object>> before = rows(table);
    long sourceFiles = parquetFiles(localPath(location(c, table)));

    Result result =
        call(
            c,
            "CALL spark_catalog.system.migrate('spark_catalog.mig.to_migrate', map('foo', 'bar'))");

    assertThat(result.columns()).containsExactly("migrated_files_count BIGINT");
    assertThat(result.rows()).containsExactly(row(sourceFiles));
    assertThat(isIceberg(table)).isTrue();
    assertThat(rows(table)).isEqualTo(before);
    assertThat(query(c, "SHOW TBLPROPERTIES " + table + " ('foo')"))
        .containsExactly(row("foo", "bar"));
    assertThat(
            query(c, "SHOW TABLES IN spark_catalog.mig").stream()
                .map(r -> ((String) r.get(1)).toLowerCase(Locale.ROOT)))
        .contains("to_migrate_backup_");
  }

  @Test
  void migrateATableOfTheCurrentCatalog() throws Exception {
    String table = parquetTable("to_migrate_plain");
    List<List<Object>> before = rows(table);

    Result result = call(c, "CALL spark_catalog.system.migrate('mig.to_migrate_plain')");

    assertThat(result.columns()).containsExactly("migrated_files_count BIGINT");
    assertThat((Long) result.single()).isPositive();
    assertThat(isIceberg(table)).isTrue();
    assertThat(rows(table)).isEqualTo(before);
  }

  @Test
  void addFilesOfOnePartitionOfASessionCatalogTable() throws Exception {
    String source = parquetTable("src_tbl");
    long filesOfA = parquetFiles(localPath(location(c, source)).resolve("part_col_1=A"));
    execute(
        c,
        "CREATE TABLE spark_catalog.mig.tbl (id int, data string, part_col_1 string) USING iceberg"
            + " PARTITIONED BY (part_col_1)");

    Result result =
        call(
            c,
            "CALL spark_catalog.system.add_files(table => 'mig.tbl', source_table => 'mig.src_tbl',"
                + " partition_filter => map('part_col_1', 'A'))");

    assertThat(result.columns())
        .containsExactly("added_files_count BIGINT", "changed_partition_count BIGINT");
    // changed_partition_count is NULL for format versions above 1, as the specification warns.
    assertThat(result.rows()).containsExactly(row(filesOfA, null));
    assertThat(query(c, "SELECT id, data, part_col_1 FROM spark_catalog.mig.tbl ORDER BY id"))
        .containsExactly(row(1, "one", "A"), row(2, "two", "A"));
  }

  @Test
  void addFilesOfAParquetDirectory() throws Exception {
    Path dir = parquetDirectory("add_files_source");
    execute(c, "CREATE TABLE spark_catalog.mig.tbl_from_path (id int, data string) USING iceberg");

    Result result =
        call(
            c,
            "CALL spark_catalog.system.add_files(table => 'mig.tbl_from_path', source_table => '"
                + "`parquet`.`"
                + dir
                + "`')");

    assertThat(result.columns())
        .containsExactly("added_files_count BIGINT", "changed_partition_count BIGINT");
    assertThat(result.rows()).containsExactly(row(parquetFiles(dir), null));
    assertThat(rows("spark_catalog.mig.tbl_from_path"))
        .containsExactly(row(0, "row 0"), row(1, "row 1"), row(2, "row 2"), row(3, "row 3"));
  }

  @Test
  void registerTableRegistersACopiedMetadataFile() throws Exception {
    String source = "spark_catalog.mig.to_register";
    execute(
        c,
        "CREATE TABLE " + source + " (id int, data string) USING iceberg",
        "INSERT INTO " + source + " VALUES (1, 'a'), (2, 'b')",
        "INSERT INTO " + source + " VALUES (3, 'c')");
    String metadata = currentMetadataFile(c, source);
    Path copy = files.resolve("registered/metadata").resolve(fileName(metadata));
    Files.createDirectories(copy.getParent());
    Files.copy(localPath(metadata), copy);

    Result result =
        call(
            c,
            "CALL spark_catalog.system.register_table(table => 'mig.registered', metadata_file => '"
                + copy
                + "')");

    assertThat(result.columns())
        .containsExactly(
            "current_snapshot_id BIGINT",
            "total_records_count BIGINT",
            "total_data_files_count BIGINT");
    long dataFiles = count(c, "SELECT count(*) FROM " + source + ".data_files");
    assertThat(result.rows()).containsExactly(row(currentSnapshot(c, source), 3L, dataFiles));
    assertThat(rows("spark_catalog.mig.registered")).isEqualTo(rows(source));
    assertThat(localPath(currentMetadataFile(c, "spark_catalog.mig.registered"))).isEqualTo(copy);
  }
}
