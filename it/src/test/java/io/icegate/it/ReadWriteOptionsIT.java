package io.icegate.it;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static io.icegate.it.SqlFailures.assertFails;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.access.Role;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.CostMode$;
import org.apache.spark.sql.execution.ExplainMode;
import org.apache.spark.sql.execution.ExtendedMode$;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Spark 4's options clauses on Spark 3.5: {@code FROM t WITH ('k' = 'v')} reads as {@code
 * spark.read().options(...).table(t)} reads (compared with that read on a Spark session of this
 * JVM), {@code INSERT INTO|OVERWRITE t WITH (...)} writes with Iceberg's write options and SQL's
 * INSERT semantics; unknown options, bad values and tables that are not Iceberg's are refused, and
 * roles and the statement policy hold.
 */
class ReadWriteOptionsIT {
  private static final String NS = "demo.rw_options";
  private static final String EVENTS = NS + ".events";

  @RegisterExtension static final RunningGateway gateway = RunningGateway.withUsers(Map.of());

  private static Connection writer;
  private static long s1;
  private static long s2;
  private static long s3;

  @BeforeAll
  static void events() throws Exception {
    writer = gateway.connect(Role.WRITE);
    execute(
        writer,
        "CREATE NAMESPACE IF NOT EXISTS " + NS,
        "CREATE TABLE " + EVENTS + " (id BIGINT, kind STRING) USING iceberg",
        "INSERT INTO " + EVENTS + " VALUES (1, 'a'), (2, 'b')");
    s1 = currentSnapshot(EVENTS);
    execute(writer, "INSERT INTO " + EVENTS + " VALUES (3, 'c')");
    s2 = currentSnapshot(EVENTS);
    execute(writer, "INSERT INTO " + EVENTS + " VALUES (4, 'd'), (5, 'e')");
    s3 = currentSnapshot(EVENTS);
    execute(
        writer,
        "ALTER TABLE " + EVENTS + " CREATE BRANCH audit AS OF VERSION " + s1,
        "ALTER TABLE " + EVENTS + " CREATE TAG first_load AS OF VERSION " + s2);
  }

  @AfterAll
  static void close() throws Exception {
    writer.close();
  }

  @Test
  void readsEqualTheDataFrameReadsWithTheSameOptions() throws Exception {
    List<Map<String, String>> cases =
        List.of(
            Map.of("start-snapshot-id", "" + s1, "end-snapshot-id", "" + s3),
            Map.of("start-snapshot-id", "" + s2),
            Map.of("snapshot-id", "" + s1),
            Map.of("as-of-timestamp", "" + committedAt(s2)),
            Map.of("branch", "audit"),
            Map.of("tag", "first_load"),
            Map.of("split-size", "1024", "file-open-cost", "1", "vectorization-enabled", "false"),
            Map.of("lookback", "2", "batch-size", "16"));
    try (Connection reader = gateway.connect(Role.READ)) {
      for (Map<String, String> options : cases) {
        String sql = "SELECT id, kind FROM " + EVENTS + " WITH (" + clause(options) + ")";
        assertThat(sorted(query(reader, sql)))
            .as("rows of %s", sql)
            .isEqualTo(sorted(rows(spark().read().options(options).table(EVENTS).collectAsList())))
            .isNotEmpty();
      }
    }
  }

