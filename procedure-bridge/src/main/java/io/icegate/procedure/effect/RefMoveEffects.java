package io.icegate.procedure.effect;

import static io.icegate.procedure.effect.Effects.detail;
import static io.icegate.procedure.effect.Effects.figure;

import io.icegate.procedure.PreparedCall;
import io.icegate.procedure.bind.BoundCall;
import io.icegate.procedure.explain.ExplainRow;
import io.icegate.procedure.value.SparkTimestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.SnapshotRef;
import org.apache.iceberg.SnapshotSummary;
import org.apache.iceberg.Table;
import org.apache.iceberg.util.SnapshotUtil;
import org.apache.iceberg.util.WapUtil;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The procedures that move a ref (rollback_to_snapshot, rollback_to_timestamp,
 * set_current_snapshot, cherrypick_snapshot, publish_changes, fast_forward): the snapshot the ref
 * moves from and to, found as Iceberg's snapshot manager finds it, and the change readers of the
 * ref see, from the snapshots' summaries.
 */
final class RefMoveEffects {
  /** The summary's totals, as rows of {@code changes}: what readers of the ref see differ by. */
  private static final Map<String, String> TOTALS =
      Map.of(
          "records", SnapshotSummary.TOTAL_RECORDS_PROP,
          "data_files", SnapshotSummary.TOTAL_DATA_FILES_PROP,
          "delete_files", SnapshotSummary.TOTAL_DELETE_FILES_PROP,
          "position_deletes", SnapshotSummary.TOTAL_POS_DELETES_PROP,
          "equality_deletes", SnapshotSummary.TOTAL_EQ_DELETES_PROP);

  private static final List<String> ORDER =
      List.of("records", "data_files", "delete_files", "position_deletes", "equality_deletes");

  private static final String SUMMARY = "from the snapshots' summaries";

  private RefMoveEffects() {}

  static List<ExplainRow> rows(PreparedCall prepared, Table table, EffectContext context) {
    BoundCall call = prepared.call();
    String procedure = prepared.procedure().name();
    Snapshot current = table.currentSnapshot();
    @Nullable Long from = current == null ? null : current.snapshotId();
    List<ExplainRow> rows = new ArrayList<>();
    switch (procedure) {
      case "rollback_to_snapshot", "set_current_snapshot" -> {
        long to =
            call.value("snapshot_id").map(v -> (Long) v).orElseGet(() -> refSnapshot(table, call));
        rows.add(figure(prepared, "previous_snapshot_id", from, "exact: main's snapshot now"));
        rows.add(figure(prepared, "current_snapshot_id", to, "exact: the snapshot main moves to"));
        rows.addAll(move("main", from, table.snapshot(to), table));
        if (procedure.equals("rollback_to_snapshot")
            && current != null
            && !SnapshotUtil.isAncestorOf(current.snapshotId(), to, table::snapshot)) {
          rows.add(
              detail(
                  "fails",
                  procedure,
                  null,
                  "snapshot " + to + " is not an ancestor of main's snapshot " + from));
        }
      }
      case "rollback_to_timestamp" -> {
        long millis =
            ((SparkTimestamp) call.value("timestamp").orElseThrow())
                .toInstant(context.timeZone())
                .toEpochMilli();
        // As Iceberg's rollbackToTime: the latest ancestor of main committed before the time.
        Snapshot to = null;
        if (current != null) {
          for (Snapshot ancestor :
              SnapshotUtil.ancestorsOf(current.snapshotId(), table::snapshot)) {
            if (ancestor.timestampMillis() < millis) {
              to = ancestor;
              break;
            }
          }
        }
        rows.add(figure(prepared, "previous_snapshot_id", from, "exact: main's snapshot now"));
        if (to == null) {
          rows.add(
              detail(
                  "fails",
                  "rollback_to_timestamp",
                  null,
                  "main has no ancestor committed before the timestamp"));
          return rows;
        }
        rows.add(
            figure(
                prepared,
                "current_snapshot_id",
                to.snapshotId(),
                "exact: main's latest ancestor committed before the timestamp"));
        rows.addAll(move("main", from, to, table));
      }
      case "cherrypick_snapshot", "publish_changes" -> {
        Snapshot picked =
            procedure.equals("cherrypick_snapshot")
                ? table.snapshot((Long) call.value("snapshot_id").orElseThrow())
                : staged(table, (String) call.value("wap_id").orElseThrow());
        if (picked == null) {
          rows.add(
              detail(
                  "fails",
                  procedure,
                  null,
                  "no snapshot staged with wap.id = " + call.value("wap_id").orElse(null)));
          return rows;
        }
        rows.add(
            figure(
                prepared,
                "source_snapshot_id",
                picked.snapshotId(),
                "exact: the snapshot whose changes main gets"));
        boolean fastForward = from != null && from.equals(picked.parentId());
        if (fastForward) {
          rows.add(
              figure(
                  prepared,
                  "current_snapshot_id",
                  picked.snapshotId(),
                  "exact: its parent is main's snapshot, so main moves to it"));
          rows.addAll(move("main", from, picked, table));
        } else {
          rows.add(
              figure(
                  prepared,
                  "current_snapshot_id",
                  null,
                  "estimate: a new snapshot applying its changes on main; its id is known only"
                      + " once committed"));
          rows.add(
              detail(
                  "moves",
                  "branch main",
                  from + " -> a new snapshot",
                  "applies snapshot " + picked.snapshotId() + "'s changes"));
          rows.addAll(added(picked));
        }
      }
      case "fast_forward" -> {
        String branch = (String) call.value("branch").orElseThrow();
        String toRef = (String) call.value("to").orElseThrow();
        SnapshotRef source = table.refs().get(branch);
        SnapshotRef target = table.refs().get(toRef);
        @Nullable Long previous = source == null ? null : source.snapshotId();
        rows.add(figure(prepared, "branch_updated", branch, "exact: the branch argument"));
        rows.add(
            figure(
                prepared,
                "previous_ref",
                previous,
                source == null
                    ? "exact: the branch does not exist; fast_forward creates it"
                    : "exact: the branch's snapshot now"));
        rows.add(
            figure(
                prepared,
                "updated_ref",
                target == null ? null : target.snapshotId(),
                "exact: " + toRef + "'s snapshot"));
        if (target != null) {
          rows.addAll(move(branch, previous, table.snapshot(target.snapshotId()), table));
          if (previous != null
              && !previous.equals(target.snapshotId())
              && !SnapshotUtil.isAncestorOf(target.snapshotId(), previous, table::snapshot)) {
            rows.add(
                detail(
                    "fails",
                    "fast_forward",
                    null,
                    branch + "'s snapshot " + previous + " is not an ancestor of " + toRef));
          }
        }
      }
      default -> throw new IllegalArgumentException(procedure + " moves no ref");
    }
    return rows;
  }

