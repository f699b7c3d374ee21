package io.icegate.it;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Metadata queries answered natively (Calcite over iceberg-core) return exactly what Spark returns for the same
 * SQL: the same columns, JDBC types, type names and values, with no Spark job. The native path is off by default
 * until the two known differences below are closed; these tests switch it on per connection.
 */
class NativeMetadataIT {
  private static final List<String> NATIVE_TABLES = List.of("history", "metadata_log_entries", "snapshots",
      "entries", "files", "data_files", "delete_files", "manifests", "partitions", "all_data_files",
      "all_delete_files", "all_entries", "all_manifests", "all_files", "refs");

  private static TestGateway gateway;
  private static long tagSnapshot;

  @BeforeAll
  static void buildTables() throws Exception {
    gateway = TestGateway.start();
    try (Connection c = gateway.connect()) {
      execute(c,
          "CREATE NAMESPACE IF NOT EXISTS demo.meta_it",
          "CREATE TABLE demo.meta_it.rich (id bigint, category string, amount double, ts timestamp) USING iceberg"
              + " PARTITIONED BY (category) TBLPROPERTIES ('format-version'='2',"
              + " 'write.delete.mode'='merge-on-read', 'write.update.mode'='copy-on-write')",
          "INSERT INTO demo.meta_it.rich VALUES (1, 'a', 1.0, TIMESTAMP '2024-01-01 01:00:00'),"
              + " (2, 'b', 2.0, TIMESTAMP '2024-01-02 02:00:00')",
          "INSERT INTO demo.meta_it.rich VALUES (3, 'a', 3.0, TIMESTAMP '2024-01-03 03:00:00'),"
              + " (4, 'c', 4.0, TIMESTAMP '2024-01-04 04:00:00')",
          "ALTER TABLE demo.meta_it.rich ADD PARTITION FIELD days(ts)",
          "INSERT INTO demo.meta_it.rich VALUES (5, 'b', 5.0, TIMESTAMP '2024-01-05 05:00:00')",
          "ALTER TABLE demo.meta_it.rich CREATE TAG first_five",
          "SET spark.sql.sources.partitionOverwriteMode=dynamic",
          "INSERT OVERWRITE demo.meta_it.rich SELECT id, category, amount * 10, ts FROM demo.meta_it.rich"
              + " WHERE category = 'c'",
          "DELETE FROM demo.meta_it.rich WHERE id = 1",
          "UPDATE demo.meta_it.rich SET amount = 20.0 WHERE id = 2",
          "ALTER TABLE demo.meta_it.rich ADD COLUMN note string");
      long beforeRollback = (Long) query(c, "SELECT snapshot_id FROM demo.meta_it.rich.snapshots"
          + " ORDER BY committed_at DESC LIMIT 1").get(0).get(0);
      execute(c,
          "INSERT INTO demo.meta_it.rich VALUES (6, 'a', 6.0, TIMESTAMP '2024-01-06 06:00:00', 'rolled back')",
          "CALL demo.system.rollback_to_snapshot('meta_it.rich', " + beforeRollback + ")",
          "ALTER TABLE demo.meta_it.rich CREATE BRANCH audit",
          "INSERT INTO demo.meta_it.rich VALUES (7, 'd', 7.0, TIMESTAMP '2024-01-07 07:00:00', 'kept')",
          "CALL demo.system.expire_snapshots(table => 'meta_it.rich', older_than => TIMESTAMP '2999-01-01 00:00:00',"
              + " retain_last => 4)",
          "CREATE TABLE demo.meta_it.plain (id int, name string) USING iceberg",
          "INSERT INTO demo.meta_it.plain VALUES (1, 'one')",
          "INSERT INTO demo.meta_it.plain VALUES (2, 'two')");
      tagSnapshot = (Long) query(c, "SELECT snapshot_id FROM demo.meta_it.rich.refs WHERE name = 'first_five'")
          .get(0).get(0);
    }
  }

  @AfterAll
  static void stop() {
    gateway.close();
  }

  /**
   * Known difference, left for the metadata-tables issue: for a column added after a data file was written, Spark
   * shows that column's {@code readable_metrics} entry as a struct of nulls and the native path as null. On the
   * evolved table the comparisons therefore list the columns without {@code readable_metrics}; the unevolved table
   * compares {@code SELECT *}.
   */
  private static final String FILE_COLUMNS = "content, file_path, file_format, spec_id, partition, record_count,"
      + " file_size_in_bytes, column_sizes, value_counts, null_value_counts, nan_value_counts, lower_bounds,"
      + " upper_bounds, key_metadata, split_offsets, equality_ids, sort_order_id, first_row_id,"
      + " referenced_data_file, content_offset, content_size_in_bytes";
  private static final String ENTRY_COLUMNS = "status, snapshot_id, sequence_number, file_sequence_number, data_file";

  static Stream<Arguments> metadataQueries() {
    List<Arguments> queries = new ArrayList<>();
    for (String table : List.of("rich", "plain")) {
      for (String metadata : NATIVE_TABLES) {
        queries.add(Arguments.of("SELECT " + columns(table, metadata) + " FROM demo.meta_it." + table + "." + metadata));
      }
    }
    return queries.stream();
  }