  @Test
  void clausesMeetAliasesJoinsSubqueriesCtesAndLiteralsOfEveryKind() throws Exception {
    List<List<Object>> appended =
        sorted(
            rows(
                spark()
                    .read()
                    .option("start-snapshot-id", s1)
                    .option("end-snapshot-id", s3)
                    .table(EVENTS)
                    .collectAsList()));
    try (Connection reader = gateway.connect(Role.READ)) {
      // Unquoted numbers and booleans, an alias after the clause, a comment inside it.
      assertThat(
              sorted(
                  query(
                      reader,
                      "SELECT e.id, e.kind FROM "
                          + EVENTS
                          + " WITH ('start-snapshot-id' = "
                          + s1
                          + ", /* to */ 'end-snapshot-id' "
                          + s3
                          + ", 'vectorization-enabled' = false) AS e")))
          .isEqualTo(appended);
      // Two reads of one table with other options, in a join; one in a CTE, one in a subquery.
      assertThat(
              query(
                  reader,
                  "WITH b AS (SELECT id FROM "
                      + EVENTS
                      + " WITH ('branch' = 'audit')) SELECT count(*) FROM b JOIN "
                      + EVENTS
                      + " WITH ('tag' = 'first_load') t ON b.id = t.id"
                      + " WHERE t.id IN (SELECT id FROM "
                      + EVENTS
                      + " WITH ('snapshot-id' = '"
                      + s1
                      + "'))"))
          .containsExactly(row(2L));
      // Spark 3.5 loads a table once per statement; a read without options keeps its own.
      assertThat(
              query(
                  reader,
                  "SELECT (SELECT count(*) FROM "
                      + EVENTS
                      + "), (SELECT count(*) FROM "
                      + EVENTS
                      + " WITH ('snapshot-id' = "
                      + s1
                      + ")), (SELECT count(*) FROM "
                      + EVENTS
                      + ")"))
          .containsExactly(row(5L, 2L, 5L));
      // Time travel, then options, as Spark 4's grammar orders them.
      assertThat(
              query(
                  reader,
                  "SELECT count(*) FROM "
                      + EVENTS
                      + " VERSION AS OF "
                      + s2
                      + " WITH ('split-size' = '4096')"))
          .containsExactly(row(3L));
      // Text that only looks like a clause is left as it is.
      assertThat(query(reader, "SELECT 'FROM t WITH (\\'a\\' = 1)' AS s"))
          .containsExactly(row("FROM t WITH ('a' = 1)"));
    }
  }

  @Test
  void parametersElsewhereInTheStatementAreBound() throws Exception {
    try (Connection reader = gateway.connect(Role.READ);
        PreparedStatement statement =
            reader.prepareStatement(
                "SELECT id FROM "
                    + EVENTS
                    + " WITH ('start-snapshot-id' = '"
                    + s1
                    + "') WHERE id > ? ORDER BY id")) {
      statement.setLong(1, 3);
      List<Long> ids = new ArrayList<>();
      try (ResultSet rs = statement.executeQuery()) {
        while (rs.next()) {
          ids.add(rs.getLong(1));
        }
      }
      assertThat(ids).containsExactly(4L, 5L);
    }
  }

  @Test
  void writesTagTheirCommitAndWriteTheFormatTheyName() throws Exception {
    String table = NS + ".tagged";
    execute(
        writer,
        "CREATE TABLE " + table + " (id BIGINT, kind STRING) USING iceberg",
        "INSERT INTO "
            + table
            + " WITH ('snapshot-property.job' = 'nightly-7', 'write-format' = 'avro')"
            + " SELECT id, kind FROM "
            + EVENTS);
    // The same write through Spark's DataFrame writer, to compare with.
    String bySpark = NS + ".tagged_by_spark";
    execute(writer, "CREATE TABLE " + bySpark + " (id BIGINT, kind STRING) USING iceberg");
    spark()
        .table(EVENTS)
        .writeTo(bySpark)
        .option("snapshot-property.job", "nightly-7")
        .option("write-format", "avro")
        .append();
    for (String written : List.of(table, bySpark)) {
      assertThat(
              query(
                  writer,
                  "SELECT summary['job'], summary['added-records'], operation FROM "
                      + written
                      + ".snapshots ORDER BY committed_at DESC LIMIT 1"))
          .as("last commit of %s", written)
          .containsExactly(row("nightly-7", "5", "append"));
      assertThat(query(writer, "SELECT DISTINCT file_format FROM " + written + ".files"))
          .as("files of %s", written)
          .containsExactly(row("AVRO"));
    }
    assertThat(sorted(query(writer, "SELECT id, kind FROM " + table)))
        .isEqualTo(sorted(rows(spark().table(EVENTS).collectAsList())));
  }

