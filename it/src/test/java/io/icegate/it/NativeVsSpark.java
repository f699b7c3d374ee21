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
import java.util.Collections;
import java.util.List;
import java.util.function.UnaryOperator;

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

  /**
   * Comparisons made in this JVM, counted because an empty answer equals any other empty answer and
   * so compares nothing: a class sets a floor on the comparisons that had rows ({@link #tally}).
   */
  private static final List<String> COMPARED = Collections.synchronizedList(new ArrayList<>());

  private static final List<String> COMPARED_EMPTY =
      Collections.synchronizedList(new ArrayList<>());

  /** The comparisons made so far: all, and those whose answers had no row. */
  public record Tally(List<String> compared, List<String> empty) {
    /** The comparisons made since {@code before}. */
    public Tally since(Tally before) {
      return new Tally(
          compared.subList(before.compared.size(), compared.size()),
          empty.subList(before.empty.size(), empty.size()));
    }

    public int withRows() {
      return compared.size() - empty.size();
    }
  }

  private NativeVsSpark() {}

  /** The comparisons this JVM made so far (a copy). */
  public static Tally tally() {
    synchronized (COMPARED) {
      return new Tally(List.copyOf(COMPARED), List.copyOf(COMPARED_EMPTY));
    }
  }

  /**
   * Runs {@code sql} natively and through Spark; both must agree in columns, types, nullability and
   * values. Returns the number of rows compared.
   */
  static int assertSameAnswer(TestGateway gateway, String sql) throws Exception {
    return assertSameAnswer(gateway, gateway::connect, sql, sql);
  }

  /**
   * As {@link #assertSameAnswer(TestGateway, String)}, on connections that {@code connections}
   * opens.
   */
  public static int assertSameAnswer(TestGateway gateway, Connections connections, String sql)
      throws Exception {
    return assertSameAnswer(gateway, connections, sql, sql);
  }

  /**
   * Runs {@code nativeSql} natively and {@code sparkSql} through Spark; both must agree as above.
   */
  static int assertSameAnswer(
      TestGateway gateway, Connections connections, String nativeSql, String sparkSql)
      throws Exception {
    return compare(gateway, connections, nativeSql, sparkSql, true, UnaryOperator.identity())
        .size();
  }

  /**
   * Runs {@code sql} natively and through Spark, for an answer the native path is known to give
   * otherwise: the native values must be exactly Spark's as {@code expected} turns each value's
   * text (as {@link #read} writes it), columns as above. Returns Spark's rows, for the caller to
   * see that the difference was there to be made.
   */
  static List<List<String>> assertNativeAnswerDiffers(
      TestGateway gateway, Connections connections, String sql, UnaryOperator<String> expected)
      throws Exception {
    return compare(gateway, connections, sql, sql, true, expected);
  }

  /**
   * {@code sql} is one the native path leaves to Spark by design (a function Calcite lacks, a
   * relation Spark computes): with the path on it still runs on Spark, without a native failure,
   * and answers as with it off.
   */
  static void assertLeftToSpark(TestGateway gateway, Connections connections, String sql)
      throws Exception {
    compare(gateway, connections, sql, sql, false, UnaryOperator.identity());
  }

  private static List<List<String>> compare(
      TestGateway gateway,
      Connections connections,
      String nativeSql,
      String sparkSql,
      boolean answeredNatively,
      UnaryOperator<String> expected)
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
      synchronized (COMPARED) {
        COMPARED.add(nativeSql);
        if (spark.rows().isEmpty() && ours.rows().isEmpty()) {
          COMPARED_EMPTY.add(nativeSql);
        }
      }
      List<List<String>> expectedRows =
          spark.rows().stream().map(row -> row.stream().map(expected).toList()).toList();
      assertThat(ours.columns()).as("columns of %s", nativeSql).isEqualTo(spark.columns());
      if (nativeSql.toUpperCase(java.util.Locale.ROOT).contains("ORDER BY")) {
        assertThat(ours.rows()).as("rows of %s", nativeSql).isEqualTo(expectedRows);
      } else {
        assertThat(ours.rows())
            .as("rows of %s", nativeSql)
            .containsExactlyInAnyOrderElementsOf(expectedRows);
      }
      return spark.rows();
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
