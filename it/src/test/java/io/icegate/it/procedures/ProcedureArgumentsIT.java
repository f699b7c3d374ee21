package io.icegate.it.procedures;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static io.icegate.it.procedures.ProcedureSupport.call;
import static io.icegate.it.procedures.ProcedureSupport.committedAt;
import static io.icegate.it.procedures.ProcedureSupport.count;
import static io.icegate.it.procedures.ProcedureSupport.currentSnapshot;
import static io.icegate.it.procedures.ProcedureSupport.localPath;
import static io.icegate.it.procedures.ProcedureSupport.location;
import static io.icegate.it.procedures.ProcedureSupport.plantOrphan;
import static io.icegate.it.procedures.ProcedureSupport.snapshots;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.it.RunningGateway;
import io.icegate.it.procedures.ProcedureSupport.Result;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * How argument values reach a procedure: values holding quotes, back-ticks, semicolons and comment
 * markers arrive unchanged and never run as SQL of their own; JDBC {@code ?} parameters for a
 * table, a snapshot id, a timestamp, a map and an array; the catalog left out when the current one
 * is Iceberg's.
 */
class ProcedureArgumentsIT {
  /** Every character that could end a literal, an identifier or a statement, or open a comment. */
  private static final String HOSTILE =
      "it's `x`; DROP TABLE demo.args.victim; -- /* not a comment */ \"q\"";

  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();
  private static Connection c;

  @BeforeAll
  static void start() throws Exception {
    c = gateway.connect();
    execute(
        c,
        "CREATE NAMESPACE IF NOT EXISTS demo.args",
        "CREATE TABLE demo.args.victim (id int) USING iceberg",
        "INSERT INTO demo.args.victim VALUES (1)");
  }

  @AfterAll
  static void stop() throws Exception {
    assertVictimUntouched();
    c.close();
  }

  private static void assertVictimUntouched() throws SQLException {
    assertThat(query(c, "SELECT id FROM demo.args.victim")).containsExactly(row(1));
  }

  /** Spark's string literal for a value: a backslash escapes quotes and backslashes. */
  private static String sparkString(String value) {
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'";
  }

  /**
   * A WAP table with one write staged under {@code wapId}, set as a connection property (no SQL
   * involved).
   */
  private static void stage(String table, String wapId) throws SQLException {
    execute(
        c,
        "CREATE TABLE "
            + table
            + " (id int) USING iceberg TBLPROPERTIES ('write.wap.enabled'='true')",
        "INSERT INTO " + table + " VALUES (1)");
    Properties properties = new Properties();
    properties.setProperty("spark.wap.id", wapId);
    try (Connection staging = DriverManager.getConnection(gateway.jdbcUrl(), properties)) {
      execute(staging, "INSERT INTO " + table + " VALUES (2)");
    }
    assertThat(
            query(
                c,
                "SELECT summary['wap.id'] FROM "
                    + table
                    + ".snapshots WHERE summary['wap.id'] IS NOT NULL"))
        .containsExactly(row(wapId));
  }

  /**
   * The staged snapshot is current (its parent was current, so publishing fast-forwarded to it).
   */
  private static void assertPublished(String table, String wapId) throws SQLException {
    assertThat(
            query(
                c,
                "SELECT summary['wap.id'] FROM "
                    + table
                    + ".snapshots WHERE snapshot_id = "
                    + currentSnapshot(c, table)))
        .containsExactly(row(wapId));
    assertThat(query(c, "SELECT id FROM " + table + " ORDER BY id"))
        .containsExactly(row(1), row(2));
    assertVictimUntouched();
  }

  @Test
  void aHostileWapIdInALiteralReachesPublishChangesUnchanged() throws Exception {
    String table = "demo.args.wap_literal";
    stage(table, HOSTILE);

    try (Statement statement = c.createStatement()) {
      assertThat(
              statement.execute(
                  "CALL demo.system.publish_changes('args.wap_literal', "
                      + sparkString(HOSTILE)
                      + ")"))
          .isTrue();
      assertThat(ProcedureSupport.read(statement.getResultSet()).rows()).hasSize(1);
      assertThat(statement.getMoreResults()).as("a second result").isFalse();
      assertThat(statement.getUpdateCount()).as("a second statement's update count").isEqualTo(-1);
    }
    assertPublished(table, HOSTILE);
  }

  @Test
  void aHostileWapIdAsAParameterReachesPublishChangesUnchanged() throws Exception {
    String table = "demo.args.wap_parameter";
    stage(table, HOSTILE);

    try (PreparedStatement statement =
        c.prepareStatement(
            "CALL demo.system.publish_changes(table => 'args.wap_parameter', wap_id => ?)")) {
      statement.setString(1, HOSTILE);
      assertThat(call(statement).rows()).hasSize(1);
    }
    assertPublished(table, HOSTILE);
  }

  @Test
  void aValueWithBackslashesAndDollarsArrivesUnchangedWhateverTheSessionsLiteralSettings()
      throws Exception {
    String table = "demo.args.wap_escapes";
    String wapId = "C:\\staging\\${user}\\n'\\u0041";
    stage(table, wapId);

    try (Connection raw = gateway.connect();
        PreparedStatement statement =
            raw.prepareStatement(
                "CALL demo.system.publish_changes(table => 'args.wap_escapes', wap_id => ?)")) {
      // The session reads string literals without escapes; the CALL the gateway renders still
      // arrives intact.
      execute(raw, "SET spark.sql.parser.escapedStringLiterals=true");
      statement.setString(1, wapId);
      assertThat(call(statement).rows()).hasSize(1);
      assertThat(query(raw, "SET spark.sql.parser.escapedStringLiterals"))
          .as("the session's own setting, after the CALL")
          .containsExactly(row("spark.sql.parser.escapedStringLiterals", "true"));
    }
    assertPublished(table, wapId);
  }