  @Test
  void aWriteToABranchNamesTheBranchInTheTable() throws Exception {
    String table = NS + ".branched";
    execute(
        writer,
        "CREATE TABLE " + table + " (id BIGINT, kind STRING) USING iceberg",
        "INSERT INTO " + table + " VALUES (1, 'a')",
        "ALTER TABLE " + table + " CREATE BRANCH staging",
        "INSERT INTO "
            + table
            + ".branch_staging WITH ('snapshot-property.load' = 'l1') SELECT 2, 'b'");
    assertThat(
            query(
                writer,
                "SELECT s.summary['load'] FROM "
                    + table
                    + ".refs r JOIN "
                    + table
                    + ".snapshots s ON r.snapshot_id = s.snapshot_id WHERE r.name = 'staging'"))
        .containsExactly(row("l1"));
    try (Connection reader = gateway.connect(Role.READ)) {
      assertThat(sorted(query(reader, "SELECT * FROM " + table + " WITH ('branch' = 'staging')")))
          .isEqualTo(
              sorted(rows(spark().read().option("branch", "staging").table(table).collectAsList())))
          .containsExactly(row(1L, "a"), row(2L, "b"));
      assertThat(query(reader, "SELECT count(*) FROM " + table)).containsExactly(row(1L));
    }
  }

  @Test
  void insertIsByPositionAndOverwriteFollowsThePartitionOverwriteMode() throws Exception {
    String pair = NS + ".pair";
    execute(
        writer,
        "CREATE TABLE " + pair + " (a STRING, b STRING) USING iceberg",
        "INSERT INTO "
            + pair
            + " WITH ('snapshot-property.step' = 'one') SELECT b AS a, a AS b FROM"
            + " (SELECT 'p' AS a, 'q' AS b)");
    assertThat(query(writer, "SELECT a, b FROM " + pair)).containsExactly(row("q", "p"));

    String parts = NS + ".parts";
    execute(
        writer,
        "CREATE TABLE " + parts + " (id BIGINT, part STRING) USING iceberg PARTITIONED BY (part)",
        "INSERT INTO " + parts + " VALUES (1, 'x'), (2, 'y')",
        "INSERT OVERWRITE " + parts + " WITH ('snapshot-property.step' = 'static') SELECT 3, 'x'");
    assertThat(query(writer, "SELECT id, part FROM " + parts)).containsExactly(row(3L, "x"));
    try (Connection dynamic = gateway.connect(Role.WRITE)) {
      execute(
          dynamic,
          "SET spark.sql.sources.partitionOverwriteMode = dynamic",
          "INSERT INTO " + parts + " VALUES (4, 'y')",
          "INSERT OVERWRITE TABLE "
              + parts
              + " WITH ('snapshot-property.step' = 'dynamic') SELECT 5, 'x'");
    }
    assertThat(sorted(query(writer, "SELECT id, part FROM " + parts)))
        .containsExactly(row(4L, "y"), row(5L, "x"));
    assertThat(
            query(
                writer,
                "SELECT summary['step'], operation FROM "
                    + parts
                    + ".snapshots ORDER BY committed_at DESC LIMIT 1"))
        .containsExactly(row("dynamic", "overwrite"));
  }

  @Test
  void aCommonTableExpressionAfterInsertIntoIsNoOptionsClause() throws Exception {
    String table = NS + ".from_cte";
    execute(
        writer,
        "CREATE TABLE " + table + " (id BIGINT, kind STRING) USING iceberg",
        "INSERT INTO " + table + " WITH c AS (SELECT 7 AS id, 'cte' AS kind) SELECT * FROM c",
        "INSERT INTO "
            + table
            + " WITH ('snapshot-property.src' = 'cte') WITH c AS (SELECT 8 AS id, 'x' AS kind)"
            + " SELECT * FROM c");
    assertThat(sorted(query(writer, "SELECT id, kind FROM " + table)))
        .containsExactly(row(7L, "cte"), row(8L, "x"));
  }

