package io.icegate.metadata.partitions;

import static java.util.Objects.requireNonNull;

import io.icegate.metadata.partitions.ManifestCounts.Count;
import io.icegate.metadata.partitions.ManifestCounts.Totals;
import io.icegate.metadata.value.ArrayStruct;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.apache.iceberg.FileContent;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.ManifestFile;
import org.apache.iceberg.MetadataTableType;
import org.apache.iceberg.MetadataTableUtils;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableScan;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.CloseableIterator;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.util.ParallelIterable;
import org.apache.iceberg.util.ThreadPools;

/**
 * The rows of a table's {@code partitions} metadata table, equal to iceberg-core's {@code
 * PartitionsTable} (and so Spark's), summed here from each manifest's {@link ManifestCounts} so
 * that a manifest read once is not decoded again (see {@link PartitionCountsCache}).
 *
 * <p>The manifests are read through iceberg-core's {@code entries} metadata table (its scan tasks'
 * rows, one task a manifest), the seven columns the sums need only. As in iceberg-core: only live
 * entries count; a partition is a row per value of the table's unified partition type and per
 * number of its fields the file's spec has (a file of an older spec with fewer fields is a row of
 * its own, even when the values agree); {@code last_updated_*} and {@code spec_id} come from the
 * latest commit among the partition's files whose snapshot the table still has.
 *
 * <p>Like iceberg-core's, the rows are summed before the first is handed out, one sum per
 * partition.
 */
public final class PartitionsRows implements CloseableIterable<StructLike> {
  private static final String DATA_FILE = "data_file";
  private static final List<String> ENTRY_COLUMNS = List.of("status", "snapshot_id");
  private static final List<String> FILE_COLUMNS =
      List.of("content", "record_count", "file_size_in_bytes", "spec_id", "partition");

  /** {@code status} of an entry that removes its file. */
  private static final int DELETED = 2;

  private final Table table;
  private final PartitionCountsCache cache;
  private final TableScan entries;
  private final Types.StructType partitionType;
  private final Map<Integer, Integer> fieldsPerSpec = new HashMap<>();

  /**
   * The rows of {@code table}'s partitions at {@code snapshotId} (empty: the current snapshot). The
   * entries scan, the partition type it reads and the specs are taken from the table here, at once:
   * counts are kept under the type they were read in, even if the table object is refreshed before
   * the rows are read.
   */
  public PartitionsRows(Table table, OptionalLong snapshotId, PartitionCountsCache cache) {
    this.table = requireNonNull(table, "table is null");
    this.cache = requireNonNull(cache, "cache is null");
    requireNonNull(snapshotId, "snapshotId is null");
    Map<Integer, PartitionSpec> specs = table.specs();
    TableScan scan =
        MetadataTableUtils.createMetadataTableInstance(table, MetadataTableType.ENTRIES).newScan();
    if (snapshotId.isPresent()) {
      scan = scan.useSnapshot(snapshotId.getAsLong());
    }
    // An unpartitioned table's files have no partition column.
    boolean partitioned = scan.schema().findField(DATA_FILE + ".partition") != null;
    this.entries = scan.select(columns(partitioned));
    this.partitionType =
        partitioned
            ? entries.schema().findType(DATA_FILE + ".partition").asStructType()
            : Types.StructType.of();
    List<Integer> partitionFieldIds =
        partitionType.fields().stream().map(Types.NestedField::fieldId).toList();
    for (PartitionSpec spec : specs.values()) {
      List<Integer> specIds =
          spec.partitionType().fields().stream().map(Types.NestedField::fieldId).toList();
      fieldsPerSpec.put(
          spec.specId(), (int) partitionFieldIds.stream().filter(specIds::contains).count());
    }
  }

  /**
   * Reads (or finds kept) every manifest's counts and sums them; the rows are in iceberg-core's
   * columns.
   */
  @Override
  public CloseableIterator<StructLike> iterator() {
    Map<PartitionKey, Sum> sums = new LinkedHashMap<>();
    for (ManifestCounts manifest : manifestCounts()) {
      for (Count count : manifest.counts()) {
        Integer fields = fieldsPerSpec.get(count.specId());
        if (fields == null) {
          throw new IllegalStateException(
              String.format(
                  "Cannot sum the partitions of %s: it has no partition spec %d",
                  table.name(), count.specId()));
        }
        Snapshot added = count.snapshotId() == null ? null : table.snapshot(count.snapshotId());
        sums.computeIfAbsent(new PartitionKey(fields, count.partition()), key -> new Sum())
            .add(count, added);
      }
    }
    boolean partitioned = !partitionType.fields().isEmpty();
    List<StructLike> rows = new ArrayList<>(sums.size());
    sums.forEach((key, sum) -> rows.add(sum.row(partitioned ? key.values() : null)));
    return CloseableIterator.withClose(rows.iterator());
  }

  @Override
  public void close() {
    // Nothing stays open: each iterator reads its manifests before it returns.
  }

  /** A manifest to read: its entries task, and where to keep its counts (null: not kept). */
  private record Miss(FileScanTask task, PartitionCountsCache.Key key) {}

