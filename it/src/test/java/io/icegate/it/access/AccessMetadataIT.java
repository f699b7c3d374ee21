package io.icegate.it.access;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.SqlFailures.assertFails;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.access.Role;
import io.icegate.it.NativeVsSpark;
import io.icegate.it.Rows;
import io.icegate.it.RunningGateway;
import io.icegate.it.TestGateway;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Metadata tables and files of a table whose user may not see some columns: what the columns'
 * values leave in them (bounds, counts, readable metrics, partition values, file paths, partition
 * and snapshot summaries) is redacted alike on the native path and on Spark's, and everything else
 * equals what Spark gives an admin. Canary values sit in the hidden column, which partitions the
 * table (so they are in paths, partition tuples and summaries), and in the masked one.
 */
class AccessMetadataIT {
  static final String PAYROLL = "demo.acl_meta.payroll";
  static final String PLAIN = "demo.acl_meta.plain";
  static final String CANARY = "canary-5e1d";
  static final String MAIL = "mailcanary";
  static final String PASSWORD = "Pw-of-hal-3";

  static final String RULES =
      """
      groups:
        auditors: [hal]
      catalogs:
        - {catalog: ".*", allow: all}
      namespaces:
        - {role: admin, owner: true}
      tables:
        - id: narrowed-admin
          user: ada
          catalog: demo
          namespace: acl_meta
          table: payroll
          privileges: [all]
          columns: [{name: ssn, hidden: true}]
        - {id: admins, role: admin, privileges: [all]}
        - id: payroll-for-auditors
          group: auditors
          catalog: demo
          namespace: acl_meta
          table: "payroll|plain|evolving"
          privileges: [select, metadata, history]
          columns:
            - {name: ssn, hidden: true}
            - {name: email, mask: "'***'"}
      procedures:
        - {procedure: ".*"}
      session_settings:
        - id: switches
          setting: "icegate\\\\.metadata\\\\.native|spark\\\\.sql\\\\.parser\\\\.escaped.*"
      """;

  /** Every metadata table a redaction shows, with the ones that need none. */
  static final List<String> SHOWN =
      List.of(
          "files",
          "data_files",
          "delete_files",
          "entries",
          "manifests",
          "all_files",
          "all_data_files",
          "all_delete_files",
          "all_entries",
          "all_manifests",
          "snapshots",
          "history",
          "refs",
          "metadata_log_entries");

  static Path rulesFile;

  @RegisterExtension
  static final RunningGateway gateway =
      RunningGateway.startedBy(
          () -> {
            rulesFile = RulesFiles.write("access-metadata-", RULES);
            return TestGateway.startWithUsers(
                Map.of("icegate.auth.rules-file", rulesFile.toString()));
          });

  static long firstSnapshot;

  @BeforeAll
  static void tables() throws Exception {
    // A writer (who may SET the native path's switch), whom the rules narrow to reading.
    RulesFiles.addUser(gateway.usersFile(), "hal", Role.WRITE, PASSWORD);
    RulesFiles.addUser(gateway.usersFile(), "ada", Role.ADMIN, PASSWORD);
    try (Connection admin = gateway.connect(Role.ADMIN)) {
      execute(
          admin,
          "CREATE NAMESPACE IF NOT EXISTS demo.acl_meta",
          "CREATE TABLE "
              + PAYROLL
              + " (id bigint, name string, ssn string, email string, region string)"
              + " USING iceberg PARTITIONED BY (region, ssn)"
              + " TBLPROPERTIES ('format-version' = '2', 'write.delete.mode' = 'merge-on-read',"
              + " 'write.summary.partition-limit' = '100')",
          "INSERT INTO " + PAYROLL + " VALUES " + rows(1, 2, 3, 6),
          "CREATE TABLE "
              + PLAIN
              + " (id bigint, ssn string, region string) USING iceberg PARTITIONED BY (region)",
          "INSERT INTO "
              + PLAIN
              + " VALUES (1, '"
              + CANARY
              + "-p1', 'EU'), (2, '"
              + CANARY
              + "-p2', 'US')");
      firstSnapshot =
          (Long) query(admin, "SELECT snapshot_id FROM " + PAYROLL + ".snapshots").get(0).get(0);
      execute(
          admin,
          "DELETE FROM " + PAYROLL + " WHERE id = 2",
          "INSERT INTO " + PAYROLL + " VALUES " + rows(4, 5));
      // The fixture must put the canaries where a redaction has to take them out.
      String files = text(query(admin, "SELECT * FROM " + PAYROLL + ".all_files"));
      assertThat(files).contains("ssn=" + CANARY, MAIL);
      assertThat(query(admin, "SELECT * FROM " + PAYROLL + ".delete_files")).isNotEmpty();
      assertThat(text(query(admin, "SELECT summary FROM " + PAYROLL + ".snapshots")))
          .contains("partitions.");
    }
  }

