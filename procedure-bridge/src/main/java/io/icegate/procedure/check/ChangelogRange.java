package io.icegate.procedure.check;

import io.icegate.procedure.ProcedureException;
import io.icegate.procedure.Reason;
import io.icegate.procedure.bind.BoundCall;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.DataOperations;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.util.SnapshotUtil;

/**
 * create_changelog_view over snapshots that carry delete files, which Spark 3.5's Iceberg runtime
 * cannot read ("Delete files are currently not supported in changelog scans"): refused before
 * anything runs, naming the snapshot and what to do instead.
 *
 * <p>The range is the one Spark's changelog scan takes from the {@code options}: from {@code
 * end-snapshot-id}, the snapshot as of {@code end-timestamp}, or the current one, back through its
 * ancestors, after {@code start-snapshot-id} or from {@code start-timestamp}. Like the runtime, a
 * snapshot counts when it is not a REPLACE and any delete file is live in it. Options that do not
 * parse are left for Spark to report.
 */
final class ChangelogRange {
  private static final String PROCEDURE = "create_changelog_view";

  private ChangelogRange() {}

  static void check(BoundCall call, Table table) {
    if (!call.procedure().name().equals(PROCEDURE)) {
      return;
    }
    Map<?, ?> options = call.value("options").map(Map.class::cast).orElse(Map.of());
    Optional<Long> startId = number(options, "start-snapshot-id");
    Optional<Long> endId = number(options, "end-snapshot-id");
    Optional<Long> startMillis = number(options, "start-timestamp");
    Optional<Long> endMillis = number(options, "end-timestamp");
    if (hasUnparsed(options, startId, endId, startMillis, endMillis)) {
      return;
    }
    Long end = endId.orElse(null);
    if (end == null && endMillis.isPresent()) {
      end = SnapshotUtil.nullableSnapshotIdAsOfTime(table, endMillis.get());
    } else if (end == null && table.currentSnapshot() != null) {
      end = table.currentSnapshot().snapshotId();
    }
    if (end == null
        || table.snapshot(end) == null
        || startId.isPresent() && table.snapshot(startId.get()) == null) {
      return;
    }
    for (Snapshot snapshot : SnapshotUtil.ancestorsBetween(table, end, startId.orElse(null))) {
      if (startMillis.isPresent() && snapshot.timestampMillis() < startMillis.get()) {
        break;
      }
      if (!DataOperations.REPLACE.equals(snapshot.operation())
          && !snapshot.deleteManifests(table.io()).isEmpty()) {
        throw ProcedureException.of(
            Reason.NOT_SUPPORTED_BY_RUNTIME,
            PROCEDURE,
            "options",
            "snapshot "
                + snapshot.snapshotId()
                + " of table "
                + table.name()
                + " has delete files (from merge-on-read deletes, updates or merges), and Spark"
                + " 3.5's Iceberg runtime cannot read a changelog over snapshots with delete files;"
                + " choose a range before them with options 'start-snapshot-id' and"
                + " 'end-snapshot-id', or compact them first with rewrite_data_files");
      }
    }
  }

  private static Optional<Long> number(Map<?, ?> options, String key) {
    Object value = options.get(key);
    if (value == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(Long.parseLong(value.toString().trim()));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  private static boolean hasUnparsed(Map<?, ?> options, Optional<?>... parsed) {
    String[] keys = {"start-snapshot-id", "end-snapshot-id", "start-timestamp", "end-timestamp"};
    for (int i = 0; i < keys.length; i++) {
      if (options.containsKey(keys[i]) && parsed[i].isEmpty()) {
        return true;
      }
    }
    return false;
  }
}
