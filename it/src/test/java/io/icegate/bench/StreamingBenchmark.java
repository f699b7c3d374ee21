package io.icegate.bench;

import io.icegate.gateway.config.GatewayConfig;
import io.icegate.gateway.server.GatewayServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Streaming throughput in one run on the same table: rows per second over JDBC at several fetch
 * sizes against rows per second from Spark's {@code toLocalIterator} in the gateway's own process,
 * and the round trip of a trivial statement. Prints a Markdown table for docs/PERFORMANCE.md.
 *
 * <p>Run: {@code mvn -B -Pbench -pl it -am verify -DskipTests -Dbench.metadata.skip=true} (add
 * {@code -Dbench.rows=N} to change the size; without the skip, {@link MetadataBenchmark} runs after
 * it).
 */
public final class StreamingBenchmark {
  private StreamingBenchmark() {}

  public static void main(String[] args) throws Exception {
    long rows = Long.getLong("bench.rows", 10_000_000L);
    Path warehouse = Files.createTempDirectory(Path.of("target"), "bench-warehouse-");
    GatewayConfig config =
        GatewayConfig.from(
            Map.of(
                "icegate.port",
                "0",
                "icegate.warehouse",
                warehouse.toString(),
                "spark.sql.shuffle.partitions",
                "4"));
    try (GatewayServer server = GatewayServer.start(config)) {
      SparkSession spark = server.engine().rootSession();
      spark.sql(
          "CREATE TABLE demo.default.bench (id bigint, n int, x double, s string, d date) USING"
              + " iceberg");
      spark.sql(
          "INSERT INTO demo.default.bench SELECT id, CAST(id % 1000 AS int), id * 0.5,"
              + " concat('row-', CAST(id AS string)), date_add(DATE '2020-01-01', CAST(id % 3650 AS"
              + " int)) FROM range(0, "
              + rows
              + ")");
      String query = "SELECT id, n, x, s, d FROM demo.default.bench";
      String url = "jdbc:icegate://127.0.0.1:" + server.port();

      List<String[]> results = new ArrayList<>();
      // Warm both paths once so that neither pays class loading and code generation in its
      // measurement.
      inProcess(spark, query);
      overJdbc(url, query, 10_000);
      // Each path twice, the second time in the reverse order, so that no fetch size always runs
      // first after the reference (which measured slower): the faster of its two runs counts.
      int[] fetchSizes = {100, 1_000, 10_000};
      double[] best = new double[fetchSizes.length];
      double local = inProcess(spark, query);
      for (int i = 0; i < fetchSizes.length; i++) {
        best[i] = overJdbc(url, query, fetchSizes[i]);
      }
      for (int i = fetchSizes.length - 1; i >= 0; i--) {
        best[i] = Math.min(best[i], overJdbc(url, query, fetchSizes[i]));
      }
      local = Math.min(local, inProcess(spark, query));
      results.add(
          new String[] {
            "in-process `toLocalIterator` (reference)", "-", rate(rows, local), "1.00"
          });
      for (int i = 0; i < fetchSizes.length; i++) {
        int fetch = fetchSizes[i];
        double seconds = best[i];
        results.add(
            new String[] {
              "JDBC (protobuf)",
              Integer.toString(fetch),
              rate(rows, seconds),
              String.format("%.2f", local / seconds)
            });
      }
      double roundTripMillis = roundTrip(url);

      System.out.println();
      System.out.printf(
          "Rows: %,d x 5 columns (bigint, int, double, string, date); %d cores; %s%n",
          rows, Runtime.getRuntime().availableProcessors(), LocalDate.now());
      System.out.println("| path | fetch size | rows/s | ratio to in-process |");
      System.out.println("|---|---|---|---|");
      for (String[] r : results) {
        System.out.println("| " + String.join(" | ", r) + " |");
      }
      System.out.printf(
          "%nTrivial statement round trip (`SELECT 1`, median of 200): %.2f ms%n", roundTripMillis);
    }
  }

  /** Seconds to read every row and every column in the gateway's JVM. */
  private static double inProcess(SparkSession spark, String query) {
    long start = System.nanoTime();
    long count = 0;
    long checksum = 0;
    Iterator<Row> it = spark.sql(query).toLocalIterator();
    while (it.hasNext()) {
      Row row = it.next();
      for (int i = 0; i < 5; i++) {
        checksum += row.get(i) == null ? 0 : 1;
      }
      count++;
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    System.out.printf("in-process: %,d rows (%d) in %.2f s%n", count, checksum, seconds);
    return seconds;
  }

  /** Seconds to read every row and every column over JDBC with the given fetch size. */
  private static double overJdbc(String url, String query, int fetchSize) throws Exception {
    try (Connection c = DriverManager.getConnection(url);
        Statement s = c.createStatement()) {
      s.setFetchSize(fetchSize);
      long start = System.nanoTime();
      long count = 0;
      long checksum = 0;
      try (ResultSet rs = s.executeQuery(query)) {
        while (rs.next()) {
          for (int i = 1; i <= 5; i++) {
            checksum += rs.getObject(i) == null ? 0 : 1;
          }
          count++;
        }
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      System.out.printf(
          "jdbc fetch %d: %,d rows (%d) in %.2f s%n", fetchSize, count, checksum, seconds);
      return seconds;
    }
  }

  private static double roundTrip(String url) throws Exception {
    try (Connection c = DriverManager.getConnection(url);
        Statement s = c.createStatement()) {
      double[] millis = new double[220];
      for (int i = 0; i < millis.length; i++) {
        long start = System.nanoTime();
        try (ResultSet rs = s.executeQuery("SELECT 1")) {
          rs.next();
        }
        millis[i] = (System.nanoTime() - start) / 1e6;
      }
      double[] measured = Arrays.copyOfRange(millis, 20, millis.length);
      Arrays.sort(measured);
      return measured[measured.length / 2];
    }
  }

  private static String rate(long rows, double seconds) {
    return String.format("%,.0f", rows / seconds);
  }
}
