package io.icegate.it.activity;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.access.Role;
import io.icegate.it.RunningGateway;
import io.icegate.it.SparkJobs;
import io.icegate.it.TestGateway;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code icegate.system.table_health} over tables built in known states: every figure equals what
 * Spark's metadata tables give for the table, each suggested CALL is accepted by EXPLAIN CALL and,
 * run, clears its threshold; the cheap columns read no manifest; no Spark job runs; a table that
 * cannot be read gives a row with an error.
 */
class TableHealthIT {
  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();

  @RegisterExtension static final RunningGateway withUsers = RunningGateway.withUsers(Map.of());

  private static final String NS = "health";
  private static final String ROW =
      "SELECT * FROM icegate.system.table_health WHERE namespace = '" + NS + "' AND table_name = '";

  @BeforeAll
  static void tables() throws Exception {
    try (Connection c = gateway.connect()) {
      execute(c, "CREATE NAMESPACE IF NOT EXISTS demo." + NS);
      for (String kind : List.of("small_files", "deletes", "snapshots", "manifests", "healthy")) {
        build(c, kind, kind);
      }
      String v2 = "TBLPROPERTIES ('format-version' = '2'";
      // Manifest list and manifests deleted behind the catalog: only the cheap columns can answer.
      create(c, "lost_manifests", v2 + ")");
      appends(c, "lost_manifests", 2);
      // Metadata file deleted: the table cannot load.
      create(c, "broken", v2 + ")");
      appends(c, "broken", 1);
    }
    try (Stream<Path> files = Files.list(metadataDir("lost_manifests"))) {
      for (Path avro : files.filter(p -> p.toString().endsWith(".avro")).toList()) {
        Files.delete(avro);
      }
    }
    Files.delete(
        localPath(
            (spark()
                .sql(
                    "SELECT file FROM demo."
                        + NS
                        + ".broken.metadata_log_entries ORDER BY timestamp DESC"
                        + " LIMIT 1")
                .first()
                .getString(0))));
  }

  @AfterAll
  static void dropBroken() throws Exception {
    // Other tests list every table: leave none that cannot load.
    io.icegate.gateway.metadata.SparkIcebergCatalogs catalogs =
        new io.icegate.gateway.metadata.SparkIcebergCatalogs(spark());
    org.apache.iceberg.catalog.Catalog demo = catalogs.icebergCatalog("demo").orElseThrow();
    for (String t : List.of("broken", "lost_manifests")) {
      demo.dropTable(org.apache.iceberg.catalog.TableIdentifier.of(NS, t), false);
    }
  }

  @Test
  void everyFigureIsWhatSparksMetadataTablesGive() throws Exception {
    try (Connection c = gateway.connect()) {
      for (String t : List.of("small_files", "deletes", "snapshots", "manifests", "healthy")) {
        Map<String, Object> row = health(c, t);
        String name = "demo." + NS + "." + t;
        assertThat(row.get("catalog")).isEqualTo("demo");
        assertThat(row.get("error")).as(t).isNull();
        assertThat(row.get("snapshot_count")).as(t).isEqualTo((int) count(name + ".snapshots"));
        assertThat(((Timestamp) row.get("oldest_snapshot_at")).getTime())
            .as(t)
            .isEqualTo(
                spark()
                    .sql("SELECT min(committed_at) FROM " + name + ".snapshots")
                    .first()
                    .getTimestamp(0)
                    .getTime());
        assertThat(row.get("data_file_count")).as(t).isEqualTo(count(name + ".data_files"));
        assertThat(row.get("total_records"))
            .as(t)
            .isEqualTo(
                longOf("SELECT coalesce(sum(record_count), 0) FROM " + name + ".data_files"));
        assertThat(row.get("data_file_avg_bytes"))
            .as(t)
            .isEqualTo(
                longOf(
                    "SELECT CAST(avg(file_size_in_bytes) AS BIGINT) FROM " + name + ".data_files"));
        long target = (Long) row.get("target_file_size_bytes");
        assertThat(target).isEqualTo(536870912L);
        long small =
            longOf(
                "SELECT count(*) FROM "
                    + name
                    + ".data_files WHERE file_size_in_bytes < "
                    + (long) (target * 0.75));
        assertThat(row.get("small_file_count")).as(t).isEqualTo(small);
        assertThat((Double) row.get("small_file_share"))
            .as(t)
            .isEqualTo((double) small / count(name + ".data_files"));
        assertThat(row.get("delete_file_count")).as(t).isEqualTo(count(name + ".delete_files"));
        long positions =
            longOf("SELECT coalesce(sum(record_count), 0) FROM " + name + ".delete_files");
        assertThat(row.get("position_delete_count")).as(t).isEqualTo(positions);
        assertThat((Double) row.get("deleted_row_share"))
            .as(t)
            .isEqualTo((double) positions / (Long) row.get("total_records"));
        assertThat(row.get("manifest_count")).as(t).isEqualTo((int) count(name + ".manifests"));
        assertThat(row.get("manifest_avg_bytes"))
            .as(t)
            .isEqualTo(longOf("SELECT CAST(avg(length) AS BIGINT) FROM " + name + ".manifests"));
        assertThat(row.get("metadata_log_length"))
            .as(t)
            .isEqualTo((int) count(name + ".metadata_log_entries"));
        assertThat(row.get("metadata_file_bytes"))
            .as(t)
            .isEqualTo(Files.size(localPath((currentMetadataFile(t)))));
        assertThat(row.get("ref_count")).as(t).isEqualTo((int) count(name + ".refs"));
        assertThat(row.get("last_data_rewrite_at")).as(t).isNull();
        assertThat(row.get("last_manifest_rewrite_at")).as(t).isNull();
        assertThat(row.get("last_expiry_at")).as(t).isNull();
        assertThat(((Timestamp) row.get("expiry_seen_since")).getTime())
            .as("the whole log is readable: its first entry, " + t)
            .isEqualTo(
                spark()
                    .sql("SELECT min(timestamp) FROM " + name + ".metadata_log_entries")
                    .first()
                    .getTimestamp(0)
                    .getTime());
      }
    }
  }

