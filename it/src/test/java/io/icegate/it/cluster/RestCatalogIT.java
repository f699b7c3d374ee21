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
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A catalog served by an Iceberg REST catalog server (in this JVM) is used through the gateway like the embedded one:
 * tables are created and written through Spark, metadata tables are answered natively (no Spark job) by loading the
 * table through the same REST catalog Spark uses, and a procedure commits through it.
 */
class RestCatalogIT {
  private static RestCatalogServer rest;
  private static TestGateway gateway;

  @BeforeAll
  static void start() throws Exception {
    rest = RestCatalogServer.start(Files.createTempDirectory(Path.of("target").toAbsolutePath(), "rest-catalog-"));
    gateway = TestGateway.start();
  }

  @AfterAll
  static void stop() throws Exception {
    if (gateway != null) {
      gateway.close();
    }
    if (rest != null) {
      rest.close();
    }
  }

  /** A connection with the REST catalog as Spark catalog {@code rest}, set as connection properties. */
  private static Connection connect() throws Exception {
    Properties properties = new Properties();
    properties.setProperty("spark.sql.catalog.rest", "org.apache.iceberg.spark.SparkCatalog");
    properties.setProperty("spark.sql.catalog.rest.type", "rest");
    properties.setProperty("spark.sql.catalog.rest.uri", rest.uri());
    properties.setProperty("spark.sql.catalog.rest.cache-enabled", "false");
    return DriverManager.getConnection(gateway.jdbcUrl(), properties);
  }

  @Test
  void metadataTablesAndProceduresWorkThroughTheRestCatalog() throws Exception {
    try (Connection c = connect()) {
      execute(c, "CREATE NAMESPACE rest.shop",
          "CREATE TABLE rest.shop.orders (id bigint, amount double) USING iceberg",
          "INSERT INTO rest.shop.orders VALUES (1, 1.5), (2, 2.5)",
          "INSERT INTO rest.shop.orders VALUES (3, 3.5)");
      Catalog server = rest.backend();
      assertThat(server.tableExists(TableIdentifier.of("shop", "orders"))).as("table in the REST server").isTrue();

      String snapshots = "SELECT operation, summary['added-records'] FROM rest.shop.orders.snapshots"
          + " ORDER BY committed_at";
      AtomicReference<List<List<Object>>> nativeRows = new AtomicReference<>();
      assertThat(sparkJobsDuring(() -> nativeRows.set(query(c, snapshots)))).as("Spark jobs").isZero();
      assertThat(nativeRows.get()).containsExactly(row("append", "2"), row("append", "1"));
      execute(c, "SET icegate.metadata.native=false");
      assertThat(query(c, snapshots)).isEqualTo(nativeRows.get());
      execute(c, "SET icegate.metadata.native=true");

      List<List<Object>> rewrite = query(c, "CALL rest.system.rewrite_data_files(table => 'shop.orders',"
          + " options => map('min-input-files', '2'))");
      assertThat(rewrite).singleElement().satisfies(result -> {
        assertThat((Integer) result.get(0)).as("rewritten_data_files_count").isGreaterThanOrEqualTo(2);
        assertThat((Integer) result.get(1)).as("added_data_files_count").isEqualTo(1);
      });
      assertThat(server.loadTable(TableIdentifier.of("shop", "orders")).currentSnapshot().operation())
          .as("the REST server's current snapshot").isEqualTo("replace");
      assertThat(sparkJobsDuring(() -> assertThat(query(c, "SELECT count(*) FROM rest.shop.orders.data_files"))
          .containsExactly(row(1L)))).isZero();
      assertThat(query(c, "SELECT count(*), sum(amount) FROM rest.shop.orders")).containsExactly(row(3L, 7.5));
    }
  }
}