  /** Rows of even ids share a partition, so that deleting one of them writes a delete file. */
  private static String rows(int... ids) {
    List<String> rows = new ArrayList<>();
    for (int id : ids) {
      rows.add(
          String.format(
              "(%d, 'n%d', '%s-%d', '%s%d@example.org', '%s')",
              id, id, CANARY, id % 2, MAIL, id, id % 2 == 0 ? "EU" : "US"));
    }
    return String.join(", ", rows);
  }

  static Connection hal() throws SQLException {
    return gateway.connect("hal", PASSWORD);
  }

  static Connection halOnSparkPath() throws SQLException {
    return RulesFiles.onSparkPath(gateway, "hal", PASSWORD);
  }

  static String text(List<List<Object>> rows) {
    return rows.toString();
  }

  @Test
  void redactedMetadataTablesAnswerAlikeOnBothPaths() throws Exception {
    for (String table : SHOWN) {
      NativeVsSpark.assertSameAnswer(
          gateway.gateway(), AccessMetadataIT::hal, "SELECT * FROM " + PAYROLL + "." + table);
    }
    NativeVsSpark.assertSameAnswer(
        gateway.gateway(),
        AccessMetadataIT::hal,
        "SELECT file_path, partition, readable_metrics, lower_bounds FROM "
            + PAYROLL
            + ".files VERSION AS OF "
            + firstSnapshot);
    NativeVsSpark.assertSameAnswer(
        gateway.gateway(),
        AccessMetadataIT::hal,
        "SELECT data_file.partition, data_file.upper_bounds FROM " + PAYROLL + ".entries");
  }

  @Test
  void noRedactedAnswerNamesTheHiddenColumnOrCarriesItsValues() throws Exception {
    for (boolean sparkPath : List.of(false, true)) {
      try (Connection hal = sparkPath ? halOnSparkPath() : hal()) {
        for (String table : SHOWN) {
          String answer = columnsAndRows(hal, "SELECT * FROM " + PAYROLL + "." + table);
          assertThat(answer)
              .as("%s on the %s path", table, sparkPath ? "Spark" : "native")
              .doesNotContain(CANARY, MAIL, "ssn");
        }
        // Nor by changing what a backslash in a string literal means to Spark's parser.
        execute(hal, "SET spark.sql.parser.escapedStringLiterals=true");
        assertThat(columnsAndRows(hal, "SELECT file_path FROM " + PAYROLL + ".all_files"))
            .doesNotContain(CANARY, "ssn");
        execute(hal, "RESET spark.sql.parser.escapedStringLiterals");
        // Cannot be probed either: a filter sees the redacted values.
        assertThat(
                query(
                    hal,
                    "SELECT count(*) FROM "
                        + PAYROLL
                        + ".files WHERE file_path LIKE '%"
                        + CANARY
                        + "%'"))
            .containsExactly(List.of(0L));
      }
    }
    try (Connection admin = gateway.connect(Role.ADMIN)) {
      assertThat(
              query(
                  admin,
                  "SELECT count(*) FROM "
                      + PAYROLL
                      + ".files WHERE file_path LIKE '%"
                      + CANARY
                      + "%'"))
          .as("the admin's files, which the probe would find")
          .isNotEqualTo(List.of(List.of(0L)));
    }
  }