  @Test
  void eachTableInAKnownStateGetsTheCallThatFixesItAndOnlyThat() throws Exception {
    try (Connection c = gateway.connect()) {
      assertCalls(c, "healthy", null, null, null, null);
      assertThat(health(c, "healthy").get("suggested_call")).isNull();
      assertCalls(
          c,
          "small_files",
          null,
          "CALL demo.system.rewrite_data_files(table => 'health.small_files')",
          null,
          null);
      assertCalls(
          c,
          "deletes",
          null,
          null,
          "CALL demo.system.rewrite_position_delete_files(table => 'health.deletes')",
          null);
      assertCalls(
          c,
          "manifests",
          null,
          null,
          null,
          "CALL demo.system.rewrite_manifests(table => 'health.manifests')");
      Map<String, Object> snapshots = health(c, "snapshots");
      assertThat((String) snapshots.get("expire_snapshots_call"))
          .startsWith(
              "CALL demo.system.expire_snapshots(table => 'health.snapshots', older_than =>"
                  + " TIMESTAMP '")
          .endsWith("', retain_last => 3)");
      for (String t : List.of("small_files", "deletes", "manifests", "snapshots")) {
        Map<String, Object> row = health(c, t);
        assertThat(row.get("suggested_call"))
            .as(t)
            .isNotNull()
            .isIn(
                row.get("expire_snapshots_call"),
                row.get("rewrite_data_files_call"),
                row.get("rewrite_position_delete_files_call"),
                row.get("rewrite_manifests_call"));
      }
    }
  }

  @Test
  void eachSuggestedCallIsAcceptedByExplainCallAndRunClearsItsThreshold() throws Exception {
    try (Connection c = gateway.connect()) {
      // Their own copies: the other tests see the states built.
      for (String t : List.of("small_files", "deletes", "manifests", "snapshots")) {
        build(c, t, t + "_fixed");
      }
      for (String t : List.of("small_files", "deletes", "manifests", "snapshots")) {
        String table = t + "_fixed";
        String column =
            Map.of(
                    "small_files", "rewrite_data_files_call",
                    "deletes", "rewrite_position_delete_files_call",
                    "manifests", "rewrite_manifests_call",
                    "snapshots", "expire_snapshots_call")
                .get(t);
        Map<String, Object> before = health(c, table);
        String call = (String) before.get(column);
        assertThat(call).as(table + " " + column).isNotNull();
        assertThat(before.get("suggested_call")).as(table).isEqualTo(call);
        List<List<Object>> explained = query(c, "EXPLAIN " + call);
        assertThat(explained).as("EXPLAIN " + call).isNotEmpty();
        execute(c, call);
        Map<String, Object> after = health(c, table);
        assertThat(after.get(column)).as(table + " after " + call).isNull();
        assertThat(after.get("suggested_call")).as(table + " after " + call).isNull();
        String name = "demo." + NS + "." + table;
        switch (t) {
          case "small_files" -> {
            assertThat(((Timestamp) after.get("last_data_rewrite_at")).getTime())
                .isEqualTo(
                    spark()
                        .sql(
                            "SELECT max(committed_at) FROM "
                                + name
                                + ".snapshots WHERE"
                                + " operation = 'replace'")
                        .first()
                        .getTimestamp(0)
                        .getTime());
            assertThat(after.get("data_file_count")).isEqualTo(count(name + ".data_files"));
          }
          case "manifests" -> {
            assertThat(after.get("last_manifest_rewrite_at")).isNotNull();
            assertThat(after.get("manifest_count")).isEqualTo((int) count(name + ".manifests"));
          }
          case "deletes" ->
              assertThat(after.get("delete_file_count")).isEqualTo(count(name + ".delete_files"));
          default -> {
            assertThat(after.get("snapshot_count")).isEqualTo(3);
            assertThat(((Timestamp) after.get("last_expiry_at")).getTime())
                .as("the metadata file the expiry wrote")
                .isEqualTo(
                    spark()
                        .sql("SELECT max(timestamp) FROM " + name + ".metadata_log_entries")
                        .first()
                        .getTimestamp(0)
                        .getTime());
          }
        }
      }
    }
  }

