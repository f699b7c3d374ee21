package io.icegate.it.procedures;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static io.icegate.it.SqlFailures.assertFails;
import static io.icegate.it.procedures.ProcedureSupport.call;
import static io.icegate.it.procedures.ProcedureSupport.committedAt;
import static io.icegate.it.procedures.ProcedureSupport.latestSnapshot;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.it.RunningGateway;
import io.icegate.it.procedures.ProcedureSupport.Result;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The specification's ancestors_of and create_changelog_view examples through JDBC, on Iceberg
 * tables of {@code spark_catalog} as the examples name it: ancestors_of follows the tip of the
 * documented branching history (A → B → C → D, rollback to B, then C' → D'); changelog views yield
 * the documented rows (plain, between timestamps, net changes, pre/post update images) and are
 * visible on their connection only.
 */
class MetadataInformationIT {
  private static final List<String> CHANGELOG_COLUMNS =
      List.of(
          "id INTEGER",
          "name VARCHAR",
          "_change_type VARCHAR",
          "_change_ordinal INTEGER",
          "_commit_snapshot_id BIGINT");

  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();
  private static Connection c;

  /** The snapshots of info.tbl: A, B, C, D, then (after rolling back to B) C' and D'. */
  private static long a;

  private static long b;
  private static long cc;
  private static long d;
  private static long cPrime;
  private static long dPrime;

  /**
   * The snapshots of info.cdc: insert Alice and Bob, delete Alice, insert Robert, update Robert to
   * Dan.
   */
  private static long s1;

  private static long s2;
  private static long s3;
  private static long s4;

  /** The snapshots of info.carry: insert Alice and Bob into one file, delete Alice. */
  private static long carry1;

  private static long carry2;

  @BeforeAll
  static void start() throws Exception {
    c = gateway.connect();
    execute(
        c,
        "CREATE NAMESPACE IF NOT EXISTS spark_catalog.info",
        "CREATE TABLE spark_catalog.info.tbl (id int) USING iceberg");
    a = append(1);
    b = append(2);
    cc = append(3);
    d = append(4);
    execute(c, "CALL spark_catalog.system.rollback_to_snapshot('info.tbl', " + b + ")");
    cPrime = append(5);
    dPrime = append(6);

    String cdc = "spark_catalog.info.cdc";
    // Copy-on-write (the default): a changelog over delete files is refused by Spark 3.5's runtime.
    // Partitioned by
    // id, so that deleting Alice drops her file and leaves Bob's alone (carry-overs are tested on
    // info.carry).
    execute(
        c,
        "CREATE TABLE "
            + cdc
            + " (id int, name string) USING iceberg PARTITIONED BY (id)"
            + " TBLPROPERTIES ('format-version'='2')",
        "INSERT INTO " + cdc + " VALUES (1, 'Alice'), (2, 'Bob')");
    s1 = latestSnapshot(c, cdc);
    execute(c, "DELETE FROM " + cdc + " WHERE id = 1");
    s2 = latestSnapshot(c, cdc);
    execute(c, "INSERT INTO " + cdc + " VALUES (3, 'Robert')");
    s3 = latestSnapshot(c, cdc);
    execute(c, "UPDATE " + cdc + " SET name = 'Dan' WHERE id = 3");
    s4 = latestSnapshot(c, cdc);

    // Alice and Bob in one file: deleting Alice rewrites Bob, a carry-over (DELETE and INSERT of an
    // unchanged row).
    String carry = "spark_catalog.info.carry";
    execute(
        c,
        "CREATE TABLE "
            + carry
            + " (id int, name string) USING iceberg TBLPROPERTIES ('format-version'='2')",
        "INSERT INTO "
            + carry
            + " SELECT /*+ REPARTITION(1) */ * FROM VALUES (1, 'Alice'), (2, 'Bob')");
    carry1 = latestSnapshot(c, carry);
    execute(c, "DELETE FROM " + carry + " WHERE id = 1");
    carry2 = latestSnapshot(c, carry);
  }