  @Test
  void aHostileLocationReachesRemoveOrphanFilesUnchanged() throws Exception {
    String table = "demo.args.odd_location";
    execute(
        c,
        "CREATE TABLE " + table + " (id int) USING iceberg",
        "INSERT INTO " + table + " VALUES (1)");
    // The same characters in directory names ('/' starts a directory named "* not a comment */
    // ...").
    Path odd =
        localPath(location(c, table)).resolve("data").resolve("it's `x`; -- /* odd */ \"q\"");
    Path orphan = plantOrphan(odd, "orphan.parquet", Duration.ofDays(10));

    Result result =
        call(
            c,
            "CALL demo.system.remove_orphan_files(table => 'args.odd_location', location => "
                + sparkString(odd.toString())
                + ", dry_run => true)");

    assertThat(result.column("orphan_file_location").stream().map(p -> localPath((String) p)))
        .containsExactly(orphan);
    assertThat(orphan).exists();
    assertVictimUntouched();
  }

  @Test
  void parametersForATableAndASnapshotId() throws Exception {
    String table = "demo.args.rollback";
    execute(
        c,
        "CREATE TABLE " + table + " (id int) USING iceberg",
        "INSERT INTO " + table + " VALUES (1)",
        "INSERT INTO " + table + " VALUES (2)");
    List<Long> s = snapshots(c, table);

    try (PreparedStatement statement =
        c.prepareStatement("CALL demo.system.rollback_to_snapshot(?, ?)")) {
      statement.setString(1, "args.rollback");
      statement.setLong(2, s.get(0));
      Result result = call(statement);
      assertThat(result.columns())
          .containsExactly("previous_snapshot_id BIGINT", "current_snapshot_id BIGINT");
      assertThat(result.rows()).containsExactly(row(s.get(1), s.get(0)));
    }
    assertThat(currentSnapshot(c, table)).isEqualTo(s.get(0));
  }

  @Test
  void parameterForATimestamp() throws Exception {
    String table = "demo.args.rollback_time";
    execute(
        c,
        "CREATE TABLE " + table + " (id int) USING iceberg",
        "INSERT INTO " + table + " VALUES (1)",
        "INSERT INTO " + table + " VALUES (2)");
    List<Long> s = snapshots(c, table);

    try (PreparedStatement statement =
        c.prepareStatement("CALL demo.system.rollback_to_timestamp(table => ?, timestamp => ?)")) {
      statement.setString(1, "args.rollback_time");
      statement.setTimestamp(2, Timestamp.from(committedAt(c, table, s.get(0)).plusMillis(1)));
      assertThat(call(statement).rows()).containsExactly(row(s.get(1), s.get(0)));
    }
    assertThat(currentSnapshot(c, table)).isEqualTo(s.get(0));
  }

  @Test
  void parameterForAMap() throws Exception {
    String table = "demo.args.compact";
    execute(
        c,
        "CREATE TABLE " + table + " (id int) USING iceberg",
        "INSERT INTO " + table + " VALUES (1)",
        "INSERT INTO " + table + " VALUES (2)");

    // A connection of its own: a rewrite leaves Iceberg's extra catalogs in the session (see
    // RewritesIT).
    try (Connection own = gateway.connect();
        PreparedStatement statement =
            own.prepareStatement("CALL demo.system.rewrite_data_files(table => ?, options => ?)")) {
      statement.setString(1, "args.compact");
      statement.setObject(2, Map.of("min-input-files", "2"));
      assertThat(call(statement).onlyRow().subList(0, 2)).containsExactly(2, 1);
    }
    assertThat(count(c, "SELECT count(*) FROM " + table + ".data_files")).isEqualTo(1);
  }

  @Test
  void parameterForAnArray() throws Exception {
    String table = "demo.args.expire";
    execute(
        c,
        "CREATE TABLE " + table + " (id int) USING iceberg",
        "INSERT INTO " + table + " VALUES (1)",
        "INSERT OVERWRITE " + table + " VALUES (2)",
        "INSERT OVERWRITE " + table + " VALUES (3)");
    List<Long> s = snapshots(c, table);

    try (PreparedStatement statement =
        c.prepareStatement("CALL demo.system.expire_snapshots(table => ?, snapshot_ids => ?)")) {
      statement.setString(1, "args.expire");
      statement.setArray(2, c.createArrayOf("BIGINT", new Object[] {s.get(0), s.get(1)}));
      assertThat(call(statement).onlyRow().get(0)).isEqualTo(2L);
    }
    assertThat(snapshots(c, table)).containsExactly(s.get(2));
  }

  @Test
  void theCatalogMayBeLeftOutWhenTheCurrentOneIsIceberg() throws Exception {
    String table = "demo.args.no_catalog";
    execute(
        c,
        "CREATE TABLE " + table + " (id int) USING iceberg",
        "INSERT INTO " + table + " VALUES (1)",
        "INSERT INTO " + table + " VALUES (2)");
    List<Long> s = snapshots(c, table);

    try (Connection inDemo = gateway.connect()) {
      execute(inDemo, "USE demo.args");
      Result result =
          call(inDemo, "CALL system.rollback_to_snapshot('no_catalog', " + s.get(0) + ")");
      assertThat(result.rows()).containsExactly(row(s.get(1), s.get(0)));
    }
    assertThat(currentSnapshot(c, table)).isEqualTo(s.get(0));
  }
}
