package io.icegate.it;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static io.icegate.it.SparkJobs.sparkJobsDuring;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.gateway.metadata.NativeMetadataPath;
import io.icegate.metadata.partitions.PartitionCountsCache;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Metadata queries answered natively (Calcite over iceberg-core) return exactly what Spark returns
 * for the same SQL: the same columns, JDBC types, type names and values, with no Spark job; native
 * errors carry a SQLState and say what exists. Each comparison switches the path on and off per
 * connection, whatever the gateway's default.
 */
class NativeMetadataIT {
  private static final List<String> NATIVE_TABLES =
      List.of(
          "history",
          "metadata_log_entries",
          "snapshots",
          "entries",
          "files",
          "data_files",
          "delete_files",
          "manifests",
          "partitions",
          "all_data_files",
          "all_delete_files",
          "all_entries",
          "all_manifests",
          "all_files",
          "refs");

  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();
  private static long tagSnapshot;

  /** The comparisons other classes made before this one. */
  private static NativeVsSpark.Tally tallyBefore;

  /** When the second snapshot of the table's (expired) history was made current. */
  private static Instant secondInHistory;

  /** The first whole second after the last snapshot was made current. */
  private static Instant afterLast;

  @BeforeAll
  static void buildTables() throws Exception {
    tallyBefore = NativeVsSpark.tally();
    try (Connection c = gateway.connect()) {
      execute(
          c,
          "CREATE NAMESPACE IF NOT EXISTS demo.meta_it",
          "CREATE TABLE demo.meta_it.rich (id bigint, category string, amount double, ts timestamp)"
              + " USING iceberg PARTITIONED BY (category) TBLPROPERTIES ('format-version'='2',"
              + " 'write.delete.mode'='merge-on-read', 'write.update.mode'='copy-on-write')",
          // Two rows in one file of partition a, so that deleting one writes a position delete
          // file.
          "INSERT INTO demo.meta_it.rich VALUES (1, 'a', 1.0, TIMESTAMP '2024-01-01 01:00:00'), (8,"
              + " 'a', 8.0, TIMESTAMP '2024-01-01 08:00:00'), (2, 'b', 2.0, TIMESTAMP '2024-01-02"
              + " 02:00:00')",
          "INSERT INTO demo.meta_it.rich VALUES (3, 'a', 3.0, TIMESTAMP '2024-01-03 03:00:00'),"
              + " (4, 'c', 4.0, TIMESTAMP '2024-01-04 04:00:00')",
          "ALTER TABLE demo.meta_it.rich ADD PARTITION FIELD days(ts)",
          "INSERT INTO demo.meta_it.rich VALUES (5, 'b', 5.0, TIMESTAMP '2024-01-05 05:00:00')",
          "ALTER TABLE demo.meta_it.rich CREATE TAG first_five",
          "SET spark.sql.sources.partitionOverwriteMode=dynamic",
          "INSERT OVERWRITE demo.meta_it.rich SELECT id, category, amount * 10, ts FROM"
              + " demo.meta_it.rich WHERE category = 'c'",
          "DELETE FROM demo.meta_it.rich WHERE id = 1",
          "UPDATE demo.meta_it.rich SET amount = 20.0 WHERE id = 2",
          "ALTER TABLE demo.meta_it.rich ADD COLUMN note string");
      long beforeRollback =
          (Long)
              query(
                      c,
                      "SELECT snapshot_id FROM demo.meta_it.rich.snapshots"
                          + " ORDER BY committed_at DESC LIMIT 1")
                  .get(0)
                  .get(0);
      execute(
          c,
          "INSERT INTO demo.meta_it.rich VALUES (6, 'a', 6.0, TIMESTAMP '2024-01-06 06:00:00',"
              + " 'rolled back')",
          "CALL demo.system.rollback_to_snapshot('meta_it.rich', " + beforeRollback + ")",
          "ALTER TABLE demo.meta_it.rich CREATE BRANCH audit",
          "INSERT INTO demo.meta_it.rich VALUES (7, 'd', 7.0, TIMESTAMP '2024-01-07 07:00:00',"
              + " 'kept')",
          "CALL demo.system.expire_snapshots(table => 'meta_it.rich', older_than => TIMESTAMP"
              + " '2999-01-01 00:00:00', retain_last => 4)",
          "CREATE TABLE demo.meta_it.plain (id int, name string) USING iceberg",
          "INSERT INTO demo.meta_it.plain VALUES (1, 'one')",
          "INSERT INTO demo.meta_it.plain VALUES (2, 'two')");
      tagSnapshot =
          (Long)
              query(c, "SELECT snapshot_id FROM demo.meta_it.rich.refs WHERE name = 'first_five'")
                  .get(0)
                  .get(0);
      List<List<Object>> history =
          query(
              c, "SELECT made_current_at FROM demo.meta_it.rich.history ORDER BY made_current_at");
      secondInHistory = ((Timestamp) history.get(1).get(0)).toInstant();
      afterLast =
          Instant.ofEpochSecond(
              ((Timestamp) history.get(history.size() - 1).get(0)).getTime() / 1000 + 1);
    }
  }