  /**
   * Each manifest's counts: kept ones from the cache, the others read on Iceberg's worker pool as
   * iceberg-core reads them (a few at a time, cancelled when the read fails).
   */
  private List<ManifestCounts> manifestCounts() {
    EntryReader reader = new EntryReader(entries.schema());
    List<ManifestCounts> counts = new ArrayList<>();
    List<Miss> misses = new ArrayList<>();
    Snapshot snapshot = entries.snapshot();
    // The entries scan has a task per manifest of the snapshot's list, in its order: the list gives
    // each manifest's
    // adding snapshot, which its entries may inherit (the same file can be listed by other
    // snapshots or tables).
    Iterator<ManifestFile> listed =
        snapshot == null
            ? Collections.emptyIterator()
            : snapshot.allManifests(table.io()).iterator();
    try (CloseableIterable<FileScanTask> tasks = entries.planFiles()) {
      for (FileScanTask task : tasks) {
        // An entries task names its manifest as its file.
        String path = task.file().location();
        ManifestFile manifest = listed.hasNext() ? listed.next() : null;
        if (manifest == null || !manifest.path().equals(path)) {
          misses.add(new Miss(task, null));
          continue;
        }
        PartitionCountsCache.Key key =
            new PartitionCountsCache.Key(path, manifest.snapshotId(), partitionType);
        cache.get(key).ifPresentOrElse(counts::add, () -> misses.add(new Miss(task, key)));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot plan the manifests of " + table.name() + ": " + e.getMessage(), e);
    }
    List<Iterable<ManifestCounts>> reads =
        misses.stream()
            .<Iterable<ManifestCounts>>map(
                miss ->
                    () -> {
                      ManifestCounts read = reader.read(miss.task());
                      if (miss.key() != null) {
                        cache.put(miss.key(), read);
                      }
                      return List.of(read).iterator();
                    })
            .toList();
    try (CloseableIterable<ManifestCounts> read =
        new ParallelIterable<>(reads, ThreadPools.getWorkerPool())) {
      read.forEach(counts::add);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot read the manifests of " + table.name() + ": " + e.getMessage(), e);
    }
    return counts;
  }

  private static List<String> columns(boolean partitioned) {
    List<String> columns = new ArrayList<>(ENTRY_COLUMNS);
    for (String column : FILE_COLUMNS) {
      if (partitioned || !column.equals("partition")) {
        columns.add(DATA_FILE + "." + column);
      }
    }
    return columns;
  }

  /**
   * Reads one manifest's live entries through an entries task's rows, in the scan's selected
   * columns.
   */
  private static final class EntryReader {
    private final int status;
    private final int snapshotId;
    private final int dataFile;
    private final int content;
    private final int recordCount;
    private final int fileSize;
    private final int specId;
    private final int partition;

    EntryReader(Schema read) {
      List<Types.NestedField> columns = read.columns();
      this.status = columns.indexOf(read.findField("status"));
      this.snapshotId = columns.indexOf(read.findField("snapshot_id"));
      this.dataFile = columns.indexOf(read.findField(DATA_FILE));
      List<Types.NestedField> fileColumns = read.findType(DATA_FILE).asStructType().fields();
      Types.StructType file = read.findType(DATA_FILE).asStructType();
      this.content = fileColumns.indexOf(file.field("content"));
      this.recordCount = fileColumns.indexOf(file.field("record_count"));
      this.fileSize = fileColumns.indexOf(file.field("file_size_in_bytes"));
      this.specId = fileColumns.indexOf(file.field("spec_id"));
      this.partition =
          file.field("partition") == null ? -1 : fileColumns.indexOf(file.field("partition"));
    }

    ManifestCounts read(FileScanTask task) {
      ManifestCounts.Builder counts = new ManifestCounts.Builder();
      try (CloseableIterable<StructLike> rows = task.asDataTask().rows()) {
        for (StructLike row : rows) {
          if (row.get(status, Integer.class) == DELETED) {
            continue;
          }
          StructLike file = row.get(dataFile, StructLike.class);
          counts.add(
              partition < 0 ? null : file.get(partition, StructLike.class),
              file.get(specId, Integer.class),
              row.get(snapshotId, Long.class),
              content(file.get(content, Integer.class)),
              file.get(recordCount, Long.class),
              file.get(fileSize, Long.class));
        }
      } catch (IOException e) {
        throw new UncheckedIOException(
            "Cannot read manifest " + task.file().location() + ": " + e.getMessage(), e);
      }
      return counts.build();
    }

    private static FileContent content(int id) {
      for (FileContent content : FileContent.values()) {
        if (content.id() == id) {
          return content;
        }
      }
      throw new IllegalStateException("Cannot count a file of unknown content " + id);
    }
  }

  /**
   * A partitions row: the values in the unified type, and how many of its fields the files' spec
   * has.
   */
  private record PartitionKey(int specFields, List<Object> values) {}

  /** One partition's sums, updated as iceberg-core's {@code PartitionsTable.Partition} is. */
  private static final class Sum {
    private int specId;
    private Totals totals = Totals.NONE;
    private Long lastUpdatedAt;
    private Long lastUpdatedSnapshotId;

    void add(Count count, Snapshot snapshot) {
      if (snapshot != null) {
        long committedAt = snapshot.timestampMillis() * 1000;
        if (lastUpdatedAt == null || committedAt > lastUpdatedAt) {
          specId = count.specId();
          lastUpdatedAt = committedAt;
          lastUpdatedSnapshotId = snapshot.snapshotId();
        }
      }
      totals = totals.plus(count.totals());
    }

    /**
     * The row in iceberg-core's columns; an unpartitioned table's ({@code partition} null) has no
     * first two.
     */
    StructLike row(List<Object> partition) {
      List<Object> values = new ArrayList<>(11);
      if (partition != null) {
        values.add(new ArrayStruct(partition.toArray()));
        values.add(specId);
      }
      values.addAll(
          List.of(
              totals.dataRecords(),
              totals.dataFiles(),
              totals.dataBytes(),
              totals.positionDeleteRecords(),
              totals.positionDeleteFiles(),
              totals.equalityDeleteRecords(),
              totals.equalityDeleteFiles()));
      // The last update is null for a partition whose files' snapshots are all gone.
      values.add(lastUpdatedAt);
      values.add(lastUpdatedSnapshotId);
      return new ArrayStruct(values.toArray());
    }
  }
}
