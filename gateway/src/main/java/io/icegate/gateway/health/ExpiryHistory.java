package io.icegate.gateway.health;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableMetadataParser;
import org.apache.iceberg.io.FileIO;

/**
 * When a table's snapshots were last expired, as its metadata log shows: walking back from the
 * current metadata file, the first file whose predecessor had a snapshot it has not. Only as far
 * back as the log goes (write.metadata.previous-versions-max) and its files were kept.
 *
 * @param lastExpiryMillis the commit that expired snapshots, or null if none was seen
 * @param seenSinceMillis how far back the log was read
 */
record ExpiryHistory(Long lastExpiryMillis, long seenSinceMillis) {
  static ExpiryHistory of(TableMetadata metadata, FileIO io) {
    List<TableMetadata.MetadataLogEntry> log = metadata.previousFiles();
    Set<Long> later = ids(metadata);
    long laterAt = metadata.lastUpdatedMillis();
    long seenSince = laterAt;
    for (int i = log.size() - 1; i >= 0; i--) {
      TableMetadata.MetadataLogEntry entry = log.get(i);
      TableMetadata previous;
      try {
        previous = TableMetadataParser.read(io, entry.file());
      } catch (RuntimeException e) {
        // Deleted by write.metadata.delete-after-commit or by hand: the log ends here for us.
        break;
      }
      Set<Long> earlier = ids(previous);
      if (!later.containsAll(earlier)) {
        return new ExpiryHistory(laterAt, entry.timestampMillis());
      }
      seenSince = entry.timestampMillis();
      later = earlier;
      laterAt = entry.timestampMillis();
    }
    return new ExpiryHistory(null, seenSince);
  }

  private static Set<Long> ids(TableMetadata metadata) {
    Set<Long> ids = new HashSet<>();
    for (Snapshot s : metadata.snapshots()) {
      ids.add(s.snapshotId());
    }
    return ids;
  }
}
