package io.icegate.metadata;

import static io.icegate.metadata.Relations.byKey;
import static io.icegate.metadata.Relations.column;
import static io.icegate.metadata.Relations.open;
import static io.icegate.metadata.Relations.read;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.metadata.testing.TestTables;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.HistoryEntry;
import org.apache.iceberg.ManifestFile;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.SnapshotRef;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.types.Conversions;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every native metadata table, read without time travel, against what the table's own API says. */
class MetadataTableReadTest {
  private static TestTables.Rich rich;
  private static Table table;

  @BeforeAll
  static void tables() {
    rich = TestTables.richWithFirstExpired();
    table = rich.table();
  }

  @Test
  void snapshotsAreTheTablesSnapshotsWithTimesInMicroseconds() {
    MetadataRelation relation = open(table, MetadataTableKind.SNAPSHOTS);
    Map<Long, Map<String, Object>> rows =
        byKey(relation, read(relation), row -> (Long) row.get("snapshot_id"));
    List<Snapshot> snapshots = new ArrayList<>();
    table.snapshots().forEach(snapshots::add);

    assertThat(rows.keySet())
        .containsExactlyElementsOf(snapshots.stream().map(Snapshot::snapshotId).toList());
    assertThat(rows).hasSize(7).doesNotContainKey(rich.first());
    for (Snapshot snapshot : snapshots) {
      Map<String, Object> row = rows.get(snapshot.snapshotId());
      assertThat(row.get("committed_at")).isEqualTo(snapshot.timestampMillis() * 1000);
      assertThat(row.get("parent_id")).isEqualTo(snapshot.parentId());
      assertThat(row.get("operation")).isEqualTo(snapshot.operation());
      assertThat(row.get("manifest_list")).isEqualTo(snapshot.manifestListLocation());
      assertThat(row.get("summary")).isEqualTo(snapshot.summary());
    }
    assertThat(rows.get(rich.overwrite()).get("operation")).isEqualTo("overwrite");
  }

  @Test
  void historyFollowsTheSnapshotLogAndMarksTheRolledBackCommit() {
    MetadataRelation relation = open(table, MetadataTableKind.HISTORY);
    List<List<Object>> rows = read(relation);
    List<HistoryEntry> history = table.history();

    assertThat(column(relation, rows, "snapshot_id"))
        .containsExactlyElementsOf(history.stream().map(HistoryEntry::snapshotId).toList())
        .containsExactly(
            rich.second(),
            rich.rowDelta(),
            rich.overwrite(),
            rich.evolved(),
            rich.rolledBack(),
            rich.evolved(),
            rich.last());
    assertThat(column(relation, rows, "made_current_at"))
        .containsExactlyElementsOf(
            history.stream().map(entry -> entry.timestampMillis() * 1000).toList());
    assertThat(column(relation, rows, "parent_id"))
        .containsExactlyElementsOf(
            history.stream().map(entry -> table.snapshot(entry.snapshotId()).parentId()).toList());
    assertThat(column(relation, rows, "is_current_ancestor"))
        .containsExactly(true, true, true, true, false, true, true);
  }

  @Test
  void refsAreTheTablesRefs() {
    MetadataRelation relation = open(table, MetadataTableKind.REFS);
    Map<String, Map<String, Object>> rows =
        byKey(relation, read(relation), row -> (String) row.get("name"));

    assertThat(rows.keySet()).containsExactlyInAnyOrderElementsOf(table.refs().keySet());
    for (Map.Entry<String, SnapshotRef> ref : table.refs().entrySet()) {
      Map<String, Object> row = rows.get(ref.getKey());
      assertThat(row.get("type")).isEqualTo(ref.getValue().type().name());
      assertThat(row.get("snapshot_id")).isEqualTo(ref.getValue().snapshotId());
    }
    assertThat(rows.get("main").get("snapshot_id")).isEqualTo(rich.last());
    assertThat(rows.get("tag_a"))
        .containsEntry("type", "TAG")
        .containsEntry("snapshot_id", rich.second());
    assertThat(rows.get("audit"))
        .containsEntry("type", "BRANCH")
        .containsEntry("snapshot_id", rich.onBranch());
  }

