package io.icegate.procedure.bind;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.procedure.Reason;
import io.icegate.procedure.testing.Bridge;
import io.icegate.procedure.testing.Fixtures;
import io.icegate.procedure.testing.TestSession;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Every refusal of the binder, with its reason and message; and what it accepts. */
class CallBinderTest {
  private static final TestSession SESSION = Fixtures.specification();
  private final Bridge bridge = new Bridge(SESSION);

  @Nested
  class CatalogsAndProcedures {
    @Test
    void suggestsTheClosestProcedure() {
      bridge
          .call("CALL demo.system.expire_snapshot(table => 'db.sample')")
          .fails(
              Reason.UNKNOWN_PROCEDURE,
              "Cannot call demo.system.expire_snapshot: unknown procedure 'expire_snapshot' "
                  + "(did you mean 'expire_snapshots'?)");
    }

    @Test
    void listsProceduresWhenNoneIsClose() {
      bridge
          .call("CALL demo.system.vacuum('db.sample')")
          .fails(
              Reason.UNKNOWN_PROCEDURE,
              "Cannot call demo.system.vacuum: unknown procedure 'vacuum'; Iceberg's procedures are"
                  + " rollback_to_snapshot, rollback_to_timestamp, set_current_snapshot,"
                  + " cherrypick_snapshot, publish_changes, fast_forward, expire_snapshots,"
                  + " remove_orphan_files, rewrite_data_files, rewrite_manifests,"
                  + " rewrite_position_delete_files, snapshot, migrate, add_files, register_table,"
                  + " ancestors_of, create_changelog_view, compute_table_stats,"
                  + " compute_partition_stats, rewrite_table_path");
    }

    @Test
    void refusesAnUnknownCatalog() {
      bridge
          .call("CALL dmeo.system.expire_snapshots('db.sample')")
          .fails(
              Reason.UNKNOWN_CATALOG,
              "Cannot call dmeo.system.expire_snapshots: unknown catalog 'dmeo' (did you mean"
                  + " 'demo'?)");
      bridge
          .call("CALL production.system.expire_snapshots('db.sample')")
          .fails(
              Reason.UNKNOWN_CATALOG,
              "Cannot call production.system.expire_snapshots: unknown catalog 'production' "
                  + "(catalogs: demo, jdbc_cat, spark_catalog)");
    }

    @Test
    void refusesACatalogThatIsNotIcebergs() {
      bridge
          .call("CALL jdbc_cat.system.expire_snapshots('db.sample')")
          .fails(
              Reason.NOT_AN_ICEBERG_CATALOG,
              "Cannot call jdbc_cat.system.expire_snapshots: catalog 'jdbc_cat' is not an Iceberg"
                  + " catalog, so it has no procedures (Iceberg catalogs: demo, spark_catalog)");
    }

    @Test
    void refusesACurrentCatalogThatIsNotIcebergs() {
      TestSession session =
          new TestSession().iceberg("demo").other("jdbc_cat").use("jdbc_cat", "db");

      new Bridge(session)
          .call("CALL system.expire_snapshots('db.sample')")
          .fails(
              Reason.NOT_AN_ICEBERG_CATALOG,
              "Cannot call system.expire_snapshots: the current catalog 'jdbc_cat' is not an"
                  + " Iceberg catalog, so it has no procedures; name an Iceberg catalog, as in CALL"
                  + " demo.system.expire_snapshots(...)");
    }

    @Test
    void runsInTheCurrentCatalogWhenNoneIsNamed() {
      assertThat(bridge.call("CALL system.ancestors_of('db.sample')").bound().catalog())
          .isEqualTo("demo");
    }

    @Test
    void findsTheSessionCatalogInAnyCaseAndProceduresInAnyCase() {
      BoundCall call = bridge.call("CALL SPARK_CATALOG.SYSTEM.Ancestors_Of('db.tbl')").bound();

      assertThat(call.catalog()).isEqualTo("spark_catalog");
      assertThat(call.procedure().name()).isEqualTo("ancestors_of");
    }
  }