  private static long append(int id) throws SQLException {
    execute(c, "INSERT INTO spark_catalog.info.tbl VALUES (" + id + ")");
    return latestSnapshot(c, "spark_catalog.info.tbl");
  }

  @AfterAll
  static void stop() throws Exception {
    c.close();
  }

  /**
   * Rows of ancestors_of for these snapshots, newest first: each id with its commit time in
   * milliseconds.
   */
  private static List<List<Object>> ancestry(long... snapshots) throws SQLException {
    List<List<Object>> rows = new ArrayList<>();
    for (long snapshot : snapshots) {
      rows.add(row(snapshot, committedAt(c, "spark_catalog.info.tbl", snapshot).toEpochMilli()));
    }
    return rows;
  }

  @Test
  void ancestorsOfTheCurrentSnapshotFollowTheTip() throws Exception {
    Result result = call(c, "CALL spark_catalog.system.ancestors_of('info.tbl')");

    assertThat(result.columns()).containsExactly("snapshot_id BIGINT", "timestamp BIGINT");
    assertThat(result.rows()).isEqualTo(ancestry(dPrime, cPrime, b, a));
  }

  @Test
  void ancestorsOfAGivenSnapshotFollowItsOwnBranch() throws Exception {
    Result positional = call(c, "CALL spark_catalog.system.ancestors_of('info.tbl', " + d + ")");
    Result named =
        call(
            c,
            "CALL spark_catalog.system.ancestors_of(snapshot_id => "
                + d
                + ", table => 'info.tbl')");

    assertThat(positional.columns()).containsExactly("snapshot_id BIGINT", "timestamp BIGINT");
    assertThat(positional.rows()).isEqualTo(ancestry(d, cc, b, a));
    assertThat(named).isEqualTo(positional);
  }

  private static String range(long start, long end) {
    return "map('start-snapshot-id','" + start + "','end-snapshot-id', '" + end + "')";
  }

  private static Result changes(String view) throws SQLException {
    return call(c, "SELECT * FROM " + view + " ORDER BY _change_ordinal, id, _change_type");
  }

  @Test
  void changelogViewBetweenTwoSnapshots() throws Exception {
    Result result =
        call(
            c,
            "CALL spark_catalog.system.create_changelog_view(\n"
                + "  table => 'info.cdc',\n"
                + "  options => "
                + range(s1, s2)
                + "\n)");

    assertThat(result.columns()).containsExactly("changelog_view VARCHAR");
    // The default name, <table>_changes, comes back quoted as an identifier (Iceberg's procedure
    // does that).
    assertThat(result.rows()).containsExactly(row("`cdc_changes`"));
    // The start is exclusive: only the second snapshot's delete; Bob, rewritten by copy-on-write,
    // is a
    // carry-over and left out.
    Result view = changes("cdc_changes");
    assertThat(view.columns()).isEqualTo(CHANGELOG_COLUMNS);
    assertThat(view.rows()).containsExactly(row(1, "Alice", "DELETE", 0, s2));
  }

  @Test
  void changelogViewBetweenTwoTimestampsYieldsTheDocumentedRows() throws Exception {
    long start = committedAt(c, "spark_catalog.info.cdc", s1).toEpochMilli() - 1;
    long end = committedAt(c, "spark_catalog.info.cdc", s2).toEpochMilli();

    Result result =
        call(
            c,
            "CALL spark_catalog.system.create_changelog_view(table => 'info.cdc',"
                + " options => map('start-timestamp','"
                + start
                + "','end-timestamp', '"
                + end
                + "'),"
                + " changelog_view => 'my_changelog_view')");

    assertThat(result.rows()).containsExactly(row("my_changelog_view"));
    Result view = changes("my_changelog_view");
    assertThat(view.columns()).isEqualTo(CHANGELOG_COLUMNS);
    assertThat(view.rows())
        .containsExactly(
            row(1, "Alice", "INSERT", 0, s1),
            row(2, "Bob", "INSERT", 0, s1),
            row(1, "Alice", "DELETE", 1, s2));
  }

