package io.icegate.procedure;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.calcite.parser.IcegateSqlParser;
import io.icegate.calcite.parser.SqlExplainIcebergCall;
import io.icegate.procedure.bind.TableName;
import io.icegate.procedure.explain.ExplainRow;
import io.icegate.procedure.manifests.RewriteManifestsRequest;
import io.icegate.procedure.spec.Privilege;
import io.icegate.procedure.testing.Bridge;
import io.icegate.procedure.testing.Fixtures;
import io.icegate.procedure.testing.TestSession;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.List;
import org.apache.calcite.sql.parser.SqlParseException;
import org.junit.jupiter.api.Test;

/** The bridge end to end: how a call runs, its output columns, warnings, and EXPLAIN CALL. */
class ProcedureBridgeTest {
  private static final TestSession SESSION = Fixtures.specification();
  private final Bridge bridge = new Bridge(SESSION);

  @Test
  void runsRewriteManifestsWithSortByOnIcebergCore() {
    PreparedCall call =
        bridge
            .call(
                "CALL demo.system.rewrite_manifests(table => 'db.sample', spec_id => 1, "
                    + "sort_by => array('category'), use_caching => true)")
            .prepared();

    assertThat(call.execution())
        .isEqualTo(
            new Execution.RewriteManifests(
                new TableName("demo", List.of("db"), "sample"),
                new RewriteManifestsRequest(1, List.of("category"))));
    assertThat(call.execution().describe())
        .isEqualTo(
            "iceberg-core RewriteManifests on demo.db.sample: data "
                + "manifests of partition spec 1, clustered by category");
    assertThat(call.warnings())
        .containsExactly(
            "rewrite_manifests: use_caching => true is ignored: with sort_by the rewrite runs on"
                + " iceberg-core (Spark 3.5's Iceberg runtime has no sort_by), where Spark's"
                + " caching does not apply");
    assertThat(call.outputColumns())
        .extracting(column -> column.name() + " " + column.sparkType())
        .containsExactly("rewritten_manifests_count int", "added_manifests_count int");
  }

  @Test
  void runsRewriteManifestsWithoutSortByOnSpark() {
    PreparedCall call =
        bridge
            .call("CALL demo.system.rewrite_manifests('db.sample', true)")
            .runsOnSpark(
                "CALL `demo`.`system`.`rewrite_manifests`(`table` => 'db.sample', `use_caching` =>"
                    + " true)");

    assertThat(call.warnings()).isEmpty();
    assertThat(call.privilege()).isEqualTo(Privilege.ADMIN);
  }

  @Test
  void explainsEveryArgumentAndTheStatement() throws SqlParseException {
    List<ExplainRow> rows =
        explain(
            "EXPLAIN CALL demo.system.expire_snapshots('db.sample', "
                + "TIMESTAMP '2021-06-30 00:00:00.000', 100)");

    assertThat(ExplainRow.COLUMNS).containsExactly("kind", "name", "type", "value", "source");
    assertThat(rows)
        .extracting(ExplainRow::values)
        .containsExactly(
            List.of(
                "procedure",
                "expire_snapshots",
                "",
                "demo.system.expire_snapshots",
                "privilege: admin"),
            List.of(
                "argument", "table", "string", "'db.sample'", "positional: table demo.db.sample"),
            List.of(
                "argument",
                "older_than",
                "timestamp",
                "TIMESTAMP '2021-06-30 00:00:00'",
                "positional"),
            List.of("argument", "retain_last", "int", "100", "positional"),
            List.of("argument", "max_concurrent_deletes", "int", "no thread pool", "default"),
            List.of("argument", "stream_results", "boolean", "false", "default"),
            List.of("argument", "snapshot_ids", "array<long>", "", "default"),
            List.of("argument", "clean_expired_metadata", "boolean", "false", "default"),
            List.of("output", "deleted_data_files_count", "bigint", "", "nullable"),
            List.of("output", "deleted_position_delete_files_count", "bigint", "", "nullable"),
            List.of("output", "deleted_equality_delete_files_count", "bigint", "", "nullable"),
            List.of("output", "deleted_manifest_files_count", "bigint", "", "nullable"),
            List.of("output", "deleted_manifest_lists_count", "bigint", "", "nullable"),
            List.of("output", "deleted_statistics_files_count", "bigint", "", "nullable"),
            List.of(
                "statement",
                "spark",
                "",
                "CALL `demo`.`system`.`expire_snapshots`(`table` => 'db.sample', "
                    + "`older_than` => TIMESTAMP '2021-06-30 00:00:00', `retain_last` => 100)",
                ""));
  }