  @Nested
  class ArgumentNames {
    @Test
    void suggestsTheClosestArgument() {
      bridge
          .call("CALL demo.system.expire_snapshots(table => 'db.sample', retain_lst => 1)")
          .fails(
              Reason.UNKNOWN_ARGUMENT,
              "Cannot call expire_snapshots: unknown argument 'retain_lst' (did you mean"
                  + " 'retain_last'?)");
    }

    @Test
    void listsArgumentsWhenNoneIsClose() {
      bridge
          .call("CALL demo.system.expire_snapshots(table => 'db.sample', keep => 1)")
          .fails(
              Reason.UNKNOWN_ARGUMENT,
              "Cannot call expire_snapshots: unknown argument 'keep'; it takes table, older_than,"
                  + " retain_last, max_concurrent_deletes, stream_results, snapshot_ids,"
                  + " clean_expired_metadata");
    }

    @Test
    void refusesAnArgumentGivenTwiceInAnyCase() {
      bridge
          .call("CALL demo.system.expire_snapshots(table => 'db.sample', TABLE => 'db.sample')")
          .fails(
              Reason.DUPLICATE_ARGUMENT,
              "Cannot call expire_snapshots: argument 'table' is given twice");
    }

    @Test
    void refusesTooManyPositionalArguments() {
      bridge
          .call("CALL demo.system.rollback_to_snapshot('db.sample', 1, 2)")
          .fails(
              Reason.TOO_MANY_ARGUMENTS,
              "Cannot call rollback_to_snapshot: too many arguments: 3 given, but it takes at most"
                  + " 2 (table, snapshot_id)");
    }

    @Test
    void refusesMissingRequiredArguments() {
      bridge
          .call("CALL demo.system.rollback_to_snapshot(table => 'db.sample')")
          .fails(
              Reason.MISSING_ARGUMENT,
              "Cannot call rollback_to_snapshot: missing required argument 'snapshot_id'");
      bridge
          .call("CALL demo.system.rollback_to_snapshot('db.sample')")
          .fails(
              Reason.MISSING_ARGUMENT,
              "Cannot call rollback_to_snapshot: missing required argument 'snapshot_id' "
                  + "(positional arguments are, in order: table, snapshot_id)");
      bridge
          .call("CALL demo.system.rewrite_table_path(table => 'db.sample')")
          .fails(
              Reason.MISSING_ARGUMENT,
              "Cannot call rewrite_table_path: missing required arguments 'source_prefix',"
                  + " 'target_prefix'");
    }

    @Test
    void refusesNullForARequiredArgument() {
      bridge
          .call("CALL demo.system.rollback_to_snapshot('db.sample', NULL)")
          .fails(
              Reason.MISSING_ARGUMENT,
              "Cannot call rollback_to_snapshot: argument 'snapshot_id' is required and cannot be"
                  + " NULL");
    }

    @Test
    void takesNullForAnOptionalArgumentAsItsDefault() {
      BoundCall call =
          bridge.call("CALL demo.system.expire_snapshots('db.sample', NULL, 5)").bound();

      assertThat(call.argument("older_than").source()).isEqualTo(BoundArgument.Source.DEFAULT);
      assertThat(call.argument("older_than").note()).isEqualTo("given as NULL");
      assertThat(call.value("retain_last")).contains(5);
      assertThat(call.argument("retain_last").source()).isEqualTo(BoundArgument.Source.POSITIONAL);
    }

    @Test
    void mapsPositionalAndNamedArgumentsAlike() {
      String positional =
          bridge
              .call("CALL demo.system.cherrypick_snapshot('db.sample', 1)")
              .prepared()
              .execution()
              .describe();
      String named =
          bridge
              .call("CALL demo.system.cherrypick_snapshot(snapshot_id => 1, TABLE => 'db.sample')")
              .prepared()
              .execution()
              .describe();

      assertThat(positional)
          .isEqualTo(named)
          .isEqualTo(
              "CALL `demo`.`system`.`cherrypick_snapshot`(`table` => 'db.sample', `snapshot_id` =>"
                  + " 1L)");
    }