  @Test
  void changelogViewWithIdentifierColumnsComputesUpdates() throws Exception {
    // The example's identifier (id, name): Alice's delete has no insert with the same identifier.
    Result example =
        call(
            c,
            "CALL spark_catalog.system.create_changelog_view(table => 'info.cdc',"
                + " options => "
                + range(s1, s2)
                + ", identifier_columns => array('id', 'name'))");
    assertThat(example.rows()).containsExactly(row("`cdc_changes`"));
    assertThat(changes("cdc_changes").rows()).containsExactly(row(1, "Alice", "DELETE", 0, s2));

    // Identified by id, Robert renamed to Dan is one update: the documented pre/post images.
    call(
        c,
        "CALL spark_catalog.system.create_changelog_view(table => 'info.cdc', options => "
            + range(s3, s4)
            + ", identifier_columns => array('id'), changelog_view => 'updates')");
    Result updates = changes("updates");
    assertThat(updates.columns()).isEqualTo(CHANGELOG_COLUMNS);
    assertThat(updates.rows())
        .containsExactlyInAnyOrder(
            row(3, "Robert", "UPDATE_BEFORE", 0, s4), row(3, "Dan", "UPDATE_AFTER", 0, s4));
  }

  @Test
  void changelogViewOfNetChanges() throws Exception {
    call(
        c,
        "CALL spark_catalog.system.create_changelog_view(\n  table => 'info.cdc',\n"
            + "  options => map('end-snapshot-id', '"
            + s2
            + "'),\n  net_changes => true\n)");

    Result view = changes("cdc_changes");
    assertThat(view.columns()).isEqualTo(CHANGELOG_COLUMNS);
    assertThat(view.rows()).containsExactly(row(2, "Bob", "INSERT", 0, s1));
  }

  @Test
  void theDocumentedQueriesOfAChangelogView() throws Exception {
    call(
        c,
        "CALL spark_catalog.system.create_changelog_view(table => 'info.cdc', changelog_view =>"
            + " 'tbl_changes')");

    assertThat(query(c, "SELECT * FROM tbl_changes")).hasSize(6);
    assertThat(
            query(
                c,
                "SELECT * FROM tbl_changes where _change_type = 'INSERT' AND id = 3"
                    + " ORDER BY _change_ordinal"))
        .containsExactly(row(3, "Robert", "INSERT", 2, s3), row(3, "Dan", "INSERT", 3, s4));
  }

  @Test
  void carryOverRowsAreLeftOutOfTheViewButNotOfTheChangesTable() throws Exception {
    call(c, "CALL spark_catalog.system.create_changelog_view(table => 'info.carry')");

    assertThat(changes("carry_changes").rows())
        .containsExactly(
            row(1, "Alice", "INSERT", 0, carry1),
            row(2, "Bob", "INSERT", 0, carry1),
            row(1, "Alice", "DELETE", 1, carry2));
    assertThat(
            query(
                c,
                "SELECT id, name, _change_type, _change_ordinal FROM"
                    + " spark_catalog.info.carry.changes ORDER BY _change_ordinal, id,"
                    + " _change_type"))
        .containsExactly(
            row(1, "Alice", "INSERT", 0),
            row(2, "Bob", "INSERT", 0),
            row(1, "Alice", "DELETE", 1),
            row(2, "Bob", "DELETE", 1),
            row(2, "Bob", "INSERT", 1));
  }

  @Test
  void aChangelogViewIsVisibleOnItsConnectionOnly() throws Exception {
    try (Connection mine = gateway.connect();
        Connection other = gateway.connect()) {
      call(
          mine,
          "CALL spark_catalog.system.create_changelog_view(table => 'info.cdc',"
              + " changelog_view => 'only_mine')");

      assertThat(query(mine, "SELECT count(*) FROM only_mine")).containsExactly(row(6L));
      assertFails(() -> query(other, "SELECT count(*) FROM only_mine"), "42P01", "only_mine");
    }
  }
}
