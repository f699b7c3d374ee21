package io.icegate.metadata;

import static java.util.Objects.requireNonNull;

import io.icegate.metadata.value.ValueConverter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.iceberg.FileContent;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.ManifestFile;
import org.apache.iceberg.MetadataTableType;
import org.apache.iceberg.MetadataTableUtils;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableScan;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.util.ParallelIterable;
import org.apache.iceberg.util.SnapshotUtil;
import org.apache.iceberg.util.ThreadPools;

/**
 * What changed in a table between two snapshots: per partition (and spec), the data and delete
 * files live in one snapshot and not in the other, with their records and bytes, and the snapshots
 * committed in between when one is an ancestor of the other.
 *
 * <p>Only manifests that are not in both snapshots' manifest lists are read (on Iceberg's worker
 * pool, as iceberg-core reads manifests): a manifest both list holds the same live files for both,
 * and a live file is in one manifest of a snapshot. A file is known by its location (and, for a
 * deletion vector, its offset in the Puffin file), so a file that a rewrite of manifests moved to
 * another manifest is neither added nor removed. Partitions are the table's unified partition type,
 * as in the {@code files} and {@code partitions} tables.
 */
public final class SnapshotDiff {
  /** The relation's name in {@code icegate.system}. */
  public static final String NAME = "snapshot_diff";

  private static final String DATA_FILE = "data_file";
  private static final int DELETED = 2;
  private static final List<String> FILE_COLUMNS =
      List.of("content", "file_path", "record_count", "file_size_in_bytes", "spec_id");

  private final Table table;
  private final long fromSnapshotId;
  private final long toSnapshotId;
  private final Schema schema;
  private final Types.StructType partitionType;

  private SnapshotDiff(Table table, long fromSnapshotId, long toSnapshotId) {
    this.table = table;
    this.fromSnapshotId = fromSnapshotId;
    this.toSnapshotId = toSnapshotId;
    this.partitionType = partitionType(table);
    this.schema = schema(partitionType);
  }

  /**
   * The diff of {@code table} from the snapshot {@code from} selects to the one {@code to} selects
   * (as {@code VERSION AS OF} and {@code TIMESTAMP AS OF} select them). Reads no manifest yet.
   *
   * @param fromText {@code from} as written, for messages; likewise {@code toText}
   * @throws MetadataTableException naming the argument when one selects no snapshot
   */
  public static SnapshotDiff of(
      Table table, TimeTravel from, String fromText, TimeTravel to, String toText) {
    requireNonNull(table, "table is null");
    long fromId = resolve(table, "from", from, fromText);
    long toId = resolve(table, "to", to, toText);
    return new SnapshotDiff(table, fromId, toId);
  }

  private static long resolve(Table table, String argument, TimeTravel travel, String text) {
    try {
      return SnapshotResolver.resolve(table, requireNonNull(travel, argument + " is null"));
    } catch (MetadataTableException e) {
      String reason = e.getMessage().replaceFirst("^Cannot time travel on [^:]*: ", "");
      throw new MetadataTableException(
          e.reason(),
          String.format(
              "Cannot compute %s of %s: argument %s = %s selects no snapshot: %s",
              NAME, table.name(), argument, text, reason));
    }
  }

  /** The columns; {@code partition} only for a table that has (or had) partition fields. */
  public Schema schema() {
    return schema;
  }

  /** The columns of a diff of {@code table}, as {@link #schema()} gives them. */
  public static Schema schema(Table table) {
    return schema(partitionType(table));
  }

  public long fromSnapshotId() {
    return fromSnapshotId;
  }

  public long toSnapshotId() {
    return toSnapshotId;
  }

  /**
   * The snapshots after {@code from} up to {@code to}, oldest first (empty when they are the same),
   * when {@code from} is an ancestor of {@code to}; empty otherwise: then no list of commits leads
   * from one to the other.
   */
  public Optional<List<Long>> snapshotIds() {
    if (fromSnapshotId == toSnapshotId) {
      return Optional.of(List.of());
    }
    if (!SnapshotUtil.isAncestorOf(table, toSnapshotId, fromSnapshotId)) {
      return Optional.empty();
    }
    List<Long> ids = new ArrayList<>();
    SnapshotUtil.ancestorIdsBetween(toSnapshotId, fromSnapshotId, table::snapshot)
        .forEach(ids::add);
    Collections.reverse(ids);
    return Optional.of(List.copyOf(ids));
  }

  /**
   * The rows, one per spec and partition that changed, in {@link #schema()}'s columns: the changed
   * manifests are read when iteration starts, and their files' keys are held until the rows are
   * made (the rows themselves are one per partition).
   */
  public CloseableIterable<List<Object>> rows() {
    return CloseableIterable.combine(() -> computeRows().iterator(), () -> {});
  }

