package io.icegate.it.cluster;

import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.it.RunningGateway;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Iceberg's Hadoop catalog (tables as directories, no catalog service) next to the embedded one, by
 * configuration only: written through Spark, metadata tables answered natively through the same
 * catalog, a procedure committed.
 */
class HadoopCatalogIT {
  private static Path warehouse;
  @RegisterExtension static final RunningGateway gateway = RunningGateway.withConnectionCatalogs();

  @BeforeAll
  static void start() throws Exception {
    warehouse = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "hadoop-catalog-");
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
      CatalogRoundTrip.createOrders(c, "hdp");
      assertThat(Files.isDirectory(warehouse.resolve("shop").resolve("orders").resolve("metadata")))
          .as("the table's directory in the Hadoop warehouse")
          .isTrue();

      CatalogRoundTrip.snapshotsAnsweredNativelyAsSparkAnswers(c, "hdp");
      CatalogRoundTrip.rewriteDataFilesCommits(c, "hdp");
      assertThat(
              query(
                  c,
                  "SELECT operation FROM hdp.shop.orders.snapshots ORDER BY committed_at DESC LIMIT"
                      + " 1"))
          .containsExactly(row("replace"));
    }
  }
}