  @Test
  void explainsResolvedValuesNativeExecutionAndWarnings() throws SqlParseException {
    List<ExplainRow> stats =
        explain(
            "EXPLAIN CALL demo.system.compute_table_stats(table => 'my_table', "
                + "snapshot_id => 'snap1')");
    List<ExplainRow> manifests =
        explain(
            "EXPLAIN CALL demo.system.rewrite_manifests(table => 'db.sample', "
                + "sort_by => array('category', 'region'), use_caching => false)");

    assertThat(stats)
        .filteredOn(row -> row.name().equals("snapshot_id"))
        .extracting(ExplainRow::values)
        .containsExactly(
            List.of(
                "argument", "snapshot_id", "string", "1L", "named: the snapshot of tag 'snap1'"));
    assertThat(manifests)
        .filteredOn(row -> !row.kind().equals("argument") && !row.kind().equals("output"))
        .extracting(ExplainRow::values)
        .containsExactly(
            List.of(
                "procedure",
                "rewrite_manifests",
                "",
                "demo.system.rewrite_manifests",
                "privilege: admin"),
            List.of(
                "statement",
                "iceberg-core",
                "",
                "iceberg-core RewriteManifests on demo.db.sample: data "
                    + "manifests of the current partition spec, clustered by category, region",
                ""),
            List.of(
                "warning",
                "rewrite_manifests",
                "",
                "rewrite_manifests: use_caching => false is ignored: with sort_by the rewrite runs"
                    + " on iceberg-core (Spark 3.5's Iceberg runtime has no sort_by), where Spark's"
                    + " caching does not apply",
                ""));
  }

  @Test
  void explainsNothingItWouldRefuse() {
    SqlExplainIcebergCall explain =
        (SqlExplainIcebergCall)
            parse("EXPLAIN CALL demo.system.expire_snapshots(" + "table => 'db.nope')");
    ProcedureBridge procedures =
        new ProcedureBridge(SESSION, SESSION, Clock.fixed(Bridge.NOW, ZoneOffset.UTC));

    org.assertj.core.api.Assertions.assertThatThrownBy(() -> procedures.explain(explain, List.of()))
        .isInstanceOf(ProcedureException.class)
        .hasMessage("Cannot call expire_snapshots: table demo.db.nope does not exist")
        .satisfies(
            failure -> {
              ProcedureException refused = (ProcedureException) failure;
              assertThat(refused.reason()).isEqualTo(Reason.UNKNOWN_TABLE);
              assertThat(refused.procedure()).contains("expire_snapshots");
              assertThat(refused.argument()).contains("table");
            });
  }

  private static List<ExplainRow> explain(String sql) throws SqlParseException {
    SqlExplainIcebergCall explain = (SqlExplainIcebergCall) IcegateSqlParser.parse(sql);
    List<ExplainRow> rows =
        new ProcedureBridge(SESSION, SESSION, Clock.fixed(Bridge.NOW, ZoneOffset.UTC))
            .explain(explain, List.of());
    // Nulls as "" so rows compare as lists.
    return rows.stream()
        .map(
            row ->
                new ExplainRow(
                    row.kind(),
                    row.name(),
                    blank(row.type()),
                    blank(row.value()),
                    blank(row.source())))
        .toList();
  }

  private static String blank(String text) {
    return text == null ? "" : text;
  }

  private static Object parse(String sql) {
    try {
      return IcegateSqlParser.parse(sql);
    } catch (SqlParseException e) {
      throw new AssertionError(e);
    }
  }
}
