package io.icegate.procedure.effect;

import static io.icegate.procedure.effect.Effects.detail;
import static io.icegate.procedure.effect.Effects.figure;

import io.icegate.procedure.PreparedCall;
import io.icegate.procedure.bind.BoundCall;
import io.icegate.procedure.explain.ExplainRow;
import io.icegate.procedure.value.SparkTimestamp;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.iceberg.ContentFile;
import org.apache.iceberg.ExpireSnapshots;
import org.apache.iceberg.FileContent;
import org.apache.iceberg.ManifestFile;
import org.apache.iceberg.ManifestFiles;
import org.apache.iceberg.PartitionStatisticsFile;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.SnapshotRef;
import org.apache.iceberg.StatisticsFile;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.FileIO;

/**
 * expire_snapshots: Iceberg's own expiry planned without committing ({@code
 * table.expireSnapshots()...apply()}, with the call's arguments), then the files Spark's action
 * would delete: those reachable from the table's metadata now minus those reachable from the
 * metadata after expiry, by type, as the action counts them.
 */
final class ExpireEffects {
  /** The action's file types, in the order of the procedure's output columns. */
  private enum Type {
    DATA("deleted_data_files_count"),
    POSITION_DELETES("deleted_position_delete_files_count"),
    EQUALITY_DELETES("deleted_equality_delete_files_count"),
    MANIFEST("deleted_manifest_files_count"),
    MANIFEST_LIST("deleted_manifest_lists_count"),
    STATISTICS("deleted_statistics_files_count");

    final String column;

    Type(String column) {
      this.column = column;
    }
  }

  private static final String HOW =
      "exact: reachable from the current metadata minus reachable after"
          + " table.expireSnapshots().apply()";

  private ExpireEffects() {}

  static List<ExplainRow> rows(PreparedCall prepared, Table table, EffectContext context) {
    BoundCall call = prepared.call();
    ExpireSnapshots expire = table.expireSnapshots();
    // As Spark's procedure: only what the call gives; the rest are the table's properties.
    call.value("older_than")
        .ifPresent(
            v ->
                expire.expireOlderThan(
                    ((SparkTimestamp) v).toInstant(context.timeZone()).toEpochMilli()));
    call.value("retain_last").ifPresent(v -> expire.retainLast(((Number) v).intValue()));
    call.value("snapshot_ids")
        .ifPresent(
            v -> ((List<?>) v).forEach(id -> expire.expireSnapshotId(((Number) id).longValue())));
    call.value("clean_expired_metadata").ifPresent(v -> expire.cleanExpiredMetadata((Boolean) v));
    // apply() plans without committing and returns the snapshots that expire.
    Set<Long> expiredIds =
        expire.apply().stream().map(Snapshot::snapshotId).collect(Collectors.toSet());

    List<ExplainRow> rows = new ArrayList<>();
    Map<Long, Snapshot> before = new LinkedHashMap<>();
    table.snapshots().forEach(s -> before.put(s.snapshotId(), s));
    List<Snapshot> expired =
        before.values().stream().filter(s -> expiredIds.contains(s.snapshotId())).toList();
    List<Snapshot> remaining =
        before.values().stream().filter(s -> !expiredIds.contains(s.snapshotId())).toList();
    Set<Long> kept = remaining.stream().map(Snapshot::snapshotId).collect(Collectors.toSet());

    Map<Type, long[]> deleted = deletedFiles(table, expired, remaining, kept);
    for (Type type : Type.values()) {
      long[] countAndBytes = deleted.get(type);
      rows.add(
          figure(
              prepared, type.column, countAndBytes[0], HOW + "; " + countAndBytes[1] + " bytes"));
    }
    List<ExplainRow> expires = new ArrayList<>();
    for (Snapshot snapshot : expired) {
      expires.add(
          detail(
              "expires",
              "snapshot",
              snapshot.snapshotId(),
              "committed_at "
                  + Instant.ofEpochMilli(snapshot.timestampMillis())
                  + ", operation "
                  + snapshot.operation()));
    }
    rows.addAll(Effects.capped(expires));
    Map<Long, List<String>> keptBy = keptBy(table, before, kept);
    List<ExplainRow> keeps = new ArrayList<>();
    for (Snapshot snapshot : remaining) {
      List<String> refs = keptBy.getOrDefault(snapshot.snapshotId(), List.of());
      keeps.add(
          detail(
              "keeps",
              "snapshot",
              snapshot.snapshotId(),
              "committed_at "
                  + Instant.ofEpochMilli(snapshot.timestampMillis())
                  + (refs.isEmpty()
                      ? ", in no ref: not older than the expiry age"
                      : ", kept by " + String.join(", ", refs))));
    }
    rows.addAll(Effects.capped(keeps));
    for (Map.Entry<String, SnapshotRef> ref : new TreeMap<>(table.refs()).entrySet()) {
      if (!kept.contains(ref.getValue().snapshotId())) {
        rows.add(
            detail(
                "expires",
                ref.getValue().isBranch() ? "branch" : "tag",
                ref.getKey(),
                "older than its max-ref-age-ms"));
      }
    }
    return rows;
  }

