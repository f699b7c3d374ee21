package io.icegate.bench;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.iceberg.AppendFiles;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Metrics;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.spark.Spark3Util;
import org.apache.iceberg.types.Conversions;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.apache.spark.sql.SparkSession;

/**
 * Builds the metadata benchmark's table quickly: most snapshots are fast appends of made-up data
 * files (paths that do not exist, realistic metrics) committed with iceberg-core, one commit each;
 * the last few are real Spark INSERTs, so their summaries carry {@code spark.app.id}; then a branch
 * and a tag, so {@code refs} has rows. Metadata tables never open data files, so the made-up paths
 * do not matter.
 */
final class MetadataBenchTable {
  static final String NAMESPACE = "bench";
  static final String TABLE = "t";
  static final String NAME = "demo." + NAMESPACE + "." + TABLE;

  /**
   * A second table whose manifests each cover one partition, for partition filters (see {@link
   * #buildDaily}).
   */
  static final String DAILY_TABLE = "daily";

  static final String DAILY = "demo." + NAMESPACE + "." + DAILY_TABLE;

  static final int CATEGORIES = 20;
  private static final int SPARK_INSERTS = 5;
  private static final long BASE_MICROS = 1_704_067_200_000_000L; // 2024-01-01T00:00:00Z

  /** What was built, and how long each step took. */
  record Built(
      long snapshots,
      int coreAppends,
      long dataFiles,
      long refs,
      double createSeconds,
      double coreSeconds,
      double sparkSeconds,
      double refSeconds) {
    double totalSeconds() {
      return createSeconds + coreSeconds + sparkSeconds + refSeconds;
    }
  }

  private MetadataBenchTable() {}

  /**
   * Creates {@link #NAME} with about {@code snapshots} snapshots adding {@code dataFiles} data
   * files in all.
   */
  static Built build(SparkSession spark, int snapshots, int dataFiles) throws Exception {
    int filesPerSnapshot = Math.max(1, dataFiles / snapshots);
    int sparkInserts = Math.min(SPARK_INSERTS, snapshots);
    int coreAppends = snapshots - sparkInserts;

    long start = System.nanoTime();
    Table table = create(spark, NAME);
    long created = System.nanoTime();

    // One commit per append: a transaction of several appends would be quicker, but Iceberg then
    // keeps only its
    // last snapshot in the table's history (snapshot log), and history should have a row per
    // snapshot.
    FileMaker files = new FileMaker(table);
    for (int s = 0; s < coreAppends; s++) {
      AppendFiles append = table.newFastAppend();
      for (int f = 0; f < filesPerSnapshot; f++) {
        append.appendFile(files.next());
      }
      append.commit();
    }
    long coreDone = System.nanoTime();

    // One row per category, so that each INSERT writes filesPerSnapshot files (up to the number of
    // categories).
    for (int i = 0; i < sparkInserts; i++) {
      long first = (long) i * filesPerSnapshot;
      spark.sql(
          "INSERT INTO "
              + NAME
              + " SELECT id, concat('c', lpad(CAST(id % "
              + CATEGORIES
              + " AS string), 2,"
              + " '0')), timestamp_seconds(1704067200 + id) FROM range("
              + first
              + ", "
              + (first + filesPerSnapshot)
              + ")");
    }
    long sparkDone = System.nanoTime();

    table.refresh();
    List<Long> ids = new ArrayList<>();
    for (Snapshot snapshot : table.snapshots()) {
      ids.add(snapshot.snapshotId());
    }
    table
        .manageSnapshots()
        .createTag("bench_tag", ids.get(ids.size() / 4))
        .createBranch("bench_branch", ids.get(ids.size() / 2))
        .commit();
    table.refresh();
    long refsDone = System.nanoTime();

    long totalFiles =
        Long.parseLong(table.currentSnapshot().summary().getOrDefault("total-data-files", "0"));
    return new Built(
        ids.size(),
        coreAppends,
        totalFiles,
        table.refs().size(),
        seconds(start, created),
        seconds(created, coreDone),
        seconds(coreDone, sparkDone),
        seconds(sparkDone, refsDone));
  }

