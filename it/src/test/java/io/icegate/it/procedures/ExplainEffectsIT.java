package io.icegate.it.procedures;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.SparkJobs.sparkJobsDuring;
import static io.icegate.it.procedures.ProcedureSupport.call;
import static io.icegate.it.procedures.ProcedureSupport.committedAt;
import static io.icegate.it.procedures.ProcedureSupport.currentSnapshot;
import static io.icegate.it.procedures.ProcedureSupport.filesUnder;
import static io.icegate.it.procedures.ProcedureSupport.latestSnapshot;
import static io.icegate.it.procedures.ProcedureSupport.localPath;
import static io.icegate.it.procedures.ProcedureSupport.location;
import static io.icegate.it.procedures.ProcedureSupport.plantOrphan;
import static io.icegate.it.procedures.ProcedureSupport.snapshots;
import static io.icegate.it.procedures.ProcedureSupport.timestampText;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.it.RunningGateway;
import io.icegate.it.procedures.ProcedureSupport.Result;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * EXPLAIN CALL's {@code effect} rows (issue 23, item 1) against the call itself: each EXPLAIN runs
 * no Spark job, then the CALL runs at once and reports, in each output column, what the EXPLAIN
 * predicted as exact.
 */
class ExplainEffectsIT {
  private static final String NS = "demo.effects";

  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();
  private Connection c;

  @BeforeAll
  static void start() throws Exception {
    try (Connection c = gateway.connect()) {
      execute(c, "CREATE NAMESPACE IF NOT EXISTS " + NS);
    }
  }

  @BeforeEach
  void connect() throws SQLException {
    c = gateway.connect();
  }

  @AfterEach
  void disconnect() throws SQLException {
    c.close();
  }

  /** EXPLAIN of {@code call}, which must start no Spark job. */
  private Result explain(String call) throws Exception {
    AtomicReference<Result> explained = new AtomicReference<>();
    int jobs = sparkJobsDuring(() -> explained.set(ProcedureSupport.call(c, "EXPLAIN " + call)));
    assertThat(jobs).as("Spark jobs started by EXPLAIN %s", call).isZero();
    return explained.get();
  }

  /** The effect rows of an EXPLAIN: [name, type, value, source]. */
  private static List<List<Object>> effects(Result explained) {
    List<List<Object>> effects = new ArrayList<>();
    for (List<Object> row : explained.rows()) {
      if ("effect".equals(row.get(0))) {
        effects.add(row.subList(1, 5));
      }
    }
    return effects;
  }

  /** The detail rows named {@code name}. */
  private static List<List<Object>> details(Result explained, String name) {
    return effects(explained).stream().filter(r -> name.equals(r.get(0))).toList();
  }

  /**
   * Explains {@code call}, runs it, and asserts that every output column predicted as exact holds
   * the predicted value; returns the EXPLAIN.
   */
  private Result explainThenCall(String call) throws Exception {
    Result explained = explain(call);
    Result result = ProcedureSupport.call(c, call);
    Map<String, Object> predicted = new LinkedHashMap<>();
    for (List<Object> effect : effects(explained)) {
      String name = (String) effect.get(0);
      if (((String) effect.get(3)).startsWith("exact")
          && result.columns().stream().anyMatch(col -> col.startsWith(name + " "))) {
        predicted.put(name, effect.get(2));
      }
    }
    assertThat(predicted).as("exact predictions of %s", call).isNotEmpty();
    for (Map.Entry<String, Object> figure : predicted.entrySet()) {
      Object actual = result.column(figure.getKey()).get(0);
      assertThat(figure.getValue())
          .as("%s predicted by EXPLAIN %s (result %s)", figure.getKey(), call, result.rows())
          .isEqualTo(actual == null ? null : actual.toString());
    }
    return explained;
  }

  private static String predicted(Result explained, String column) {
    return (String)
        effects(explained).stream()
            .filter(r -> column.equals(r.get(0)))
            .findFirst()
            .orElseThrow()
            .get(2);
  }