  /**
   * For each kept snapshot, the refs that keep it: a branch its head and the ancestors kept with
   * it, a tag its snapshot.
   */
  private static Map<Long, List<String>> keptBy(
      Table table, Map<Long, Snapshot> snapshots, Set<Long> kept) {
    Map<Long, List<String>> keptBy = new HashMap<>();
    for (Map.Entry<String, SnapshotRef> entry : new TreeMap<>(table.refs()).entrySet()) {
      SnapshotRef ref = entry.getValue();
      if (!kept.contains(ref.snapshotId())) {
        continue;
      }
      if (ref.isTag()) {
        keptBy
            .computeIfAbsent(ref.snapshotId(), id -> new ArrayList<>())
            .add(entry.getKey() + " (tag)");
        continue;
      }
      Snapshot snapshot = snapshots.get(ref.snapshotId());
      boolean head = true;
      while (snapshot != null && kept.contains(snapshot.snapshotId())) {
        keptBy
            .computeIfAbsent(snapshot.snapshotId(), id -> new ArrayList<>())
            .add(entry.getKey() + (head ? " (branch head)" : " (branch ancestor)"));
        head = false;
        snapshot = snapshot.parentId() == null ? null : snapshots.get(snapshot.parentId());
      }
    }
    return keptBy;
  }

  /** Count and bytes by type of the files reachable only from the expired snapshots. */
  private static Map<Type, long[]> deletedFiles(
      Table table, List<Snapshot> expired, List<Snapshot> remaining, Set<Long> kept) {
    Map<Type, long[]> deleted = new EnumMap<>(Type.class);
    for (Type type : Type.values()) {
      deleted.put(type, new long[2]);
    }
    if (expired.isEmpty()) {
      return deleted;
    }
    FileIO io = table.io();
    Map<String, ManifestFile> keptManifests = new HashMap<>();
    for (Snapshot snapshot : remaining) {
      snapshot.allManifests(io).forEach(m -> keptManifests.putIfAbsent(m.path(), m));
    }
    Map<String, ManifestFile> expiredManifests = new HashMap<>();
    for (Snapshot snapshot : expired) {
      add(deleted, Type.MANIFEST_LIST, length(io, snapshot.manifestListLocation()));
      for (ManifestFile manifest : snapshot.allManifests(io)) {
        if (!keptManifests.containsKey(manifest.path())) {
          expiredManifests.putIfAbsent(manifest.path(), manifest);
        }
      }
    }
    expiredManifests.values().forEach(m -> add(deleted, Type.MANIFEST, m.length()));
    if (!expiredManifests.isEmpty()) {
      Set<String> keptFiles = new HashSet<>();
      for (ManifestFile manifest : keptManifests.values()) {
        forEachFile(table, manifest, file -> keptFiles.add(file.location()));
      }
      Set<String> counted = new HashSet<>();
      for (ManifestFile manifest : expiredManifests.values()) {
        forEachFile(
            table,
            manifest,
            file -> {
              if (!keptFiles.contains(file.location()) && counted.add(file.location())) {
                add(deleted, type(file.content()), file.fileSizeInBytes());
              }
            });
      }
    }
    Set<Long> expiredIds = new HashSet<>();
    expired.forEach(s -> expiredIds.add(s.snapshotId()));
    Set<String> keptStatistics = new HashSet<>();
    for (StatisticsFile file : table.statisticsFiles()) {
      if (kept.contains(file.snapshotId())) {
        keptStatistics.add(file.path());
      }
    }
    for (PartitionStatisticsFile file : table.partitionStatisticsFiles()) {
      if (kept.contains(file.snapshotId())) {
        keptStatistics.add(file.path());
      }
    }
    Set<String> counted = new HashSet<>();
    for (StatisticsFile file : table.statisticsFiles()) {
      if (expiredIds.contains(file.snapshotId())
          && !keptStatistics.contains(file.path())
          && counted.add(file.path())) {
        add(deleted, Type.STATISTICS, file.fileSizeInBytes());
      }
    }
    for (PartitionStatisticsFile file : table.partitionStatisticsFiles()) {
      if (expiredIds.contains(file.snapshotId())
          && !keptStatistics.contains(file.path())
          && counted.add(file.path())) {
        add(deleted, Type.STATISTICS, file.fileSizeInBytes());
      }
    }
    return deleted;
  }

  private static Type type(FileContent content) {
    return switch (content) {
      case POSITION_DELETES -> Type.POSITION_DELETES;
      case EQUALITY_DELETES -> Type.EQUALITY_DELETES;
      // Spark's action counts every other content (data; v4's manifests as files) as data.
      default -> Type.DATA;
    };
  }

  /** Each live file of {@code manifest}, as Spark's action reads manifests. */
  private static void forEachFile(
      Table table, ManifestFile manifest, java.util.function.Consumer<ContentFile<?>> action) {
    try (CloseableIterable<? extends ContentFile<?>> files =
        switch (manifest.content()) {
          case DATA -> ManifestFiles.read(manifest, table.io(), table.specs());
          case DELETES -> ManifestFiles.readDeleteManifest(manifest, table.io(), table.specs());
        }) {
      files.forEach(action);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static long length(FileIO io, String location) {
    return io.newInputFile(location).getLength();
  }

  private static void add(Map<Type, long[]> deleted, Type type, long bytes) {
    long[] countAndBytes = deleted.get(type);
    countAndBytes[0]++;
    countAndBytes[1] += bytes;
  }
}
