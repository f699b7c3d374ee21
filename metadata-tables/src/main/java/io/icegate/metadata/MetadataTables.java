package io.icegate.metadata;

import static io.icegate.metadata.MetadataTableException.Reason.COMPUTED_BY_SPARK;
import static io.icegate.metadata.MetadataTableException.Reason.TIME_TRAVEL_NOT_SUPPORTED;
import static io.icegate.metadata.MetadataTableException.Reason.UNKNOWN_METADATA_TABLE;
import static java.util.Objects.requireNonNull;

import org.apache.iceberg.ChangelogUtil;
import org.apache.iceberg.MetadataTableType;
import org.apache.iceberg.MetadataTableUtils;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableScan;

/**
 * Reads a table's metadata tables through iceberg-core alone ({@link MetadataTableUtils}, each scan
 * task's rows), with time travel as Spark 3.5 with Iceberg treats it.
 */
public final class MetadataTables {
  private MetadataTables() {}

  /**
   * Opens a natively read metadata table of {@code table}.
   *
   * @throws MetadataTableException when the kind is computed by Spark, or the time travel is
   *     refused or names no snapshot
   */
  public static MetadataRelation open(Table table, MetadataTableKind kind, TimeTravel travel) {
    requireNonNull(table, "table is null");
    requireNonNull(kind, "kind is null");
    requireNonNull(travel, "travel is null");
    String name = name(table, kind);
    MetadataTableType type = kind.icebergType().orElse(null);
    if (!kind.isNative() || type == null) {
      throw new MetadataTableException(
          COMPUTED_BY_SPARK,
          String.format(
              "Cannot read %s without Spark: %s",
              name, kind.computedBySparkReason().orElse("no reader")));
    }
    ResolvedTimeTravel resolved = resolveTimeTravel(table, kind, travel);
    Table metadataTable = MetadataTableUtils.createMetadataTableInstance(table, type);
    // A files table is read through its entries table: see MetadataRelation.
    TableScan scan =
        kind.fileEntriesType()
            .map(entries -> MetadataTableUtils.createMetadataTableInstance(table, entries))
            .orElse(metadataTable)
            .newScan();
    if (resolved.snapshotId().isPresent()) {
      scan = scan.useSnapshot(resolved.snapshotId().getAsLong());
    }
    return new MetadataRelation(name, kind, metadataTable.schema(), resolved, scan, table);
  }

  /**
   * What {@code travel} means for this metadata table of {@code table}, for every kind
   * (Spark-computed ones included): the snapshot to read, a warning that it is ignored, or an
   * error.
   *
   * @throws MetadataTableException when the table refuses time travel or the clause names no
   *     snapshot
   */
  public static ResolvedTimeTravel resolveTimeTravel(
      Table table, MetadataTableKind kind, TimeTravel travel) {
    requireNonNull(table, "table is null");
    requireNonNull(kind, "kind is null");
    requireNonNull(travel, "travel is null");
    if (travel.isNone()) {
      return ResolvedTimeTravel.current(travel);
    }
    String note = kind.timeTravelNote().orElse("");
    return switch (kind.timeTravel()) {
      case REFUSED ->
          throw new MetadataTableException(
              TIME_TRAVEL_NOT_SUPPORTED,
              String.format("Cannot time travel on %s: %s", name(table, kind), note));
      case IGNORED -> {
        // Resolved anyway, so a clause naming no snapshot fails here as it does in Spark.
        SnapshotResolver.resolve(table, travel);
        yield ResolvedTimeTravel.ignored(
            travel, String.format("Time travel ignored on %s: %s", name(table, kind), note));
      }
      case HONOURED -> ResolvedTimeTravel.snapshot(travel, SnapshotResolver.resolve(table, travel));
    };
  }

  /**
   * The snapshot of data table {@code table} that {@code travel} selects, with Spark's rules.
   *
   * @throws MetadataTableException naming the table and what exists when {@code travel} selects no
   *     snapshot
   */
  public static long snapshotOf(Table table, TimeTravel travel) {
    requireNonNull(table, "table is null");
    if (requireNonNull(travel, "travel is null").isNone()) {
      throw new IllegalArgumentException("Cannot resolve a snapshot without time travel");
    }
    return SnapshotResolver.resolve(table, travel);
  }

  /**
   * The columns of any of the metadata tables of {@code table}, as Iceberg (and so Spark) defines
   * them.
   */
  public static Schema schema(Table table, MetadataTableKind kind) {
    requireNonNull(table, "table is null");
    requireNonNull(kind, "kind is null");
    if (kind == MetadataTableKind.CHANGES) {
      return ChangelogUtil.changelogSchema(table.schema());
    }
    MetadataTableType type = kind.icebergType().orElseThrow();
    return MetadataTableUtils.createMetadataTableInstance(table, type).schema();
  }

  /**
   * The kind named {@code name} (any case) for a metadata table of {@code table}.
   *
   * @throws MetadataTableException naming the valid names when there is no such metadata table
   */
  public static MetadataTableKind kind(Table table, String name) {
    requireNonNull(table, "table is null");
    requireNonNull(name, "name is null");
    return MetadataTableKind.fromName(name)
        .orElseThrow(
            () ->
                new MetadataTableException(
                    UNKNOWN_METADATA_TABLE,
                    String.format(
                        "Cannot find metadata table %s.%s (metadata tables: %s)",
                        table.name(), name, String.join(", ", MetadataTableKind.names()))));
  }

  private static String name(Table table, MetadataTableKind kind) {
    return table.name() + "." + kind.tableName();
  }
}
