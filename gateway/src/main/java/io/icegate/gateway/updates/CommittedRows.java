package io.icegate.gateway.updates;

import io.icegate.gateway.updates.UpdateCounts.Count;
import java.io.IOException;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.ContentFile;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileContent;
import org.apache.iceberg.ManifestFile;
import org.apache.iceberg.ManifestFiles;
import org.apache.iceberg.ManifestReader;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.SnapshotSummary;
import org.apache.iceberg.Table;
import org.apache.iceberg.spark.source.SparkTable;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.TableCatalog;

/**
 * Rows counted from the summaries of the snapshots a statement committed (those carrying its id),
 * for writes that decide on whole files and run no row through a plan the gateway can count.
 */
final class CommittedRows {
  private CommittedRows() {}

  /**
   * Rows a metadata-only delete removed: the removed files' rows less the positions deleted in them
   * already, which Iceberg removes with them when each delete file names its data file (deletion
   * vectors, file-scoped position deletes, and any delete of a partition it removed whole). Unknown
   * when deletes that name no file (partition-scoped position deletes, equality deletes) remain in
   * a partition it removed files from: which of their rows were in those files would take reading
   * them.
   */
  static Count deleted(Object table, String statementId) {
    if (!(table instanceof SparkTable iceberg)) {
      return Count.unknown("the table is not an Iceberg table");
    }
    try {
      Table loaded = iceberg.table();
      loaded.refresh();
      long rows = 0;
      for (Snapshot snapshot : ownSnapshots(loaded, statementId)) {
        if (deletesStillApplyToRemovedFiles(loaded, snapshot)) {
          return Count.unknown(
              "equality or partition-scoped position deletes remain in a partition whose files it"
                  + " removed, so the rows those files still held are not known without reading"
                  + " them");
        }
        Map<String, String> summary = snapshot.summary();
        rows += number(summary, SnapshotSummary.DELETED_RECORDS_PROP);
        rows -= number(summary, SnapshotSummary.REMOVED_POS_DELETES_PROP);
      }
      return Count.of(rows);
    } catch (RuntimeException | IOException e) {
      // The delete committed: failing to count it must not make it look failed.
      return Count.unknown("its committed snapshot could not be read: " + e.getMessage());
    }
  }

  /**
   * Whether a delete file that names no data file (an equality delete, a partition-scoped position
   * delete) is still live after {@code snapshot} in a partition whose data files it removed: such
   * deletes may have applied to those files' rows, which the summary's record counts include.
   */
  private static boolean deletesStillApplyToRemovedFiles(Table table, Snapshot snapshot)
      throws IOException {
    Set<String> partitions = new HashSet<>();
    for (DataFile removed : snapshot.removedDataFiles(table.io())) {
      partitions.add(partitionKey(table, removed));
    }
    if (partitions.isEmpty()) {
      return false;
    }
    for (ManifestFile manifest : snapshot.deleteManifests(table.io())) {
      try (ManifestReader<DeleteFile> files =
          ManifestFiles.readDeleteManifest(manifest, table.io(), table.specs())) {
        for (DeleteFile file : files) {
          boolean namesNoFile =
              file.content() == FileContent.EQUALITY_DELETES || file.referencedDataFile() == null;
          if (namesNoFile && partitions.contains(partitionKey(table, file))) {
            return true;
          }
        }
      }
    }
    return false;
  }

  private static String partitionKey(Table table, ContentFile<?> file) {
    return file.specId() + "/" + table.specs().get(file.specId()).partitionToPath(file.partition());
  }

  /** Rows CREATE or REPLACE TABLE AS SELECT wrote into the table it made. */
  static Count added(TableCatalog catalog, Identifier ident, String statementId) {
    try {
      org.apache.spark.sql.connector.catalog.Table table = catalog.loadTable(ident);
      if (!(table instanceof SparkTable iceberg)) {
        return Count.unknown("the table is not an Iceberg table");
      }
      long rows = 0;
      for (Snapshot snapshot : ownSnapshots(iceberg.table(), statementId)) {
        rows += number(snapshot.summary(), SnapshotSummary.ADDED_RECORDS_PROP);
      }
      return Count.of(rows);
    } catch (Exception e) {
      // The table was written: failing to count it must not make the statement look failed.
      return Count.unknown("the table written could not be read: " + e.getMessage());
    }
  }

  private static Iterable<Snapshot> ownSnapshots(Table table, String statementId) {
    return () ->
        java.util.stream.StreamSupport.stream(table.snapshots().spliterator(), false)
            .filter(s -> statementId.equals(s.summary().get(UpdateCounts.STATEMENT_PROPERTY)))
            .iterator();
  }

  private static long number(Map<String, String> summary, String key) {
    String value = summary.get(key);
    try {
      return value == null ? 0 : Long.parseLong(value);
    } catch (NumberFormatException e) {
      throw new IllegalStateException("snapshot summary " + key + " is not a number: " + value, e);
    }
  }
}
