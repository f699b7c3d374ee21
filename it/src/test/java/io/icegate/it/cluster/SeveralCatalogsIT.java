package io.icegate.it.cluster;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.it.GatewayProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Several catalogs at once in one gateway process, configured the two ways an operator does: one in
 * the file given to {@code --config}, one with {@code --conf}, next to the embedded default; one
 * query reads all three.
 */
class SeveralCatalogsIT {
  private static final String CATALOG = "org.apache.iceberg.spark.SparkCatalog";

  @Test
  void catalogsFromTheConfigFileAndFromConfAreServedTogether() throws Exception {
    Path dir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "several-catalogs-");
    Path configFile = dir.resolve("icegate.properties");
    Files.writeString(
        configFile,
        String.join(
            "\n",
            "# the catalog 'lake', from the configuration file",
            "spark.sql.catalog.lake=" + CATALOG,
            "spark.sql.catalog.lake.type=hadoop",
            "spark.sql.catalog.lake.warehouse=" + dir.resolve("lake").toUri(),
            ""));
    List<String> conf =
        List.of(
            "spark.sql.catalog.pond=" + CATALOG,
            "spark.sql.catalog.pond.type=hadoop",
            "spark.sql.catalog.pond.warehouse=" + dir.resolve("pond").toUri());
    try (GatewayProcess gateway =
            GatewayProcess.start(
                dir.resolve("warehouse"),
                dir.resolve("gateway.log"),
                "-Xmx768m",
                conf,
                configFile);
        Connection c = DriverManager.getConnection(gateway.jdbcUrl())) {
      CatalogRoundTrip.createOrders(c, "lake");
      CatalogRoundTrip.createOrders(c, "pond");
      execute(
          c,
          "INSERT INTO pond.shop.orders VALUES (4, 4.5)",
          "CREATE NAMESPACE IF NOT EXISTS demo.shop",
          "CREATE TABLE demo.shop.orders (id bigint, amount double) USING iceberg",
          "INSERT INTO demo.shop.orders VALUES (5, 5.5)");
      assertThat(dir.resolve("lake/shop/orders/metadata"))
          .as("lake's table, in lake's warehouse")
          .isDirectory();
      assertThat(dir.resolve("pond/shop/orders/metadata"))
          .as("pond's table, in pond's warehouse")
          .isDirectory();

      String snapshots =
          "SELECT 'lake' AS catalog, count(*) AS snapshots FROM lake.shop.orders.snapshots UNION"
              + " ALL SELECT 'pond', count(*) FROM pond.shop.orders.snapshots UNION ALL SELECT"
              + " 'demo', count(*) FROM demo.shop.orders.snapshots ORDER BY catalog";
      List<List<Object>> nativeRows = query(c, snapshots);
      assertThat(nativeRows).containsExactly(row("demo", 1L), row("lake", 2L), row("pond", 3L));
      execute(c, "SET icegate.metadata.native=false");
      assertThat(query(c, snapshots)).as("the same query through Spark").isEqualTo(nativeRows);
      assertThat(
              query(
                  c,
                  "SELECT 'lake' AS catalog, sum(amount) FROM lake.shop.orders UNION ALL SELECT"
                      + " 'pond', sum(amount) FROM pond.shop.orders UNION ALL SELECT 'demo',"
                      + " sum(amount) FROM demo.shop.orders ORDER BY catalog"))
          .containsExactly(row("demo", 5.5), row("lake", 7.5), row("pond", 12.0));
    }
  }
}
