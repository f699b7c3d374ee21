package io.icegate.it.clients;

import static org.apache.spark.sql.functions.col;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.datasources.jdbc.JdbcUtils;
import org.apache.spark.sql.jdbc.JdbcDialect;
import org.apache.spark.sql.jdbc.JdbcDialects;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * A Spark application of its own (own JVM, own SparkContext) reading one table through the gateway
 * with Spark's JDBC data source, as a user's Spark job would. Prints what it read, one fact a line,
 * each starting with a label for {@link SparkJdbcIT}.
 *
 * <p>Arguments: a JDBC URL with the session settings Spark's SQL needs, the table, the same URL
 * without the settings, then tables with an array, a map and a struct column.
 */
public final class SparkJdbcReader {
  private SparkJdbcReader() {}

  /**
   * The other way to read with stock Spark: a dialect that writes identifiers and string values as
   * Spark SQL reads them (back-ticks; quotes escaped with a backslash, where Spark's default
   * doubles them).
   */
  static final class IcegateDialect extends JdbcDialect {
    @Override
    public boolean canHandle(String url) {
      return url.startsWith("jdbc:icegate:");
    }

    @Override
    public String quoteIdentifier(String column) {
      return "`" + column.replace("`", "``") + "`";
    }

    @Override
    public Object compileValue(Object value) {
      if (value instanceof String s) {
        return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
      }
      return super.compileValue(value);
    }
  }

  public static void main(String[] args) throws SQLException {
    String url = args[0];
    String table = args[1];
    String plainUrl = args[2];
    SparkSession spark =
        SparkSession.builder()
            .master("local[2]")
            .appName("spark-jdbc-reader")
            .config("spark.ui.enabled", "false")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.driver.bindAddress", "127.0.0.1")
            .getOrCreate();
    try {
      Dataset<Row> whole = read(spark, url).option("dbtable", table).load();
      printSchema("schema", whole.schema());
      // Spark's JDBC source marks every column nullable whatever the driver says; this is how Spark
      // maps the
      // driver's own description of the columns, nullability included.
      try (Connection c = DriverManager.getConnection(url);
          Statement statement = c.createStatement();
          ResultSet rs = statement.executeQuery("SELECT * FROM " + table + " WHERE 1 = 0")) {
        printSchema("driver-schema", JdbcUtils.getSchema(rs, JdbcDialects.get(url), false, false));
      }
      print("whole", whole.orderBy("id"));

      Dataset<Row> partitioned =
          read(spark, url)
              .option("dbtable", table)
              .option("partitionColumn", "id")
              .option("lowerBound", "1")
              .option("upperBound", "7")
              .option("numPartitions", "3")
              .load();
      System.out.println("partitions " + partitioned.rdd().getNumPartitions());
      print("partitioned", partitioned.orderBy("id"));

      Dataset<Row> filtered =
          read(spark, url)
              .option("dbtable", table)
              .load()
              .filter("balance > 20 AND owner <> 'eve'")
              .select("id", "owner");
      System.out.println("pushed " + pushedFilters(filtered));
      print("filtered", filtered.orderBy("id"));

      Dataset<Row> query =
          read(spark, url)
              .option("query", "SELECT id, upper(owner) AS shout FROM " + table + " WHERE id <= 2")
              .load();
      print("query", query.orderBy("id"));

      // Spark writes a quote in a pushed-down string doubled ('o''neil'); Spark SQL reads that as
      // two literals.
      print(
          "quote",
          read(spark, url)
              .option("dbtable", table)
              .load()
              .filter(col("owner").equalTo("o'neil"))
              .select("id"));

      // Without the settings, Spark's double-quoted column names are string literals to Spark SQL.
      try {
        print("unset", read(spark, plainUrl).option("dbtable", table).load().orderBy("id"));
      } catch (Exception e) {
        System.out.println("unset-error " + rootCause(e));
      }
      print("unset-strings", read(spark, plainUrl).option("dbtable", table).load().select("owner"));

      // Arrays, maps and structs: what Spark's JDBC source makes of them.
      for (String nested : Arrays.asList(args).subList(3, args.length)) {
        String label = "nested " + nested.substring(nested.lastIndexOf('.') + 1);
        try {
          Dataset<Row> rows = read(spark, url).option("dbtable", nested).load();
          printSchema(label + " schema", rows.schema());
          print(label + " row", rows);
        } catch (Exception e) {
          System.out.println(label + " error " + rootCause(e));
        }
      }

      JdbcDialects.registerDialect(new IcegateDialect());
      Dataset<Row> withDialect = read(spark, plainUrl).option("dbtable", table).load();
      print("dialect", withDialect.orderBy("id"));
      Dataset<Row> quoted = withDialect.filter(col("owner").equalTo("o'neil")).select("id");
      System.out.println("dialect-pushed " + pushedFilters(quoted));
      print("dialect-quote", quoted);
    } finally {
      spark.stop();
    }
  }

  private static DataFrameReader read(SparkSession spark, String url) {
    return spark
        .read()
        .format("jdbc")
        .option("url", url)
        .option("driver", "io.icegate.jdbc.IcegateDriver");
  }

  private static String pushedFilters(Dataset<Row> rows) {
    String plan = rows.queryExecution().executedPlan().toString();
    int start = plan.indexOf("PushedFilters: ");
    return plan.substring(start, plan.indexOf(']', start) + 1);
  }

  private static String rootCause(Throwable e) {
    Throwable cause = e;
    while (cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause.getClass().getName()
        + ": "
        + String.valueOf(cause.getMessage()).lines().findFirst().orElse("");
  }

  private static void printSchema(String label, StructType schema) {
    for (StructField field : schema.fields()) {
      System.out.println(
          label
              + " "
              + field.name()
              + " "
              + field.dataType().simpleString()
              + " "
              + field.nullable());
    }
  }

  private static void print(String label, Dataset<Row> rows) {
    for (Row row : rows.collectAsList()) {
      Object[] values = new Object[row.size()];
      for (int i = 0; i < values.length; i++) {
        values[i] = row.get(i);
      }
      System.out.println(label + " " + Arrays.toString(values));
    }
  }
}
