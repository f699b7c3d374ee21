package io.icegate.gateway.health;

import io.icegate.access.Privilege;
import io.icegate.access.TableGrant;
import io.icegate.access.TableRef;
import io.icegate.gateway.access.TableAccess;
import io.icegate.gateway.metadata.SparkIcebergCatalogs;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.iceberg.BaseTable;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataOperations;
import org.apache.iceberg.ManifestFile;
import org.apache.iceberg.ManifestFiles;
import org.apache.iceberg.ManifestReader;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.SnapshotRef;
import org.apache.iceberg.SnapshotSummary;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.io.FileIO;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.MetadataBuilder;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The rows of {@code icegate.system.table_health}: one per table of every Iceberg catalog of a
 * session, with its maintenance state and the calls that would fix it. Each column says what it
 * costs to compute ({@link Cost}); a row computes only the columns asked for, so that a query of
 * the cheap ones reads nothing but each table's current metadata file.
 */
public final class TableHealth {
  /** What a column reads beyond the table's current metadata (which loading the table read). */
  public enum Cost {
    /** Nothing: the metadata file and the current snapshot's summary. */
    METADATA,
    /** The size of the current metadata file (one file status). */
    METADATA_FILE,
    /** The current snapshot's manifest list (one file). */
    MANIFEST_LIST,
    /** Every data manifest of the current snapshot. */
    MANIFESTS,
    /** The previous metadata files of the metadata log, newest first until an expiry shows. */
    METADATA_LOG
  }

  private record Column(String name, DataType type, Cost cost, String comment) {}

  private static final List<Column> COLUMNS =
      List.of(
          col("catalog", DataTypes.StringType, Cost.METADATA, "Spark catalog of the table"),
          col("namespace", DataTypes.StringType, Cost.METADATA, "Namespace, levels joined by ."),
          col("table_name", DataTypes.StringType, Cost.METADATA, "Table name"),
          col("snapshot_count", DataTypes.IntegerType, Cost.METADATA, "Snapshots in the metadata"),
          col(
              "oldest_snapshot_at",
              DataTypes.TimestampType,
              Cost.METADATA,
              "Commit time of the oldest snapshot"),
          col(
              "oldest_snapshot_age_seconds",
              DataTypes.LongType,
              Cost.METADATA,
              "Seconds since the oldest snapshot"),
          col("total_records", DataTypes.LongType, Cost.METADATA, "Rows (snapshot summary)"),
          col(
              "data_file_count",
              DataTypes.LongType,
              Cost.METADATA,
              "Data files (snapshot summary total-data-files)"),
          col(
              "data_file_avg_bytes",
              DataTypes.LongType,
              Cost.MANIFESTS,
              "Average data file size (from the manifests)"),
          col(
              "target_file_size_bytes",
              DataTypes.LongType,
              Cost.METADATA,
              "write.target-file-size-bytes"),
          col(
              "small_file_count",
              DataTypes.LongType,
              Cost.MANIFESTS,
              "Data files below 0.75 x the target size (rewrite_data_files' min-file-size-bytes)"),
          col(
              "small_file_share",
              DataTypes.DoubleType,
              Cost.MANIFESTS,
              "small_file_count / data files"),
          col(
              "delete_file_count",
              DataTypes.LongType,
              Cost.METADATA,
              "Delete files (snapshot summary total-delete-files)"),
          col(
              "position_delete_count",
              DataTypes.LongType,
              Cost.METADATA,
              "Deleted positions (snapshot summary total-position-deletes)"),
          col(
              "deleted_row_share",
              DataTypes.DoubleType,
              Cost.METADATA,
              "position_delete_count / total_records"),
          col("manifest_count", DataTypes.IntegerType, Cost.MANIFEST_LIST, "Manifests (all kinds)"),
          col(
              "manifest_avg_bytes",
              DataTypes.LongType,
              Cost.MANIFEST_LIST,
              "Average manifest size"),
          col(
              "metadata_file_bytes",
              DataTypes.LongType,
              Cost.METADATA_FILE,
              "Size of the current metadata file"),
          col(
              "metadata_log_length",
              DataTypes.IntegerType,
              Cost.METADATA,
              "Metadata log entries, the current file included (as metadata_log_entries)"),
          col("ref_count", DataTypes.IntegerType, Cost.METADATA, "Branches and tags"),
          col(
              "last_data_rewrite_at",
              DataTypes.TimestampType,
              Cost.METADATA,
              "Last replace snapshot that rewrote data files (among the snapshots kept)"),
          col(
              "last_manifest_rewrite_at",
              DataTypes.TimestampType,
              Cost.METADATA,
              "Last rewrite of manifests (among the snapshots kept)"),
          col(
              "last_expiry_at",
              DataTypes.TimestampType,
              Cost.METADATA_LOG,
              "First metadata file without a snapshot its predecessor had (null: none seen)"),
          col(
              "expiry_seen_since",
              DataTypes.TimestampType,
              Cost.METADATA_LOG,
              "How far back last_expiry_at could look: the oldest readable metadata log entry"),
          col(
              "expire_snapshots_call",
              DataTypes.StringType,
              Cost.METADATA,
              "CALL when snapshots pass max-snapshots or max-snapshot-age-hours"),
          col(
              "rewrite_data_files_call",
              DataTypes.StringType,
              Cost.MANIFESTS,
              "CALL when small files reach min-small-files"),
          col(
              "rewrite_position_delete_files_call",
              DataTypes.StringType,
              Cost.METADATA,
              "CALL when delete files reach min-delete-files"),
          col(
              "rewrite_manifests_call",
              DataTypes.StringType,
              Cost.MANIFEST_LIST,
              "CALL when manifests pass max-manifests"),
          col(
              "suggested_call",
              DataTypes.StringType,
              Cost.MANIFESTS,
              "The call whose threshold is passed the most, or null when healthy"),
          col("error", DataTypes.StringType, Cost.METADATA, "Why figures are missing"));

