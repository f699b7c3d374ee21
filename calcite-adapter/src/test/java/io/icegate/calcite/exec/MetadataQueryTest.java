package io.icegate.calcite.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.calcite.testing.Fixture;
import io.icegate.calcite.testing.Query;
import java.util.Arrays;
import java.util.List;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * SQL over metadata tables: what users ask, answered natively and agreeing with the table's API.
 */
class MetadataQueryTest {
  private static Fixture fixture;
  private static Table table;

  @BeforeAll
  static void fixture() {
    fixture = new Fixture();
    table = fixture.table();
  }

  @Test
  void projectsAndFilters() {
    assertThat(
            fixture
                .sql(
                    "SELECT snapshot_id, operation FROM prod.db.table.snapshots WHERE parent_id = "
                        + fixture.rich.first())
                .rows())
        .containsExactly(List.of(fixture.rich.second(), "append"));
  }

  @Test
  void readsMapValuesBySubscript() {
    Snapshot first = table.snapshot(fixture.rich.first());

    assertThat(
            fixture
                .sql(
                    "SELECT summary['added-records'], summary['no-such-key'] FROM"
                        + " prod.db.table.snapshots WHERE snapshot_id = "
                        + first.snapshotId())
                .rows())
        .containsExactly(Arrays.asList("15", null));
  }

  @Test
  void readsStructFieldsWithoutTheTableName() {
    Query.Result files =
        fixture
            .sql(
                "SELECT partition.category, readable_metrics.id.lower_bound,"
                    + " readable_metrics.id.upper_bound FROM prod.db.table.files WHERE content = 0"
                    + " ORDER BY readable_metrics.id.lower_bound")
            .run();

    assertThat(files.columnNames()).containsExactly("category", "lower_bound", "upper_bound");
    assertThat(files.rows())
        .containsExactly(
            List.of("a", 1L, 10L),
            List.of("b", 11L, 14L),
            List.of("a", 16L, 18L),
            List.of("c", 30L, 36L),
            List.of("d", 50L, 55L));
  }

  @Test
  void readsStructFieldsThroughTheTableAlias() {
    assertThat(
            fixture
                .sql("SELECT f.partition.category FROM prod.db.table.files f WHERE f.content = 1")
                .column())
        .containsExactly("a");
  }

  @Test
  void readsArraysOfStructsCountingFromZeroAsSpark() {
    List<List<Object>> rows =
        fixture
            .sql(
                "SELECT partition_summaries[0].lower_bound, partition_summaries[1].lower_bound,"
                    + " partition_summaries[2] FROM prod.db.table.manifests WHERE partition_spec_id"
                    + " = 1")
            .rows();

    assertThat(rows).hasSize(2).allSatisfy(row -> assertThat(row.get(2)).isNull());
    assertThat(rows).extracting(row -> row.get(0)).containsExactlyInAnyOrder("c", "d");
    assertThat(rows).extracting(row -> row.get(1)).containsExactlyInAnyOrder("2", "1");
  }

  @Test
  void aggregatesAndGroups() {
    Query.Result partitions =
        fixture
            .sql(
                "SELECT partition.category AS category, count(*) AS files, sum(record_count) AS"
                    + " records FROM prod.db.table.files WHERE content = 0 GROUP BY"
                    + " partition.category ORDER BY category")
            .run();

    assertThat(partitions.rows())
        .containsExactly(
            List.of("a", 2L, 13L),
            List.of("b", 1L, 4L),
            List.of("c", 1L, 7L),
            List.of("d", 1L, 6L));
  }

  @Test
  void groupsByAliasAndOrdinalAsSparkAllows() {
    assertThat(
            fixture
                .sql(
                    "SELECT operation AS op, count(*) FROM prod.db.table.snapshots GROUP BY op"
                        + " ORDER BY 1")
                .rows())
        .containsExactly(List.of("append", 6L), List.of("delete", 1L), List.of("overwrite", 1L));
    assertThat(
            fixture
                .sql(
                    "SELECT operation, count(*) FROM prod.db.table.snapshots GROUP BY 1 HAVING"
                        + " count(*) > 1")
                .rows())
        .containsExactly(List.of("append", 6L));
  }

