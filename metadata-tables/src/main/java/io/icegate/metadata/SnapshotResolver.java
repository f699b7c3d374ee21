package io.icegate.metadata;

import static io.icegate.metadata.MetadataTableException.Reason.TOO_EARLY;
import static io.icegate.metadata.MetadataTableException.Reason.UNKNOWN_REF;
import static io.icegate.metadata.MetadataTableException.Reason.UNKNOWN_SNAPSHOT;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.iceberg.HistoryEntry;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.SnapshotRef;
import org.apache.iceberg.Table;
import org.apache.iceberg.util.SnapshotUtil;

/**
 * Finds the snapshot a time-travel clause names, or explains, naming the table and what exists, why
 * none.
 */
final class SnapshotResolver {
  private static final int LISTED_SNAPSHOTS = 10;
  private static final DateTimeFormatter SECONDS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter MILLIS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

  private SnapshotResolver() {}

  /** The snapshot id that {@code travel} (not {@link TimeTravel.None}) selects in {@code table}. */
  static long resolve(Table table, TimeTravel travel) {
    if (travel instanceof TimeTravel.ToSnapshot toSnapshot) {
      return snapshot(table, toSnapshot.snapshotId());
    } else if (travel instanceof TimeTravel.AsOfTime asOfTime) {
      return asOfTime(table, asOfTime.timestampMillis());
    } else if (travel instanceof TimeTravel.ToRef toRef) {
      return ref(table, toRef.name());
    }
    throw new IllegalArgumentException("Cannot resolve a snapshot for " + travel);
  }

  private static long snapshot(Table table, long snapshotId) {
    if (table.snapshot(snapshotId) != null) {
      return snapshotId;
    }
    throw new MetadataTableException(
        UNKNOWN_SNAPSHOT,
        String.format(
            "Cannot time travel on %s: snapshot %d does not exist (%s)",
            table.name(), snapshotId, validSnapshots(table)));
  }

  /**
   * Like Spark ({@link SnapshotUtil#nullableSnapshotIdAsOfTime}): the last snapshot made current at
   * or before.
   */
  private static long asOfTime(Table table, long timestampMillis) {
    Long snapshotId = SnapshotUtil.nullableSnapshotIdAsOfTime(table, timestampMillis);
    if (snapshotId != null) {
      return snapshotId;
    }
    List<HistoryEntry> history = table.history();
    String first =
        history.isEmpty()
            ? "the table has no snapshots"
            : "first snapshot at " + format(history.get(0).timestampMillis());
    throw new MetadataTableException(
        TOO_EARLY,
        String.format(
            "Cannot time travel on %s: no snapshot at or before %s (%s)",
            table.name(), format(timestampMillis), first));
  }

  private static long ref(Table table, String name) {
    SnapshotRef ref = table.refs().get(name);
    if (ref != null) {
      return ref.snapshotId();
    }
    TreeSet<String> names = new TreeSet<>(table.refs().keySet());
    String known =
        names.isEmpty() ? "the table has no branches or tags" : "refs: " + String.join(", ", names);
    throw new MetadataTableException(
        UNKNOWN_REF,
        String.format(
            "Cannot time travel on %s: unknown branch or tag '%s' (%s)",
            table.name(), name, known));
  }

  /** The table's snapshot ids in commit order; the first few and the last when there are many. */
  private static String validSnapshots(Table table) {
    List<Long> ids = new ArrayList<>();
    for (Snapshot snapshot : table.snapshots()) {
      ids.add(snapshot.snapshotId());
    }
    if (ids.isEmpty()) {
      return "the table has no snapshots";
    }
    if (ids.size() <= LISTED_SNAPSHOTS) {
      return "valid: " + join(ids);
    }
    return String.format(
        "valid: %s, ... %d; %d snapshots in %s.snapshots",
        join(ids.subList(0, LISTED_SNAPSHOTS - 1)),
        ids.get(ids.size() - 1),
        ids.size(),
        table.name());
  }

  private static String join(List<Long> ids) {
    return String.join(", ", ids.stream().map(String::valueOf).toList());
  }

  /** UTC, with milliseconds only when there are some: {@code 2021-01-01 00:00:00 UTC}. */
  static String format(long timestampMillis) {
    Instant instant = Instant.ofEpochMilli(timestampMillis);
    DateTimeFormatter formatter = timestampMillis % 1000 == 0 ? SECONDS : MILLIS;
    return formatter.format(instant) + " UTC";
  }
}