  /** The relation's columns, with their documentation as each field's comment. */
  public static final StructType SCHEMA = schema();

  static final int CATALOG = 0;
  static final int NAMESPACE = 1;
  static final int TABLE_NAME = 2;
  static final int SNAPSHOT_COUNT = 3;
  static final int OLDEST_AT = 4;
  static final int OLDEST_AGE = 5;
  static final int TOTAL_RECORDS = 6;
  static final int DATA_FILES = 7;
  static final int DATA_FILE_AVG = 8;
  static final int TARGET_SIZE = 9;
  static final int SMALL_FILES = 10;
  static final int SMALL_SHARE = 11;
  static final int DELETE_FILES = 12;
  static final int POSITION_DELETES = 13;
  static final int DELETED_SHARE = 14;
  static final int MANIFESTS = 15;
  static final int MANIFEST_AVG = 16;
  static final int METADATA_BYTES = 17;
  static final int LOG_LENGTH = 18;
  static final int REFS = 19;
  static final int LAST_DATA_REWRITE = 20;
  static final int LAST_MANIFEST_REWRITE = 21;
  static final int LAST_EXPIRY = 22;
  static final int EXPIRY_SEEN_SINCE = 23;
  static final int EXPIRE_CALL = 24;
  static final int REWRITE_DATA_CALL = 25;
  static final int REWRITE_DELETES_CALL = 26;
  static final int REWRITE_MANIFESTS_CALL = 27;
  static final int SUGGESTED_CALL = 28;
  static final int ERROR = 29;

  /**
   * What a query asks: the columns it reads (indexes into {@link #SCHEMA}) and the names it keeps
   * (equality on {@code catalog}, {@code namespace}, {@code table_name}; empty for any).
   */
  public record Request(
      BitSet columns,
      Optional<String> catalog,
      Optional<String> namespace,
      Optional<String> table) {
    public static Request all() {
      BitSet every = new BitSet();
      every.set(0, SCHEMA.size());
      return new Request(every, Optional.empty(), Optional.empty(), Optional.empty());
    }
  }

  private TableHealth() {}