  @Test
  void theCheapColumnsReadNoManifestAndAnUnreadableTableGivesAnErrorRow() throws Exception {
    String cheap =
        "SELECT catalog, table_name, snapshot_count, data_file_count, error FROM"
            + " icegate.system.table_health WHERE namespace = '"
            + NS
            + "' AND table_name = 'lost_manifests'";
    try (Connection c = gateway.connect()) {
      List<List<Object>> rows = query(c, cheap);
      assertThat(rows)
          .containsExactly(java.util.Arrays.asList("demo", "lost_manifests", 2, 2L, null));
      // Spark's path (DISTRIBUTE BY is no Calcite syntax) prunes the columns as well.
      assertThat(query(c, cheap + " DISTRIBUTE BY table_name")).isEqualTo(rows);

      Map<String, Object> all = health(c, "lost_manifests");
      assertThat(all.get("snapshot_count")).isEqualTo(2);
      assertThat((String) all.get("error")).contains("manifest");
      assertThat(all.get("manifest_count")).isNull();

      Map<String, Object> broken = health(c, "broken");
      assertThat(broken.get("snapshot_count")).isNull();
      assertThat((String) broken.get("error")).isNotBlank();
      // Every table has its row all the same.
      assertThat(
              query(
                  c,
                  "SELECT count(*) FROM icegate.system.table_health WHERE namespace = '"
                      + NS
                      + "'"))
          .containsExactly(List.of((Object) spark().sql("SHOW TABLES IN demo." + NS).count()));
    }
  }

  @Test
  void aQueryOfTableHealthRunsNoSparkJobAndSparksPathAgrees() throws Exception {
    String sql =
        "SELECT catalog, namespace, table_name, snapshot_count, data_file_count, small_file_count,"
            + " delete_file_count, manifest_count, metadata_log_length, ref_count,"
            + " rewrite_data_files_call, rewrite_position_delete_files_call,"
            + " rewrite_manifests_call FROM icegate.system.table_health WHERE namespace = '"
            + NS
            + "' AND table_name IN ('small_files', 'deletes', 'manifests', 'healthy')";
    try (Connection c = gateway.connect()) {
      List<List<List<Object>>> native_ = new ArrayList<>();
      int jobs =
          SparkJobs.sparkJobsDuring(
              () -> {
                native_.add(query(c, sql + " ORDER BY table_name"));
                native_.add(query(c, "SELECT * FROM icegate.system.table_health"));
              });
      assertThat(jobs).as("Spark jobs for queries of table_health").isZero();
      assertThat(native_.get(0)).hasSize(4);
      assertThat(query(c, sql + " DISTRIBUTE BY table_name"))
          .containsExactlyInAnyOrderElementsOf(native_.get(0));
    }
  }

  @Test
  void aReadUserSeesTheHealthOfTablesAndCannotRunTheCalls() throws Exception {
    try (Connection admin = withUsers.connect(Role.ADMIN)) {
      execute(admin, "CREATE NAMESPACE IF NOT EXISTS demo.health_roles");
      execute(admin, "CREATE TABLE IF NOT EXISTS demo.health_roles.t (id BIGINT, data STRING)");
    }
    try (Connection reader = withUsers.connect(Role.READ)) {
      List<List<Object>> rows =
          query(
              reader,
              "SELECT table_name, snapshot_count, error FROM icegate.system.table_health WHERE"
                  + " namespace = 'health_roles'");
      assertThat(rows).containsExactly(java.util.Arrays.asList("t", 0, null));
      io.icegate.it.SqlFailures.assertFails(
          () -> execute(reader, "CALL demo.system.rewrite_manifests(table => 'health_roles.t')"),
          "42501",
          "rewrite_manifests");
    }
  }