  /**
   * What the redaction keeps is Spark's own answer: the admin's, read through Spark with the hidden
   * and masked columns' entries taken out by hand.
   */
  @Test
  void whatIsKeptEqualsSparksAnswer() throws Exception {
    try (Connection admin = gateway.connect(Role.ADMIN);
        Connection hal = halOnSparkPath()) {
      // 3 and 4: the field ids Iceberg gave ssn and email, in column order.
      String reference =
          "SELECT record_count, file_size_in_bytes, spec_id, partition.region,"
              + " array_sort(filter(map_keys(lower_bounds), k -> k NOT IN (3, 4))),"
              + " readable_metrics.id, readable_metrics.name, readable_metrics.region"
              + " FROM "
              + PAYROLL
              + ".all_data_files";
      String redacted =
          "SELECT record_count, file_size_in_bytes, spec_id, partition.region,"
              + " array_sort(map_keys(lower_bounds)),"
              + " readable_metrics.id, readable_metrics.name, readable_metrics.region"
              + " FROM "
              + PAYROLL
              + ".all_data_files";
      List<List<Object>> expected = query(admin, reference);
      assertThat(expected).hasSizeGreaterThan(3);
      assertThat(query(hal, redacted)).containsExactlyInAnyOrderElementsOf(expected);
      assertThat(query(hal, "SELECT * FROM " + PAYROLL + ".history"))
          .containsExactlyInAnyOrderElementsOf(
              query(admin, "SELECT * FROM " + PAYROLL + ".history"));
      assertThat(query(hal, "SELECT snapshot_id, operation FROM " + PAYROLL + ".snapshots"))
          .containsExactlyInAnyOrderElementsOf(
              query(admin, "SELECT snapshot_id, operation FROM " + PAYROLL + ".snapshots"));
      assertThat(query(hal, "SELECT snapshot_id, map_keys(summary) FROM " + PAYROLL + ".snapshots"))
          .containsExactlyInAnyOrderElementsOf(
              query(
                  admin,
                  "SELECT snapshot_id, filter(map_keys(summary),"
                      + " k -> NOT startswith(k, 'partitions.')) FROM "
                      + PAYROLL
                      + ".snapshots"));
    }
  }

  @Test
  void tablesMadeOfWhatTheUserMayNotSeeAreRefused() throws Exception {
    for (boolean sparkPath : List.of(false, true)) {
      try (Connection hal = sparkPath ? halOnSparkPath() : hal()) {
        assertFails(
            () -> query(hal, "SELECT * FROM " + PAYROLL + ".partitions"),
            "42501",
            "metadata table partitions of table " + PAYROLL,
            "partition fields derived from columns the user may not see");
        for (String table : List.of("changes", "position_deletes")) {
          assertFails(
              () -> query(hal, "SELECT * FROM " + PAYROLL + "." + table),
              "42501",
              "its rows carry the table's rows");
        }
        // A table partitioned by what the user sees: its partitions are shown as they are.
        try (Connection admin = gateway.connect(Role.ADMIN)) {
          assertThat(query(hal, "SELECT * FROM " + PLAIN + ".partitions"))
              .containsExactlyInAnyOrderElementsOf(
                  query(admin, "SELECT * FROM " + PLAIN + ".partitions"));
        }
      }
    }
  }