  @Test
  void metadataLogEntriesEndWithTheCurrentMetadataFile() {
    MetadataRelation relation = open(table, MetadataTableKind.METADATA_LOG_ENTRIES);
    List<List<Object>> rows = read(relation);
    TableMetadata metadata = ((HasTableOperations) table).operations().current();

    assertThat(rows).hasSize(metadata.previousFiles().size() + 1);
    List<Object> last = rows.get(rows.size() - 1);
    assertThat(last.subList(0, 3))
        .containsExactly(
            metadata.lastUpdatedMillis() * 1000, metadata.metadataFileLocation(), rich.last());
    assertThat(column(relation, rows, "file"))
        .startsWith(
            metadata.previousFiles().stream().map(TableMetadata.MetadataLogEntry::file).toArray());
  }

  @Test
  void filesAreTheCurrentDataAndDeleteFiles() {
    MetadataRelation relation = open(table, MetadataTableKind.FILES);
    Map<String, Map<String, Object>> rows =
        byKey(relation, read(relation), row -> name(row.get("file_path")));

    assertThat(rows.keySet())
        .containsExactlyInAnyOrder("a-1", "a-2", "b-2", "c-1", "d-1", "a-1-deletes");
    assertThat(rows.get("a-1-deletes"))
        .containsEntry("content", 1)
        .containsEntry("record_count", 2L);
    assertThat(rows.get("c-1"))
        .containsEntry("spec_id", 1)
        .containsEntry("partition", List.of("c", 2));
  }

