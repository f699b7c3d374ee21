package io.icegate.metadata.partitions;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.FileContent;
import org.apache.iceberg.StructLike;

/**
 * What one manifest's live entries add to the {@code partitions} table: per partition, spec and the
 * snapshot that added the files, the records, files and bytes of each kind of content. Partitions
 * are kept in the positions of the table's unified partition type they were read in (a field the
 * file's spec lacks is null).
 *
 * <p>A manifest never changes once written, so its counts can be kept for as long as that unified
 * type stays the same (see {@link PartitionCountsCache}).
 */
record ManifestCounts(List<Count> counts) {
  ManifestCounts {
    counts = List.copyOf(counts);
  }

  /** The counts of the files of one partition, spec and adding snapshot. */
  record Count(List<Object> partition, int specId, Long snapshotId, Totals totals) {}

  /**
   * Records, files and bytes of each kind of content, as the {@code partitions} table sums them.
   */
  record Totals(
      long dataRecords,
      int dataFiles,
      long dataBytes,
      long positionDeleteRecords,
      int positionDeleteFiles,
      long equalityDeleteRecords,
      int equalityDeleteFiles) {
    static final Totals NONE = new Totals(0, 0, 0, 0, 0, 0, 0);

    /** One file's. */
    static Totals of(FileContent content, long records, long bytes) {
      return switch (content) {
        case DATA -> new Totals(records, 1, bytes, 0, 0, 0, 0);
        case POSITION_DELETES -> new Totals(0, 0, 0, records, 1, 0, 0);
        case EQUALITY_DELETES -> new Totals(0, 0, 0, 0, 0, records, 1);
        default -> throw new IllegalStateException("Cannot count files of content " + content);
      };
    }

    Totals plus(Totals other) {
      return new Totals(
          dataRecords + other.dataRecords,
          dataFiles + other.dataFiles,
          dataBytes + other.dataBytes,
          positionDeleteRecords + other.positionDeleteRecords,
          positionDeleteFiles + other.positionDeleteFiles,
          equalityDeleteRecords + other.equalityDeleteRecords,
          equalityDeleteFiles + other.equalityDeleteFiles);
    }
  }

  /** Sums the live entries of one manifest, as they are read. */
  static final class Builder {
    private final Map<Key, Totals> sums = new LinkedHashMap<>();

    private record Key(List<Object> partition, int specId, Long snapshotId) {}

    /**
     * One live entry; {@code partition} may be null (an unpartitioned table) and is copied, {@code
     * snapshotId} the snapshot that added the file.
     */
    void add(
        StructLike partition,
        int specId,
        Long snapshotId,
        FileContent content,
        long records,
        long bytes) {
      sums.merge(
          new Key(values(partition), specId, snapshotId),
          Totals.of(content, records, bytes),
          Totals::plus);
    }

    ManifestCounts build() {
      List<Count> counts = new ArrayList<>(sums.size());
      sums.forEach(
          (key, totals) ->
              counts.add(new Count(key.partition(), key.specId(), key.snapshotId(), totals)));
      return new ManifestCounts(counts);
    }

    /**
     * The values, copied out of the reader's reused objects and made comparable by content as
     * Iceberg compares partitions: text as {@code String}, binary as a read-only buffer.
     */
    private static List<Object> values(StructLike partition) {
      if (partition == null) {
        return List.of();
      }
      Object[] values = new Object[partition.size()];
      for (int i = 0; i < values.length; i++) {
        Object value = partition.get(i, Object.class);
        if (value instanceof CharSequence text) {
          value = text.toString();
        } else if (value instanceof ByteBuffer buffer) {
          value = copy(buffer);
        } else if (value instanceof byte[] bytes) {
          value = ByteBuffer.wrap(bytes.clone()).asReadOnlyBuffer();
        }
        values[i] = value;
      }
      return Arrays.asList(values);
    }

    private static ByteBuffer copy(ByteBuffer buffer) {
      ByteBuffer copy = ByteBuffer.allocate(buffer.remaining());
      copy.put(buffer.duplicate()).flip();
      return copy.asReadOnlyBuffer();
    }
  }
}
