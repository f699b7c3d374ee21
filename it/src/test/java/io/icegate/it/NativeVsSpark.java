package io.icegate.it;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.SparkJobs.sparkJobsDuring;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.gateway.metadata.NativeMetadataPath;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Assertions comparing the native metadata path with Spark over JDBC: the same statement on two
 * connections, one with {@code icegate.metadata.native} on and one with it off, whatever the
 * gateway's default. The side with the path on must say how it answered: natively (one native
 * answer, no fallback, no Spark job), or, for a query the path leaves to Spark by design, through
 * Spark without a native failure. A native failure that Spark quietly answered instead fails
 * either.
 */
public final class NativeVsSpark {
  /** Opens a connection to the gateway under test. */
  @FunctionalInterface
  public interface Connections {
    Connection open() throws SQLException;
  }

  private NativeVsSpark() {}

  /**
   * Runs {@code sql} natively and through Spark; both must agree in columns, types, nullability and
   * values.
   */
  static void assertSameAnswer(TestGateway gateway, String sql) throws Exception {
    assertSameAnswer(gateway, gateway::connect, sql, sql);
  }

  /**
   * As {@link #assertSameAnswer(TestGateway, String)}, on connections that {@code connections}
   * opens.
   */
  public static void assertSameAnswer(TestGateway gateway, Connections connections, String sql)
      throws Exception {
    assertSameAnswer(gateway, connections, sql, sql);
  }

  /**
   * Runs {@code nativeSql} natively and {@code sparkSql} through Spark; both must agree as above.
   */
  static void assertSameAnswer(
      TestGateway gateway, Connections connections, String nativeSql, String sparkSql)
      throws Exception {
    compare(gateway, connections, nativeSql, sparkSql, true);
  }

  /**
   * {@code sql} is one the native path leaves to Spark by design (a function Calcite lacks, a
   * relation Spark computes): with the path on it still runs on Spark, without a native failure,
   * and answers as with it off.
   */
  static void assertLeftToSpark(TestGateway gateway, Connections connections, String sql)
      throws Exception {
    compare(gateway, connections, sql, sql, false);
  }

  private static void compare(
      TestGateway gateway,
      Connections connections,
      String nativeSql,
      String sparkSql,
      boolean answeredNatively)
      throws Exception {
    NativeMetadataPath path = gateway.server().meta().nativeMetadataPath();
    try (Connection nativeConnection = connections.open();
        Connection sparkConnection = connections.open()) {
      execute(nativeConnection, "SET icegate.metadata.native=true");
      execute(sparkConnection, "SET icegate.metadata.native=false");
      long answeredBefore = path.answered();
      long fallbacksBefore = path.fallbacks();
      Result[] read = new Result[1];
      int jobs = sparkJobsDuring(() -> read[0] = read(nativeConnection, nativeSql));
      Result ours = read[0];
      assertThat(path.fallbacks() - fallbacksBefore)
          .as(
              "native failures on %s that Spark answered instead (the gateway's log has a WARN"
                  + " line)",
              nativeSql)
          .isZero();
      if (answeredNatively) {
        assertThat(path.answered() - answeredBefore)
            .as("native answers to %s", nativeSql)
            .isEqualTo(1);
        assertThat(jobs).as("Spark jobs for the native answer to %s", nativeSql).isZero();
      } else {
        assertThat(path.answered() - answeredBefore)
            .as("native answers to %s, left to Spark", nativeSql)
            .isZero();
      }
      Result spark = read(sparkConnection, sparkSql);
      assertThat(ours.columns()).as("columns of %s", nativeSql).isEqualTo(spark.columns());
      if (nativeSql.toUpperCase(java.util.Locale.ROOT).contains("ORDER BY")) {
        assertThat(ours.rows()).as("rows of %s", nativeSql).isEqualTo(spark.rows());
      } else {
        assertThat(ours.rows())
            .as("rows of %s", nativeSql)
            .containsExactlyInAnyOrderElementsOf(spark.rows());
      }
    }
  }

  /**
   * {@code sql} fails natively with {@code sqlState} and a message holding every part and no Java
   * internals.
   */
  static void assertFails(
      Connections connections, String sql, String sqlState, String... messageParts) {
    SqlFailures.assertFails(
        () -> {
          try (Connection c = connections.open()) {
            execute(c, "SET icegate.metadata.native=true");
            query(c, sql);
          }
        },
        sqlState,
        messageParts);
  }

  private record Result(List<String> columns, List<List<String>> rows) {}

  /**
   * Column name, JDBC type, type name and nullability; each value as getString and as getObject's
   * class.
   */
  private static Result read(Connection c, String sql) throws Exception {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      List<String> columns = new ArrayList<>();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        columns.add(
            md.getColumnLabel(i)
                + " "
                + md.getColumnType(i)
                + " "
                + md.getColumnTypeName(i)
                + " "
                + md.isNullable(i));
      }
      List<List<String>> rows = new ArrayList<>();
      while (rs.next()) {
        List<String> row = new ArrayList<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
          Object value = rs.getObject(i);
          row.add(
              rs.getString(i) + (value == null ? "" : " : " + value.getClass().getSimpleName()));
        }
        rows.add(row);
      }
      return new Result(columns, rows);
    }
  }
}
