package io.icegate.bench;

import io.icegate.calcite.exec.MetadataQueryEngine;
import io.icegate.calcite.exec.MetadataQueryResult;
import io.icegate.gateway.config.GatewayConfig;
import io.icegate.gateway.config.Setting;
import io.icegate.gateway.metadata.SparkIcebergCatalogs;
import io.icegate.gateway.server.GatewayServer;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.iceberg.MetadataTableType;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.spark.Spark3Util;
import org.apache.spark.sql.SparkSession;

/**
 * Latency of metadata queries in one run on one table with many snapshots and data files: p50 and
 * p95 over JDBC (the real driver, HTTP, the in-process gateway) with the native metadata path on,
 * and with it off (Spark), against the same metadata table read in-process with iceberg-core. The
 * native path also runs with its rows in Avatica's encoding ({@code rowEncoding=avatica}), to show
 * what Icegate's compact one saves. Also times the native engine in-process without the wire
 * (Calcite over iceberg-core), to show where the native path's time goes, and counts Spark jobs to
 * prove the native runs started none. Prints Markdown tables for docs/PERFORMANCE.md.
 *
 * <p>Run: {@code mvn -B -Pbench -pl it -am verify -DskipTests -Dbench.streaming.skip=true}.
 * Settings (system properties, also Maven properties of the {@code bench} profile): {@code
 * bench.snapshots} (1000), {@code bench.files} (10000), {@code bench.warmup.seconds} (15), {@code
 * bench.iterations} (50, native and in-process), {@code bench.spark.iterations} (15), {@code
 * bench.block} (5: consecutive runs of one path in a round), {@code bench.queries}
 * (comma-separated, default all: snapshots, files, history, partitions, refs, join, files_narrow:
 * file_path and record_count of files; daily_files and daily_one_category: those of every file and
 * of one partition's files in a second table whose manifests each cover one partition, {@code
 * bench.daily.appends} (400, in {@code -Dbench.jvm.args}) appends of five files), {@code
 * bench.partition.cache.counts} (the gateway's {@code icegate.metadata.partition-cache-counts}; 0
 * has {@code partitions} decode every manifest each time; pass it in {@code -Dbench.jvm.args}).
 *
 * <p>Latencies are those of a gateway that has been serving for a while: before measuring a query,
 * its native and in-process paths run for {@code bench.warmup.seconds} (at least 5 runs), until the
 * JIT has compiled them, and then its Spark path for as long. A handful of runs leaves the native
 * path interpreted and several times slower (refs: about 10 ms after 5 runs, under 3 ms after a few
 * hundred).
 */
public final class MetadataBenchmark {
  private static final String T = MetadataBenchTable.NAME;
  private static final String DAILY = MetadataBenchTable.DAILY;
  private static final TableIdentifier DAILY_ID =
      TableIdentifier.of(MetadataBenchTable.NAMESPACE, MetadataBenchTable.DAILY_TABLE);

  /**
   * One query timed (the issue's, and one more), its target speed-up over Spark, and its
   * iceberg-core twin.
   */
  private record BenchQuery(
      String name,
      String sql,
      double sparkTarget,
      Function<CoreMetadataReads, CoreMetadataReads.Timing> inProcess) {}