  /** The index of column {@code name} in {@link #SCHEMA}, or -1. */
  public static int column(String name) {
    for (int i = 0; i < COLUMNS.size(); i++) {
      if (COLUMNS.get(i).name().equalsIgnoreCase(name)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * One row per table the session's Iceberg catalogs hold that {@code request} keeps, each as wide
   * as {@link #SCHEMA} with the columns not asked for null, handed to {@code out} as it is made.
   *
   * @param zone the session's time zone, in which the CALLs' timestamps are written
   */
  public static void rows(
      SparkIcebergCatalogs catalogs,
      Request request,
      HealthThresholds thresholds,
      Instant now,
      ZoneId zone,
      Consumer<InternalRow> out) {
    // Under access rules, a table's health shows its structure: only tables the user holds
    // metadata on appear, as if the others did not exist.
    Optional<TableAccess> access = catalogs.access();
    for (String catalog : catalogs.catalogNames()) {
      if (request.catalog().isPresent() && !request.catalog().get().equalsIgnoreCase(catalog)) {
        continue;
      }
      if (access.isPresent() && !access.get().catalogVisible(catalog)) {
        continue;
      }
      List<List<String>> namespaces;
      try {
        namespaces = namespaces(catalogs, catalog, request.namespace());
      } catch (RuntimeException e) {
        out.accept(failed(catalog, null, null, e));
        continue;
      }
      for (List<String> namespace : namespaces) {
        if (access.isPresent() && !access.get().namespaceVisible(catalog, namespace)) {
          continue;
        }
        String ns = String.join(".", namespace);
        List<String> names;
        try {
          names =
              request.table().isPresent()
                  ? List.of(request.table().get())
                  : catalogs.tables(catalog, namespace);
        } catch (RuntimeException e) {
          out.accept(failed(catalog, ns, null, e));
          continue;
        }
        for (String name : names) {
          if (access.isPresent()) {
            TableGrant grant = access.get().grant(new TableRef(catalog, namespace, name));
            // Counts of records and files say what a row filter or hidden column keeps back.
            if (!grant.has(Privilege.METADATA) || grant.restricted()) {
              continue;
            }
          }
          Optional<Table> table;
          try {
            table = catalogs.loadTable(catalog, namespace, name);
          } catch (RuntimeException e) {
            out.accept(failed(catalog, ns, name, e));
            continue;
          }
          if (table.isPresent() && table.get() instanceof BaseTable base) {
            InternalRow row;
            try {
              row = row(catalog, namespace, name, base, request.columns(), thresholds, now, zone);
            } catch (RuntimeException e) {
              row = failed(catalog, ns, name, e);
            }
            out.accept(row);
          }
        }
      }
    }
  }

  private static List<List<String>> namespaces(
      SparkIcebergCatalogs catalogs, String catalog, Optional<String> wanted) {
    if (wanted.isPresent()) {
      List<String> levels = Arrays.asList(wanted.get().split("\\.", -1));
      return catalogs.namespaceExists(catalog, levels) ? List.of(levels) : List.of();
    }
    List<List<String>> all = new ArrayList<>();
    List<List<String>> todo = new ArrayList<>(catalogs.namespaces(catalog, List.of()));
    Set<List<String>> seen = new HashSet<>();
    while (!todo.isEmpty()) {
      List<String> namespace = todo.remove(todo.size() - 1);
      if (seen.add(namespace)) {
        all.add(namespace);
        todo.addAll(catalogs.namespaces(catalog, namespace));
      }
    }
    all.sort((a, b) -> String.join(".", a).compareTo(String.join(".", b)));
    return all;
  }

  private static InternalRow failed(String catalog, String ns, String name, RuntimeException e) {
    Object[] values = new Object[SCHEMA.size()];
    values[CATALOG] = utf8(catalog);
    values[NAMESPACE] = utf8(ns);
    values[TABLE_NAME] = utf8(name);
    values[ERROR] = utf8(message(e));
    return new GenericInternalRow(values);
  }

  /** The row of one loaded table: the columns of {@code columns}, the others null. */
  static InternalRow row(
      String catalog,
      List<String> namespace,
      String name,
      BaseTable table,
      BitSet columns,
      HealthThresholds defaults,
      Instant now,
      ZoneId zone) {
    Object[] v = new Object[SCHEMA.size()];
    v[CATALOG] = utf8(catalog);
    v[NAMESPACE] = utf8(String.join(".", namespace));
    v[TABLE_NAME] = utf8(name);
    List<String> errors = new ArrayList<>();
    TableMetadata metadata = table.operations().current();
    HealthThresholds thresholds;
    try {
      thresholds = defaults.forTable(metadata.properties());
    } catch (IllegalArgumentException e) {
      errors.add(e.getMessage());
      thresholds = defaults;
    }
    SuggestedCalls suggested = new SuggestedCalls(catalog, namespace, name);
    Snapshot current = metadata.currentSnapshot();
    Map<String, String> summary = current == null ? Map.of() : current.summary();

    // Cheap: the metadata file, loaded already.
    List<Snapshot> snapshots = metadata.snapshots();
    v[SNAPSHOT_COUNT] = snapshots.size();
    Snapshot oldest = null;
    Long lastDataRewrite = null;
    Long lastManifestRewrite = null;
    for (Snapshot s : snapshots) {
      if (oldest == null || s.timestampMillis() < oldest.timestampMillis()) {
        oldest = s;
      }
      if (DataOperations.REPLACE.equals(s.operation())) {
        Map<String, String> sum = s.summary();
        if (positive(sum, SnapshotSummary.DELETED_FILES_PROP)) {
          lastDataRewrite = later(lastDataRewrite, s.timestampMillis());
        }
        if (positive(sum, "manifests-replaced")) {
          lastManifestRewrite = later(lastManifestRewrite, s.timestampMillis());
        }
      }
    }
    if (oldest != null) {
      v[OLDEST_AT] = oldest.timestampMillis() * 1000L;
      v[OLDEST_AGE] = Math.max(0, (now.toEpochMilli() - oldest.timestampMillis()) / 1000L);
    }
    v[LAST_DATA_REWRITE] = lastDataRewrite == null ? null : lastDataRewrite * 1000L;
    v[LAST_MANIFEST_REWRITE] = lastManifestRewrite == null ? null : lastManifestRewrite * 1000L;
    long records = number(summary, SnapshotSummary.TOTAL_RECORDS_PROP);
    long positionDeletes = number(summary, SnapshotSummary.TOTAL_POS_DELETES_PROP);
    long deleteFiles = number(summary, SnapshotSummary.TOTAL_DELETE_FILES_PROP);
    v[TOTAL_RECORDS] = records;
    v[DATA_FILES] = number(summary, SnapshotSummary.TOTAL_DATA_FILES_PROP);
    v[DELETE_FILES] = deleteFiles;
    v[POSITION_DELETES] = positionDeletes;
    v[DELETED_SHARE] = records == 0 ? 0.0 : (double) positionDeletes / records;
    long target =
        metadata.propertyAsLong(
            TableProperties.WRITE_TARGET_FILE_SIZE_BYTES,
            TableProperties.WRITE_TARGET_FILE_SIZE_BYTES_DEFAULT);
    v[TARGET_SIZE] = target;
    v[LOG_LENGTH] = metadata.previousFiles().size() + 1;
    v[REFS] = metadata.refs().size();

    // Expire: snapshots past the count, or a snapshot past the age that no ref holds.
    double expireNeed = 0;
    long cutoff = now.toEpochMilli() - thresholds.maxSnapshotAgeHours() * 3_600_000L;
    Set<Long> heads = new HashSet<>();
    for (SnapshotRef ref : metadata.refs().values()) {
      heads.add(ref.snapshotId());
    }
    boolean tooMany = snapshots.size() > thresholds.maxSnapshots();
    boolean tooOld =
        snapshots.stream()
            .anyMatch(s -> s.timestampMillis() < cutoff && !heads.contains(s.snapshotId()));
    if (tooMany) {
      expireNeed = (double) snapshots.size() / thresholds.maxSnapshots();
    }
    if (tooOld && oldest != null) {
      expireNeed =
          Math.max(
              expireNeed,
              (now.toEpochMilli() - oldest.timestampMillis())
                  / (thresholds.maxSnapshotAgeHours() * 3_600_000.0));
    }
    String expireCall = null;
    if (tooMany || tooOld) {
      long olderThan = tooMany ? now.toEpochMilli() : cutoff;
      expireCall =
          suggested.expireSnapshots(
              Instant.ofEpochMilli(olderThan), zone, tooMany ? thresholds.maxSnapshots() : 1);
    }
    v[EXPIRE_CALL] = utf8(expireCall);
    double deletesNeed = 0;
    String deletesCall = null;
    if (deleteFiles >= thresholds.minDeleteFiles()) {
      deletesNeed = (double) deleteFiles / thresholds.minDeleteFiles();
      deletesCall = suggested.onTable("rewrite_position_delete_files");
    }
    v[REWRITE_DELETES_CALL] = utf8(deletesCall);

    FileIO io = table.io();
    if (columns.get(METADATA_BYTES)) {
      try {
        v[METADATA_BYTES] = io.newInputFile(metadata.metadataFileLocation()).getLength();
      } catch (RuntimeException e) {
        errors.add("metadata file: " + message(e));
      }
    }

    boolean suggest = columns.get(SUGGESTED_CALL);
    double manifestsNeed = 0;
    String manifestsCall = null;
    List<ManifestFile> manifests = null;
    if (current != null
        && (suggest
            || columns.get(MANIFESTS)
            || columns.get(MANIFEST_AVG)
            || columns.get(REWRITE_MANIFESTS_CALL))) {
      try {
        manifests = current.allManifests(io);
        long bytes = manifests.stream().mapToLong(ManifestFile::length).sum();
        v[MANIFESTS] = manifests.size();
        v[MANIFEST_AVG] = manifests.isEmpty() ? 0L : bytes / manifests.size();
        if (manifests.size() > thresholds.maxManifests()) {
          manifestsNeed = (double) manifests.size() / thresholds.maxManifests();
          manifestsCall = suggested.onTable("rewrite_manifests");
        }
        v[REWRITE_MANIFESTS_CALL] = utf8(manifestsCall);
      } catch (RuntimeException e) {
        errors.add("manifest list: " + message(e));
        manifests = null;
      }
    } else if (current == null) {
      v[MANIFESTS] = 0;
      v[MANIFEST_AVG] = 0L;
    }

    double dataNeed = 0;
    String dataCall = null;
    if (current == null) {
      v[DATA_FILE_AVG] = 0L;
      v[SMALL_FILES] = 0L;
      v[SMALL_SHARE] = 0.0;
    } else if (suggest
        || columns.get(DATA_FILE_AVG)
        || columns.get(SMALL_FILES)
        || columns.get(SMALL_SHARE)
        || columns.get(REWRITE_DATA_CALL)) {
      try {
        long small = 0;
        long files = 0;
        long bytes = 0;
        long minSize = (long) (target * 0.75);
        List<ManifestFile> dataManifests =
            manifests == null
                ? current.dataManifests(io)
                : manifests.stream()
                    .filter(m -> m.content() == org.apache.iceberg.ManifestContent.DATA)
                    .toList();
        for (ManifestFile manifest : dataManifests) {
          try (ManifestReader<DataFile> reader =
              ManifestFiles.read(manifest, io, metadata.specsById())) {
            for (DataFile file : reader) {
              files++;
              bytes += file.fileSizeInBytes();
              if (file.fileSizeInBytes() < minSize) {
                small++;
              }
            }
          }
        }
        v[DATA_FILE_AVG] = files == 0 ? 0L : bytes / files;
        v[SMALL_FILES] = small;
        v[SMALL_SHARE] = files == 0 ? 0.0 : (double) small / files;
        if (small >= thresholds.minSmallFiles()) {
          dataNeed = (double) small / thresholds.minSmallFiles();
          dataCall = suggested.onTable("rewrite_data_files");
        }
        v[REWRITE_DATA_CALL] = utf8(dataCall);
      } catch (java.io.IOException | RuntimeException e) {
        errors.add("manifests: " + message(e));
      }
    }

    if (suggest) {
      // The threshold passed by the largest factor; ties go to the call listed first.
      String best = null;
      double most = 0;
      double[] needs = {expireNeed, dataNeed, deletesNeed, manifestsNeed};
      String[] calls = {expireCall, dataCall, deletesCall, manifestsCall};
      for (int i = 0; i < calls.length; i++) {
        if (calls[i] != null && needs[i] > most) {
          most = needs[i];
          best = calls[i];
        }
      }
      v[SUGGESTED_CALL] = utf8(best);
    }

    if (columns.get(LAST_EXPIRY) || columns.get(EXPIRY_SEEN_SINCE)) {
      ExpiryHistory expiry = ExpiryHistory.of(metadata, io);
      v[LAST_EXPIRY] = expiry.lastExpiryMillis() == null ? null : expiry.lastExpiryMillis() * 1000L;
      v[EXPIRY_SEEN_SINCE] = expiry.seenSinceMillis() * 1000L;
    }
    v[ERROR] = errors.isEmpty() ? null : utf8(String.join("; ", errors));
    for (int i = 0; i < v.length; i++) {
      if (!columns.get(i) && i > TABLE_NAME) {
        v[i] = null;
      }
    }
    return new GenericInternalRow(v);
  }

  private static boolean positive(Map<String, String> summary, String key) {
    return number(summary, key) > 0;
  }

  private static long number(Map<String, String> summary, String key) {
    String value = summary.get(key);
    if (value == null) {
      return 0L;
    }
    try {
      return Long.parseLong(value);
    } catch (NumberFormatException e) {
      return 0L;
    }
  }

  private static Long later(Long a, long b) {
    return a == null || b > a ? b : a;
  }

  private static String message(Throwable e) {
    String m = e.getMessage();
    return m == null ? "cannot be read" : m;
  }

  private static UTF8String utf8(String s) {
    return s == null ? null : UTF8String.fromString(s);
  }

  private static Column col(String name, DataType type, Cost cost, String comment) {
    return new Column(name, type, cost, comment);
  }

  /** What computing column {@code index} reads. */
  public static Cost cost(int index) {
    return COLUMNS.get(index).cost();
  }

  private static StructType schema() {
    StructField[] fields = new StructField[COLUMNS.size()];
    for (int i = 0; i < fields.length; i++) {
      Column c = COLUMNS.get(i);
      Metadata comment = new MetadataBuilder().putString("comment", c.comment()).build();
      fields[i] = new StructField(c.name(), c.type(), i != CATALOG, comment);
    }
    return new StructType(fields);
  }
}
