package io.icegate.it.procedures;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static io.icegate.it.procedures.ProcedureSupport.call;
import static io.icegate.it.procedures.ProcedureSupport.committedAt;
import static io.icegate.it.procedures.ProcedureSupport.currentSnapshot;
import static io.icegate.it.procedures.ProcedureSupport.latestSnapshot;
import static io.icegate.it.procedures.ProcedureSupport.refSnapshot;
import static io.icegate.it.procedures.ProcedureSupport.snapshots;
import static io.icegate.it.procedures.ProcedureSupport.timestampText;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.it.RunningGateway;
import io.icegate.it.procedures.ProcedureSupport.Result;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The specification's snapshot management examples through JDBC: rollback_to_snapshot,
 * rollback_to_timestamp, set_current_snapshot (by id and by tag), cherrypick_snapshot and
 * publish_changes of WAP-staged writes, and fast_forward of main to a branch. Each checks the
 * documented output columns and moves the table as documented.
 */
class SnapshotManagementIT {
  private static final List<String> ROLLBACK_COLUMNS =
      List.of("previous_snapshot_id BIGINT", "current_snapshot_id BIGINT");
  private static final List<String> PICK_COLUMNS =
      List.of("source_snapshot_id BIGINT", "current_snapshot_id BIGINT");

  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();
  private static Connection c;

  @BeforeAll
  static void start() throws Exception {
    c = gateway.connect();
    execute(c, "CREATE NAMESPACE IF NOT EXISTS demo.snapmgmt");
  }

  @AfterAll
  static void stop() throws Exception {
    c.close();
  }

  /** A table with one single-row append per value: one snapshot each, oldest first. */
  private static List<Long> tableWithAppends(String name, int... values) throws SQLException {
    String table = "demo.snapmgmt." + name;
    execute(c, "CREATE TABLE " + table + " (id int) USING iceberg");
    for (int value : values) {
      execute(c, "INSERT INTO " + table + " VALUES (" + value + ")");
    }
    return snapshots(c, table);
  }

  @Test
  void rollbackToSnapshotMakesAnOlderSnapshotCurrent() throws Exception {
    List<Long> s = tableWithAppends("rollback_sample", 1, 2, 3);

    Result result =
        call(
            c,
            "CALL demo.system.rollback_to_snapshot('snapmgmt.rollback_sample', " + s.get(0) + ")");

    assertThat(result.columns()).isEqualTo(ROLLBACK_COLUMNS);
    assertThat(result.rows()).containsExactly(row(s.get(2), s.get(0)));
    assertThat(currentSnapshot(c, "demo.snapmgmt.rollback_sample")).isEqualTo(s.get(0));
    assertThat(query(c, "SELECT id FROM demo.snapmgmt.rollback_sample")).containsExactly(row(1));
  }

  @Test
  void rollbackToTimestampMakesTheSnapshotCurrentAtThatTime() throws Exception {
    String table = "demo.snapmgmt.rollback_time_sample";
    List<Long> s = tableWithAppends("rollback_time_sample", 1, 2, 3);
    // Just after the second commit, before the third.
    String when = timestampText(committedAt(c, table, s.get(1)).plusMillis(1));

    Result result =
        call(
            c,
            "CALL demo.system.rollback_to_timestamp('snapmgmt.rollback_time_sample',"
                + " TIMESTAMP '"
                + when
                + "')");

    assertThat(result.columns()).isEqualTo(ROLLBACK_COLUMNS);
    assertThat(result.rows()).containsExactly(row(s.get(2), s.get(1)));
    assertThat(currentSnapshot(c, table)).isEqualTo(s.get(1));
    assertThat(query(c, "SELECT id FROM " + table + " ORDER BY id"))
        .containsExactly(row(1), row(2));
  }

  @Test
  void setCurrentSnapshotNeedsNoAncestorAndTakesATag() throws Exception {
    String table = "demo.snapmgmt.set_current_sample";
    List<Long> s = tableWithAppends("set_current_sample", 1, 2);
    execute(
        c,
        "CALL demo.system.rollback_to_snapshot('snapmgmt.set_current_sample', " + s.get(0) + ")",
        "INSERT INTO " + table + " VALUES (3)",
        "ALTER TABLE " + table + " CREATE TAG s1 AS OF VERSION " + s.get(0));
    long third = latestSnapshot(c, table);

    // The second snapshot is no longer an ancestor of the current one: rollback would refuse it.
    Result byId =
        call(
            c,
            "CALL demo.system.set_current_snapshot('snapmgmt.set_current_sample', "
                + s.get(1)
                + ")");
    assertThat(byId.columns()).isEqualTo(ROLLBACK_COLUMNS);
    assertThat(byId.rows()).containsExactly(row(third, s.get(1)));
    assertThat(currentSnapshot(c, table)).isEqualTo(s.get(1));

    Result byTag =
        call(
            c,
            "CALL demo.system.set_current_snapshot(table => 'snapmgmt.set_current_sample', ref =>"
                + " 's1')");
    assertThat(byTag.columns()).isEqualTo(ROLLBACK_COLUMNS);
    assertThat(byTag.rows()).containsExactly(row(s.get(1), s.get(0)));
    assertThat(currentSnapshot(c, table)).isEqualTo(s.get(0));
  }

