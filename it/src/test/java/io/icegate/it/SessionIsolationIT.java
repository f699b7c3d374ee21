package io.icegate.it;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Each JDBC connection has its own SparkSession: USE, SET and temporary views stay inside it. */
class SessionIsolationIT {
  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();

  @BeforeAll
  static void start() throws Exception {
    try (Connection c = gateway.connect()) {
      execute(
          c,
          "CREATE NAMESPACE IF NOT EXISTS demo.iso_a",
          "CREATE NAMESPACE IF NOT EXISTS demo.iso_b",
          "CREATE TABLE IF NOT EXISTS demo.iso_a.t (v string) USING iceberg",
          "CREATE TABLE IF NOT EXISTS demo.iso_b.t (v string) USING iceberg",
          "INSERT INTO demo.iso_a.t VALUES ('a')",
          "INSERT INTO demo.iso_b.t VALUES ('b')");
    }
  }

  @Test
  void useAndSetAndTemporaryViewsDoNotLeakBetweenConnections() throws Exception {
    try (Connection one = gateway.connect();
        Connection two = gateway.connect()) {
      execute(
          one,
          "USE demo.iso_a",
          "SET spark.sql.shuffle.partitions=3",
          "CREATE TEMPORARY VIEW only_here AS SELECT 42 AS answer");
      execute(two, "USE demo.iso_b");

      assertThat(query(one, "SELECT v FROM t")).containsExactly(row("a"));
      assertThat(query(two, "SELECT v FROM t")).containsExactly(row("b"));
      assertThat(query(one, "SELECT answer FROM only_here")).containsExactly(row(42));
      assertThat(query(one, "SET spark.sql.shuffle.partitions"))
          .containsExactly(row("spark.sql.shuffle.partitions", "3"));
      assertThat(query(two, "SET spark.sql.shuffle.partitions"))
          .containsExactly(row("spark.sql.shuffle.partitions", "4"));
      assertThatThrownBy(() -> query(two, "SELECT answer FROM only_here"))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("only_here")
          .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("42P01"));
    }
  }

  @Test
  void catalogAndNamespaceInTheUrlBecomeTheConnectionsCurrentOnes() throws Exception {
    try (Connection c = java.sql.DriverManager.getConnection(gateway.jdbcUrl() + "/demo/iso_b")) {
      assertThat(query(c, "SELECT v FROM t")).containsExactly(row("b"));
      assertThat(c.getCatalog()).isEqualTo("demo");
      assertThat(c.getSchema()).isEqualTo("iso_b");
    }
  }

  @Test
  void sparkSettingsInTheUrlApplyToThatConnectionOnly() throws Exception {
    try (Connection c =
        java.sql.DriverManager.getConnection(
            gateway.jdbcUrl() + "?spark.sql.shuffle.partitions=7")) {
      assertThat(query(c, "SET spark.sql.shuffle.partitions"))
          .containsExactly(row("spark.sql.shuffle.partitions", "7"));
    }
  }
}
