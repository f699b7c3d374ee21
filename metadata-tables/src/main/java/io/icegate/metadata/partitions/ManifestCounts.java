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
 * What one manifest's live entries add to the {@code partitions} table: per partition, spec and the snapshot
 * that added the files, the records, files and bytes of each kind of content. Partitions are kept in the positions
 * of the table's unified partition type they were read in (a field the file's spec lacks is null).
 *
 * <p>A manifest never changes once written, so its counts can be kept for as long as that unified type stays the
 * same (see {@link PartitionCountsCache}).
 */
record ManifestCounts(List<Count> counts) {
  ManifestCounts {
    counts = List.copyOf(counts);
  }

  /** The counts of the files of one partition, spec and adding snapshot. */
  record Count(List<Object> partition, int specId, Long snapshotId, long dataRecords, int dataFiles,
      long dataBytes, long positionDeleteRecords, int positionDeleteFiles, long equalityDeleteRecords,
      int equalityDeleteFiles) {}

  /** Sums the live entries of one manifest, as they are read. */
  static final class Builder {
    private final Map<Key, long[]> sums = new LinkedHashMap<>();

    private record Key(List<Object> partition, int specId, Long snapshotId) {}

    /**
     * One live entry; {@code partition} may be null (an unpartitioned table) and is copied, {@code snapshotId} the
     * snapshot that added the file.
     */
    void add(StructLike partition, int specId, Long snapshotId, FileContent content, long records, long bytes) {
      long[] sum = sums.computeIfAbsent(new Key(values(partition), specId, snapshotId), key -> new long[7]);
      switch (content) {
        case DATA -> {
          sum[0] += records;
          sum[1] += 1;
          sum[2] += bytes;
        }
        case POSITION_DELETES -> {
          sum[3] += records;
          sum[4] += 1;
        }
        case EQUALITY_DELETES -> {
          sum[5] += records;
          sum[6] += 1;
        }
        default -> throw new IllegalStateException("Cannot count files of content " + content);
      }
    }

    ManifestCounts build() {
      List<Count> counts = new ArrayList<>(sums.size());
      sums.forEach((key, sum) -> counts.add(new Count(key.partition(), key.specId(), key.snapshotId(), sum[0],
          Math.toIntExact(sum[1]), sum[2], sum[3], Math.toIntExact(sum[4]), sum[5], Math.toIntExact(sum[6]))));
      return new ManifestCounts(counts);
    }

    /**
     * The values, copied out of the reader's reused objects and made comparable by content as Iceberg compares
     * partitions: text as {@code String}, binary as a read-only buffer.
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