    @Test
    void refusesAJdbcParameterWithoutValue() {
      bridge
          .call("CALL demo.system.rollback_to_snapshot('db.sample', ?)")
          .fails(
              Reason.MISSING_PARAMETER_VALUE,
              "Cannot call rollback_to_snapshot: argument 'snapshot_id' is JDBC parameter 1, which"
                  + " has no value (0 set)");
    }
  }

  @Nested
  class Constraints {
    @Test
    void refusesBothSnapshotIdAndRef() {
      bridge
          .call(
              "CALL demo.system.set_current_snapshot(table => 'db.sample', snapshot_id => 1, ref =>"
                  + " 's1')")
          .fails(
              Reason.MUTUALLY_EXCLUSIVE,
              "Cannot call set_current_snapshot: 'snapshot_id' and 'ref' cannot both be given; pass"
                  + " one of them");
    }

    @Test
    void refusesNeitherSnapshotIdNorRef() {
      bridge
          .call("CALL demo.system.set_current_snapshot('db.sample')")
          .fails(
              Reason.MISSING_ARGUMENT,
              "Cannot call set_current_snapshot: either 'snapshot_id' or 'ref' must be given");
    }

    @Test
    void refusesNetChangesWithUpdateImages() {
      bridge
          .call(
              "CALL demo.system.create_changelog_view(table => 'db.sample', net_changes => true, "
                  + "compute_updates => true)")
          .fails(
              Reason.CONFLICTING_FLAGS,
              "Cannot call create_changelog_view: 'net_changes' and 'compute_updates' cannot both"
                  + " be true; choose one");
    }

    @Test
    void refusesNetChangesWhenIdentifierColumnsImplyUpdateImages() {
      bridge
          .call(
              "CALL demo.system.create_changelog_view(table => 'db.sample', net_changes => true, "
                  + "identifier_columns => array('id'))")
          .fails(
              Reason.CONFLICTING_FLAGS,
              "Cannot call create_changelog_view: 'net_changes' cannot be true when"
                  + " 'compute_updates' is, and 'compute_updates' defaults to true because"
                  + " 'identifier_columns' is given; set compute_updates => false or leave out"
                  + " net_changes");
    }

    @Test
    void acceptsNetChangesWithUpdateImagesTurnedOff() {
      assertThat(
              bridge
                  .call(
                      "CALL demo.system.create_changelog_view(table => 'db.sample', net_changes =>"
                          + " true, identifier_columns => array('id'), compute_updates => false)")
                  .bound()
                  .givenValues())
          .containsEntry("net_changes", true)
          .containsEntry("compute_updates", false);
    }

    @Test
    void refusesOrphanFilesYoungerThanADay() {
      // The bridge's clock says 2026-11-29 12:00 UTC; the session's time zone is UTC.
      bridge
          .call(
              "CALL demo.system.remove_orphan_files(table => 'db.sample', "
                  + "older_than => TIMESTAMP '2026-11-29 00:00:00')")
          .fails(
              Reason.INVALID_VALUE,
              "Cannot call remove_orphan_files: argument 'older_than' must be at least 24 hours"
                  + " ago, that is at most 2026-11-28 12:00:00 (time zone Z); Iceberg refuses a"
                  + " shorter interval because it could delete the files of writes still in"
                  + " progress");
      assertThat(
              bridge
                  .call(
                      "CALL demo.system.remove_orphan_files(table => 'db.sample', "
                          + "older_than => TIMESTAMP '2026-11-28 12:00:00')")
                  .bound()
                  .value("older_than"))
          .isPresent();
    }

