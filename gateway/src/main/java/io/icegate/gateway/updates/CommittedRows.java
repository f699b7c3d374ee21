package io.icegate.gateway.updates;

import io.icegate.gateway.updates.UpdateCounts.Count;
import java.util.Map;
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

  /** Rows a metadata-only delete removed: the removed files' rows less those already deleted. */
  static Count deleted(Object table, String statementId) {
    if (!(table instanceof SparkTable iceberg)) {
      return Count.unknown("the table is not an Iceberg table");
    }
    Table loaded = iceberg.table();
    loaded.refresh();
    long rows = 0;
    for (Snapshot snapshot : ownSnapshots(loaded, statementId)) {
      Map<String, String> summary = snapshot.summary();
      rows += number(summary, SnapshotSummary.DELETED_RECORDS_PROP);
      rows -= number(summary, SnapshotSummary.REMOVED_POS_DELETES_PROP);
    }
    return Count.of(rows);
  }

  /** Rows CREATE or REPLACE TABLE AS SELECT wrote into the table it made. */
  static Count added(TableCatalog catalog, Identifier ident, String statementId) {
    org.apache.spark.sql.connector.catalog.Table table;
    try {
      table = catalog.loadTable(ident);
    } catch (Exception e) {
      return Count.unknown("the table written is gone: " + ident);
    }
    if (!(table instanceof SparkTable iceberg)) {
      return Count.unknown("the table is not an Iceberg table");
    }
    long rows = 0;
    for (Snapshot snapshot : ownSnapshots(iceberg.table(), statementId)) {
      rows += number(snapshot.summary(), SnapshotSummary.ADDED_RECORDS_PROP);
    }
    return Count.of(rows);
  }

  private static Iterable<Snapshot> ownSnapshots(Table table, String statementId) {
    return () ->
        java.util.stream.StreamSupport.stream(table.snapshots().spliterator(), false)
            .filter(s -> statementId.equals(s.summary().get(UpdateCounts.STATEMENT_PROPERTY)))
            .iterator();
  }

  private static long number(Map<String, String> summary, String key) {
    String value = summary.get(key);
    return value == null ? 0 : Long.parseLong(value);
  }
}