  @Test
  void viewsOfARedactedTableStayRedacted() throws Exception {
    try (Connection hal = hal()) {
      execute(
          hal, "CREATE OR REPLACE TEMPORARY VIEW hal_files AS SELECT * FROM " + PAYROLL + ".files");
      assertThat(columnsAndRows(hal, "SELECT * FROM hal_files")).doesNotContain(CANARY, "ssn");
      execute(hal, "CACHE TABLE hal_entries AS SELECT * FROM " + PAYROLL + ".entries");
      assertThat(columnsAndRows(hal, "SELECT * FROM hal_entries")).doesNotContain(CANARY, "ssn");
      assertThat(
              columnsAndRows(
                  hal,
                  "WITH f AS (SELECT * FROM "
                      + PAYROLL
                      + ".all_files) SELECT * FROM f WHERE record_count > 0"))
          .doesNotContain(CANARY, "ssn");
    }
  }

  /**
   * Columns of the data table and of its metadata tables in DatabaseMetaData, before and after the
   * hidden column is renamed: the rule follows it by field id.
   */
  @Test
  void databaseMetaDataShowsWhatTheUserSeesThroughARename() throws Exception {
    try (Connection hal = hal()) {
      assertThat(columns(hal, "payroll")).containsExactly("id", "name", "email", "region");
      assertThat(String.join(" ", typesOf(hal, "payroll.files"))).doesNotContain("ssn");
    }
    try (Connection admin = gateway.connect(Role.ADMIN)) {
      execute(admin, "ALTER TABLE " + PLAIN + " RENAME COLUMN ssn TO tax_id");
    }
    try (Connection hal = hal()) {
      assertThat(columns(hal, "plain")).containsExactly("id", "region");
      assertThat(String.join(" ", typesOf(hal, "plain.files"))).doesNotContain("tax_id", "ssn");
      assertFails(() -> query(hal, "SELECT tax_id FROM " + PLAIN), "42703", "cannot be resolved");
      assertThat(columnsAndRows(hal, "SELECT readable_metrics FROM " + PLAIN + ".files"))
          .doesNotContain("tax_id", CANARY);
    }
  }

  /**
   * An admin whom the rules narrow on one table (a hidden column) reads files by path, as admins
   * may under the warehouse: not that table's, whose files are its rows, by any way of reading
   * them; another table's, which the admin reads whole, as before.
   */
  @Test
  void aNarrowedAdminReadsNoFilesOfATableSeenInPart() throws Exception {
    String payrollData;
    String plainData;
    String payrollMetadata;
    try (Connection admin = gateway.connect(Role.ADMIN)) {
      payrollData = dataDirectory(admin, PAYROLL);
      plainData = dataDirectory(admin, PLAIN);
      payrollMetadata =
          (String)
              query(
                      admin,
                      "SELECT file FROM "
                          + PAYROLL
                          + ".metadata_log_entries ORDER BY timestamp DESC LIMIT 1")
                  .get(0)
                  .get(0);
    }
    try (Connection ada = gateway.connect("ada", PASSWORD)) {
      assertThat(query(ada, "SELECT count(*) FROM parquet.`" + plainData + "`"))
          .as("files of a table the admin reads whole")
          .containsExactly(List.of(2L));
      String refused = "which user 'ada' may not read whole (rule 'narrowed-admin')";
      assertFails(
          () -> query(ada, "SELECT * FROM parquet.`" + payrollData + "`"), "42501", refused);
      assertFails(
          () ->
              query(
                  ada,
                  "SELECT * FROM parquet.`"
                      + payrollData.substring(0, payrollData.lastIndexOf("/data"))
                      + "`"),
          "42501",
          refused);
      execute(
          ada,
          "CREATE TABLE IF NOT EXISTS demo.acl_meta.ada_copy"
              + " (id bigint, name string, ssn string, email string, region string) USING iceberg");
      assertFails(
          () ->
              execute(
                  ada,
                  "CALL demo.system.add_files(table => 'acl_meta.ada_copy',"
                      + " source_table => '`parquet`.`"
                      + payrollData
                      + "`')"),
          "42501",
          refused);
      assertFails(
          () ->
              execute(
                  ada,
                  "CALL demo.system.register_table(table => 'acl_meta.ada_payroll',"
                      + " metadata_file => '"
                      + payrollMetadata
                      + "')"),
          "42501",
          refused);
      assertThat(query(ada, "SELECT count(*) FROM demo.acl_meta.ada_copy"))
          .containsExactly(List.of(0L));
    }
  }

