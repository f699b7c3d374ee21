package io.icegate.it;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Time travel on data through JDBC, on the queries specification's `orders` example: each form
 * reads the version and the schema Spark reads (a snapshot's schema for ids, times and tags; the
 * table's for branches), visible in ResultSetMetaData, and every answer equals Spark's for the same
 * SQL in the same JVM.
 */
class TimeTravelIT {
  private static final String ORDERS = "demo.travel_orders.orders";

  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();
  private static Connection c;
  private static long s1;
  private static long s2;
  private static String s1Time;

  @BeforeAll
  static void orders() throws Exception {
    c = gateway.connect();
    execute(
        c,
        "CREATE NAMESPACE IF NOT EXISTS demo.travel_orders",
        "CREATE TABLE " + ORDERS + " (id BIGINT, status STRING) USING iceberg",
        "INSERT INTO " + ORDERS + " VALUES (1, 'NEW'), (2, 'PAID')");
    s1 = (Long) query(c, "SELECT snapshot_id FROM " + ORDERS + ".snapshots").get(0).get(0);
    Timestamp committed =
        (Timestamp) query(c, "SELECT committed_at FROM " + ORDERS + ".snapshots").get(0).get(0);
    s1Time =
        DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS")
            .withZone(ZoneId.systemDefault())
            .format(committed.toInstant());
    execute(
        c,
        "ALTER TABLE " + ORDERS + " ADD COLUMN total DOUBLE",
        "INSERT INTO " + ORDERS + " VALUES (3, 'PAID', 100.0)",
        "ALTER TABLE " + ORDERS + " CREATE BRANCH audit_branch AS OF VERSION " + s1,
        "ALTER TABLE " + ORDERS + " CREATE TAG first_load AS OF VERSION " + s1,
        "ALTER TABLE " + ORDERS + " CREATE BRANCH `audit-branch` AS OF VERSION " + s1);
    s2 =
        (Long)
            query(c, "SELECT snapshot_id FROM " + ORDERS + ".refs WHERE name = 'main'")
                .get(0)
                .get(0);
    // A tag whose name is S1's id but which points at S2: VERSION AS OF '<S1 id>' still means
    // snapshot S1.
    execute(c, "ALTER TABLE " + ORDERS + " CREATE TAG `" + s1 + "` AS OF VERSION " + s2);
  }

  @AfterAll
  static void stop() throws Exception {
    c.close();
  }

  @Test
  void snapshotIdsTimesAndTagsReadTheSnapshotsSchema() throws Exception {
    for (String version :
        List.of(
            "VERSION AS OF " + s1,
            "FOR SYSTEM_VERSION AS OF " + s1,
            "TIMESTAMP AS OF '" + s1Time + "'",
            "FOR SYSTEM_TIME AS OF '" + s1Time + "'",
            "VERSION AS OF 'first_load'",
            "VERSION AS OF '" + s1 + "'")) {
      String sql = "SELECT * FROM " + ORDERS + " " + version + " ORDER BY id";
      assertAnswer(sql, List.of("id", "status"), List.of(List.of(1L, "NEW"), List.of(2L, "PAID")));
    }
    assertAnswer(
        "SELECT * FROM " + ORDERS + ".`tag_first_load` ORDER BY id",
        List.of("id", "status"),
        List.of(List.of(1L, "NEW"), List.of(2L, "PAID")));
  }

  @Test
  void branchesReadTheTablesSchema() throws Exception {
    List<List<Object>> s1Rows =
        List.of(Arrays.asList(1L, "NEW", null), Arrays.asList(2L, "PAID", null));
    for (String table :
        List.of(
            ORDERS + " VERSION AS OF 'audit_branch'",
            ORDERS + ".`branch_audit_branch`",
            ORDERS + " FOR SYSTEM_VERSION AS OF 'audit-branch'",
            ORDERS + ".`branch_audit-branch`")) {
      assertAnswer(
          "SELECT * FROM " + table + " ORDER BY id", List.of("id", "status", "total"), s1Rows);
    }
  }

  @Test
  void versionsMeetInJoinsSubqueriesCtesAndSetOperations() throws Exception {
    assertAnswer(
        "SELECT id, status FROM "
            + ORDERS
            + " EXCEPT SELECT id, status FROM "
            + ORDERS
            + " VERSION AS OF "
            + s1,
        List.of("id", "status"),
        List.of(List.of(3L, "PAID")));
    assertAnswer(
        "WITH old AS (SELECT * FROM "
            + ORDERS
            + " VERSION AS OF 'first_load') SELECT n.id, o.status"
            + " FROM "
            + ORDERS
            + " n LEFT JOIN old o ON n.id = o.id ORDER BY n.id",
        List.of("id", "status"),
        List.of(List.of(1L, "NEW"), List.of(2L, "PAID"), Arrays.asList(3L, null)));
    assertAnswer(
        "SELECT count(*) FROM (SELECT * FROM " + ORDERS + " TIMESTAMP AS OF '" + s1Time + "') v",
        List.of("count(1)"),
        List.of(List.of(2L)));
  }

  /**
   * The JDBC answer has these column labels and rows, and equals Spark's own answer in this JVM.
   */
  private static void assertAnswer(String sql, List<String> columns, List<List<Object>> rows)
      throws Exception {
    List<String> labels = new ArrayList<>();
    List<List<Object>> values = new ArrayList<>();
    try (Statement statement = c.createStatement();
        ResultSet rs = statement.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        labels.add(md.getColumnLabel(i));
      }
      while (rs.next()) {
        List<Object> row = new ArrayList<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
          row.add(rs.getObject(i));
        }
        values.add(row);
      }
    }
    assertThat(labels).as("columns of %s", sql).isEqualTo(columns);
    assertThat(values).as("rows of %s", sql).isEqualTo(rows);

    SparkSession spark = TestGateway.engine().rootSession();
    List<List<Object>> sparks = new ArrayList<>();
    for (Row row : spark.sql(sql).collectAsList()) {
      List<Object> fields = new ArrayList<>();
      for (int i = 0; i < row.length(); i++) {
        fields.add(row.get(i));
      }
      sparks.add(fields);
    }
    assertThat(Arrays.asList(spark.sql(sql).columns()))
        .as("Spark's columns of %s", sql)
        .isEqualTo(labels);
    assertThat(values).as("Spark's rows of %s", sql).isEqualTo(sparks);
  }
}