  /**
   * An empty answer equals any other empty answer and so compares nothing: only a delete files
   * table may answer none (plain has no delete file, rich one), and nine comparisons in ten had
   * rows (a floor in proportion, as a run may pick single methods).
   */
  @AfterAll
  static void comparisonsHadRows() {
    NativeVsSpark.Tally tally = NativeVsSpark.tally().since(tallyBefore);
    assertThat(tally.empty())
        .as("comparisons of two empty answers")
        .allSatisfy(sql -> assertThat(sql).contains("delete_files"));
    assertThat(tally.withRows())
        .as("comparisons with rows, of %d", tally.compared().size())
        .isPositive()
        .isGreaterThanOrEqualTo(tally.compared().size() * 9 / 10);
  }

  static Stream<Arguments> metadataQueries() {
    List<Arguments> queries = new ArrayList<>();
    for (String table : List.of("rich", "plain")) {
      for (String metadata : NATIVE_TABLES) {
        queries.add(Arguments.of("SELECT * FROM demo.meta_it." + table + "." + metadata));
      }
    }
    return queries.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("metadataQueries")
  void nativeAnswerEqualsSparks(String sql) throws Exception {
    assertNativeEqualsSpark(sql);
  }

  /**
   * Iceberg reads only the columns a query uses: every other column (last first), the others and a
   * count give Spark's answer. Split offsets read without the file size are the one difference, see
   * below.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("metadataQueries")
  void someColumnsInAnyOrderEqualSparks(String selectAll) throws Exception {
    List<String> columns;
    try (Connection c = gateway.connect()) {
      columns = Rows.columnNames(c, selectAll + " LIMIT 0");
    }
    String from = selectAll.substring(selectAll.indexOf(" FROM "));
    for (int first : new int[] {columns.size() - 1, columns.size() - 2}) {
      List<String> picked = new ArrayList<>();
      for (int i = first; i >= 0; i -= 2) {
        // Split offsets without the file size differ from Spark's on purpose (see below).
        if (!columns.get(i).equals("split_offsets")) {
          picked.add("`" + columns.get(i) + "`");
        }
      }
      assertNativeEqualsSpark("SELECT " + String.join(", ", picked) + from);
    }
    assertNativeEqualsSpark("SELECT count(*)" + from);
    if (columns.contains("split_offsets")) {
      splitOffsetsWithoutTheFileSizeAreTheFilesOffsets(from);
    }
  }

  /**
   * A data file read without its size takes its split offsets for corrupt and drops them
   * (iceberg-core), so Spark answers null when a query reads the offsets but not the size. Icegate
   * reads the size too and gives the offsets Spark gives when the size is read
   * (docs/ARCHITECTURE.md).
   */
  private static void splitOffsetsWithoutTheFileSizeAreTheFilesOffsets(String from)
      throws Exception {
    String offsets = "SELECT file_path, split_offsets" + from;
    NativeVsSpark.assertSameAnswer(
        gateway.gateway(), gateway::connect, offsets, offsets + " WHERE file_size_in_bytes >= 0");
    try (Connection c = gateway.connect()) {
      execute(c, "SET icegate.metadata.native=true");
      List<List<Object>> ours = query(c, offsets);
      if (!ours.isEmpty()) {
        assertThat(ours)
            .as("Icegate's %s", offsets)
            .anySatisfy(row -> assertThat(row.get(1)).isNotNull());
      }
    }
    try (Connection spark = gateway.connect()) {
      execute(spark, "SET icegate.metadata.native=false");
      assertThat(query(spark, offsets))
          .as("Spark's %s", offsets)
          .allSatisfy(row -> assertThat(row.get(1)).isNull());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("timeTravelQueries")
  void timeTravelEqualsSparks(String sql) throws Exception {
    assertNativeEqualsSpark(sql);
  }

  static Stream<String> timeTravelQueries() {
    List<String> queries = new ArrayList<>();
    // The client's zone is the session's: the gateway reads timestamp text in it, as Spark does.
    String secondText =
        DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS")
            .withZone(ZoneId.systemDefault())
            .format(secondInHistory);
    for (String metadata : List.of("files", "data_files", "manifests", "partitions", "entries")) {
      String select = "SELECT * FROM demo.meta_it.rich." + metadata;
      queries.add(select + " VERSION AS OF " + tagSnapshot);
      queries.add(select + " VERSION AS OF 'first_five'");
      queries.add(select + " VERSION AS OF 'audit'");
      queries.add(select + " FOR SYSTEM_VERSION AS OF " + tagSnapshot);
      queries.add(select + " TIMESTAMP AS OF '" + secondText + "'");
      queries.add(select + " FOR SYSTEM_TIME AS OF '" + secondText + "'");
      queries.add(select + " TIMESTAMP AS OF " + afterLast.getEpochSecond());
    }
    // Time travel that these ignore, as Spark does.
    for (String metadata : List.of("snapshots", "history", "refs")) {
      queries.add("SELECT * FROM demo.meta_it.rich." + metadata + " VERSION AS OF " + tagSnapshot);
    }
    return queries.stream();
  }

  @Test
  void seedJoinOfHistoryAndSnapshotsEqualsSparks() throws Exception {
    assertNativeEqualsSpark(
        "SELECT h.made_current_at, s.operation, h.snapshot_id, h.is_current_ancestor,"
            + " s.summary['spark.app.id'] FROM demo.meta_it.rich.history h JOIN"
            + " demo.meta_it.rich.snapshots s ON h.snapshot_id = s.snapshot_id ORDER BY"
            + " made_current_at");
  }

  /**
   * Partition conditions, which Iceberg also gets to skip manifests by, over each files and entries
   * table.
   */
  static Stream<Arguments> partitionFilterQueries() {
    // Each condition, and whether it selects the table's one delete file: in partition a, under
    // the spec before ts_day was added.
    List<Map.Entry<String, Boolean>> conditions =
        List.of(
            Map.entry("partition.category = 'a'", true),
            Map.entry("partition.category IN ('a', 'b') AND record_count > 0", true),
            Map.entry("partition.ts_day >= DATE '2024-01-05'", false),
            Map.entry("partition.ts_day IS NULL", true),
            Map.entry("partition.category = 'c' OR partition.ts_day = DATE '2024-01-07'", false),
            Map.entry("partition.category <> 'a'", false),
            Map.entry(
                "NOT (partition.category = 'c') AND partition.ts_day < DATE '2024-01-07'", false),
            Map.entry("partition.category NOT IN ('a', 'bb')", false));
    List<Arguments> queries = new ArrayList<>();
    for (String table :
        List.of(
            "files",
            "data_files",
            "delete_files",
            "all_files",
            "all_data_files",
            "all_delete_files",
            "files VERSION AS OF 'first_five'",
            "entries",
            "all_entries")) {
      // The entries tables have the file's columns in data_file.
      String file = table.contains("entries") ? "data_file." : "";
      for (Map.Entry<String, Boolean> condition : conditions) {
        queries.add(
            Arguments.of(
                String.format(
                    "SELECT %1$sfile_path, %1$spartition, %1$srecord_count FROM"
                        + " demo.meta_it.rich.%2$s WHERE %3$s",
                    file,
                    table,
                    condition
                        .getKey()
                        .replace("partition.", file + "partition.")
                        .replace("record_count", file + "record_count")),
                !table.contains("delete_files") || condition.getValue()));
      }
    }
    return queries.stream();
  }

  /**
   * Each answer has the rows the table's files call for: an empty answer equals any other, so a
   * condition that selected nothing by mistake would compare nothing.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("partitionFilterQueries")
  void partitionFiltersEqualSparks(String sql, boolean selectsFiles) throws Exception {
    int rows = NativeVsSpark.assertSameAnswer(gateway.gateway(), gateway::connect, sql);
    if (selectsFiles) {
      assertThat(rows).as("rows of %s", sql).isPositive();
    } else {
      assertThat(rows).as("rows of %s", sql).isZero();
    }
  }

  /**
   * Grouping sets, with the rolled-up keys null, as Spark has them (grouping() itself goes to
   * Spark, below).
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "SELECT spec_id, count(*), sum(record_count) FROM demo.meta_it.rich.files GROUP BY"
            + " ROLLUP(spec_id)",
        "SELECT partition.category, content, count(*) FROM demo.meta_it.rich.files"
            + " GROUP BY CUBE(partition.category, content)",
        "SELECT partition.category, spec_id, count(*) FROM demo.meta_it.rich.files"
            + " GROUP BY GROUPING SETS ((partition.category), (spec_id), ())",
        "SELECT operation, count(*) FROM demo.meta_it.rich.snapshots GROUP BY ROLLUP(operation)"
            + " ORDER BY 1"
      })
  void groupingSetsEqualSparks(String sql) throws Exception {
    assertNativeEqualsSpark(sql);
  }

  /**
   * Calcite plans grouping_id() as grouping(), whose type differs in Spark: the native path leaves
   * both to Spark.
   */
  @Test
  void groupingIdIsLeftToSpark() throws Exception {
    NativeVsSpark.assertLeftToSpark(
        gateway.gateway(),
        gateway::connect,
        "SELECT spec_id, grouping_id(spec_id), count(*) FROM demo.meta_it.rich.files GROUP BY"
            + " ROLLUP(spec_id)");
  }

  @Test
  void theGatewayBoundsThePartitionCountsItKeeps() {
    try (TestGateway bounded =
        TestGateway.start(Map.of("icegate.metadata.partition-cache-counts", "1234"))) {
      assertThat(PartitionCountsCache.shared().maxCounts()).isEqualTo(1234);
    } finally {
      PartitionCountsCache.shared().setMaxCounts(PartitionCountsCache.DEFAULT_MAX_COUNTS);
    }
  }

  /**
   * Spark refuses a column neither grouped nor aggregated; the native path leaves it to Spark,
   * which says why.
   */
  @Test
  void aColumnNeitherGroupedNorAggregatedFailsAsInSpark() {
    assertFails(
        "SELECT file_path, count(*) FROM demo.meta_it.rich.files GROUP BY spec_id",
        "42803",
        "non-aggregating expression \"file_path\"",
        "GROUP BY");
  }

  @Test
  void aWindowUnderAPartitionFilterEqualsSparks() throws Exception {
    assertNativeEqualsSpark(
        "SELECT file_path, n FROM (SELECT file_path, partition, count(*) OVER () AS n"
            + " FROM demo.meta_it.rich.files) WHERE partition.category = 'a'");
  }

  @Test
  void aggregatesAndNestedFieldsEqualSparks() throws Exception {
    assertNativeEqualsSpark(
        "SELECT partition.category, count(*) AS files, sum(record_count), min(record_count),"
            + " max(file_size_in_bytes), avg(record_count), sum(record_count) / count(*)"
            + " FROM demo.meta_it.rich.files GROUP BY partition.category ORDER BY 1");
    assertNativeEqualsSpark(
        "SELECT file_path, readable_metrics.id.lower_bound, readable_metrics.id.upper_bound,"
            + " readable_metrics.note FROM demo.meta_it.rich.data_files");
  }

  @Test
  void sparkComputedRelationsJoinAndFilterLikeTheOthers() throws Exception {
    try (Connection c = gateway.connect()) {
      assertThat(
              query(
                  c,
                  "SELECT d.file_path, d.pos FROM demo.meta_it.rich.position_deletes d JOIN"
                      + " demo.meta_it.rich.delete_files f ON d.delete_file_path = f.file_path"
                      + " WHERE d.pos >= 0"))
          .isNotEmpty();
      // The changelog of a table without delete files (Spark refuses one over delete files).
      // Spark's changelog
      // scan also refuses filters on its own columns (_change_type, _commit_snapshot_id: "Cannot
      // find field"),
      // which a join on them pushes down too; filters on data columns work.
      List<List<Object>> changes =
          query(
              c,
              "SELECT c.id, c._change_type, c._commit_snapshot_id"
                  + " FROM demo.meta_it.plain.changes c WHERE c.id > 0 ORDER BY c._change_ordinal");
      List<List<Object>> appends =
          query(
              c, "SELECT snapshot_id FROM demo.meta_it.plain.snapshots" + " ORDER BY committed_at");
      assertThat(changes)
          .containsExactly(
              row(1, "INSERT", appends.get(0).get(0)), row(2, "INSERT", appends.get(1).get(0)));
    }
  }

  @Test
  void commitsShowAtOnceThoughTablesAreKeptBetweenStatements() throws Exception {
    try (Connection reader = gateway.connect();
        Connection writer = gateway.connect()) {
      execute(
          writer,
          "CREATE TABLE demo.meta_it.fresh (id int) USING iceberg",
          "INSERT INTO demo.meta_it.fresh VALUES (1)");
      assertThat(query(reader, "SELECT count(*) FROM demo.meta_it.fresh.snapshots"))
          .containsExactly(row(1L));

      execute(writer, "INSERT INTO demo.meta_it.fresh VALUES (2)");
      assertThat(query(reader, "SELECT count(*) FROM demo.meta_it.fresh.snapshots"))
          .containsExactly(row(2L));

      execute(
          writer,
          "DROP TABLE demo.meta_it.fresh",
          "CREATE TABLE demo.meta_it.fresh (id int) USING iceberg");
      assertThat(query(reader, "SELECT count(*) FROM demo.meta_it.fresh.snapshots"))
          .containsExactly(row(0L));
    }
  }

  @Test
  void anUnknownMetadataTableListsTheValidOnes() {
    assertFails(
        "SELECT * FROM demo.meta_it.rich.snapshotz",
        "42P01",
        "snapshotz",
        "history",
        "all_manifests",
        "refs");
  }

  @Test
  void anUnknownSnapshotNamesTheTableAndTheValidSnapshots() throws Exception {
    assertFails(
        "SELECT * FROM demo.meta_it.rich.files VERSION AS OF 12345",
        "42704",
        "demo.meta_it.rich",
        "12345",
        "valid: ");
  }

  @Test
  void anUnknownRefNamesTheTableAndItsRefs() {
    assertFails(
        "SELECT * FROM demo.meta_it.rich.manifests VERSION AS OF 'nope'",
        "42704",
        "demo.meta_it.rich",
        "'nope'",
        "audit",
        "first_five",
        "main");
  }

  @Test
  void aTimeBeforeTheFirstSnapshotNamesTheTableAndTheFirstSnapshotsTime() {
    assertFails(
        "SELECT * FROM demo.meta_it.rich.partitions TIMESTAMP AS OF '2000-01-01 00:00:00'",
        "22023",
        "demo.meta_it.rich",
        "2000-01-01",
        "first snapshot at");
  }

  /**
   * Spark's default namespace is "default", a word Calcite reserves: it must not send such queries
   * to Spark.
   */
  @Test
  void tablesInTheDefaultNamespaceAreAnsweredNatively() throws Exception {
    try (Connection c = gateway.connect()) {
      execute(
          c,
          "CREATE TABLE demo.default.native_default_ns (id int) USING iceberg",
          "INSERT INTO demo.default.native_default_ns VALUES (1)",
          "INSERT INTO demo.default.native_default_ns VALUES (2)");
      try {
        String join =
            "SELECT h.snapshot_id, s.operation FROM demo.default.native_default_ns.history h JOIN"
                + " demo.default.native_default_ns.snapshots s ON h.snapshot_id = s.snapshot_id";
        assertThat(sparkJobsDuring(() -> assertThat(query(c, join)).hasSize(2)))
            .as("Spark jobs")
            .isZero();
        assertNativeEqualsSpark(join);
        assertNativeEqualsSpark("SELECT * FROM demo.default.native_default_ns.files");
        // Without the catalog (the connection's current one is demo).
        String snapshots = "SELECT * FROM default.native_default_ns.snapshots";
        assertThat(sparkJobsDuring(() -> assertThat(query(c, snapshots)).hasSize(2)))
            .as("Spark jobs")
            .isZero();
        assertNativeEqualsSpark(snapshots);
      } finally {
        execute(c, "DROP TABLE demo.default.native_default_ns");
      }
    }
  }

  /**
   * A query the native path takes but fails on (the table's current metadata file is gone) goes to
   * Spark, and the gateway counts and logs the fallback instead of handing it over in silence.
   */
  @Test
  void aNativeFailureThatSparkRunsInsteadIsCountedAndLogged() throws Exception {
    NativeMetadataPath path = gateway.server().meta().nativeMetadataPath();
    try (Connection c = gateway.connect()) {
      execute(
          c,
          "CREATE TABLE demo.meta_it.lost_metadata (id int) USING iceberg",
          "INSERT INTO demo.meta_it.lost_metadata VALUES (1)");
      Path current = currentMetadataFile(c, "demo.meta_it.lost_metadata");
      Path aside = current.resolveSibling(current.getFileName() + ".aside");
      Files.move(current, aside);
      try {
        long before = path.fallbacks();
        List<String> warnings =
            LogLines.warningsDuring(
                NativeMetadataPath.class,
                () -> {
                  try {
                    query(c, "SELECT snapshot_id FROM demo.meta_it.lost_metadata.snapshots");
                  } catch (SQLException e) {
                    // Spark answers from the table its catalog keeps, or fails to load it too:
                    // neither is native.
                  }
                });
        assertThat(path.fallbacks() - before).as("fallbacks counted").isEqualTo(1);
        assertThat(warnings)
            .as("WARN lines of the native path")
            .singleElement()
            .asString()
            .contains("lost_metadata", "Spark runs it instead")
            .doesNotContain("with a stack trace");
      } finally {
        Files.move(aside, current);
        execute(c, "DROP TABLE demo.meta_it.lost_metadata");
      }
    }
  }

  /** The metadata file the catalog names as {@code table}'s current one. */
  private static Path currentMetadataFile(Connection c, String table) throws SQLException {
    String location =
        query(c, "DESCRIBE TABLE EXTENDED " + table).stream()
            .filter(row -> "Location".equals(row.get(0)))
            .map(row -> (String) row.get(1))
            .findFirst()
            .orElseThrow();
    Path metadata = Path.of(location.replaceFirst("^file:", "")).resolve("metadata");
    try (Stream<Path> files = Files.list(metadata)) {
      return files
          .filter(file -> file.getFileName().toString().endsWith(".metadata.json"))
          .max(Path::compareTo)
          .orElseThrow();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void allTablesRefuseTimeTravel() {
    assertFails(
        "SELECT * FROM demo.meta_it.rich.all_files VERSION AS OF 'first_five'",
        "0A000",
        "demo.meta_it.rich",
        "all_files");
  }

  private static void assertFails(String sql, String sqlState, String... messageParts) {
    NativeVsSpark.assertFails(gateway::connect, sql, sqlState, messageParts);
  }

  private static void assertNativeEqualsSpark(String sql) throws Exception {
    NativeVsSpark.assertSameAnswer(gateway.gateway(), sql);
  }

  @Test
  void nativeQueriesStartNoSparkJob() throws Exception {
    int nativeJobs =
        sparkJobsDuring(
            () -> {
              try (Connection c = gateway.connect()) {
                for (String metadata : NATIVE_TABLES) {
                  String from = " FROM demo.meta_it.rich." + metadata;
                  query(c, "SELECT *" + from);
                  List<String> columns = Rows.columnNames(c, "SELECT *" + from);
                  query(
                      c,
                      "SELECT `"
                          + columns.get(columns.size() - 1)
                          + "`, `"
                          + columns.get(0)
                          + "`"
                          + from);
                  query(c, "SELECT count(*)" + from);
                }
                query(c, "SELECT file_path, split_offsets FROM demo.meta_it.rich.files");
                query(
                    c,
                    "SELECT file_path FROM demo.meta_it.rich.files WHERE partition.category = 'a'");
                query(
                    c,
                    "SELECT file_path FROM demo.meta_it.rich.all_files WHERE partition.category ="
                        + " 'c' OR partition.ts_day >= DATE '2024-01-05'");
                query(
                    c,
                    "SELECT file_path, n FROM (SELECT file_path, partition, count(*) OVER () AS n"
                        + " FROM demo.meta_it.rich.files) WHERE partition.category = 'a'");
                query(
                    c,
                    "SELECT partition.category, content, count(*) FROM demo.meta_it.rich.files"
                        + " GROUP BY CUBE(partition.category, content)");
                query(c, "SELECT count(*) FROM demo.meta_it.rich.files VERSION AS OF 'first_five'");
              }
            });
    assertThat(nativeJobs)
        .as("Spark jobs started by native metadata queries (on by default)")
        .isZero();

    int sparkJobs =
        sparkJobsDuring(
            () -> {
              try (Connection c = gateway.connect()) {
                execute(c, "SET icegate.metadata.native=false");
                query(c, "SELECT * FROM demo.meta_it.rich.files");
              }
            });
    assertThat(sparkJobs).as("Spark jobs with the native path switched off").isPositive();
  }
}