  /**
   * Creates {@link #DAILY}: {@code appends} iceberg-core fast appends of {@code filesPerAppend}
   * data files each, all of one append in one category (as a day's data goes into its day's
   * partition), so that each manifest covers one partition and a partition filter lets Iceberg skip
   * the others. No Spark INSERT: its append would merge the manifests. Returns the seconds it took.
   */
  static double buildDaily(SparkSession spark, int appends, int filesPerAppend) throws Exception {
    long start = System.nanoTime();
    Table table = create(spark, DAILY);
    FileMaker files = new FileMaker(table);
    for (int s = 0; s < appends; s++) {
      AppendFiles append = table.newFastAppend();
      String category = FileMaker.category(s);
      for (int f = 0; f < filesPerAppend; f++) {
        append.appendFile(files.next(category));
      }
      append.commit();
    }
    return seconds(start, System.nanoTime());
  }

  /** An empty table partitioned by category, format v2, in the benchmark's namespace. */
  private static Table create(SparkSession spark, String name) throws Exception {
    spark.sql("CREATE NAMESPACE IF NOT EXISTS demo." + NAMESPACE);
    spark.sql(
        "CREATE TABLE "
            + name
            + " (id bigint, category string, ts timestamp) USING iceberg"
            + " PARTITIONED BY (category) TBLPROPERTIES ('format-version'='2',"
            // Without this each run leaves a thousand metadata files of up to 1 MB each behind.
            + " 'write.metadata.delete-after-commit.enabled'='true')");
    return Spark3Util.loadIcebergTable(spark, name);
  }

  private static double seconds(long from, long to) {
    return (to - from) / 1e9;
  }

  /**
   * Made-up Parquet data files with metrics a writer would record, so that readable_metrics has
   * values.
   */
  private static final class FileMaker {
    private final PartitionSpec spec;
    private final String dataLocation;
    private final int idField;
    private final int categoryField;
    private final int tsField;
    private final Type tsType;
    private final Random random = new Random(42);
    private int made;

    FileMaker(Table table) {
      Schema schema = table.schema();
      this.spec = table.spec();
      this.dataLocation = table.location() + "/data";
      this.idField = schema.findField("id").fieldId();
      this.categoryField = schema.findField("category").fieldId();
      this.tsField = schema.findField("ts").fieldId();
      this.tsType = schema.findType("ts");
    }

    static String category(int n) {
      return String.format("c%02d", n % CATEGORIES);
    }

    /** The next file, in category n % {@link #CATEGORIES}. */
    DataFile next() {
      return next(category(made));
    }

    DataFile next(String category) {
      int n = made++;
      long records = 1_000 + random.nextInt(99_000);
      long firstId = n * 100_000L;
      long tsNulls = random.nextInt(10);
      long firstTs = BASE_MICROS + n * 60_000_000L;
      long lastTs = firstTs + records * 1_000L;
      Map<Integer, Long> columnSizes =
          Map.of(idField, records * 3, categoryField, 48L, tsField, records * 4);
      Map<Integer, Long> valueCounts =
          Map.of(idField, records, categoryField, records, tsField, records);
      Map<Integer, Long> nullCounts = Map.of(idField, 0L, categoryField, 0L, tsField, tsNulls);
      Map<Integer, ByteBuffer> lower =
          Map.of(
              idField, Conversions.toByteBuffer(Types.LongType.get(), firstId),
              categoryField, Conversions.toByteBuffer(Types.StringType.get(), category),
              tsField, Conversions.toByteBuffer(tsType, firstTs));
      Map<Integer, ByteBuffer> upper =
          Map.of(
              idField, Conversions.toByteBuffer(Types.LongType.get(), firstId + records - 1),
              categoryField, Conversions.toByteBuffer(Types.StringType.get(), category),
              tsField, Conversions.toByteBuffer(tsType, lastTs));
      long size = records * 7 + 48 + 1_024;
      return DataFiles.builder(spec)
          .withPath(
              String.format(
                  "%s/category=%s/%05d-bench-%08d.parquet", dataLocation, category, n % 100_000, n))
          .withFormat(FileFormat.PARQUET)
          .withPartitionPath("category=" + category)
          .withFileSizeInBytes(size)
          .withMetrics(
              new Metrics(records, columnSizes, valueCounts, nullCounts, Map.of(), lower, upper))
          .withSplitOffsets(List.of(4L))
          .build();
    }
  }
}