    @Test
    void checksValuesAsTheProcedureWould() {
      bridge
          .call("CALL demo.system.expire_snapshots(table => 'db.sample', retain_last => 0)")
          .fails(
              Reason.INVALID_VALUE,
              "Cannot call expire_snapshots: argument 'retain_last' must be at least 1, not 0");
      bridge
          .call("CALL demo.system.rewrite_data_files(table => 'db.sample', strategy => 'bin')")
          .fails(
              Reason.INVALID_VALUE,
              "Cannot call rewrite_data_files: argument 'strategy' must be one of binpack, "
                  + "sort, not 'bin' (did you mean 'binpack'?)");
      bridge
          .call("CALL demo.system.migrate(table => 'spark_catalog.db.sample', parallelism => 0)")
          .fails(
              Reason.INVALID_VALUE,
              "Cannot call migrate: argument 'parallelism' must be at least 1, not 0");
      assertThat(
              bridge
                  .call(
                      "CALL demo.system.remove_orphan_files(table => 'db.sample', "
                          + "prefix_mismatch_mode => 'ignore')")
                  .bound()
                  .value("prefix_mismatch_mode"))
          .contains("ignore");
    }
  }

  @Nested
  class TableNamesOfArguments {
    @Test
    void refusesWhatSparkCannotReadAsATableName() {
      bridge
          .call("CALL demo.system.expire_snapshots(table => '')")
          .fails(
              Reason.INVALID_TABLE_NAME,
              "Cannot call expire_snapshots: argument 'table' is not a table name: an empty name is"
                  + " not a table");
      bridge
          .call("CALL demo.system.add_files(table => 'db.tbl', source_table => 'parquet./tmp/t')")
          .fails(
              Reason.INVALID_TABLE_NAME,
              "Cannot call add_files: argument 'source_table' is not a table name: Spark cannot"
                  + " read a name at '/tmp/t'; put parts with other characters than letters, digits"
                  + " and _ in back-ticks, as in '`parquet`.`/path/to/table`'");
    }

    @Test
    void refusesATableOfAnotherCatalog() {
      bridge
          .call("CALL demo.system.expire_snapshots('spark_catalog.db.tbl')")
          .fails(
              Reason.TABLE_IN_OTHER_CATALOG,
              "Cannot call expire_snapshots: argument 'table' names spark_catalog.db.tbl, a table"
                  + " of catalog 'spark_catalog', but the procedure runs in catalog 'demo'; call"
                  + " spark_catalog.system.expire_snapshots instead");
    }

    @Test
    void resolvesTableNamesAsTheRuntimeDoes() {
      BoundCall call =
          bridge
              .call(
                  "CALL spark_catalog.system.add_files(table => 'tbl', "
                      + "source_table => '`parquet`.`/data/a.b`')")
              .bound();
      BoundCall snapshot =
          bridge.call("CALL spark_catalog.system.snapshot('db.sample', 'snap')").bound();
      BoundCall named = bridge.call("CALL demo.system.expire_snapshots('demo.db.sample')").bound();

      // The procedure's own catalog, in its default namespace (it is not the current catalog).
      assertThat(call.table("table"))
          .contains(new TableName("spark_catalog", java.util.List.of("default"), "tbl"));
      assertThat(call.table("source_table"))
          .hasValueSatisfying(
              files -> {
                assertThat(files)
                    .isEqualTo(
                        new TableName("spark_catalog", java.util.List.of("parquet"), "/data/a.b"));
                assertThat(files.isFileReference()).isTrue();
              });
      // snapshot resolves in the current catalog, whatever catalog the CALL names.
      assertThat(snapshot.tables())
          .isEqualTo(
              Map.of(
                  "source_table", new TableName("demo", java.util.List.of("db"), "sample"),
                  "table", new TableName("demo", java.util.List.of("default"), "snap")));
      assertThat(named.table("table"))
          .contains(new TableName("demo", java.util.List.of("db"), "sample"));
    }
  }
}