  /**
   * A table with write-audit-publish on: a base row, one staged write per WAP id (not current),
   * then another published row, so that the staged snapshots' parent is no longer current and
   * picking them adds a snapshot.
   */
  private static void stagedWrites(String table, String... wapIds) throws SQLException {
    execute(
        c,
        "CREATE TABLE "
            + table
            + " (id int, source string) USING iceberg"
            + " TBLPROPERTIES ('write.wap.enabled'='true')",
        "INSERT INTO " + table + " VALUES (1, 'base')");
    for (String wapId : wapIds) {
      try (Connection staging = gateway.connect()) {
        execute(
            staging,
            "SET spark.wap.id=" + wapId,
            "INSERT INTO " + table + " VALUES (2, '" + wapId + "')");
      }
    }
    execute(c, "INSERT INTO " + table + " VALUES (3, 'published')");
  }

  private static long stagedSnapshot(String table, String wapId) throws SQLException {
    List<List<Object>> rows =
        query(
            c,
            "SELECT snapshot_id FROM "
                + table
                + ".snapshots"
                + " WHERE summary['wap.id'] = '"
                + wapId
                + "'");
    assertThat(rows).as("snapshot staged with wap.id %s", wapId).hasSize(1);
    return (Long) rows.get(0).get(0);
  }

  @Test
  void cherrypickSnapshotAddsASnapshotWithTheStagedChanges() throws Exception {
    String table = "demo.snapmgmt.my_table";
    stagedWrites(table, "pick_a", "pick_b");
    long first = stagedSnapshot(table, "pick_a");
    long second = stagedSnapshot(table, "pick_b");
    long before = currentSnapshot(c, table);
    assertThat(query(c, "SELECT count(*) FROM " + table + " WHERE id = 2"))
        .containsExactly(row(0L));

    Result positional =
        call(c, "CALL demo.system.cherrypick_snapshot('snapmgmt.my_table', " + first + ")");
    assertThat(positional.columns()).isEqualTo(PICK_COLUMNS);
    long picked = currentSnapshot(c, table);
    // The specification calls source_snapshot_id "the current snapshot before the cherry-pick";
    // Iceberg's
    // procedure (and so the gateway, which returns its rows) reports the snapshot that was picked.
    assertThat(positional.rows()).containsExactly(row(first, picked));
    assertThat(snapshots(c, table)).contains(before);
    assertThat(picked).isNotIn(before, first, second);
    assertThat(query(c, "SELECT source FROM " + table + " WHERE id = 2"))
        .containsExactly(row("pick_a"));

    Result named =
        call(
            c,
            "CALL demo.system.cherrypick_snapshot(snapshot_id => "
                + second
                + ", table => 'snapmgmt.my_table' )");
    assertThat(named.columns()).isEqualTo(PICK_COLUMNS);
    long pickedAgain = currentSnapshot(c, table);
    assertThat(named.rows()).containsExactly(row(second, pickedAgain));
    assertThat(snapshots(c, table)).hasSize(6).contains(pickedAgain);
    assertThat(query(c, "SELECT source FROM " + table + " WHERE id = 2 ORDER BY source"))
        .containsExactly(row("pick_a"), row("pick_b"));
  }

  @Test
  void publishChangesPublishesAStagedWapId() throws Exception {
    String table = "demo.snapmgmt.wap_table";
    stagedWrites(table, "wap_id_1", "wap_id_2");
    long before = currentSnapshot(c, table);
    long staged1 = stagedSnapshot(table, "wap_id_1");
    long staged2 = stagedSnapshot(table, "wap_id_2");

    Result positional =
        call(c, "CALL demo.system.publish_changes('snapmgmt.wap_table', 'wap_id_1')");
    assertThat(positional.columns()).isEqualTo(PICK_COLUMNS);
    long published = currentSnapshot(c, table);
    // As for cherrypick_snapshot: source_snapshot_id is the staged snapshot, not the one current
    // before.
    assertThat(positional.rows()).containsExactly(row(staged1, published));
    assertThat(published).isNotIn(before, staged1, staged2);
    assertThat(
            query(
                c,
                "SELECT summary['published-wap-id'] FROM "
                    + table
                    + ".snapshots WHERE snapshot_id = "
                    + published))
        .containsExactly(row("wap_id_1"));

    Result named =
        call(
            c,
            "CALL demo.system.publish_changes(wap_id => 'wap_id_2', table =>"
                + " 'snapmgmt.wap_table')");
    assertThat(named.columns()).isEqualTo(PICK_COLUMNS);
    long publishedAgain = currentSnapshot(c, table);
    assertThat(named.rows()).containsExactly(row(staged2, publishedAgain));
    assertThat(query(c, "SELECT source FROM " + table + " ORDER BY id, source"))
        .containsExactly(row("base"), row("wap_id_1"), row("wap_id_2"), row("published"));
  }

  @Test
  void fastForwardMovesMainToTheBranchHead() throws Exception {
    String table = "demo.snapmgmt.ff_table";
    execute(
        c,
        "CREATE TABLE " + table + " (id int) USING iceberg",
        "INSERT INTO " + table + " VALUES (1)",
        "ALTER TABLE " + table + " CREATE BRANCH `audit-branch`",
        "INSERT INTO " + table + ".`branch_audit-branch` VALUES (2)",
        "INSERT INTO " + table + ".`branch_audit-branch` VALUES (3)");
    long main = currentSnapshot(c, table);
    long branchHead = refSnapshot(c, table, "audit-branch");

    Result result =
        call(c, "CALL demo.system.fast_forward('snapmgmt.ff_table', 'main', 'audit-branch')");

    assertThat(result.columns())
        .containsExactly("branch_updated VARCHAR", "previous_ref BIGINT", "updated_ref BIGINT");
    assertThat(result.rows()).containsExactly(row("main", main, branchHead));
    assertThat(currentSnapshot(c, table)).isEqualTo(branchHead);
    assertThat(query(c, "SELECT id FROM " + table + " ORDER BY id"))
        .containsExactly(row(1), row(2), row(3));
  }
}