  private static String columns(String table, String metadata) {
    if (!table.equals("rich")) {
      return "*";
    }
    if (metadata.endsWith("files")) {
      return FILE_COLUMNS;
    }
    return metadata.equals("entries") || metadata.equals("all_entries") ? ENTRY_COLUMNS : "*";
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("metadataQueries")
  void nativeAnswerEqualsSparks(String sql) throws Exception {
    assertNativeEqualsSpark(sql);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("timeTravelQueries")
  void timeTravelEqualsSparks(String sql) throws Exception {
    assertNativeEqualsSpark(sql);
  }

  static Stream<String> timeTravelQueries() {
    List<String> queries = new ArrayList<>();
    for (String metadata : List.of("files", "manifests", "partitions", "entries")) {
      String select = "SELECT " + columns("rich", metadata) + " FROM demo.meta_it.rich." + metadata;
      queries.add(select + " VERSION AS OF " + tagSnapshot);
      queries.add(select + " VERSION AS OF 'first_five'");
    }
    return queries.stream();
  }

  @Test
  void seedJoinOfHistoryAndSnapshotsEqualsSparks() throws Exception {
    assertNativeEqualsSpark("SELECT h.made_current_at, s.operation, h.snapshot_id, h.is_current_ancestor,"
        + " s.summary['spark.app.id'] FROM demo.meta_it.rich.history h JOIN demo.meta_it.rich.snapshots s"
        + " ON h.snapshot_id = s.snapshot_id ORDER BY made_current_at");
  }

  @Test
  void aggregatesAndNestedFieldsEqualSparks() throws Exception {
    // Known difference, left for the metadata-tables issue: Spark types sum/min/max/avg as nullable, Calcite as
    // NOT NULL over non-null input; count(*) agrees.
    assertNativeEqualsSpark("SELECT partition.category, count(*) AS files"
        + " FROM demo.meta_it.rich.files GROUP BY partition.category ORDER BY 1");
    assertNativeEqualsSpark("SELECT file_path, readable_metrics.id.lower_bound, readable_metrics.id.upper_bound"
        + " FROM demo.meta_it.rich.data_files");
  }

  @Test
  void nativeQueriesStartNoSparkJob() throws Exception {
    AtomicInteger jobs = new AtomicInteger();
    SparkListener counter = new SparkListener() {
      @Override
      public void onJobStart(SparkListenerJobStart jobStart) {
        jobs.incrementAndGet();
      }
    };
    var context = TestGateway.engine().rootSession().sparkContext();
    context.addSparkListener(counter);
    try (Connection c = gateway.connect()) {
      execute(c, "SET icegate.metadata.native=true");
      for (String metadata : NATIVE_TABLES) {
        query(c, "SELECT * FROM demo.meta_it.rich." + metadata);
      }
      query(c, "SELECT count(*) FROM demo.meta_it.rich.files VERSION AS OF 'first_five'");
      context.listenerBus().waitUntilEmpty();
      assertThat(jobs.get()).as("Spark jobs started by native metadata queries").isZero();

      execute(c, "SET icegate.metadata.native=false");
      query(c, "SELECT * FROM demo.meta_it.rich.files");
      context.listenerBus().waitUntilEmpty();
      assertThat(jobs.get()).as("Spark jobs with the native path switched off").isPositive();
    } finally {
      context.removeSparkListener(counter);
    }
  }

  /** Runs {@code sql} natively and, on another connection, through Spark; both must agree in every respect. */
  private static void assertNativeEqualsSpark(String sql) throws Exception {
    try (Connection nativeConnection = gateway.connect(); Connection sparkConnection = gateway.connect()) {
      execute(nativeConnection, "SET icegate.metadata.native=true");
      execute(sparkConnection, "SET icegate.metadata.native=false");
      Result ours = read(nativeConnection, sql);
      Result spark = read(sparkConnection, sql);
      assertThat(ours.columns()).as("columns of %s", sql).isEqualTo(spark.columns());
      if (sql.contains("ORDER BY")) {
        assertThat(ours.rows()).as("rows of %s", sql).isEqualTo(spark.rows());
      } else {
        assertThat(ours.rows()).as("rows of %s", sql).containsExactlyInAnyOrderElementsOf(spark.rows());
      }
    }
  }

  private record Result(List<String> columns, List<List<String>> rows) {}

  /** Column name, JDBC type, type name and nullability; each value as getString and as getObject's class. */
  private static Result read(Connection c, String sql) throws Exception {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      List<String> columns = new ArrayList<>();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        columns.add(md.getColumnLabel(i) + " " + md.getColumnType(i) + " " + md.getColumnTypeName(i) + " "
            + md.isNullable(i));
      }
      List<List<String>> rows = new ArrayList<>();
      while (rs.next()) {
        List<String> row = new ArrayList<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
          Object value = rs.getObject(i);
          row.add(rs.getString(i) + (value == null ? "" : " : " + value.getClass().getSimpleName()));
        }
        rows.add(row);
      }
      return new Result(columns, rows);
    }
  }
}
