package io.icegate.bench;

import io.icegate.gateway.config.GatewayConfig;
import io.icegate.gateway.metadata.SparkIcebergCatalogs;
import io.icegate.gateway.server.GatewayServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.iceberg.AppendFiles;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.Types;
import org.apache.spark.sql.SparkSession;

/**
 * Latency of {@code icegate.system.table_health} over a catalog of many tables, through the driver:
 * every column ({@code SELECT *}: each table's manifest list, manifests and metadata log read) and
 * the cheap columns only (each table's current metadata file). Counts Spark jobs (none expected).
 * Prints a Markdown table for docs/PERFORMANCE.md.
 *
 * <p>Run: {@code mvn -B -Pbench -pl it -am verify -DskipTests -Dbench.metadata.skip=true
 * -Dbench.streaming.skip=true -Dbench.load.skip=true -Dbench.contention.skip=true}. Settings
 * (system properties, also Maven properties of the {@code bench} profile): {@code
 * bench.health.tables} (300), {@code bench.health.appends} (10 iceberg-core fast appends per
 * table), {@code bench.health.files} (10 made-up data files per append), {@code
 * bench.health.iterations} (10 timed runs per query, after 3 untimed).
 */
public final class TableHealthBenchmark {
  private static final String NAMESPACE = "bench_health";
  private static final Schema SCHEMA =
      new Schema(
          Types.NestedField.required(1, "id", Types.LongType.get()),
          Types.NestedField.optional(2, "data", Types.StringType.get()));

  private TableHealthBenchmark() {}

  public static void main(String[] args) throws Exception {
    int tables = Integer.getInteger("bench.health.tables", 300);
    int appends = Integer.getInteger("bench.health.appends", 10);
    int files = Integer.getInteger("bench.health.files", 10);
    int iterations = Integer.getInteger("bench.health.iterations", 10);
    Path warehouse = Files.createTempDirectory(Path.of("target"), "bench-health-warehouse-");
    GatewayConfig config =
        GatewayConfig.from(Map.of("icegate.port", "0", "icegate.warehouse", warehouse.toString()));
    try (GatewayServer server = GatewayServer.start(config)) {
      SparkSession spark = server.engine().rootSession();
      Catalog catalog = new SparkIcebergCatalogs(spark).icebergCatalog("demo").orElseThrow();
      long start = System.nanoTime();
      ((SupportsNamespaces) catalog).createNamespace(Namespace.of(NAMESPACE));
      Random random = new Random(42);
      for (int t = 0; t < tables; t++) {
        Table table =
            catalog.createTable(
                TableIdentifier.of(NAMESPACE, String.format("t%03d", t)),
                SCHEMA,
                PartitionSpec.unpartitioned(),
                Map.of("format-version", "2"));
        for (int a = 0; a < appends; a++) {
          AppendFiles append = table.newFastAppend();
          for (int f = 0; f < files; f++) {
            append.appendFile(
                DataFiles.builder(PartitionSpec.unpartitioned())
                    .withPath(table.location() + "/data/" + a + "-" + f + ".parquet")
                    .withFormat(FileFormat.PARQUET)
                    .withFileSizeInBytes(1 + random.nextInt(600 << 20))
                    .withRecordCount(1 + random.nextInt(1_000_000))
                    .build());
          }
          append.commit();
        }
      }
      System.out.printf(
          "%nSetup: %d tables of %d fast appends of %d data files in %.1f s%n",
          tables, appends, files, (System.nanoTime() - start) / 1e9);

      String url = "jdbc:icegate://127.0.0.1:" + server.port();
      String all = "SELECT * FROM icegate.system.table_health";
      String cheap = "SELECT catalog, table_name, snapshot_count FROM icegate.system.table_health";
      String one =
          "SELECT * FROM icegate.system.table_health WHERE catalog = 'demo' AND namespace = '"
              + NAMESPACE
              + "' AND table_name = 't000'";
      System.out.printf(
          "%n| Query | rows | p50 ms | max ms | Spark jobs |%n|---|---:|---:|---:|---:|%n");
      try (SparkJobCounter counter = SparkJobCounter.register(spark.sparkContext());
          Connection connection = DriverManager.getConnection(url);
          Statement statement = connection.createStatement()) {
        for (String sql : List.of(cheap, all, one)) {
          long jobsBefore = counter.counts().jobs();
          List<Double> times = new ArrayList<>();
          long rows = 0;
          for (int i = 0; i < iterations + 3; i++) {
            long t0 = System.nanoTime();
            rows = 0;
            try (ResultSet rs = statement.executeQuery(sql)) {
              while (rs.next()) {
                rows++;
              }
            }
            if (i >= 3) {
              times.add((System.nanoTime() - t0) / 1e6);
            }
          }
          Collections.sort(times);
          System.out.printf(
              "| `%s` | %d | %.1f | %.1f | %d |%n",
              sql,
              rows,
              times.get(times.size() / 2),
              times.get(times.size() - 1),
              counter.counts().jobs() - jobsBefore);
        }
      }
    }
  }
}
