package io.icegate.procedure.check;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.SnapshotRef;
import org.apache.iceberg.Table;

/**
 * What a message about an unknown snapshot or ref lists: a few of the table's snapshot ids, its
 * refs.
 */
final class SnapshotListing {
  /** Up to this many snapshots are listed all; beyond, the closest ones. */
  private static final int LISTED = 5;

  private SnapshotListing() {}

  /** "(its snapshots: 1, 2)", "(the closest of its 12 snapshots: ...)", "(it has no snapshots)". */
  static String snapshots(Table table, long wanted) {
    List<Long> ids =
        StreamSupport.stream(table.snapshots().spliterator(), false)
            .map(Snapshot::snapshotId)
            .collect(Collectors.toCollection(ArrayList::new));
    if (ids.isEmpty()) {
      return "(it has no snapshots)";
    }
    if (ids.size() <= LISTED) {
      return "(its snapshots: " + join(new TreeSet<>(ids)) + ")";
    }
    ids.sort(Comparator.comparing(id -> distance(id, wanted)));
    return "(the closest of its "
        + ids.size()
        + " snapshots: "
        + join(new TreeSet<>(ids.subList(0, LISTED - 2)))
        + "; current: "
        + table.currentSnapshot().snapshotId()
        + ")";
  }

  /** "(branches and tags: audit, main)", or "(it has no branches or tags)". */
  static String refs(Map<String, SnapshotRef> refs) {
    return refs.isEmpty()
        ? "(it has no branches or tags)"
        : "(branches and tags: " + String.join(", ", new TreeSet<>(refs.keySet())) + ")";
  }

  private static String join(TreeSet<Long> ids) {
    return ids.stream().map(String::valueOf).collect(Collectors.joining(", "));
  }

  /** |a - b| without overflow. */
  private static java.math.BigInteger distance(long a, long b) {
    return java.math.BigInteger.valueOf(a).subtract(java.math.BigInteger.valueOf(b)).abs();
  }
}
