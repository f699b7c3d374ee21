package io.icegate.metadata;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.function.Supplier;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.io.CloseableIterable;

/**
 * The rows of the metadata tables that show a table's current metadata whatever the time travel
 * ({@code history}, {@code snapshots}, {@code refs}, {@code metadata_log_entries}), kept for as
 * long as the table's metadata object lives. Iceberg builds them afresh on every read (for {@code
 * history}, a map of every snapshot and a walk of the current ancestors: a quarter of the gateway's
 * time on a {@code history} query at 1,000 snapshots), though they are a pure function of the
 * metadata object, which stands for one metadata file and is never changed. A table refreshed after
 * a commit holds a new metadata object, so new rows are built; the old rows go when nothing holds
 * the old metadata any more.
 *
 * <p>The rows are no larger than the part of the metadata they show, which is held in memory
 * anyway.
 */
final class CurrentMetadataRows {
  /** Guarded by itself, the inner maps too. TableMetadata has identity equality. */
  private static final Map<TableMetadata, Map<MetadataTableKind, List<List<Object>>>> KEPT =
      new WeakHashMap<>();

  private static final Set<MetadataTableKind> KEPT_KINDS =
      EnumSet.of(
          MetadataTableKind.HISTORY,
          MetadataTableKind.SNAPSHOTS,
          MetadataTableKind.REFS,
          MetadataTableKind.METADATA_LOG_ENTRIES);

  private CurrentMetadataRows() {}

  /**
   * Whether the rows of {@code kind} are a function of the table's metadata object alone, so kept
   * here.
   */
  static boolean keeps(MetadataTableKind kind) {
    return KEPT_KINDS.contains(kind);
  }

  /**
   * The rows of {@code kind} for {@code table}'s current metadata: kept ones, or those {@code read}
   * gives (every column, in the schema's order), then kept. Rows read while the table was refreshed
   * are not kept, as it is not known which metadata they show. A table whose metadata cannot be
   * seen is read every time.
   */
  static List<List<Object>> of(
      Table table, MetadataTableKind kind, Supplier<CloseableIterable<List<Object>>> read) {
    TableMetadata before = current(table);
    if (before != null) {
      List<List<Object>> kept;
      synchronized (KEPT) {
        kept = KEPT.getOrDefault(before, Map.of()).get(kind);
      }
      if (kept != null) {
        return kept;
      }
    }
    List<List<Object>> rows = readAll(read.get());
    if (before != null && before == current(table)) {
      synchronized (KEPT) {
        KEPT.computeIfAbsent(before, metadata -> new EnumMap<>(MetadataTableKind.class))
            .put(kind, rows);
      }
    }
    return rows;
  }

  private static TableMetadata current(Table table) {
    return table instanceof HasTableOperations withOperations
        ? withOperations.operations().current()
        : null;
  }

  /** Every row, unmodifiable, since several statements may read the same kept list at once. */
  private static List<List<Object>> readAll(CloseableIterable<List<Object>> rows) {
    List<List<Object>> all = new ArrayList<>();
    try (rows) {
      for (List<Object> row : rows) {
        all.add(Collections.unmodifiableList(row));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return Collections.unmodifiableList(all);
  }
}