  /**
   * A time travel reads the snapshot's schema: the user sees that schema's columns less those the
   * rule hides by field id, whatever the columns are called now (the hidden one renamed, a new one
   * under its old name, a column added since).
   */
  @Test
  void aTimeTravelShowsTheVisibleColumnsOfThatSnapshotsSchema() throws Exception {
    String evolving = "demo.acl_meta.evolving";
    long before;
    try (Connection admin = gateway.connect(Role.ADMIN)) {
      execute(
          admin,
          "CREATE TABLE " + evolving + " (id bigint, ssn string) USING iceberg",
          "INSERT INTO " + evolving + " VALUES (1, '" + CANARY + "-e1')");
      before =
          (Long) query(admin, "SELECT snapshot_id FROM " + evolving + ".snapshots").get(0).get(0);
      execute(
          admin,
          "ALTER TABLE " + evolving + " RENAME COLUMN ssn TO tax_id",
          "ALTER TABLE " + evolving + " ADD COLUMNS (ssn string, note string)",
          "INSERT INTO " + evolving + " VALUES (2, '" + CANARY + "-e2', '" + CANARY + "-e3', 'n')");
    }
    try (Connection hal = hal()) {
      for (String past :
          List.of(
              "SELECT * FROM " + evolving + " VERSION AS OF " + before,
              "SELECT * FROM " + evolving + ".snapshot_id_" + before)) {
        assertThat(Rows.columnNames(hal, past)).as(past).containsExactly("id");
        assertThat(query(hal, past)).as(past).containsExactly(List.of(1L));
      }
      String now = "SELECT * FROM " + evolving + " TIMESTAMP AS OF current_timestamp()";
      assertThat(Rows.columnNames(hal, now)).containsExactly("id", "note");
      assertThat(columnsAndRows(hal, "SELECT * FROM " + evolving)).doesNotContain(CANARY);
    }
  }

  /** The directory of {@code table}'s data files, from one of their paths. */
  private static String dataDirectory(Connection admin, String table) throws SQLException {
    String path = (String) query(admin, "SELECT file_path FROM " + table + ".files").get(0).get(0);
    return path.substring(0, path.indexOf("/data/") + "/data".length());
  }

  private static List<String> columns(Connection c, String table) throws SQLException {
    List<String> names = new ArrayList<>();
    try (ResultSet rs = c.getMetaData().getColumns("demo", "acl_meta", table, "%")) {
      while (rs.next()) {
        names.add(rs.getString("COLUMN_NAME"));
      }
    }
    return names;
  }

  private static List<String> typesOf(Connection c, String table) throws SQLException {
    List<String> types = new ArrayList<>();
    try (ResultSet rs = c.getMetaData().getColumns("demo", "acl_meta", table, "%")) {
      while (rs.next()) {
        types.add(rs.getString("COLUMN_NAME") + " " + rs.getString("TYPE_NAME"));
      }
    }
    assertThat(types).as("columns of %s", table).isNotEmpty();
    return types;
  }

  /** Column names and type names, and every value, as one text. */
  private static String columnsAndRows(Connection c, String sql) throws SQLException {
    StringBuilder text = new StringBuilder();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        text.append(md.getColumnLabel(i)).append(' ').append(md.getColumnTypeName(i)).append(';');
      }
      while (rs.next()) {
        for (int i = 1; i <= md.getColumnCount(); i++) {
          text.append(rs.getString(i)).append('|');
        }
      }
    }
    return text.toString();
  }
}
