package io.icegate.metadata;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.metadata.testing.CountingFileIO;
import io.icegate.metadata.testing.TestTables;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionData;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/** {@link SnapshotDiff} on real tables: deletion vectors, equality deletes, skipped manifests. */
class SnapshotDiffTest {
  @Test
  void deletionVectorsEqualityDeletesAndAnOverwrite() {
    Table table = TestTables.v3();
    List<Snapshot> snapshots = snapshots(table);
    SnapshotDiff diff =
        SnapshotDiff.of(
            table,
            TimeTravel.snapshot(snapshots.get(0).snapshotId()),
            "first",
            TimeTravel.ref("main"),
            "'main'");

    List<Map<String, Object>> rows = rows(diff);
    rows.sort(Comparator.comparing(row -> row.get("partition").toString()));
    assertThat(rows).hasSize(3);
    assertThat(rows.get(0))
        .containsEntry("partition", List.of("a"))
        .containsEntry("added_delete_files", 1L)
        .containsEntry("added_delete_records", 2L)
        .containsEntry("added_bytes", 64L)
        .containsEntry("added_data_files", 0L);
    assertThat(rows.get(1))
        .containsEntry("partition", List.of("b"))
        .containsEntry("added_delete_files", 1L)
        .containsEntry("added_delete_records", 1L)
        .containsEntry("added_data_files", 1L)
        .containsEntry("removed_data_files", 1L)
        .containsEntry("added_records", 4L)
        .containsEntry("removed_records", 5L)
        .containsEntry("added_bytes", 30L + 400L)
        .containsEntry("removed_bytes", 500L);
    assertThat(rows.get(2))
        .containsEntry("partition", List.of("c"))
        .containsEntry("added_records", 7L)
        .containsEntry(
            "snapshot_ids", snapshots.stream().skip(1).map(Snapshot::snapshotId).toList());
  }

  @Test
  void onlyTheManifestsNotInBothSnapshotsAreRead() {
    Table many = TestTables.manyManifests(20);
    CountingFileIO io = new CountingFileIO(many.io());
    Table table = io.wrap(many);
    List<Snapshot> snapshots = snapshots(table);
    SnapshotDiff diff =
        SnapshotDiff.of(
            table,
            TimeTravel.snapshot(snapshots.get(18).snapshotId()),
            "19th",
            TimeTravel.snapshot(snapshots.get(19).snapshotId()),
            "20th");

    List<Map<String, Object>> rows = rows(diff);
    assertThat(rows).hasSize(1);
    assertThat(rows.get(0)).doesNotContainKey("partition").containsEntry("added_data_files", 1L);
    assertThat(io.opened()).isEqualTo(1);
    assertThat(io.open()).isZero();
  }

  @Test
  void anUnpartitionedTableHasNoPartitionColumn() {
    Table table = TestTables.unpartitioned();
    List<Snapshot> snapshots = snapshots(table);
    SnapshotDiff diff =
        SnapshotDiff.of(
            table,
            TimeTravel.snapshot(snapshots.get(1).snapshotId()),
            "second",
            TimeTravel.snapshot(snapshots.get(0).snapshotId()),
            "first");

    assertThat(diff.schema().findField("partition")).isNull();
    assertThat(diff.snapshotIds()).isEmpty();
    assertThat(rows(diff))
        .singleElement()
        .satisfies(
            row ->
                assertThat(row)
                    .containsEntry("spec_id", 0)
                    .containsEntry("removed_data_files", 1L)
                    .containsEntry("removed_records", 2L)
                    .containsEntry("snapshot_ids", null));
  }

  @Test
  void filesOfOneBinaryPartitionAreOneRow() {
    Schema schema =
        new Schema(
            Types.NestedField.required(1, "id", Types.LongType.get()),
            Types.NestedField.optional(2, "b", Types.BinaryType.get()));
    PartitionSpec spec = PartitionSpec.builderFor(schema).identity("b").build();
    Table table =
        TestTables.catalog("binary").createTable(TableIdentifier.of("db", "bin"), schema, spec);
    table.newAppend().appendFile(binaryFile(spec, "one")).commit();
    long first = table.currentSnapshot().snapshotId();
    table
        .newAppend()
        .appendFile(binaryFile(spec, "two"))
        .appendFile(binaryFile(spec, "three"))
        .commit();

    List<Map<String, Object>> rows =
        rows(
            SnapshotDiff.of(
                table, TimeTravel.snapshot(first), "first", TimeTravel.ref("main"), "'main'"));
    assertThat(rows)
        .singleElement()
        .satisfies(
            row -> {
              assertThat(row).containsEntry("added_data_files", 2L);
              assertThat((List<?>) row.get("partition"))
                  .singleElement()
                  .isEqualTo(new byte[] {1, 2});
            });
  }

  private static DataFile binaryFile(PartitionSpec spec, String name) {
    PartitionData partition = new PartitionData(spec.partitionType());
    partition.set(0, ByteBuffer.wrap(new byte[] {1, 2}));
    return DataFiles.builder(spec)
        .withPath("mem://data/" + name + ".parquet")
        .withFormat(FileFormat.PARQUET)
        .withFileSizeInBytes(10)
        .withRecordCount(1)
        .withPartition(partition)
        .build();
  }

  @Test
  void anUnknownBoundNamesItsArgument() {
    Table table = TestTables.unpartitioned();
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () ->
                SnapshotDiff.of(
                    table, TimeTravel.ref("main"), "'main'", TimeTravel.ref("x"), "'x'"))
        .isInstanceOf(MetadataTableException.class)
        .hasMessage(
            "Cannot compute snapshot_diff of "
                + table.name()
                + ": argument to = 'x' selects no snapshot: unknown branch or tag 'x' (refs:"
                + " main)");
  }

  private static List<Snapshot> snapshots(Table table) {
    List<Snapshot> snapshots = new ArrayList<>();
    table.snapshots().forEach(snapshots::add);
    return snapshots;
  }

  private static List<Map<String, Object>> rows(SnapshotDiff diff) {
    List<String> names = diff.schema().columns().stream().map(c -> c.name()).toList();
    List<Map<String, Object>> rows = new ArrayList<>();
    try (CloseableIterable<List<Object>> read = diff.rows()) {
      for (List<Object> row : read) {
        Map<String, Object> named = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) {
          named.put(names.get(i), row.get(i));
        }
        rows.add(named);
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return rows;
  }
}