  private String table(String name, String properties) throws SQLException {
    String table = NS + "." + name;
    execute(
        c,
        "CREATE TABLE "
            + table
            + " (id int, category string) USING iceberg"
            + (properties.isEmpty() ? "" : " TBLPROPERTIES (" + properties + ")"));
    return table;
  }

  private void insert(String table, int first, int rows) throws SQLException {
    execute(
        c,
        "INSERT INTO "
            + table
            + " SELECT /*+ REPARTITION(1) */ CAST(id AS int), CASE WHEN id % 2 = 0 THEN 'a' ELSE"
            + " 'b' END FROM range("
            + first
            + ", "
            + (first + rows)
            + ")");
  }

  private String after(String table) throws SQLException {
    return timestampText(committedAt(c, table, latestSnapshot(c, table)).plusMillis(1));
  }

  @Test
  void expireByAgeAndRetainLastWithDeleteFiles() throws Exception {
    String table =
        table(
            "expire_age",
            "'format-version'='2', 'write.delete.mode'='merge-on-read',"
                + " 'write.update.mode'='merge-on-read'");
    insert(table, 0, 10);
    execute(c, "DELETE FROM " + table + " WHERE id = 3");
    execute(c, "INSERT OVERWRITE " + table + " SELECT * FROM " + table + " WHERE id > 5");
    insert(table, 100, 5);
    execute(c, "DELETE FROM " + table + " WHERE id = 101");
    List<Long> before = snapshots(c, table);

    Result explained =
        explainThenCall(
            "CALL demo.system.expire_snapshots(table => 'effects.expire_age', older_than =>"
                + " TIMESTAMP '"
                + after(table)
                + "', retain_last => 2)");

    assertThat(details(explained, "expires"))
        .extracting(r -> Long.valueOf((String) r.get(2)))
        .containsExactlyInAnyOrderElementsOf(before.subList(0, before.size() - 2));
    assertThat(details(explained, "keeps")).hasSize(2);
    assertThat(snapshots(c, table)).hasSize(2);
  }

  @Test
  void expireBySnapshotIdsWhileRefsKeepSnapshots() throws Exception {
    String table = table("expire_refs", "");
    insert(table, 0, 5);
    long first = currentSnapshot(c, table);
    execute(c, "ALTER TABLE " + table + " CREATE TAG keep_first");
    execute(c, "INSERT OVERWRITE " + table + " SELECT CAST(id AS int), 'b' FROM range(10, 12)");
    long second = currentSnapshot(c, table);
    execute(c, "ALTER TABLE " + table + " CREATE BRANCH audit");
    execute(c, "INSERT OVERWRITE " + table + " SELECT CAST(id AS int), 'c' FROM range(20, 22)");
    long third = currentSnapshot(c, table);
    execute(c, "INSERT OVERWRITE " + table + " SELECT CAST(id AS int), 'd' FROM range(30, 32)");

    // Age alone expires only the third: the tag keeps the first, the branch the second.
    Result byAge =
        explain(
            "CALL demo.system.expire_snapshots(table => 'effects.expire_refs', older_than =>"
                + " TIMESTAMP '"
                + after(table)
                + "')");
    assertThat(details(byAge, "expires")).extracting(r -> r.get(2)).containsExactly("" + third);
    assertThat(details(byAge, "keeps"))
        .anySatisfy(r -> assertThat(r.get(2)).isEqualTo("" + first))
        .anySatisfy(
            r -> {
              assertThat(r.get(2)).isEqualTo("" + second);
              assertThat((String) r.get(3)).contains("audit (branch head)");
            });
    explainThenCall(
        "CALL demo.system.expire_snapshots(table => 'effects.expire_refs', snapshot_ids =>"
            + " array("
            + third
            + "))");
    assertThat(snapshots(c, table)).doesNotContain(third).contains(first, second);
  }