  private static final List<BenchQuery> QUERIES =
      List.of(
          metadataTable("snapshots", MetadataTableType.SNAPSHOTS, 20),
          metadataTable("files", MetadataTableType.FILES, 5),
          metadataTable("history", MetadataTableType.HISTORY, 20),
          metadataTable("partitions", MetadataTableType.PARTITIONS, 5),
          metadataTable("refs", MetadataTableType.REFS, 20),
          // The specification's join (document 001), on the benchmark's table.
          new BenchQuery(
              "history JOIN snapshots",
              "SELECT h.made_current_at, s.operation, h.snapshot_id,"
                  + " h.is_current_ancestor, s.summary['spark.app.id'] FROM "
                  + T
                  + ".history h JOIN "
                  + T
                  + ".snapshots s"
                  + " ON h.snapshot_id = s.snapshot_id ORDER BY made_current_at",
              20,
              CoreMetadataReads::historyJoinSnapshots),
          // Not one of the issue's: what reading only the columns a query uses saves (no target; 0
          // means none).
          new BenchQuery(
              "files_narrow",
              "SELECT file_path, record_count FROM " + T + ".files",
              0,
              reads -> reads.read(MetadataTableType.FILES, List.of("file_path", "record_count"))),
          // Not the issue's: a second table whose manifests each cover one of 20 partitions
          // (MetadataBenchTable.DAILY),
          // every file's two columns, then one partition's (the filter lets Iceberg skip 19
          // manifests in 20).
          new BenchQuery(
              "daily_files",
              "SELECT file_path, record_count FROM " + DAILY + ".files",
              0,
              reads ->
                  reads
                      .of(DAILY_ID)
                      .read(MetadataTableType.FILES, List.of("file_path", "record_count"))),
          new BenchQuery(
              "daily_one_category",
              "SELECT file_path, record_count FROM "
                  + DAILY
                  + ".files"
                  + " WHERE partition.category = 'c05'",
              0,
              reads ->
                  reads
                      .of(DAILY_ID)
                      .readPartition(
                          MetadataTableType.FILES,
                          List.of("file_path", "record_count"),
                          "category",
                          "c05")));

  /** Data files in each append to the daily table (one manifest, one partition). */
  private static final int DAILY_FILES_PER_APPEND = 5;

  /** Native/in-process p50 at most this. */
  private static final double IN_PROCESS_TARGET = 2.0;

  private MetadataBenchmark() {}

  private static BenchQuery metadataTable(String name, MetadataTableType type, double sparkTarget) {
    return new BenchQuery(
        name, "SELECT * FROM " + T + "." + name, sparkTarget, reads -> reads.read(type));
  }

  /**
   * How long each query's paths run before they are measured: as long for Spark's as for the native
   * ones.
   */
  private record Warmup(double seconds) {
    static final int MIN_RUNS = 5;
  }

  /** Everything measured for one query. */
  private static final class Measured {
    final BenchQuery query;
    final Latencies nativeJdbc = new Latencies();

    /** The native path with the rows in Avatica's encoding instead of Icegate's compact one. */
    final Latencies nativeAvaticaRows = new Latencies();

    final Latencies sparkJdbc = new Latencies();
    final Latencies inProcess = new Latencies();
    final Latencies tableLoad = new Latencies();
    final Latencies inProcessRead = new Latencies();
    final Latencies calcite = new Latencies();
    long nativeRows = -1;
    long nativeAvaticaRowCount = -1;
    long sparkRows = -1;
    long inProcessRows = -1;
    long calciteRows = -1;

    /** Runs of each of the native, in-process and Calcite paths before measuring. */
    int warmupRuns;

    /** Runs of the Spark path before measuring. */
    int sparkWarmupRuns;

    Measured(BenchQuery query) {
      this.query = query;
    }

    boolean rowsAgree() {
      return nativeRows == sparkRows
          && nativeRows == inProcessRows
          && nativeRows == calciteRows
          && nativeRows == nativeAvaticaRowCount;
    }
  }

