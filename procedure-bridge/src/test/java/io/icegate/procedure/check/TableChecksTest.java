package io.icegate.procedure.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.procedure.PreparedCall;
import io.icegate.procedure.Reason;
import io.icegate.procedure.testing.Bridge;
import io.icegate.procedure.testing.Fixtures;
import io.icegate.procedure.testing.TestSession;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Table;
import org.junit.jupiter.api.Test;

/** What the bridge checks on the session's tables, and what it resolves there. */
class TableChecksTest {
  private static final TestSession SESSION = Fixtures.specification();
  private final Bridge bridge = new Bridge(SESSION);

  @Test
  void refusesAnUnknownTable() {
    bridge
        .call("CALL demo.system.expire_snapshots('db.nope')")
        .fails(
            Reason.UNKNOWN_TABLE,
            "Cannot call expire_snapshots: table demo.db.nope does not exist");
    bridge
        .call("CALL demo.system.snapshot('db.nope', 'db.snap')")
        .fails(Reason.UNKNOWN_TABLE, "Cannot call snapshot: table demo.db.nope does not exist");
    bridge
        .call("CALL spark_catalog.system.add_files(table => 'db.tbl', source_table => 'db.nope')")
        .fails(
            Reason.UNKNOWN_TABLE,
            "Cannot call add_files: table spark_catalog.db.nope does not exist");
  }

  @Test
  void refusesATableThatIsNotIcebergs() {
    bridge
        .call("CALL spark_catalog.system.expire_snapshots('db.src_tbl')")
        .fails(
            Reason.NOT_AN_ICEBERG_TABLE,
            "Cannot call expire_snapshots: table spark_catalog.db.src_tbl is not an Iceberg table");
  }

  @Test
  void acceptsPlainTablesAndFilesAsSources() {
    PreparedCall call =
        bridge
            .call(
                "CALL spark_catalog.system.add_files(table => 'db.tbl', "
                    + "source_table => '`parquet`.`/nowhere/t`')")
            .prepared();
    PreparedCall migrate =
        bridge.call("CALL spark_catalog.system.migrate('spark_catalog.db.src_tbl')").prepared();

    assertThat(call.call().argument("source_table").note())
        .isEqualTo("files at spark_catalog.parquet.`/nowhere/t`");
    assertThat(call.call().argument("table").note()).isEqualTo("table spark_catalog.db.tbl");
    assertThat(migrate.call().argument("table").note()).isEqualTo("table spark_catalog.db.src_tbl");
  }

  @Test
  void refusesATableToCreateThatExists() {
    bridge
        .call(
            "CALL spark_catalog.system.register_table(table => 'db.tbl', metadata_file =>"
                + " '/m/v1.metadata.json')")
        .fails(
            Reason.TABLE_ALREADY_EXISTS,
            "Cannot call register_table: table spark_catalog.db.tbl already exists");
    bridge
        .call("CALL demo.system.snapshot('spark_catalog.db.src_tbl', 'db.sample')")
        .fails(
            Reason.TABLE_ALREADY_EXISTS,
            "Cannot call snapshot: table demo.db.sample already exists");
  }

  @Test
  void saysWhatToDoInsteadOfSnapshottingFiles() {
    bridge
        .call("CALL demo.system.snapshot('`parquet`.`/data/events`', 'db.events_snapshot')")
        .fails(
            Reason.NOT_SUPPORTED_BY_RUNTIME,
            "Cannot call snapshot: source_table `parquet`.`/data/events` names files, which Spark"
                + " 3.5's Iceberg runtime cannot snapshot; register them as a table first (CREATE"
                + " TABLE ... USING parquet LOCATION '/data/events'), or add them to an Iceberg"
                + " table with add_files");
  }

  @Test
  void refusesAnUnknownSnapshotListingTheTables() {
    bridge
        .call("CALL demo.system.rollback_to_snapshot('db.sample', 7)")
        .fails(
            Reason.UNKNOWN_SNAPSHOT,
            "Cannot call rollback_to_snapshot: snapshot_id 7 is not a snapshot of table"
                + " demo.db.sample (its snapshots: 1, 2, 123)");
    bridge
        .call(
            "CALL demo.system.expire_snapshots(table => 'db.sample', snapshot_ids => array(1, 99))")
        .fails(
            Reason.UNKNOWN_SNAPSHOT,
            "Cannot call expire_snapshots: snapshot_ids 99 is not a snapshot of table"
                + " demo.db.sample (its snapshots: 1, 2, 123)");
    bridge
        .call("CALL spark_catalog.system.ancestors_of('db.tbl', 2)")
        .fails(
            Reason.UNKNOWN_SNAPSHOT,
            "Cannot call ancestors_of: snapshot_id 2 is not a snapshot of table"
                + " spark_catalog.db.tbl (its snapshots: 1)");
  }

  @Test
  void listsTheClosestSnapshotsOfALongHistory() {
    Table table =
        TestSession.withSnapshotIds(
            SESSION.create("demo", "db.long", PartitionSpec.unpartitioned()),
            10L,
            20L,
            30L,
            40L,
            50L,
            60L,
            70L,
            80L);
    for (int i = 0; i < 8; i++) {
      TestSession.append(table, null);
    }

    bridge
        .call("CALL demo.system.cherrypick_snapshot('db.long', 33)")
        .fails(
            Reason.UNKNOWN_SNAPSHOT,
            "Cannot call cherrypick_snapshot: snapshot_id 33 is not a snapshot of table"
                + " demo.db.long (the closest of its 8 snapshots: 20, 30, 40; current: 80)");
    TestSession empty = new TestSession().iceberg("demo");
    empty.create("demo", "db.empty", PartitionSpec.unpartitioned());
    new Bridge(empty)
        .call("CALL demo.system.rollback_to_snapshot('db.empty', 1)")
        .fails(
            Reason.UNKNOWN_SNAPSHOT,
            "Cannot call rollback_to_snapshot: snapshot_id 1 is not a snapshot of table"
                + " demo.db.empty (it has no snapshots)");
  }

