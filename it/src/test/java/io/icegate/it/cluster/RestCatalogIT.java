package io.icegate.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.it.RunningGateway;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.Properties;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A catalog served by an Iceberg REST catalog server (in this JVM) is used through the gateway like
 * the embedded one: tables are created and written through Spark, metadata tables are answered
 * natively (no Spark job) by loading the table through the same REST catalog Spark uses, and a
 * procedure commits through it.
 */
class RestCatalogIT {
  private static RestCatalogServer rest;
  @RegisterExtension static final RunningGateway gateway = RunningGateway.withConnectionCatalogs();

  @BeforeAll
  static void start() throws Exception {
    rest =
        RestCatalogServer.start(
            Files.createTempDirectory(Path.of("target").toAbsolutePath(), "rest-catalog-"));
  }

  @AfterAll
  static void stop() throws Exception {
    if (rest != null) {
      rest.close();
    }
  }

  /**
   * A connection with the REST catalog as Spark catalog {@code rest}, set as connection properties.
   */
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
      CatalogRoundTrip.createOrders(c, "rest");
      Catalog server = rest.backend();
      assertThat(server.tableExists(TableIdentifier.of("shop", "orders")))
          .as("table in the REST server")
          .isTrue();

      CatalogRoundTrip.snapshotsAnsweredNativelyAsSparkAnswers(c, "rest");
      CatalogRoundTrip.rewriteDataFilesCommits(c, "rest");
      assertThat(
              server.loadTable(TableIdentifier.of("shop", "orders")).currentSnapshot().operation())
          .as("the REST server's current snapshot")
          .isEqualTo("replace");
    }
  }
}