  public static void main(String[] args) throws Exception {
    long wallStart = System.nanoTime();
    int snapshots = Integer.getInteger("bench.snapshots", 1_000);
    int dataFiles = Integer.getInteger("bench.files", 10_000);
    Warmup warmup =
        new Warmup(Double.parseDouble(System.getProperty("bench.warmup.seconds", "15")));
    int iterations = Integer.getInteger("bench.iterations", 50);
    int sparkIterations = Math.min(iterations, Integer.getInteger("bench.spark.iterations", 15));
    int block = Math.max(1, Integer.getInteger("bench.block", 5));
    Set<String> only =
        Arrays.stream(System.getProperty("bench.queries", "").split(","))
            .map(String::trim)
            .filter(s -> !s.isEmpty())
            .collect(Collectors.toSet());
    List<BenchQuery> queries =
        QUERIES.stream()
            .filter(
                q ->
                    only.isEmpty()
                        || only.contains(q.name())
                        || (q.name().contains("JOIN") && only.contains("join")))
            .toList();
    double loadAtStart = loadAverage();

    Path warehouse = Files.createTempDirectory(Path.of("target"), "bench-metadata-warehouse-");
    String partitionCache =
        System.getProperty(
            "bench.partition.cache.counts", Setting.METADATA_PARTITION_CACHE_COUNTS.defaultValue());
    GatewayConfig config =
        GatewayConfig.from(
            Map.of(
                "icegate.port",
                "0",
                "icegate.warehouse",
                warehouse.toString(),
                "spark.sql.shuffle.partitions",
                "4",
                Setting.METADATA_PARTITION_CACHE_COUNTS.key(),
                partitionCache));
    System.out.printf("Partition counts kept: %s%n", partitionCache);
    try (GatewayServer server = GatewayServer.start(config)) {
      SparkSession spark = server.engine().rootSession();
      MetadataBenchTable.Built built = MetadataBenchTable.build(spark, snapshots, dataFiles);
      System.out.printf(
          "%nSetup: %,d snapshots, %,d data files, %d refs in %.1f s (create %.1f s, %,d"
              + " iceberg-core fast appends %.1f s, Spark INSERTs %.1f s, branch and tag %.1f s)%n",
          built.snapshots(),
          built.dataFiles(),
          built.refs(),
          built.totalSeconds(),
          built.createSeconds(),
          built.coreAppends(),
          built.coreSeconds(),
          built.sparkSeconds(),
          built.refSeconds());
      if (queries.stream().anyMatch(query -> query.name().startsWith("daily"))) {
        int appends = Integer.getInteger("bench.daily.appends", 400);
        double seconds = MetadataBenchTable.buildDaily(spark, appends, DAILY_FILES_PER_APPEND);
        System.out.printf(
            "Setup: %s, %,d fast appends of %d data files, one category each, in %.1f s%n",
            DAILY, appends, DAILY_FILES_PER_APPEND, seconds);
      }

      CoreMetadataReads core =
          new CoreMetadataReads(
              Spark3Util.loadIcebergCatalog(spark, "demo"),
              TableIdentifier.of(MetadataBenchTable.NAMESPACE, MetadataBenchTable.TABLE));
      SparkSession calciteSession = server.engine().newSession();
      MetadataQueryEngine calcite =
          new MetadataQueryEngine(
              new SparkIcebergCatalogs(calciteSession),
              ZoneId.of(calciteSession.conf().get("spark.sql.session.timeZone")));
      String url = "jdbc:icegate://127.0.0.1:" + server.port();

      List<Measured> results = new ArrayList<>();
      int fetchSize;
      Paths paths;
      try (SparkJobCounter counter = SparkJobCounter.register(spark.sparkContext());
          Connection nativeConnection = DriverManager.getConnection(url);
          Connection nativeAvaticaConnection =
              DriverManager.getConnection(url + "?rowEncoding=avatica");
          Connection sparkConnection = DriverManager.getConnection(url);
          Statement nativeStatement = nativeConnection.createStatement();
          Statement nativeAvaticaStatement = nativeAvaticaConnection.createStatement();
          Statement sparkStatement = sparkConnection.createStatement()) {
        fetchSize = nativeStatement.getFetchSize();
        nativeStatement.execute("SET icegate.metadata.native=true");
        nativeAvaticaStatement.execute("SET icegate.metadata.native=true");
        sparkStatement.execute("SET icegate.metadata.native=false");
        paths =
            new Paths(
                nativeStatement, nativeAvaticaStatement, sparkStatement, core, calcite, counter);
        for (BenchQuery query : queries) {
          long queryStart = System.nanoTime();
          Measured m = paths.measure(query, warmup, iterations, sparkIterations, block);
          results.add(m);
          System.out.printf(
              "%s: %,d rows; native p50 %s ms, Spark p50 %s ms, in-process p50 %s ms (%.0f s)%n",
              query.name(),
              m.nativeRows,
              millis(m.nativeJdbc.p50()),
              millis(m.sparkJdbc.p50()),
              millis(m.inProcess.p50()),
              (System.nanoTime() - queryStart) / 1e9);
        }
      }
      printResults(
          results,
          built,
          fetchSize,
          warmup,
          iterations,
          sparkIterations,
          block,
          paths.nativeJobs,
          paths.sparkJobs);
      System.out.printf(
          "%nLoad average (1 min): %.2f at start, %.2f at end; %d cores; wall time %.0f s; checksum"
              + " %d%n",
          loadAtStart,
          loadAverage(),
          Runtime.getRuntime().availableProcessors(),
          (System.nanoTime() - wallStart) / 1e9,
          CoreMetadataReads.Checksum.value());
    } finally {
      deleteRecursively(warehouse);
    }
  }