  @Test
  void unknownOptionsBadValuesAndMissingRefsAreRefusedByName() throws Exception {
    try (Connection reader = gateway.connect(Role.READ)) {
      assertFails(
          () -> query(reader, "SELECT * FROM " + EVENTS + " WITH ('split_size' = '1')"),
          "42000",
          "Option 'split_size' is not a read option of Iceberg table " + EVENTS,
          "split-size",
          "start-snapshot-id");
      assertFails(
          () -> query(reader, "SELECT * FROM " + EVENTS + " WITH ('path' = '/tmp')"),
          "42000",
          "Option 'path'",
          "names a location");
      assertFails(
          () -> query(reader, "SELECT * FROM " + EVENTS + " WITH ('scan-task-set-id' = 'x')"),
          "42000",
          "Option 'scan-task-set-id'",
          "internal");
      assertFails(
          () -> query(reader, "SELECT * FROM " + EVENTS + " WITH ('snapshot-id' = 'latest')"),
          "22023",
          "Option 'snapshot-id' on " + EVENTS + " is 'latest', and it must be a whole number");
      assertFails(
          () -> query(reader, "SELECT * FROM " + EVENTS + " WITH ('branch' = 'nope')"),
          "42704",
          "Option 'branch' names branch 'nope'");
      assertFails(
          () -> query(reader, "SELECT * FROM " + EVENTS + " WITH ('branch' = 'first_load')"),
          "42704",
          "it is a tag");
      assertFails(
          () -> query(reader, "SELECT * FROM " + EVENTS + " WITH ('snapshot-id' = 42)"),
          "42704",
          "Option 'snapshot-id' names snapshot 42");
      // Combinations Iceberg refuses are refused with Iceberg's words.
      assertFails(
          () ->
              query(
                  reader,
                  "SELECT * FROM "
                      + EVENTS
                      + " WITH ('snapshot-id' = '"
                      + s1
                      + "', 'start-snapshot-id' = '"
                      + s1
                      + "')"),
          "22023",
          "snapshot-id");
      assertFails(
          () -> query(reader, "SELECT * FROM " + EVENTS + " WITH ('snapshot-id' = ?)"),
          "0A000",
          "takes a literal value");
      assertFails(
          () -> query(reader, "SELECT * FROM (SELECT * FROM " + EVENTS + ") WITH ('a' = 'b')"),
          "42601",
          "does not follow a table name");
      assertFails(
          () -> query(reader, "SELECT * FROM " + EVENTS + " WITH ('split-size' = '1'"),
          "42601",
          "is not closed");
    }
    assertFails(
        () -> execute(writer, "INSERT INTO " + EVENTS + " WITH ('branch' = 'audit') SELECT 9, 'z'"),
        "42000",
        "Option 'branch' is not a write option",
        "INSERT INTO table.branch_<name>");
    assertFails(
        () ->
            execute(
                writer,
                "INSERT INTO " + EVENTS + " WITH ('snapshot-property.wap.id' = 'w') SELECT 9, 'z'"),
        "22023",
        "a summary property Iceberg sets or reads itself");
    assertFails(
        () ->
            execute(
                writer, "INSERT INTO " + EVENTS + " WITH ('write-format' = 'csv') SELECT 9, 'z'"),
        "22023",
        "Option 'write-format'",
        "parquet, avro, orc");
    assertFails(
        () ->
            execute(
                writer, "INSERT INTO " + EVENTS + " WITH ('merge-schema' = 'true') SELECT 9, 'z'"),
        "42000",
        "Option 'merge-schema'",
        "ALTER TABLE");
    assertThat(query(writer, "SELECT count(*) FROM " + EVENTS)).containsExactly(row(5L));
  }

  @Test
  void optionsReachIcebergTablesOnly() throws Exception {
    String plain = "spark_catalog.default.rw_options_parquet";
    execute(
        writer,
        "CREATE TABLE IF NOT EXISTS " + plain + " (id BIGINT) USING parquet",
        "INSERT INTO " + plain + " VALUES (1)");
    assertFails(
        () -> execute(writer, "INSERT INTO " + plain + " WITH ('write-format' = 'orc') SELECT 2"),
        "42809",
        plain + " is not one");
    assertThat(query(writer, "SELECT count(*) FROM " + plain)).containsExactly(row(1L));
    try (Connection reader = gateway.connect(Role.READ)) {
      execute(reader, "CREATE TEMPORARY VIEW v AS SELECT * FROM " + EVENTS);
      assertFails(
          () -> query(reader, "SELECT * FROM v WITH ('split-size' = '1024')"),
          "42809",
          "v is not one");
      assertFails(
          () ->
              query(
                  reader,
                  "WITH c AS (SELECT 1 AS id) SELECT * FROM c WITH ('split-size' = '1024')"),
          "42809",
          "c is not one");
      assertFails(
          () -> query(reader, "SELECT * FROM " + plain + " WITH ('split-size' = '1024')"),
          "42809",
          plain + " is not one");
      assertFails(
          () ->
              execute(
                  reader,
                  "CREATE VIEW demo.rw_options.v AS SELECT * FROM "
                      + EVENTS
                      + " WITH ('split-size' = '1')"),
          "42501",
          "role write");
    }
  }