  @Test
  void expireWithStatisticsFiles() throws Exception {
    String table = table("expire_stats", "");
    insert(table, 0, 5);
    call(c, "CALL demo.system.compute_table_stats('effects.expire_stats')");
    execute(c, "INSERT OVERWRITE " + table + " SELECT * FROM " + table + " WHERE id > 1");

    Result explained =
        explainThenCall(
            "CALL demo.system.expire_snapshots(table => 'effects.expire_stats', older_than =>"
                + " TIMESTAMP '"
                + after(table)
                + "', retain_last => 1)");

    assertThat(predicted(explained, "deleted_statistics_files_count")).isEqualTo("1");
  }

  @Test
  void rewriteDataFilesBinpackSortAndWhere() throws Exception {
    String table = table("rewrite", "");
    for (int i = 0; i < 6; i++) {
      insert(table, i * 10, 10);
    }
    explainThenCall(
        "CALL demo.system.rewrite_data_files(table => 'effects.rewrite', where => 'id < 30',"
            + " options => map('min-input-files', '2'))");
    Result sorted =
        explainThenCall(
            "CALL demo.system.rewrite_data_files(table => 'effects.rewrite', strategy => 'sort',"
                + " sort_order => 'id DESC', options => map('min-input-files', '2'))");
    assertThat(details(sorted, "file_group")).isNotEmpty();
    Result binpack =
        explainThenCall(
            "CALL demo.system.rewrite_data_files(table => 'effects.rewrite',"
                + " options => map('rewrite-all', 'true'))");
    assertThat(predicted(binpack, "rewritten_data_files_count")).isNotEqualTo("0");
  }

  @Test
  void rewriteDataFilesSaysWhyNothingQualifies() throws Exception {
    String table = table("nothing", "");
    for (int i = 0; i < 3; i++) {
      insert(table, i * 10, 10);
    }

    Result explained =
        explainThenCall("CALL demo.system.rewrite_data_files(table => 'effects.nothing')");

    assertThat(predicted(explained, "rewritten_data_files_count")).isEqualTo("0");
    assertThat(details(explained, "skipped"))
        .singleElement()
        .satisfies(r -> assertThat((String) r.get(3)).contains("min-input-files=5", "has 3"));
    Result sized =
        explainThenCall(
            "CALL demo.system.rewrite_data_files(table => 'effects.nothing',"
                + " options => map('min-file-size-bytes', '1', 'max-file-size-bytes',"
                + " '1000000000', 'min-input-files', '2'))");
    assertThat(details(sized, "skipped"))
        .singleElement()
        .satisfies(r -> assertThat((String) r.get(3)).contains("every file is within"));
    // A where Spark cannot resolve: the EXPLAIN still answers, saying the call would fail.
    assertThat(
            details(
                explain(
                    "CALL demo.system.rewrite_data_files(table => 'effects.nothing',"
                        + " where => 'no_such_column = 1')"),
                "fails"))
        .singleElement()
        .satisfies(r -> assertThat((String) r.get(3)).contains("no_such_column = 1"));
  }

  @Test
  void rewriteDataFilesOfAPartitionedTableWithSeveralSpecs() throws Exception {
    String table = NS + ".specs";
    execute(
        c,
        "CREATE TABLE "
            + table
            + " (id int, category string) USING iceberg PARTITIONED BY (category)");
    for (int i = 0; i < 3; i++) {
      insert(table, i * 10, 10);
    }
    execute(c, "ALTER TABLE " + table + " ADD PARTITION FIELD bucket(2, id)");
    for (int i = 3; i < 6; i++) {
      insert(table, i * 10, 10);
    }

    Result explained =
        explainThenCall(
            "CALL demo.system.rewrite_data_files(table => 'effects.specs',"
                + " options => map('min-input-files', '2'))");

    assertThat(details(explained, "file_group")).isNotEmpty();
  }