  private static void deleteRecursively(Path directory) throws IOException {
    try (Stream<Path> paths = Files.walk(directory)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }

  /** The five ways of answering a query, and the Spark jobs each JDBC path started. */
  private static final class Paths {
    private final Statement nativeStatement;
    private final Statement nativeAvaticaStatement;
    private final Statement sparkStatement;
    private final CoreMetadataReads core;
    private final MetadataQueryEngine calcite;
    private final SparkJobCounter counter;
    SparkJobCounter.Counts nativeJobs = new SparkJobCounter.Counts(0, 0);
    SparkJobCounter.Counts sparkJobs = new SparkJobCounter.Counts(0, 0);

    Paths(
        Statement nativeStatement,
        Statement nativeAvaticaStatement,
        Statement sparkStatement,
        CoreMetadataReads core,
        MetadataQueryEngine calcite,
        SparkJobCounter counter) {
      this.nativeStatement = nativeStatement;
      this.nativeAvaticaStatement = nativeAvaticaStatement;
      this.sparkStatement = sparkStatement;
      this.core = core;
      this.calcite = calcite;
      this.counter = counter;
    }

    Measured measure(
        BenchQuery query, Warmup warmup, int iterations, int sparkIterations, int block)
        throws Exception {
      Measured m = new Measured(query);
      long warmupEnd = System.nanoTime() + (long) (warmup.seconds() * 1e9);
      for (int i = 0; i < Warmup.MIN_RUNS || System.nanoTime() < warmupEnd; i++) {
        readAll(nativeStatement, query.sql());
        readAll(nativeAvaticaStatement, query.sql());
        query.inProcess().apply(core);
        readNatively(calcite, query.sql());
        m.warmupRuns++;
      }
      long sparkWarmupEnd = System.nanoTime() + (long) (warmup.seconds() * 1e9);
      for (int i = 0; i < Warmup.MIN_RUNS || System.nanoTime() < sparkWarmupEnd; i++) {
        readAll(sparkStatement, query.sql());
        m.sparkWarmupRuns++;
      }
      // Rounds interleave the paths, so that a change of load on the machine hits them all alike;
      // the fewer Spark
      // runs are spread evenly over the rounds. Within a round each path runs a block of
      // consecutive runs, as a
      // gateway answers a stream of queries: run singly, every native run came right after the
      // in-process path had
      // parsed the table's whole metadata file (megabytes of JSON, which the gateway itself keeps
      // between
      // statements), and measured that path's garbage and evicted caches as much as its own work.
      List<Block> blocks =
          List.of(
              runs -> {
                for (int run = 0; run < runs; run++) {
                  m.nativeRows = timedJdbc(nativeStatement, query.sql(), m.nativeJdbc, false);
                }
              },
              runs -> {
                for (int run = 0; run < runs; run++) {
                  m.nativeAvaticaRowCount =
                      timedJdbc(nativeAvaticaStatement, query.sql(), m.nativeAvaticaRows, false);
                }
              },
              runs -> {
                for (int run = 0; run < runs; run++) {
                  CoreMetadataReads.Timing timing = query.inProcess().apply(core);
                  m.inProcess.addNanos(timing.totalNanos());
                  m.tableLoad.addNanos(timing.loadNanos());
                  m.inProcessRead.addNanos(timing.readNanos());
                  m.inProcessRows = timing.rows();
                }
              },
              runs -> {
                for (int run = 0; run < runs; run++) {
                  long start = System.nanoTime();
                  m.calciteRows = readNatively(calcite, query.sql());
                  m.calcite.addNanos(System.nanoTime() - start);
                }
              },
              sparkRuns -> {
                for (int run = 0; run < sparkRuns; run++) {
                  m.sparkRows = timedJdbc(sparkStatement, query.sql(), m.sparkJdbc, true);
                }
              });
      int spark = blocks.size() - 1;
      // The paths run in a new order every round (seeded, so runs compare): a block that comes
      // right after Spark's
      // pays for Spark's garbage and the listener work it leaves behind (about 0.4 ms of a 1 ms
      // refs query), and in
      // a fixed order (or one merely rotated) that was always the same path.
      Random order = new Random(query.name().hashCode());
      List<Integer> paths = new ArrayList<>();
      for (int i = 0; i < blocks.size(); i++) {
        paths.add(i);
      }
      for (int round = 0; round < iterations; round += block) {
        int runs = Math.min(block, iterations - round);
        int sparkRuns =
            (int)
                ((long) (round + runs) * sparkIterations / iterations
                    - (long) round * sparkIterations / iterations);
        Collections.shuffle(paths, order);
        for (int path : paths) {
          blocks.get(path).run(path == spark ? sparkRuns : runs);
        }
      }
      return m;
    }

    /**
     * One timed run over JDBC, counting the Spark jobs it started for its path; returns the rows
     * read.
     */
    private long timedJdbc(Statement statement, String sql, Latencies latencies, boolean sparkPath)
        throws Exception {
      SparkJobCounter.Counts before = counter.counts();
      long start = System.nanoTime();
      long rows = readAll(statement, sql);
      latencies.addNanos(System.nanoTime() - start);
      SparkJobCounter.Counts started = counter.counts().minus(before);
      if (sparkPath) {
        sparkJobs = sparkJobs.plus(started);
      } else {
        nativeJobs = nativeJobs.plus(started);
      }
      return rows;
    }
  }

  /** Consecutive runs of one path. */
  @FunctionalInterface
  private interface Block {
    void run(int runs) throws Exception;
  }

  /**
   * Runs {@code sql} and reads every row and every column with {@code getObject}; returns the row
   * count.
   */
  private static long readAll(Statement statement, String sql) throws Exception {
    long rows = 0;
    long values = 0;
    try (ResultSet rs = statement.executeQuery(sql)) {
      int columns = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        for (int i = 1; i <= columns; i++) {
          values += rs.getObject(i) == null ? 0 : 1;
        }
        rows++;
      }
    }
    CoreMetadataReads.Checksum.add(values);
    return rows;
  }