  @Test
  void refusesUnknownRefs() {
    bridge
        .call("CALL demo.system.set_current_snapshot(table => 'db.sample', ref => 's2')")
        .fails(
            Reason.UNKNOWN_REF,
            "Cannot call set_current_snapshot: ref 's2' is not a branch or tag of table"
                + " demo.db.sample (did you mean 's1'?)");
    bridge
        .call("CALL demo.system.fast_forward('db.sample', 'main', 'release')")
        .fails(
            Reason.UNKNOWN_REF,
            "Cannot call fast_forward: to 'release' is not a branch or tag of table demo.db.sample "
                + "(branches and tags: audit-branch, main, s1)");
    bridge
        .call("CALL demo.system.rewrite_data_files(table => 'db.sample', branch => 'dev')")
        .fails(
            Reason.UNKNOWN_REF,
            "Cannot call rewrite_data_files: branch 'dev' is not a branch or tag of table"
                + " demo.db.sample (branches and tags: audit-branch, main, s1)");
  }

  @Test
  void refusesATagWhereABranchIsNeeded() {
    bridge
        .call("CALL demo.system.fast_forward('db.sample', 's1', 'main')")
        .fails(
            Reason.UNKNOWN_REF,
            "Cannot call fast_forward: 's1' is a tag of table demo.db.sample, not a branch");
    bridge
        .call("CALL demo.system.rewrite_data_files(table => 'db.sample', branch => 's1')")
        .fails(
            Reason.UNKNOWN_REF,
            "Cannot call rewrite_data_files: 's1' is a tag of table demo.db.sample, not a branch");
  }

  @Test
  void letsFastForwardCreateABranch() {
    assertThat(
            bridge
                .call("CALL demo.system.fast_forward('db.sample', 'new-branch', 'audit-branch')")
                .prepared()
                .execution()
                .describe())
        .isEqualTo(
            "CALL `demo`.`system`.`fast_forward`(`table` => 'db.sample', "
                + "`branch` => 'new-branch', `to` => 'audit-branch')");
  }

  @Test
  void resolvesTheSnapshotOfAStatisticsCallFromARef() {
    bridge
        .call("CALL demo.system.compute_table_stats(table => 'my_table', snapshot_id => 'snap1')")
        .runsOnSpark(
            "CALL `demo`.`system`.`compute_table_stats`(`table` => 'my_table', `snapshot_id` =>"
                + " 1L)");
    PreparedCall branch =
        bridge
            .call("CALL demo.system.compute_partition_stats('my_table', 'audit-branch')")
            .runsOnSpark(
                "CALL `demo`.`system`.`compute_partition_stats`(`table` => 'my_table',"
                    + " `snapshot_id` => 2L)");
    bridge
        .call("CALL demo.system.compute_table_stats(table => 'my_table', snapshot_id => '2')")
        .runsOnSpark(
            "CALL `demo`.`system`.`compute_table_stats`(`table` => 'my_table', `snapshot_id` =>"
                + " 2L)");
    bridge
        .call("CALL demo.system.compute_table_stats(table => 'my_table', snapshot_id => 1)")
        .runsOnSpark(
            "CALL `demo`.`system`.`compute_table_stats`(`table` => 'my_table', `snapshot_id` =>"
                + " 1L)");

    assertThat(branch.call().argument("snapshot_id").note())
        .isEqualTo("the snapshot of branch 'audit-branch'");
    bridge
        .call("CALL demo.system.compute_table_stats(table => 'my_table', snapshot_id => 'snap2')")
        .fails(
            Reason.UNKNOWN_REF,
            "Cannot call compute_table_stats: snapshot_id 'snap2' is not a branch or tag of "
                + "table demo.default.my_table (did you mean 'snap1'?)");
    bridge
        .call("CALL demo.system.compute_table_stats(table => 'my_table', snapshot_id => '5')")
        .fails(
            Reason.UNKNOWN_SNAPSHOT,
            "Cannot call compute_table_stats: snapshot_id 5 is not a snapshot of "
                + "table demo.default.my_table (its snapshots: 1, 2)");
  }

  @Test
  void checksPartitionSpecsAndFields() {
    bridge
        .call("CALL demo.system.rewrite_manifests(table => 'db.sample', spec_id => 5)")
        .fails(
            Reason.INVALID_VALUE,
            "Cannot call rewrite_manifests: table demo.db.sample has no partition spec 5 (its"
                + " specs: 0, 1)");
    bridge
        .call(
            "CALL demo.system.rewrite_manifests(table => 'db.sample', sort_by => array('categry'))")
        .fails(
            Reason.INVALID_VALUE,
            "Cannot call rewrite_manifests: 'categry' is not a partition field of spec 1 "
                + "of table demo.db.sample (did you mean 'category'?)");
    bridge
        .call(
            "CALL demo.system.rewrite_manifests(table => 'db.sample', spec_id => 0, sort_by =>"
                + " array('region'))")
        .fails(
            Reason.INVALID_VALUE,
            "Cannot call rewrite_manifests: 'region' is not a partition field of spec 0 "
                + "of table demo.db.sample (its fields: category)");
    bridge
        .call("CALL demo.system.rewrite_manifests(table => 'my_table', sort_by => array('id'))")
        .fails(
            Reason.INVALID_VALUE,
            "Cannot call rewrite_manifests: 'id' is not a partition field of spec 0 "
                + "of table demo.default.my_table (the spec is unpartitioned)");
  }
}
