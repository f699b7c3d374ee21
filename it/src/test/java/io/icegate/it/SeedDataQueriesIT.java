package io.icegate.it;

import static io.icegate.it.Rows.execute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.calcite.testing.SeedQueries;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The queries specification's other SELECT examples (data, time travel, Iceberg's functions) sent
 * through JDBC exactly as written against {@code prod.db.table} and {@code prod.db.orders}: each
 * answers what Spark answers in this JVM (columns and rows), and those that travel to the
 * specification's own snapshot ids and 1980s/2025 times, which these tables do not have, fail
 * before Spark runs with a SQLState naming the table.
 */
class SeedDataQueriesIT {
  private static final List<String> FIXED_VERSIONS =
      List.of(
          "10963874102873", "1986-10-26", "499162860", "VERSION AS OF 101", "2025-01-01 10:00:00");

  @RegisterExtension static final RunningGateway gateway = RunningGateway.withConnectionCatalogs();
  private static Properties prod;
  private static SparkSession spark;

  @BeforeAll
  static void tables() throws Exception {
    Path warehouse = Files.createTempDirectory(Path.of("target"), "seed-data-warehouse-");
    prod = new Properties();
    prod.setProperty("spark.sql.catalog.prod", "org.apache.iceberg.spark.SparkCatalog");
    prod.setProperty("spark.sql.catalog.prod.type", "hadoop");
    prod.setProperty("spark.sql.catalog.prod.warehouse", warehouse.toAbsolutePath().toString());
    try (Connection c = connect()) {
      execute(
          c,
          "CREATE NAMESPACE IF NOT EXISTS prod.db",
          "CREATE TABLE prod.db.table (id bigint, data string, category string, ts timestamp) USING"
              + " iceberg",
          "INSERT INTO prod.db.table VALUES (1, 'abcdef', 'a', TIMESTAMP '2025-03-01 10:30:00')",
          "ALTER TABLE prod.db.table CREATE TAG `historical-snapshot`",
          "ALTER TABLE prod.db.table CREATE BRANCH `audit-branch`",
          "INSERT INTO prod.db.table VALUES (2, 'ghijkl', 'b', TIMESTAMP '2025-03-02 11:00:00')",
          "CREATE TABLE prod.db.orders (id BIGINT, status STRING) USING iceberg",
          "INSERT INTO prod.db.orders VALUES (1, 'NEW'), (2, 'PAID')",
          "ALTER TABLE prod.db.orders CREATE TAG first_load",
          "ALTER TABLE prod.db.orders CREATE BRANCH audit_branch",
          "ALTER TABLE prod.db.orders ADD COLUMN total DOUBLE",
          "INSERT INTO prod.db.orders VALUES (3, 'PAID', 100.0)");
    }
    spark = TestGateway.engine().rootSession().newSession();
    prod.forEach((key, value) -> spark.conf().set((String) key, (String) value));
  }

  private static Connection connect() throws SQLException {
    return DriverManager.getConnection(gateway.jdbcUrl(), prod);
  }

  static Stream<String> dataQueries() {
    return SeedQueries.otherSelects().stream().distinct();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("dataQueries")
  void seedQueryRunsAsInSpark(String sql) throws Exception {
    String table = sql.contains("prod.db.orders") ? "prod.db.orders" : "prod.db.table";
    try (Connection c = connect();
        Statement statement = c.createStatement()) {
      if (FIXED_VERSIONS.stream().anyMatch(sql::contains)) {
        assertThatThrownBy(() -> statement.executeQuery(sql))
            .isInstanceOf(SQLException.class)
            .satisfies(
                e -> {
                  assertThat(((SQLException) e).getSQLState()).isIn("42704", "22023");
                  assertThat(e.getMessage()).contains(table);
                });
        return;
      }
      List<String> columns = new ArrayList<>();
      List<List<Object>> rows = new ArrayList<>();
      try (ResultSet rs = statement.executeQuery(sql)) {
        ResultSetMetaData md = rs.getMetaData();
        for (int i = 1; i <= md.getColumnCount(); i++) {
          columns.add(md.getColumnLabel(i));
        }
        while (rs.next()) {
          List<Object> row = new ArrayList<>();
          for (int i = 1; i <= md.getColumnCount(); i++) {
            row.add(rs.getObject(i) == null ? null : text(rs.getString(i)));
          }
          rows.add(row);
        }
      }
      assertThat(rows).as("rows of %s", sql).isNotEmpty();
      String withoutSemicolon = sql.substring(0, sql.lastIndexOf(';'));
      assertThat(columns)
          .as("columns of %s", sql)
          .isEqualTo(Arrays.asList(spark.sql(withoutSemicolon).columns()));
      List<List<Object>> sparks = new ArrayList<>();
      for (Row row : spark.sql(withoutSemicolon).collectAsList()) {
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < row.length(); i++) {
          values.add(row.isNullAt(i) ? null : text(String.valueOf(row.get(i))));
        }
        sparks.add(values);
      }
      assertThat(rows).as("rows of %s", sql).containsExactlyInAnyOrderElementsOf(sparks);
    }
  }

  /**
   * A value as text, without the trailing ".0" or ".000" that Timestamp, Double and the driver add.
   */
  private static String text(String value) {
    return value.replaceAll("\\.0+$", "");
  }
}