  private static long refSnapshot(Table table, BoundCall call) {
    String ref = (String) call.value("ref").orElseThrow();
    return table.refs().get(ref).snapshotId();
  }

  /** As Spark's publish_changes: the snapshot staged with the write-audit-publish id. */
  private static @Nullable Snapshot staged(Table table, String wapId) {
    for (Snapshot snapshot : table.snapshots()) {
      if (wapId.equals(WapUtil.stagedWapId(snapshot))) {
        return snapshot;
      }
    }
    return null;
  }

  /** The move of {@code ref} and how its totals change. */
  private static List<ExplainRow> move(String ref, @Nullable Long from, Snapshot to, Table table) {
    List<ExplainRow> rows = new ArrayList<>();
    Snapshot before = from == null ? null : table.snapshot(from);
    rows.add(
        detail(
            "moves",
            "branch " + ref,
            (from == null ? "none" : from) + " -> " + to.snapshotId(),
            "committed_at " + java.time.Instant.ofEpochMilli(to.timestampMillis())));
    for (String name : ORDER) {
      String key = TOTALS.get(name);
      Long was = before == null ? Long.valueOf(0) : total(before, key);
      Long will = total(to, key);
      rows.add(
          detail(
              "changes",
              name,
              was == null || will == null ? null : signed(will - was),
              key
                  + " "
                  + (was == null ? "unknown" : was)
                  + " -> "
                  + (will == null ? "unknown" : will)
                  + ", "
                  + SUMMARY));
    }
    return rows;
  }

  /** What a cherry-picked snapshot adds, from its summary's added and deleted counts. */
  private static List<ExplainRow> added(Snapshot picked) {
    Map<String, String> summary = picked.summary();
    List<ExplainRow> rows = new ArrayList<>();
    String[][] changes = {
      {"records", SnapshotSummary.ADDED_RECORDS_PROP, SnapshotSummary.DELETED_RECORDS_PROP},
      {"data_files", SnapshotSummary.ADDED_FILES_PROP, SnapshotSummary.DELETED_FILES_PROP},
      {
        "delete_files",
        SnapshotSummary.ADDED_DELETE_FILES_PROP,
        SnapshotSummary.REMOVED_DELETE_FILES_PROP
      }
    };
    for (String[] change : changes) {
      long added = Long.parseLong(summary.getOrDefault(change[1], "0"));
      long removed = Long.parseLong(summary.getOrDefault(change[2], "0"));
      rows.add(
          detail(
              "changes",
              change[0],
              signed(added - removed),
              change[1] + " " + added + ", " + change[2] + " " + removed + ", " + SUMMARY));
    }
    return rows;
  }

  private static @Nullable Long total(Snapshot snapshot, String key) {
    String value = snapshot.summary() == null ? null : snapshot.summary().get(key);
    return value == null ? null : Long.valueOf(value);
  }

  private static String signed(long delta) {
    return delta > 0 ? "+" + delta : Long.toString(delta);
  }
}