  private List<List<Object>> computeRows() {
    Snapshot from = table.snapshot(fromSnapshotId);
    Snapshot to = table.snapshot(toSnapshotId);
    Set<String> fromManifests = manifestPaths(from);
    Set<String> toManifests = manifestPaths(to);
    Map<String, FileFacts> fromOnly = liveFiles(fromSnapshotId, toManifests);
    Map<String, FileFacts> toOnly = liveFiles(toSnapshotId, fromManifests);
    Map<PartitionKey, Change> changes = new LinkedHashMap<>();
    toOnly.forEach(
        (key, file) -> {
          if (!fromOnly.containsKey(key)) {
            changes.computeIfAbsent(file.partitionKey(), k -> new Change(file)).add(file, true);
          }
        });
    fromOnly.forEach(
        (key, file) -> {
          if (!toOnly.containsKey(key)) {
            changes.computeIfAbsent(file.partitionKey(), k -> new Change(file)).add(file, false);
          }
        });
    List<Long> between = snapshotIds().orElse(null);
    boolean partitioned = !partitionType.fields().isEmpty();
    List<List<Object>> rows = new ArrayList<>(changes.size());
    changes.forEach(
        (key, change) -> {
          List<Object> row = new ArrayList<>(schema.columns().size());
          if (partitioned) {
            row.add(change.partition);
          }
          row.add(key.specId());
          row.addAll(
              Arrays.asList(
                  change.addedDataFiles,
                  change.removedDataFiles,
                  change.addedDeleteFiles,
                  change.removedDeleteFiles,
                  change.addedRecords,
                  change.removedRecords,
                  change.addedDeleteRecords,
                  change.removedDeleteRecords,
                  change.addedBytes,
                  change.removedBytes,
                  fromSnapshotId,
                  toSnapshotId));
          row.add(between);
          rows.add(Collections.unmodifiableList(row));
        });
    return rows;
  }

  private Set<String> manifestPaths(Snapshot snapshot) {
    Set<String> paths = new HashSet<>();
    for (ManifestFile manifest : snapshot.allManifests(table.io())) {
      paths.add(manifest.path());
    }
    return paths;
  }