  /**
   * EXPLAIN plans the statement with its options, as Spark plans {@code
   * spark.read().options(...).table(t)}: a branch shows in the scan, a snapshot in the plan's
   * statistics (its row count); the write's options show in its plan. Nothing runs.
   */
  @Test
  void explainPlansTheStatementWithItsOptionsAndRunsNothing() throws Exception {
    try (Connection reader = gateway.connect(Role.READ)) {
      String physical = "== Physical Plan ==";
      assertThat(
              section(
                  explain(
                      reader, "EXTENDED SELECT * FROM " + EVENTS + " WITH ('branch' = 'audit')"),
                  physical))
          .contains("BatchScan " + EVENTS + "[id#L, kind#] " + EVENTS + " (branch=audit)")
          .isEqualTo(
              section(sparkPlan(Map.of("branch", "audit"), ExtendedMode$.MODULE$), physical));
      String optimized = "== Optimized Logical Plan ==";
      assertThat(
              section(
                  explain(
                      reader,
                      "COST SELECT * FROM " + EVENTS + " WITH ('snapshot-id' = '" + s1 + "')"),
                  optimized))
          .contains("rowCount=2)")
          .isEqualTo(
              section(sparkPlan(Map.of("snapshot-id", "" + s1), CostMode$.MODULE$), optimized));
      assertThat(
              explain(
                  reader,
                  "EXTENDED INSERT INTO "
                      + EVENTS
                      + " WITH ('snapshot-property.k' = 'v') SELECT 9, 'z'"))
          .contains("AppendData", "snapshot-property.k=v");
    }
    assertThat(query(writer, "SELECT count(*) FROM " + EVENTS)).containsExactly(row(5L));
  }

  private static String explain(Connection c, String statement) throws Exception {
    return query(c, "EXPLAIN " + statement).get(0).get(0).toString();
  }

  /** Spark's own plan of the DataFrame read with {@code options}. */
  private static String sparkPlan(Map<String, String> options, ExplainMode mode) {
    return spark().read().options(options).table(EVENTS).queryExecution().explainString(mode);
  }

  /** The plan from {@code heading} on, without expression ids (each plan numbers its own). */
  private static String section(String plan, String heading) {
    assertThat(plan).contains(heading);
    return plan.substring(plan.indexOf(heading)).replaceAll("#\\d+", "#").strip();
  }

  @Test
  void rolesAndThePolicyHold() throws Exception {
    try (Connection reader = gateway.connect(Role.READ)) {
      assertFails(
          () ->
              execute(
                  reader,
                  "INSERT INTO " + EVENTS + " WITH ('snapshot-property.k' = 'v') SELECT 9, 'z'"),
          "42501",
          "role write");
      assertFails(
          () ->
              query(
                  reader,
                  "SELECT reflect('java.lang.System', 'getProperty', 'user.home') FROM "
                      + EVENTS
                      + " WITH ('split-size' = '1024')"),
          "42501",
          "reflect");
    }
    assertThat(query(writer, "SELECT count(*) FROM " + EVENTS)).containsExactly(row(5L));
  }

  private static String clause(Map<String, String> options) {
    List<String> parts = new ArrayList<>();
    options.forEach((k, v) -> parts.add("'" + k + "' = '" + v + "'"));
    return String.join(", ", parts);
  }

  private static long currentSnapshot(String table) throws Exception {
    return (Long)
        query(writer, "SELECT snapshot_id FROM " + table + ".refs WHERE name = 'main'")
            .get(0)
            .get(0);
  }

  private static long committedAt(long snapshot) throws Exception {
    return ((java.sql.Timestamp)
            query(
                    writer,
                    "SELECT committed_at FROM "
                        + EVENTS
                        + ".snapshots WHERE snapshot_id = "
                        + snapshot)
                .get(0)
                .get(0))
        .getTime();
  }

  private static SparkSession spark() {
    return TestGateway.engine().newSession();
  }

  private static List<List<Object>> rows(List<Row> rows) {
    List<List<Object>> all = new ArrayList<>();
    for (Row r : rows) {
      List<Object> values = new ArrayList<>();
      for (int i = 0; i < r.length(); i++) {
        values.add(r.get(i));
      }
      all.add(values);
    }
    return all;
  }

  private static List<List<Object>> sorted(List<List<Object>> rows) {
    List<List<Object>> copy = new ArrayList<>(rows);
    copy.sort(Comparator.comparing(Object::toString));
    return copy;
  }
}