  /** Runs {@code sql} on the native engine in this JVM, without Avatica, touching every value. */
  private static long readNatively(MetadataQueryEngine engine, String sql) throws Exception {
    long rows = 0;
    long values = 0;
    try (MetadataQueryResult result = engine.execute(sql)) {
      while (result.next()) {
        for (Object value : result.row()) {
          values += value == null ? 0 : 1;
        }
        rows++;
      }
    }
    CoreMetadataReads.Checksum.add(values);
    return rows;
  }

  private static void printResults(
      List<Measured> results,
      MetadataBenchTable.Built built,
      int fetchSize,
      Warmup warmup,
      int iterations,
      int sparkIterations,
      int block,
      SparkJobCounter.Counts nativeJobs,
      SparkJobCounter.Counts sparkJobs) {
    System.out.println();
    System.out.printf(
        "Table: %,d snapshots, %,d data files in %d partitions, %d refs; %d cores; %s.%n",
        built.snapshots(),
        built.dataFiles(),
        MetadataBenchTable.CATEGORIES,
        built.refs(),
        Runtime.getRuntime().availableProcessors(),
        LocalDate.now());
    System.out.printf(
        "Each query: native and in-process paths warmed up together for %.0f s, then the Spark path"
            + " for %.0f s (runs: %s); then %d measured (Spark: %d), interleaved in blocks of %d;"
            + " times in ms, every row and column read (getObject); JDBC fetch size %,d.%n%n",
        warmup.seconds(),
        warmup.seconds(),
        results.stream()
            .map(m -> m.query.name() + " " + m.warmupRuns + "/" + m.sparkWarmupRuns + " Spark")
            .collect(Collectors.joining(", ")),
        iterations,
        sparkIterations,
        block,
        fetchSize);
    System.out.println(
        "| query | rows | native p50 | native p95 | Spark p50 | Spark p95 | in-process p50 |"
            + " in-process p95 | Spark / native p50 (target) | native / in-process p50 (target) |");
    System.out.println("|---|---|---|---|---|---|---|---|---|---|");
    for (Measured m : results) {
      double speedUp = m.sparkJdbc.p50() / m.nativeJdbc.p50();
      double overFloor = m.nativeJdbc.p50() / m.inProcess.p50();
      double target = m.query.sparkTarget();
      String sparkTarget =
          target == 0
              ? "no target"
              : String.format("%s %.0fx: %s", ">=", target, speedUp >= target ? "met" : "missed");
      System.out.printf(
          "| %s | %s | %s | %s | %s | %s | %s | %s | %.1fx (%s) | %.2fx (<= %.0fx: %s) |%n",
          m.query.name(),
          rows(m),
          millis(m.nativeJdbc.p50()),
          millis(m.nativeJdbc.p95()),
          millis(m.sparkJdbc.p50()),
          millis(m.sparkJdbc.p95()),
          millis(m.inProcess.p50()),
          millis(m.inProcess.p95()),
          speedUp,
          sparkTarget,
          overFloor,
          IN_PROCESS_TARGET,
          overFloor <= IN_PROCESS_TARGET ? "met" : "missed");
    }

    System.out.println();
    System.out.println(
        "Where the time goes (p50, ms): in-process = table load + read; Calcite = the native engine"
            + " in this JVM (load, plan, read), no Avatica; wire = native over JDBC minus"
            + " Calcite.");
    System.out.println();
    System.out.println(
        "| query | table load | in-process read | in-process | Calcite | native over JDBC | wire"
            + " | native, Avatica's rows | wire, Avatica's rows |");
    System.out.println("|---|---|---|---|---|---|---|---|---|");
    for (Measured m : results) {
      System.out.printf(
          "| %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
          m.query.name(),
          millis(m.tableLoad.p50()),
          millis(m.inProcessRead.p50()),
          millis(m.inProcess.p50()),
          millis(m.calcite.p50()),
          millis(m.nativeJdbc.p50()),
          millis(m.nativeJdbc.p50() - m.calcite.p50()),
          millis(m.nativeAvaticaRows.p50()),
          millis(m.nativeAvaticaRows.p50() - m.calcite.p50()));
    }

    System.out.println();
    System.out.printf(
        "Spark jobs started during the native runs: %d (SQL executions: %d)%s%n",
        nativeJobs.jobs(),
        nativeJobs.sqlExecutions(),
        nativeJobs.jobs() == 0 && nativeJobs.sqlExecutions() == 0
            ? ""
            : "  <-- the native path fell back to Spark");
    System.out.printf(
        "Spark jobs started during the Spark-path runs: %d (SQL executions: %d)%n",
        sparkJobs.jobs(), sparkJobs.sqlExecutions());
  }

  private static String rows(Measured m) {
    if (m.rowsAgree()) {
      return String.format("%,d", m.nativeRows);
    }
    return String.format(
        "DIFFER: native %,d, native with Avatica's rows %,d, Spark %,d, in-process %,d, Calcite"
            + " %,d",
        m.nativeRows, m.nativeAvaticaRowCount, m.sparkRows, m.inProcessRows, m.calciteRows);
  }

  private static String millis(double ms) {
    if (Double.isNaN(ms)) {
      return "-";
    }
    if (Math.abs(ms) < 10) {
      return String.format("%.2f", ms);
    }
    return Math.abs(ms) < 100 ? String.format("%.1f", ms) : String.format("%,.0f", ms);
  }

  private static double loadAverage() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }
}
