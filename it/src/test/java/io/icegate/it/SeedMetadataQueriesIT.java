package io.icegate.it;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.SparkJobs.sparkJobsDuring;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.calcite.testing.SeedQueries;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The metadata-table examples of the queries specification (its document 001, as
 * SpecificationExamples keeps it), sent through JDBC exactly as written, against {@code
 * prod.db.table}: an Iceberg catalog named {@code prod} that each connection registers through
 * {@code spark.*} connection properties, as a user would.
 */
class SeedMetadataQueriesIT {
  /**
   * The examples that travel to a fixed snapshot id or time: on this table they name no snapshot.
   */
  private static final String FIXED_TIMESTAMP = "TIMESTAMP AS OF '2021-09-20 08:00:00'";

  private static final String FIXED_SNAPSHOT = "VERSION AS OF 10963874102873";

  /** Not metadata-table reads of iceberg-core: Spark computes them. */
  private static final List<String> SPARK_COMPUTED = List.of("position_deletes", "changes");

  @RegisterExtension static final RunningGateway gateway = RunningGateway.withConnectionCatalogs();
  private static Properties prod;

  @BeforeAll
  static void buildTable() throws Exception {
    Path warehouse = Files.createTempDirectory(Path.of("target"), "seed-warehouse-");
    prod = new Properties();
    prod.setProperty("spark.sql.catalog.prod", "org.apache.iceberg.spark.SparkCatalog");
    prod.setProperty("spark.sql.catalog.prod.type", "hadoop");
    prod.setProperty("spark.sql.catalog.prod.warehouse", warehouse.toAbsolutePath().toString());
    try (Connection c = connect()) {
      execute(
          c,
          "CREATE NAMESPACE IF NOT EXISTS prod.db",
          "CREATE TABLE prod.db.table (id bigint, data string, category string) USING iceberg"
              + " PARTITIONED BY (category) TBLPROPERTIES ('format-version'='2',"
              + " 'write.delete.mode'='merge-on-read')",
          "INSERT INTO prod.db.table VALUES (1, 'a', 'x'), (5, 'e', 'x'), (2, 'b', 'y')",
          "INSERT INTO prod.db.table VALUES (3, 'c', 'x')",
          "ALTER TABLE prod.db.table CREATE TAG seed_tag",
          // Leaves a position delete file: the data file of partition x keeps id 5.
          "DELETE FROM prod.db.table WHERE id = 1",
          "INSERT INTO prod.db.table VALUES (4, 'd', 'z')");
    }
  }

  private static Connection connect() throws SQLException {
    return DriverManager.getConnection(gateway.jdbcUrl(), prod);
  }

  static Stream<String> seedQueries() {
    return SeedQueries.metadataSelects().stream()
        .filter(sql -> !sql.contains(FIXED_TIMESTAMP) && !sql.contains(FIXED_SNAPSHOT));
  }

  static Stream<String> nativeSeedQueries() {
    return seedQueries().filter(sql -> SPARK_COMPUTED.stream().noneMatch(sql::contains));
  }

  static Stream<String> sparkComputedSeedQueries() {
    return seedQueries().filter(sql -> SPARK_COMPUTED.stream().anyMatch(sql::contains));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("nativeSeedQueries")
  void seedQueryAnswersAsSpark(String sql) throws Exception {
    NativeVsSpark.assertSameAnswer(gateway.gateway(), SeedMetadataQueriesIT::connect, sql);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("sparkComputedSeedQueries")
  void seedQueryOnARelationSparkComputesIsLeftToSpark(String sql) throws Exception {
    NativeVsSpark.assertLeftToSpark(gateway.gateway(), SeedMetadataQueriesIT::connect, sql);
  }

  @Test
  void seedQueriesOnIcebergMetadataStartNoSparkJob() throws Exception {
    List<String> nativeQueries = nativeSeedQueries().toList();
    assertThat(nativeQueries).hasSizeGreaterThanOrEqualTo(13);

    int jobs =
        sparkJobsDuring(
            () -> {
              try (Connection c = connect()) {
                for (String sql : nativeQueries) {
                  assertThat(query(c, sql)).as("rows of %s", sql).isNotEmpty();
                }
              }
            });
    assertThat(jobs).as("Spark jobs started by the seed's metadata queries").isZero();
  }

  @Test
  void seedTimeTravelToATimeBeforeTheTableSaysWhenItsHistoryStarts() {
    String sql = seedQuery(FIXED_TIMESTAMP);
    NativeVsSpark.assertFails(
        SeedMetadataQueriesIT::connect,
        sql,
        "22023",
        "prod.db.table",
        "2021-09-20 08:00:00",
        "first snapshot at");
  }

  @Test
  void seedTimeTravelToAnotherTablesSnapshotListsTheValidOnes() {
    String sql = seedQuery(FIXED_SNAPSHOT);
    NativeVsSpark.assertFails(
        SeedMetadataQueriesIT::connect, sql, "42704", "prod.db.table", "10963874102873", "valid: ");
  }

  private static String seedQuery(String clause) {
    return SeedQueries.metadataSelects().stream()
        .filter(sql -> sql.contains(clause))
        .findFirst()
        .orElseThrow();
  }
}
