package io.icegate.it.cluster;

import static io.icegate.it.Rows.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.it.RunningGateway;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.HiveMetaStoreClient;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.hive.HiveCatalog;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Iceberg's Hive catalog on a real Hive metastore service (started here, in a JVM of its own), by
 * configuration only: tables written through Spark, metadata tables answered natively through the
 * same catalog, a procedure committed; and, read back from the metastore without the gateway, the
 * table really registered there.
 */
class HiveCatalogIT {
  private static HiveMetastoreServer metastore;
  @RegisterExtension static final RunningGateway gateway = RunningGateway.withConnectionCatalogs();

  @BeforeAll
  static void start() throws Exception {
    metastore =
        HiveMetastoreServer.start(
            Files.createTempDirectory(Path.of("target").toAbsolutePath(), "hive-metastore-"));
  }

  @AfterAll
  static void stop() throws Exception {
    if (metastore != null) {
      metastore.close();
    }
  }

  /** A connection with the metastore as Spark catalog {@code hms}, set as connection properties. */
  private static Connection connect() throws Exception {
    Properties properties = new Properties();
    properties.setProperty("spark.sql.catalog.hms", "org.apache.iceberg.spark.SparkCatalog");
    properties.setProperty("spark.sql.catalog.hms.type", "hive");
    properties.setProperty("spark.sql.catalog.hms.uri", metastore.uri());
    properties.setProperty("spark.sql.catalog.hms.warehouse", metastore.warehouse());
    properties.setProperty("spark.sql.catalog.hms.cache-enabled", "false");
    return DriverManager.getConnection(gateway.jdbcUrl(), properties);
  }

  @Test
  void tablesMetadataTablesAndProceduresWorkThroughTheHiveMetastore() throws Exception {
    try (Connection c = connect()) {
      CatalogRoundTrip.createOrders(c, "hms");

      // The metastore itself, through Hive's own client (no Iceberg): the database and an Iceberg
      // table in it
      // whose current metadata file exists in the warehouse.
      HiveConf conf = new HiveConf();
      conf.setVar(HiveConf.ConfVars.METASTOREURIS, metastore.uri());
      HiveMetaStoreClient client = new HiveMetaStoreClient(conf);
      String metadataBeforeRewrite;
      try {
        assertThat(client.getAllDatabases()).contains("shop");
        assertThat(client.getAllTables("shop")).containsExactly("orders");
        Map<String, String> parameters = client.getTable("shop", "orders").getParameters();
        assertThat(parameters).containsEntry("table_type", "ICEBERG");
        metadataBeforeRewrite = parameters.get("metadata_location");
        assertThat(Path.of(URI.create(metadataBeforeRewrite)))
            .as("the table's current metadata file")
            .exists()
            .startsWith(Path.of(URI.create(metastore.warehouse())));
      } finally {
        client.close();
      }

      CatalogRoundTrip.snapshotsAnsweredNativelyAsSparkAnswers(c, "hms");
      CatalogRoundTrip.rewriteDataFilesCommits(c, "hms");

      // The commit reached the metastore: Iceberg's Hive catalog in this JVM, on its own
      // connection, sees the
      // procedure's snapshot as the table's current one, under a new metadata file.
      HiveCatalog catalog = new HiveCatalog();
      catalog.setConf(new Configuration());
      catalog.initialize(
          "check", Map.of("uri", metastore.uri(), "warehouse", metastore.warehouse()));
      try {
        var table = catalog.loadTable(TableIdentifier.of("shop", "orders"));
        assertThat(table.currentSnapshot().operation())
            .as("the metastore's current snapshot")
            .isEqualTo("replace");
        assertThat(
                ((org.apache.iceberg.HasTableOperations) table)
                    .operations()
                    .current()
                    .metadataFileLocation())
            .as("the table's metadata file after the procedure")
            .isNotEqualTo(metadataBeforeRewrite);
        assertThat(Path.of(URI.create(table.location())))
            .startsWith(Path.of(URI.create(metastore.warehouse())));
      } finally {
        catalog.close();
      }
    }
  }

  /** A metastore that is not there is an SQL error naming it, not a hang. */
  @Test
  void anUnreachableMetastoreIsAnSqlError() throws Exception {
    Properties properties = new Properties();
    properties.setProperty("spark.sql.catalog.gone", "org.apache.iceberg.spark.SparkCatalog");
    properties.setProperty("spark.sql.catalog.gone.type", "hive");
    // Port 1 on the loopback interface: nothing listens there, the connection is refused at once.
    properties.setProperty("spark.sql.catalog.gone.uri", "thrift://127.0.0.1:1");
    try (Connection c = DriverManager.getConnection(gateway.jdbcUrl(), properties)) {
      assertThatThrownBy(() -> query(c, "SELECT * FROM gone.shop.orders.snapshots"))
          .isInstanceOfSatisfying(
              SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("58030"))
          .hasMessageContaining("Cannot reach a service the statement needs")
          .hasMessageContaining("Could not connect to meta store");
    }
  }
}
