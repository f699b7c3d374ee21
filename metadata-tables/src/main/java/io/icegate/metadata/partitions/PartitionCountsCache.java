package io.icegate.metadata.partitions;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.types.Types;

/**
 * The {@link ManifestCounts} of the manifests read lately, least recently used first out, bounded
 * by the number of counts held (about 200 bytes each). One per process, shared by every table: a
 * manifest is named by its path, which Iceberg never reuses for other contents.
 *
 * <p>Why: the {@code partitions} table sums every live entry of every manifest of a snapshot, and
 * decoding the manifests is nearly all of its time (30 ms for 10,000 data files); a commit adds a
 * manifest or a few, so the next query reads only those.
 */
public final class PartitionCountsCache {
  /**
   * The default bound: 250,000 counts, about 50 MB (measured: 198 bytes a count of one text
   * partition field).
   */
  public static final long DEFAULT_MAX_COUNTS = 250_000;

  private static final PartitionCountsCache SHARED = new PartitionCountsCache(DEFAULT_MAX_COUNTS);

  /**
   * A manifest's counts depend on the snapshot that added it (its entries may inherit that
   * snapshot's id, and the same file can be listed by other snapshots or tables) and on the unified
   * partition type they were read in: its fields' positions and types (a widened column's values
   * are read as the wider type).
   */
  record Key(String manifestPath, Long addedSnapshotId, Types.StructType partitionType) {}

  private final Map<Key, ManifestCounts> entries = new LinkedHashMap<>(16, 0.75f, true);
  private long maxCounts;
  private long heldCounts;
  private long hits;
  private long misses;

  PartitionCountsCache(long maxCounts) {
    this.maxCounts = checkedMax(maxCounts);
  }

  /** The process's cache. */
  public static PartitionCountsCache shared() {
    return SHARED;
  }

  /** Sets the bound (0 keeps nothing), dropping the least recently used counts beyond it. */
  public synchronized void setMaxCounts(long maxCounts) {
    this.maxCounts = checkedMax(maxCounts);
    evict();
  }

  public synchronized long maxCounts() {
    return maxCounts;
  }

  /** Counts held now, over all manifests, each manifest's plus one. */
  synchronized long heldCounts() {
    return heldCounts;
  }

  /** Lookups answered from the cache. */
  public synchronized long hits() {
    return hits;
  }

  /** Lookups the cache could not answer (the manifest was read). */
  public synchronized long misses() {
    return misses;
  }

  synchronized Optional<ManifestCounts> get(Key key) {
    ManifestCounts counts = entries.get(key);
    if (counts != null) {
      hits++;
    } else {
      misses++;
    }
    return Optional.ofNullable(counts);
  }

  /** Keeps {@code counts} unless they alone pass the bound. */
  synchronized void put(Key key, ManifestCounts counts) {
    long weight = weight(counts);
    if (weight > maxCounts) {
      return;
    }
    ManifestCounts previous = entries.put(key, counts);
    heldCounts += weight - (previous == null ? 0 : weight(previous));
    evict();
  }

  private void evict() {
    Iterator<ManifestCounts> eldestFirst = entries.values().iterator();
    while (heldCounts > maxCounts && eldestFirst.hasNext()) {
      heldCounts -= weight(eldestFirst.next());
      eldestFirst.remove();
    }
  }

  /**
   * A manifest with no live entries still takes an entry of the map: it weighs one count more than
   * it holds.
   */
  private static long weight(ManifestCounts counts) {
    return counts.counts().size() + 1L;
  }

  private static long checkedMax(long maxCounts) {
    if (maxCounts < 0) {
      throw new IllegalArgumentException(
          "Cannot bound the partition counts cache by " + maxCounts + " counts");
    }
    return maxCounts;
  }
}