  @Test
  void ordersAndLimits() {
    // Two commits of the fixture may share a millisecond: the snapshot id breaks the tie.
    List<Long> expected =
        table.history().stream()
            .sorted(
                java.util.Comparator.comparing(
                        (org.apache.iceberg.HistoryEntry entry) -> entry.timestampMillis())
                    .reversed()
                    .thenComparing(entry -> entry.snapshotId()))
            .map(entry -> entry.snapshotId())
            .limit(2)
            .toList();

    assertThat(
            fixture
                .sql(
                    "SELECT snapshot_id FROM prod.db.table.history"
                        + " ORDER BY made_current_at DESC, snapshot_id LIMIT 2")
                .column())
        .containsExactlyElementsOf(expected);
  }

  @Test
  void joinsAndSubqueries() {
    // Snapshots that are no ancestor of the current one: the rolled-back commit and the branch's
    // commit.
    assertThat(
            fixture
                .sql(
                    "SELECT snapshot_id FROM prod.db.table.snapshots WHERE snapshot_id NOT IN"
                        + " (SELECT snapshot_id FROM prod.db.table.history WHERE"
                        + " is_current_ancestor)")
                .column())
        .containsExactlyInAnyOrder(fixture.rich.rolledBack(), fixture.rich.onBranch());
    assertThat(
            fixture
                .sql(
                    "SELECT r.name FROM prod.db.table.refs r JOIN prod.db.table.snapshots s "
                        + "ON r.snapshot_id = s.snapshot_id WHERE s.operation = 'overwrite'")
                .column())
        .isEmpty();
    assertThat(
            fixture
                .sql(
                    "SELECT r.name, s.operation FROM prod.db.table.refs r LEFT JOIN"
                        + " prod.db.table.snapshots s ON r.snapshot_id = s.snapshot_id ORDER BY"
                        + " r.name")
                .rows())
        .containsExactly(
            List.of("audit", "append"), List.of("main", "append"), List.of("tag_a", "append"));
  }

  @Test
  void commonTableExpressionsAndSetOperations() {
    assertThat(
            fixture
                .sql(
                    "WITH big AS (SELECT file_path, record_count FROM prod.db.table.files "
                        + "WHERE record_count > 5) SELECT count(*) FROM big")
                .value())
        .isEqualTo(3L);
    assertThat(
            fixture
                .sql(
                    "SELECT name FROM prod.db.table.refs WHERE type = 'TAG' UNION ALL SELECT"
                        + " operation FROM prod.db.table.snapshots WHERE operation = 'delete'")
                .column())
        .containsExactlyInAnyOrder("tag_a", "delete");
  }

  @Test
  void castsAndScalarFunctions() {
    Snapshot first = table.snapshot(fixture.rich.first());

    Query.Result result =
        fixture
            .sql(
                "SELECT CAST(snapshot_id AS STRING), upper(operation), length(manifest_list) > 0, "
                    + "CAST(summary['added-records'] AS BIGINT) + 1, coalesce(parent_id, -1), "
                    + "CASE WHEN parent_id IS NULL THEN 'root' ELSE 'child' END "
                    + "FROM prod.db.table.snapshots WHERE snapshot_id = "
                    + first.snapshotId())
            .run();

    assertThat(result.rows())
        .containsExactly(
            List.of(String.valueOf(first.snapshotId()), "APPEND", true, 16L, -1L, "root"));
    assertThat(result.columnNames())
        .containsExactly(
            "CAST(snapshot_id AS STRING)",
            "upper(operation)",
            "(length(manifest_list) > 0)",
            "(CAST(summary[added-records] AS BIGINT) + 1)",
            "coalesce(parent_id, -1)",
            "CASE WHEN (parent_id IS NULL) THEN root ELSE child END");
  }

  @Test
  void resolvesNamesAsSparkDoes() {
    // A name whose first part is a catalog is in that catalog; any other is in the current catalog,
    // prod.
    assertThat(fixture.sql("SELECT count(*) FROM db.table.refs").value()).isEqualTo(3L);
    // Identifiers are case-insensitive; metadata table names too.
    assertThat(fixture.sql("SELECT COUNT(*) FROM prod.db.table.REFS WHERE NAME = 'main'").value())
        .isEqualTo(1L);
  }

  @Test
  void readsAnUnpartitionedTable() {
    Query.Result partitions = fixture.sql("SELECT * FROM prod.db.flat.partitions").run();

    assertThat(partitions.columnNames()).doesNotContain("partition", "spec_id");
    assertThat(partitions.column("record_count")).containsExactly(2L);
  }
}