  // ---- helpers ----

  /** Builds table {@code name} in the state {@code kind} names. */
  private static void build(Connection c, String kind, String name) throws SQLException {
    String v2 = "TBLPROPERTIES ('format-version' = '2'";
    String noSmallFiles = ", 'icegate.health.min-small-files' = '100'";
    switch (kind) {
      case "small_files" -> {
        // Six one-row appends: six small files.
        create(c, name, v2 + ")");
        appends(c, name, 6);
      }
      case "deletes" -> {
        // One file, six merge-on-read deletes: six position delete files (partition-scoped, so that
        // each DELETE adds one instead of replacing the file-scoped one before).
        create(
            c,
            name,
            v2
                + ", 'write.delete.mode' = 'merge-on-read', 'write.delete.granularity' ="
                + " 'partition'"
                + noSmallFiles
                + ")");
        execute(
            c,
            "INSERT INTO demo."
                + NS
                + "."
                + name
                + " SELECT id, CAST(id AS STRING) FROM range(0, 100, 1, 1)");
        for (int i = 0; i < 6; i++) {
          execute(c, "DELETE FROM demo." + NS + "." + name + " WHERE id = " + (i * 10));
        }
      }
      case "snapshots" -> {
        // More snapshots than its max-snapshots.
        create(c, name, v2 + ", 'icegate.health.max-snapshots' = '3'" + noSmallFiles + ")");
        appends(c, name, 5);
      }
      case "manifests" -> {
        // More manifests than its max-manifests (appends merge manifests only from 100).
        create(c, name, v2 + ", 'icegate.health.max-manifests' = '3'" + noSmallFiles + ")");
        appends(c, name, 5);
      }
      default -> {
        create(c, name, v2 + ")");
        appends(c, name, 1);
      }
    }
  }

  private static void create(Connection c, String table, String properties) throws SQLException {
    execute(c, "CREATE TABLE demo." + NS + "." + table + " (id BIGINT, data STRING) " + properties);
  }

  private static void appends(Connection c, String table, int n) throws SQLException {
    for (int i = 0; i < n; i++) {
      execute(c, "INSERT INTO demo." + NS + "." + table + " VALUES (" + i + ", 'v" + i + "')");
    }
  }

  private static Map<String, Object> health(Connection c, String table) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(ROW + table + "'")) {
      assertThat(rs.next()).as("a row for " + table).isTrue();
      ResultSetMetaData meta = rs.getMetaData();
      Map<String, Object> row = new LinkedHashMap<>();
      for (int i = 1; i <= meta.getColumnCount(); i++) {
        row.put(meta.getColumnLabel(i), rs.getObject(i));
      }
      assertThat(rs.next()).as("one row for " + table).isFalse();
      return row;
    }
  }

  private static void assertCalls(
      Connection c, String table, String expire, String data, String deletes, String manifests)
      throws SQLException {
    Map<String, Object> row = health(c, table);
    assertThat(row.get("expire_snapshots_call")).as(table).isEqualTo(expire);
    assertThat(row.get("rewrite_data_files_call")).as(table).isEqualTo(data);
    assertThat(row.get("rewrite_position_delete_files_call")).as(table).isEqualTo(deletes);
    assertThat(row.get("rewrite_manifests_call")).as(table).isEqualTo(manifests);
  }

  private static SparkSession spark() {
    return TestGateway.engine().rootSession();
  }

  private static long count(String table) {
    return spark().table(table).count();
  }

  private static long longOf(String sql) {
    Row r = spark().sql(sql).first();
    return r.isNullAt(0) ? 0L : r.getLong(0);
  }

  private static String currentMetadataFile(String table) {
    return spark()
        .sql(
            "SELECT file FROM demo."
                + NS
                + "."
                + table
                + ".metadata_log_entries ORDER BY timestamp DESC LIMIT 1")
        .first()
        .getString(0);
  }

  private static Path localPath(String location) {
    return location.startsWith("file:") ? Path.of(URI.create(location)) : Path.of(location);
  }

  private static Path metadataDir(String table) throws IOException {
    return localPath((currentMetadataFile(table))).getParent();
  }
}
