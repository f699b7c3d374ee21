package io.icegate.metadata;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.metadata.testing.TestTables;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.apache.iceberg.MetadataTableUtils;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableScan;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The files tables, which {@link MetadataRelation} reads through the entries tables, give exactly
 * the rows of iceberg-core's own files tables: every column, in iceberg-core's order; at every
 * snapshot of a table whose files were removed, replaced and rolled back; and with partition
 * filters, which both hand to Iceberg's scan.
 */
class FilesTablesTest {
  private static TestTables.Rich rich;
  private static Table flat;
  private static Table v3;

  @BeforeAll
  static void tables() {
    rich = TestTables.richWithFirstExpired();
    flat = TestTables.unpartitioned();
    v3 = TestTables.v3();
  }

  static Stream<Arguments> kindsAndTables() {
    return Arrays.stream(MetadataTableKind.values())
        .filter(MetadataTableKind::isFilesTable)
        // The unpartitioned table has no delete file: its delete_files would compare nothing with
        // nothing.
        .flatMap(
            kind ->
                kind.name().contains("DELETE")
                    ? Stream.of(Arguments.of(kind, "rich"), Arguments.of(kind, "v3"))
                    : Stream.of(
                        Arguments.of(kind, "rich"),
                        Arguments.of(kind, "flat"),
                        Arguments.of(kind, "v3")));
  }

  @ParameterizedTest(name = "{0} of {1}")
  @MethodSource("kindsAndTables")
  void everyRowIsIcebergCoresOwn(MetadataTableKind kind, String name) {
    Table table =
        switch (name) {
          case "rich" -> rich.table();
          case "flat" -> flat;
          default -> v3;
        };
    List<Object> ours =
        Relations.comparableRows(
            Relations.read(MetadataTables.open(table, kind, TimeTravel.none())));

    List<Object> cores = icebergCores(table, kind, scan -> scan);
    assertEqualRows(kind, ours, cores);
    assertThat(ours).isNotEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(names = {"FILES", "DATA_FILES", "DELETE_FILES"})
  void everySnapshotsRowsAreIcebergCoresOwn(MetadataTableKind kind) {
    for (Table table : List.of(rich.table(), v3)) {
      for (Snapshot snapshot : table.snapshots()) {
        long id = snapshot.snapshotId();
        List<Object> ours =
            Relations.comparableRows(
                Relations.read(MetadataTables.open(table, kind, TimeTravel.snapshot(id))));

        assertThat(ours)
            .as("%s of %s at %d", kind, table, id)
            .isEqualTo(icebergCores(table, kind, s -> s.useSnapshot(id)));
      }
    }
  }

  @Test
  void formatThreesFieldsAreThere() {
    // Not vacuous: the v3 table's files carry what v2 tables do not.
    MetadataRelation relation = MetadataTables.open(v3, MetadataTableKind.FILES, TimeTravel.none());
    List<List<Object>> rows = Relations.read(relation);
    List<String> names = Relations.columnNames(relation);
    assertThat(rows)
        .filteredOn(row -> row.get(names.indexOf("content")).equals(0))
        .hasSize(3)
        .extracting(row -> row.get(names.indexOf("first_row_id")))
        .doesNotContainNull();
    assertThat(rows)
        .extracting(row -> row.get(names.indexOf("referenced_data_file")))
        .contains("mem://data/v3-a.parquet");
    assertThat(rows).extracting(row -> row.get(names.indexOf("equality_ids"))).contains(List.of(1));
    assertThat(rows)
        .extracting(row -> Relations.comparable(row.get(names.indexOf("key_metadata"))))
        .contains("070809");
  }

  @Test
  void removedFilesAreNotListed() {
    // Not vacuous: the overwrite's manifest holds b-1 as a DELETED entry, which files, data_files
    // and all_files skip.
    List<List<Object>> entries =
        Relations.read(
            MetadataTables.open(
                rich.table(), MetadataTableKind.ENTRIES, TimeTravel.snapshot(rich.overwrite())));
    assertThat(entries).anySatisfy(entry -> assertThat(entry.get(0)).isEqualTo(2));

    for (MetadataTableKind kind : List.of(MetadataTableKind.FILES, MetadataTableKind.DATA_FILES)) {
      List<List<Object>> files =
          Relations.read(
              MetadataTables.open(rich.table(), kind, TimeTravel.snapshot(rich.overwrite())));
      assertThat(files)
          .extracting(row -> MetadataTableReadTest.name(row.get(1)))
          .contains("a-1", "b-2")
          .doesNotContain("b-1");
    }
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(
      names = {
        "FILES",
        "DATA_FILES",
        "DELETE_FILES",
        "ALL_FILES",
        "ALL_DATA_FILES",
        "ALL_DELETE_FILES"
      })
  void partitionFiltersPruneAsIcebergCoresScanDoes(MetadataTableKind kind) {
    List<Expression> filters =
        List.of(
            Expressions.equal("partition.category", "a"),
            Expressions.notEqual("partition.category", "a"),
            Expressions.in("partition.category", "b", "d"),
            Expressions.notIn("partition.category", "a", "c"),
            Expressions.isNull("partition.id_bucket"),
            Expressions.notNull("partition.id_bucket"),
            Expressions.or(
                Expressions.equal("partition.category", "c"),
                Expressions.greaterThan("partition.id_bucket", 1)),
            Expressions.not(
                Expressions.and(
                    Expressions.equal("partition.category", "a"),
                    Expressions.lessThanOrEqual("partition.id_bucket", 2))));
    MetadataRelation relation = MetadataTables.open(rich.table(), kind, TimeTravel.none());
    int[] every = new int[relation.schema().columns().size()];
    Arrays.setAll(every, i -> i);
    List<Object> unfiltered = Relations.comparableRows(Relations.read(relation));
    boolean pruned = false;
    for (Expression filter : filters) {
      List<Object> ours = Relations.comparableRows(Relations.read(relation, every, filter));

      assertEqualRows(kind, ours, icebergCores(rich.table(), kind, s -> s.filter(filter)));
      pruned |= ours.size() < unfiltered.size();
    }
    if (!kind.name().contains("DELETE")) {
      // The one delete file is in category a: a filter keeps it or not, in both.
      assertThat(pruned).as("some filter skips a manifest").isTrue();
    }
  }

  /**
   * The same rows, in the same order; for the {@code all_} tables in any order (iceberg-core
   * gathers their manifests in a hash set, filled snapshot by snapshot in parallel: its own order
   * is not fixed).
   */
  private static void assertEqualRows(
      MetadataTableKind kind, List<Object> ours, List<Object> cores) {
    if (kind.timeTravel() == TimeTravelSupport.REFUSED) {
      assertThat(ours).as("%s", kind).containsExactlyInAnyOrderElementsOf(cores);
    } else {
      assertThat(ours).as("%s", kind).isEqualTo(cores);
    }
  }

  /**
   * iceberg-core's own rows of the files table {@code kind}, its scan changed by {@code scan},
   * converted.
   */
  private static List<Object> icebergCores(
      Table table, MetadataTableKind kind, UnaryOperator<TableScan> scan) {
    Table metadataTable =
        MetadataTableUtils.createMetadataTableInstance(table, kind.icebergType().orElseThrow());
    return Relations.comparableRows(
        Relations.icebergCoreRows(metadataTable.schema(), scan.apply(metadataTable.newScan())));
  }
}
