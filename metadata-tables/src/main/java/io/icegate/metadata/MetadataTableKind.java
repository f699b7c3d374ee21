package io.icegate.metadata;

import static io.icegate.metadata.TimeTravelSupport.HONOURED;
import static io.icegate.metadata.TimeTravelSupport.IGNORED;
import static io.icegate.metadata.TimeTravelSupport.REFUSED;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.iceberg.MetadataTableType;

/**
 * The metadata tables of the specification, each with how it is read here and how it treats time
 * travel.
 *
 * <p>Fifteen are read natively through iceberg-core's own metadata table classes; {@code
 * position_deletes} and {@code changes} need data-file readers, so Spark computes them.
 */
public enum MetadataTableKind {
  HISTORY(MetadataTableType.HISTORY, IGNORED, "it always lists the whole snapshot log", null),
  METADATA_LOG_ENTRIES(
      MetadataTableType.METADATA_LOG_ENTRIES, IGNORED, "it always lists every metadata file", null),
  SNAPSHOTS(MetadataTableType.SNAPSHOTS, IGNORED, "it always lists every snapshot", null),
  ENTRIES(MetadataTableType.ENTRIES, HONOURED, null, null),
  FILES(MetadataTableType.FILES, HONOURED, null, null),
  DATA_FILES(MetadataTableType.DATA_FILES, HONOURED, null, null),
  DELETE_FILES(MetadataTableType.DELETE_FILES, HONOURED, null, null),
  MANIFESTS(MetadataTableType.MANIFESTS, HONOURED, null, null),
  PARTITIONS(MetadataTableType.PARTITIONS, HONOURED, null, null),
  POSITION_DELETES(
      MetadataTableType.POSITION_DELETES,
      HONOURED,
      null,
      "its rows are the contents of position delete files, which only a Parquet/ORC/Avro reader can"
          + " read"),
  ALL_DATA_FILES(
      MetadataTableType.ALL_DATA_FILES, REFUSED, "it lists every snapshot already", null),
  ALL_DELETE_FILES(
      MetadataTableType.ALL_DELETE_FILES, REFUSED, "it lists every snapshot already", null),
  ALL_ENTRIES(MetadataTableType.ALL_ENTRIES, REFUSED, "it lists every snapshot already", null),
  ALL_MANIFESTS(MetadataTableType.ALL_MANIFESTS, REFUSED, "it lists every snapshot already", null),
  ALL_FILES(MetadataTableType.ALL_FILES, REFUSED, "it lists every snapshot already", null),
  REFS(MetadataTableType.REFS, IGNORED, "it always lists the current branches and tags", null),
  CHANGES(
      null,
      REFUSED,
      "a changelog spans snapshots (filter on _commit_snapshot_id instead)",
      "its rows are the table's data rows across snapshots (a changelog scan), which only data"
          + " readers can read");

  private static final List<String> NAMES =
      Arrays.stream(values()).map(MetadataTableKind::tableName).toList();

  private final MetadataTableType icebergType;
  private final TimeTravelSupport timeTravel;
  private final String timeTravelNote;
  private final String computedBySpark;

  MetadataTableKind(
      MetadataTableType icebergType,
      TimeTravelSupport timeTravel,
      String timeTravelNote,
      String computedBySpark) {
    this.icebergType = icebergType;
    this.timeTravel = timeTravel;
    this.timeTravelNote = timeTravelNote;
    this.computedBySpark = computedBySpark;
  }

  /** The name after the table's, as in {@code demo.db.t.snapshots}. */
  public String tableName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Iceberg's type for this table; empty for {@code changes}, which is Spark's, not a metadata
   * table type.
   */
  public Optional<MetadataTableType> icebergType() {
    return Optional.ofNullable(icebergType);
  }

  public TimeTravelSupport timeTravel() {
    return timeTravel;
  }

  /** Why time travel is ignored or refused; empty when it is honoured. */
  public Optional<String> timeTravelNote() {
    return Optional.ofNullable(timeTravelNote);
  }

  /**
   * Whether it is one of the six files tables (files, data_files, delete_files and their {@code
   * all_} forms): a row per data or delete file, {@code readable_metrics} from its metric maps.
   */
  public boolean isFilesTable() {
    return switch (this) {
      case FILES, DATA_FILES, DELETE_FILES, ALL_FILES, ALL_DATA_FILES, ALL_DELETE_FILES -> true;
      default -> false;
    };
  }

  /**
   * The column path of the partition struct by whose fields Iceberg's scan of this table skips
   * manifests (a filter on them is given to the scan): {@code partition} for the files tables,
   * {@code data_file.partition} for the entries tables; empty for the others.
   */
  public List<String> partitionPath() {
    if (isFilesTable()) {
      return List.of("partition");
    }
    return isEntriesTable() ? List.of("data_file", "partition") : List.of();
  }

  /**
   * The entries table a files table is read through (its live entries' {@code data_file} structs
   * are the files table's rows, see {@link MetadataRelation}): {@code all_entries} for the {@code
   * all_} forms, {@code entries} for the others; empty for tables that are not files tables.
   */
  Optional<MetadataTableType> fileEntriesType() {
    return switch (this) {
      case FILES, DATA_FILES, DELETE_FILES -> Optional.of(MetadataTableType.ENTRIES);
      case ALL_FILES, ALL_DATA_FILES, ALL_DELETE_FILES ->
          Optional.of(MetadataTableType.ALL_ENTRIES);
      default -> Optional.empty();
    };
  }

  /**
   * Whether it is {@code entries} or {@code all_entries}: a row per manifest entry, its file in
   * {@code data_file}.
   */
  public boolean isEntriesTable() {
    return this == ENTRIES || this == ALL_ENTRIES;
  }

  /** Whether {@link MetadataTables#open} reads it, without Spark. */
  public boolean isNative() {
    return computedBySpark == null;
  }

  /** Why Spark computes this table; empty when it is read natively. */
  public Optional<String> computedBySparkReason() {
    return Optional.ofNullable(computedBySpark);
  }

  /** The kind with this name, ignoring case. */
  public static Optional<MetadataTableKind> fromName(String name) {
    for (MetadataTableKind kind : values()) {
      if (kind.tableName().equalsIgnoreCase(name)) {
        return Optional.of(kind);
      }
    }
    return Optional.empty();
  }

  /** Every metadata table name, in the specification's order. */
  public static List<String> names() {
    return NAMES;
  }
}
