package io.icegate.it.cluster;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static io.icegate.it.SparkJobs.sparkJobsDuring;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.it.TestGateway;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Iceberg's Hadoop catalog (tables as directories, no catalog service) next to the embedded one, by configuration
 * only: written through Spark, metadata tables answered natively through the same catalog, a procedure committed.
 */
class HadoopCatalogIT {
  private static Path warehouse;
  private static TestGateway gateway;

  @BeforeAll
  static void start() throws Exception {
    warehouse = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "hadoop-catalog-");
    gateway = TestGateway.start();
  }

  @AfterAll
  static void stop() {
    gateway.close();
  }

  private static Connection connect() throws Exception {
    Properties properties = new Properties();
    properties.setProperty("spark.sql.catalog.hdp", "org.apache.iceberg.spark.SparkCatalog");
    properties.setProperty("spark.sql.catalog.hdp.type", "hadoop");
    properties.setProperty("spark.sql.catalog.hdp.warehouse", warehouse.toUri().toString());
    properties.setProperty("spark.sql.catalog.hdp.cache-enabled", "false");
    return DriverManager.getConnection(gateway.jdbcUrl(), properties);
  }

  @Test
  void tablesMetadataTablesAndProceduresWorkThroughTheHadoopCatalog() throws Exception {
    try (Connection c = connect()) {
      execute(c, "CREATE NAMESPACE hdp.shop",
          "CREATE TABLE hdp.shop.orders (id bigint, amount double) USING iceberg",
          "INSERT INTO hdp.shop.orders VALUES (1, 1.5), (2, 2.5)",
          "INSERT INTO hdp.shop.orders VALUES (3, 3.5)");
      assertThat(Files.isDirectory(warehouse.resolve("shop").resolve("orders").resolve("metadata")))
          .as("the table's directory in the Hadoop warehouse").isTrue();

      String snapshots = "SELECT operation, summary['added-records'] FROM hdp.shop.orders.snapshots"
          + " ORDER BY committed_at";
      AtomicReference<List<List<Object>>> nativeRows = new AtomicReference<>();
      assertThat(sparkJobsDuring(() -> nativeRows.set(query(c, snapshots)))).as("Spark jobs").isZero();
      assertThat(nativeRows.get()).containsExactly(row("append", "2"), row("append", "1"));
      execute(c, "SET icegate.metadata.native=false");
      assertThat(query(c, snapshots)).isEqualTo(nativeRows.get());
      execute(c, "SET icegate.metadata.native=true");

      List<List<Object>> rewrite = query(c, "CALL hdp.system.rewrite_data_files(table => 'shop.orders',"
          + " options => map('min-input-files', '2'))");
      assertThat(rewrite).singleElement().satisfies(result ->
          assertThat((Integer) result.get(0)).as("rewritten_data_files_count").isGreaterThanOrEqualTo(2));
      assertThat(query(c, "SELECT operation FROM hdp.shop.orders.snapshots ORDER BY committed_at DESC LIMIT 1"))
          .containsExactly(row("replace"));
      assertThat(query(c, "SELECT sum(amount) FROM hdp.shop.orders")).containsExactly(row(7.5));
    }
  }
}