  /**
   * The live files of the snapshot's manifests that are not in {@code skipped}, by key, read
   * through the entries table (whose partitions are already in the unified type).
   */
  private Map<String, FileFacts> liveFiles(long snapshotId, Set<String> skipped) {
    TableScan scan =
        MetadataTableUtils.createMetadataTableInstance(table, MetadataTableType.ENTRIES)
            .newScan()
            .useSnapshot(snapshotId);
    Types.StructType file = scan.schema().findType(DATA_FILE).asStructType();
    List<String> columns = new ArrayList<>();
    columns.add("status");
    FILE_COLUMNS.forEach(column -> columns.add(DATA_FILE + "." + column));
    boolean partitioned = file.field("partition") != null;
    if (partitioned) {
      columns.add(DATA_FILE + ".partition");
    }
    boolean offsets = file.field("content_offset") != null;
    if (offsets) {
      columns.add(DATA_FILE + ".content_offset");
    }
    TableScan selected = scan.select(columns);
    Schema read = selected.schema();
    Types.StructType readFile = read.findType(DATA_FILE).asStructType();
    int status = read.columns().indexOf(read.findField("status"));
    int dataFile = read.columns().indexOf(read.findField(DATA_FILE));
    List<Types.NestedField> fields = readFile.fields();
    int content = fields.indexOf(readFile.field("content"));
    int path = fields.indexOf(readFile.field("file_path"));
    int records = fields.indexOf(readFile.field("record_count"));
    int size = fields.indexOf(readFile.field("file_size_in_bytes"));
    int spec = fields.indexOf(readFile.field("spec_id"));
    int partition = partitioned ? fields.indexOf(readFile.field("partition")) : -1;
    int offset = offsets ? fields.indexOf(readFile.field("content_offset")) : -1;
    ValueConverter partitionValues =
        partitioned ? ValueConverter.forType(readFile.field("partition").type()) : value -> null;
    List<FileScanTask> changed = new ArrayList<>();
    try (CloseableIterable<FileScanTask> tasks = selected.planFiles()) {
      for (FileScanTask task : tasks) {
        // An entries task names its manifest as its file.
        if (!skipped.contains(task.file().location())) {
          changed.add(task);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot plan the manifests of " + table.name() + ": " + e.getMessage(), e);
    }
    // Each manifest's live files, read on Iceberg's worker pool as iceberg-core reads manifests.
    List<Iterable<Map.Entry<String, FileFacts>>> reads = new ArrayList<>();
    for (FileScanTask task : changed) {
      reads.add(
          () -> {
            List<Map.Entry<String, FileFacts>> live = new ArrayList<>();
            try (CloseableIterable<StructLike> rows = task.asDataTask().rows()) {
              for (StructLike row : rows) {
                if (row.get(status, Integer.class) == DELETED) {
                  continue;
                }
                StructLike entry = row.get(dataFile, StructLike.class);
                Long contentOffset = offset < 0 ? null : entry.get(offset, Long.class);
                String location = entry.get(path, String.class);
                String key = contentOffset == null ? location : location + "#" + contentOffset;
                Object partitionValue =
                    partition < 0
                        ? null
                        : partitionValues.convert(entry.get(partition, Object.class));
                live.add(
                    Map.entry(
                        key,
                        new FileFacts(
                            new PartitionKey(
                                entry.get(spec, Integer.class), comparable(partitionValue)),
                            partitionValue,
                            entry.get(content, Integer.class) != FileContent.DATA.id(),
                            entry.get(records, Long.class),
                            entry.get(size, Long.class))));
              }
            } catch (IOException e) {
              throw new UncheckedIOException(
                  "Cannot read manifest " + task.file().location() + ": " + e.getMessage(), e);
            }
            return live.iterator();
          });
    }
    Map<String, FileFacts> files = new HashMap<>();
    try (CloseableIterable<Map.Entry<String, FileFacts>> live =
        new ParallelIterable<>(reads, ThreadPools.getWorkerPool())) {
      live.forEach(entry -> files.put(entry.getKey(), entry.getValue()));
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot read the manifests of " + table.name() + ": " + e.getMessage(), e);
    }
    return files;
  }

  private static Types.StructType partitionType(Table table) {
    Types.NestedField partition =
        MetadataTableUtils.createMetadataTableInstance(table, MetadataTableType.FILES)
            .schema()
            .findField("partition");
    return partition == null ? Types.StructType.of() : partition.type().asStructType();
  }

  private static Schema schema(Types.StructType partitionType) {
    List<Types.NestedField> columns = new ArrayList<>();
    int id = 1;
    if (!partitionType.fields().isEmpty()) {
      columns.add(Types.NestedField.required(id, "partition", partitionType));
    }
    columns.add(Types.NestedField.required(++id, "spec_id", Types.IntegerType.get()));
    for (String column :
        List.of(
            "added_data_files",
            "removed_data_files",
            "added_delete_files",
            "removed_delete_files",
            "added_records",
            "removed_records",
            "added_delete_records",
            "removed_delete_records",
            "added_bytes",
            "removed_bytes",
            "from_snapshot_id",
            "to_snapshot_id")) {
      columns.add(Types.NestedField.required(++id, column, Types.LongType.get()));
    }
    int list = ++id;
    columns.add(
        Types.NestedField.optional(
            list, "snapshot_ids", Types.ListType.ofRequired(++id, Types.LongType.get())));
    return new Schema(columns);
  }

  /** A partition's values, with binary ones compared by content. */
  private static Object comparable(Object value) {
    if (value instanceof byte[] bytes) {
      return ByteBuffer.wrap(bytes);
    } else if (value instanceof List<?> list) {
      return list.stream().map(SnapshotDiff::comparable).toList();
    }
    return value;
  }

  /** A spec and a partition's {@link #comparable} values. */
  private record PartitionKey(int specId, Object partition) {}

  private record FileFacts(
      PartitionKey partitionKey, Object partition, boolean delete, long records, long bytes) {}

  /** One partition's sums. */
  private static final class Change {
    final Object partition;
    long addedDataFiles;
    long removedDataFiles;
    long addedDeleteFiles;
    long removedDeleteFiles;
    long addedRecords;
    long removedRecords;
    long addedDeleteRecords;
    long removedDeleteRecords;
    long addedBytes;
    long removedBytes;

    Change(FileFacts first) {
      this.partition = first.partition();
    }

    void add(FileFacts file, boolean added) {
      if (added) {
        addedBytes += file.bytes();
        if (file.delete()) {
          addedDeleteFiles++;
          addedDeleteRecords += file.records();
        } else {
          addedDataFiles++;
          addedRecords += file.records();
        }
      } else {
        removedBytes += file.bytes();
        if (file.delete()) {
          removedDeleteFiles++;
          removedDeleteRecords += file.records();
        } else {
          removedDataFiles++;
          removedRecords += file.records();
        }
      }
    }
  }
}