  @Test
  void aFileRowHasPlainValuesThatKeepEverything() {
    MetadataRelation relation = open(table, MetadataTableKind.DATA_FILES);
    Map<String, Object> a1 =
        byKey(relation, read(relation), row -> name(row.get("file_path"))).get("a-1");

    assertThat(a1)
        .containsEntry("content", 0)
        .containsEntry("file_path", "mem://data/a-1.parquet")
        .containsEntry("file_format", "PARQUET")
        .containsEntry("spec_id", 0)
        .containsEntry("partition", Arrays.asList("a", null))
        .containsEntry("record_count", 10L)
        .containsEntry("file_size_in_bytes", 1000L)
        .containsEntry("column_sizes", Map.of(1, 80L, 2, 30L))
        .containsEntry("null_value_counts", Map.of(1, 0L, 2, 1L))
        .containsEntry("nan_value_counts", Map.of())
        .containsEntry("key_metadata", null)
        .containsEntry("split_offsets", List.of(4L))
        .containsEntry("equality_ids", null)
        .containsEntry("sort_order_id", 0);
    assertThat(a1.get("column_sizes")).isInstanceOf(Map.class);
    @SuppressWarnings("unchecked")
    Map<Integer, Object> lowerBounds = (Map<Integer, Object>) a1.get("lower_bounds");
    assertThat(lowerBounds.get(1))
        .isEqualTo(bytes(Conversions.toByteBuffer(Types.LongType.get(), 1L)));
    assertThat(lowerBounds.get(2)).isEqualTo("a".getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  @Test
  void readableMetricsAreStructsOfTypedBoundsByColumnName() {
    MetadataRelation relation = open(table, MetadataTableKind.FILES);
    Map<String, Map<String, Object>> rows =
        byKey(relation, read(relation), row -> name(row.get("file_path")));

    // category, data, extra, id, ts; each: column_size, value_count, null_value_count,
    // nan_value_count, bounds
    List<Object> none = Arrays.asList(null, null, null, null, null, null);
    assertThat(rows.get("a-1").get("readable_metrics"))
        .isEqualTo(
            List.of(
                none,
                Arrays.asList(30L, 10L, 1L, null, "a", "j"),
                none,
                Arrays.asList(80L, 10L, 0L, null, 1L, 10L),
                none));
    assertThat(rows.get("a-1-deletes").get("readable_metrics"))
        .isEqualTo(List.of(none, none, none, none, none));
  }

  @Test
  void deleteFilesAreTheCurrentDeleteFiles() {
    MetadataRelation relation = open(table, MetadataTableKind.DELETE_FILES);
    List<List<Object>> rows = read(relation);

    assertThat(column(relation, rows, "file_path"))
        .containsExactly(rich.positionDeletes().location());
    assertThat(column(relation, rows, "partition")).containsExactly(Arrays.asList("a", null));
  }

  @Test
  void entriesAreEveryEntryOfTheCurrentManifests() {
    MetadataRelation relation = open(table, MetadataTableKind.ENTRIES);
    List<List<Object>> rows = read(relation);

    assertThat(rows).hasSize(entryCount(table.currentSnapshot().allManifests(table.io())));
    List<List<Object>> dataFiles = column(relation, rows, "data_file");
    assertThat(dataFiles.stream().map(file -> name(file.get(1))))
        .containsExactlyInAnyOrder("a-1", "a-2", "b-2", "c-1", "d-1", "a-1-deletes");
    assertThat(dataFiles.get(0)).hasSize(21);
    assertThat(column(relation, rows, "readable_metrics"))
        .allSatisfy(metrics -> assertThat((List<?>) metrics).hasSize(5));
  }

  @Test
  void manifestsAreTheCurrentSnapshotsManifests() {
    MetadataRelation relation = open(table, MetadataTableKind.MANIFESTS);
    Map<String, Map<String, Object>> rows =
        byKey(relation, read(relation), row -> (String) row.get("path"));
    List<ManifestFile> manifests = table.currentSnapshot().allManifests(table.io());

    assertThat(rows.keySet())
        .containsExactlyInAnyOrderElementsOf(manifests.stream().map(ManifestFile::path).toList());
    for (ManifestFile manifest : manifests) {
      Map<String, Object> row = rows.get(manifest.path());
      assertThat(row)
          .containsEntry("content", manifest.content().id())
          .containsEntry("length", manifest.length())
          .containsEntry("partition_spec_id", manifest.partitionSpecId())
          .containsEntry("added_snapshot_id", manifest.snapshotId())
          .containsEntry(
              "added_data_files_count",
              manifest.content().id() == 0 ? manifest.addedFilesCount() : 0);
    }
    assertThat(rows.values().stream().map(row -> row.get("partition_summaries")))
        .contains(List.of(List.of(false, false, "d", "d"), List.of(false, false, "1", "1")));
  }

  @Test
  @SuppressWarnings("unchecked")
  void partitionsSumTheirFiles() {
    MetadataRelation relation = open(table, MetadataTableKind.PARTITIONS);
    Map<List<Object>, Map<String, Object>> rows =
        byKey(relation, read(relation), row -> (List<Object>) row.get("partition"));

    assertThat(rows.keySet())
        .containsExactlyInAnyOrder(
            Arrays.asList("a", null), Arrays.asList("b", null), List.of("c", 2), List.of("d", 1));
    assertThat(rows.get(Arrays.asList("a", null)))
        .containsEntry("spec_id", 0)
        .containsEntry("record_count", 13L)
        .containsEntry("file_count", 2)
        .containsEntry("total_data_file_size_in_bytes", 1300L)
        .containsEntry("position_delete_record_count", 2L)
        .containsEntry("position_delete_file_count", 1)
        .containsEntry("last_updated_snapshot_id", rich.rowDelta())
        .containsEntry("last_updated_at", table.snapshot(rich.rowDelta()).timestampMillis() * 1000);
    assertThat(rows.get(List.of("d", 1)))
        .containsEntry("spec_id", 1)
        .containsEntry("record_count", 6L);
  }

  @Test
  void allManifestsListEachSnapshotsManifests() {
    MetadataRelation relation = open(table, MetadataTableKind.ALL_MANIFESTS);
    List<List<Object>> rows = read(relation);

    int expected = 0;
    Set<Long> snapshotIds = new HashSet<>();
    for (Snapshot snapshot : table.snapshots()) {
      expected += snapshot.allManifests(table.io()).size();
      snapshotIds.add(snapshot.snapshotId());
    }
    assertThat(rows).hasSize(expected);
    assertThat(new HashSet<>(column(relation, rows, "reference_snapshot_id")))
        .isEqualTo(snapshotIds);
    assertThat(column(relation, rows, "key_metadata")).containsOnlyNulls();
  }

  @Test
  void allFilesReachEveryLiveSnapshotIncludingBranchesAndRolledBackCommits() {
    Set<String> data = paths(MetadataTableKind.ALL_DATA_FILES);
    Set<String> deletes = paths(MetadataTableKind.ALL_DELETE_FILES);
    Set<String> all = paths(MetadataTableKind.ALL_FILES);

    assertThat(data)
        .containsExactlyInAnyOrder("a-1", "b-1", "a-2", "b-2", "a-3", "c-1", "c-2", "d-1");
    assertThat(deletes).containsExactly("a-1-deletes");
    assertThat(all).containsExactlyInAnyOrderElementsOf(union(data, deletes));
  }

  @Test
  void allEntriesShowTheOverwritesDeletion() {
    MetadataRelation relation = open(table, MetadataTableKind.ALL_ENTRIES);
    List<List<Object>> rows = read(relation);

    List<List<Object>> deleted =
        rows.stream().filter(row -> Integer.valueOf(2).equals(row.get(0))).toList();
    assertThat(deleted).hasSize(1);
    assertThat(deleted.get(0).get(1)).isEqualTo(rich.overwrite());
    assertThat(name(((List<?>) deleted.get(0).get(4)).get(1))).isEqualTo("b-1");
    assertThat(rows.size()).isGreaterThan(read(table, MetadataTableKind.ENTRIES).size());
  }

  @Test
  void anUnpartitionedTableHasOnePartitionRow() {
    Table flat = TestTables.unpartitioned();
    MetadataRelation relation = open(flat, MetadataTableKind.PARTITIONS);
    List<List<Object>> rows = read(relation);

    assertThat(rows).hasSize(1);
    assertThat(rows.get(0).subList(0, 3)).containsExactly(6L, 2, 600L);
    assertThat(read(flat, MetadataTableKind.FILES))
        .hasSize(2)
        .allSatisfy(row -> assertThat(row).hasSize(21));
  }

  @Test
  void aTableWithoutSnapshotsHasEmptyMetadataTables() {
    Table empty = TestTables.empty();
    for (MetadataTableKind kind : MetadataTableKind.values()) {
      if (kind.isNative() && kind != MetadataTableKind.METADATA_LOG_ENTRIES) {
        assertThat(read(empty, kind)).as(kind.tableName()).isEmpty();
      }
    }
    assertThat(read(empty, MetadataTableKind.METADATA_LOG_ENTRIES)).hasSize(1);
  }

  private static Set<String> paths(MetadataTableKind kind) {
    MetadataRelation relation = open(table, kind);
    return column(relation, read(relation), "file_path").stream()
        .map(MetadataTableReadTest::name)
        .collect(Collectors.toSet());
  }

  private static Set<String> union(Set<String> left, Set<String> right) {
    Set<String> union = new HashSet<>(left);
    union.addAll(right);
    return union;
  }

  private static int entryCount(List<ManifestFile> manifests) {
    return manifests.stream()
        .mapToInt(m -> m.addedFilesCount() + m.existingFilesCount() + m.deletedFilesCount())
        .sum();
  }

  /** {@code mem://data/a-1.parquet} → {@code a-1}. */
  static String name(Object path) {
    String text = (String) path;
    return text.substring(text.lastIndexOf('/') + 1, text.length() - ".parquet".length());
  }

  private static byte[] bytes(ByteBuffer buffer) {
    byte[] bytes = new byte[buffer.remaining()];
    buffer.duplicate().get(bytes);
    return bytes;
  }
}