  @Test
  void rewritePositionDeleteFilesAndManifests() throws Exception {
    String table = table("deletes", "'format-version'='2', 'write.delete.mode'='merge-on-read'");
    insert(table, 0, 20);
    for (int id = 1; id <= 3; id++) {
      execute(c, "DELETE FROM " + table + " WHERE id = " + id);
    }
    explainThenCall(
        "CALL demo.system.rewrite_position_delete_files(table => 'effects.deletes',"
            + " options => map('rewrite-all', 'true'))");
    explainThenCall("CALL demo.system.rewrite_manifests('effects.deletes')");
  }

  @Test
  void refMoves() throws Exception {
    String table = table("moves", "'write.wap.enabled'='true'");
    insert(table, 0, 5);
    long first = currentSnapshot(c, table);
    insert(table, 10, 5);
    String between = after(table);
    insert(table, 20, 5);
    long third = currentSnapshot(c, table);

    Result rollback =
        explainThenCall("CALL demo.system.rollback_to_snapshot('effects.moves', " + first + ")");
    assertThat(details(rollback, "changes"))
        .anySatisfy(
            r -> {
              assertThat(r.get(1)).isEqualTo("records");
              assertThat(r.get(2)).isEqualTo("-10");
            });
    explainThenCall(
        "CALL demo.system.set_current_snapshot(table => 'effects.moves', snapshot_id => "
            + third
            + ")");
    explainThenCall(
        "CALL demo.system.rollback_to_timestamp('effects.moves', TIMESTAMP '" + between + "')");
    execute(c, "ALTER TABLE " + table + " CREATE BRANCH later");
    explainThenCall(
        "CALL demo.system.set_current_snapshot(table => 'effects.moves', ref => 'later')");
    explainThenCall("CALL demo.system.rollback_to_snapshot('effects.moves', " + first + ")");
    explainThenCall(
        "CALL demo.system.fast_forward(table => 'effects.moves', branch => 'main', to =>"
            + " 'later')");

    // A staged write, then published; another, cherry-picked.
    Properties properties = new Properties();
    properties.setProperty("spark.wap.id", "w1");
    try (Connection staging = DriverManager.getConnection(gateway.jdbcUrl(), properties)) {
      insert(staging, table, 40);
    }
    explainThenCall("CALL demo.system.publish_changes('effects.moves', 'w1')");
    properties.setProperty("spark.wap.id", "w2");
    try (Connection staging = DriverManager.getConnection(gateway.jdbcUrl(), properties)) {
      insert(staging, table, 50);
    }
    long staged = latestSnapshot(c, table);
    explainThenCall("CALL demo.system.cherrypick_snapshot('effects.moves', " + staged + ")");
  }

  @Test
  void removeOrphanFilesCountsWhatSparksDryRunFinds() throws Exception {
    String table = table("orphans", "");
    insert(table, 0, 5);
    Path data = localPath(location(c, table)).resolve("data");
    for (int i = 0; i < 7; i++) {
      plantOrphan(data, "orphan-" + i + ".parquet", Duration.ofDays(10));
    }
    plantOrphan(data, "too-young.parquet", Duration.ofHours(1));
    String call = "CALL demo.system.remove_orphan_files(table => 'effects.orphans')";

    Result explained = ProcedureSupport.call(c, "EXPLAIN " + call);
    assertThat(filesUnder(data)).hasSize(9);
    Result result = ProcedureSupport.call(c, call);

    assertThat(predicted(explained, "orphan_file_location"))
        .isEqualTo("" + result.rows().size())
        .isEqualTo("7");
    assertThat(details(explained, "sample"))
        .hasSize(5)
        .allSatisfy(r -> assertThat(result.column("orphan_file_location")).contains(r.get(2)));
  }

  private static void insert(Connection staging, String table, int first) throws SQLException {
    execute(staging, "INSERT INTO " + table + " VALUES (" + first + ", 'w')");
  }
}
