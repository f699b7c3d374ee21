package io.icegate.it.procedures;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.SparkJobs.sparkJobsDuring;
import static io.icegate.it.procedures.ProcedureSupport.call;
import static io.icegate.it.procedures.ProcedureSupport.currentSnapshot;
import static io.icegate.it.procedures.ProcedureSupport.localPath;
import static io.icegate.it.procedures.ProcedureSupport.location;
import static io.icegate.it.procedures.ProcedureSupport.plantOrphan;
import static io.icegate.it.procedures.ProcedureSupport.snapshots;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.it.RunningGateway;
import io.icegate.it.procedures.ProcedureSupport.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Calls refused before anything runs (issue 4, item 3): each failure has a SQLState and a message
 * naming the procedure and the argument at fault, and no Spark job starts. Also EXPLAIN CALL (item
 * 6), which runs nothing.
 */
class ProcedureValidationIT {
  // The SQLStates asserted, in one place (docs/ARCHITECTURE.md, "Procedures").
  static final String UNKNOWN_PROCEDURE = "42883";
  static final String UNKNOWN_CATALOG = "3D000";
  static final String NOT_AN_ICEBERG_CATALOG = "42809";
  static final String UNKNOWN_ARGUMENT = "42000";
  static final String DUPLICATE_ARGUMENT = "42000";
  static final String MIXED_ARGUMENTS = "42601";
  static final String MISSING_ARGUMENT = "42000";
  static final String WRONG_TYPE = "42804";
  static final String MUTUALLY_EXCLUSIVE = "42613";
  static final String CONFLICTING_FLAGS = "42613";
  static final String UNKNOWN_TABLE = "42P01";
  static final String UNKNOWN_SNAPSHOT = "42704";
  static final String UNKNOWN_REF = "42704";

  private static final String TABLE = "demo.validation.t";

  @RegisterExtension static final RunningGateway gateway = RunningGateway.withConnectionCatalogs();
  private static Connection c;
  private static long current;

  @BeforeAll
  static void start() throws Exception {
    c = gateway.connect();
    execute(
        c,
        "CREATE NAMESPACE IF NOT EXISTS demo.validation",
        "CREATE TABLE " + TABLE + " (id int, name string) USING iceberg",
        "INSERT INTO " + TABLE + " VALUES (1, 'a')",
        "INSERT INTO " + TABLE + " VALUES (2, 'b')",
        // A catalog that is not Iceberg's: Spark's JDBC catalog (it connects only when used).
        "SET spark.sql.catalog.plain=org.apache.spark.sql.execution.datasources.v2.jdbc.JDBCTableCatalog",
        "SET spark.sql.catalog.plain.url=jdbc:sqlite:"
            + ProcedureSupport.tempDir("plain-catalog-")
            + "/plain.db");
    current = currentSnapshot(c, TABLE);
  }

  @AfterAll
  static void stop() throws Exception {
    // Nothing refused or explained changed the table.
    assertThat(snapshots(c, TABLE)).hasSize(2);
    assertThat(currentSnapshot(c, TABLE)).isEqualTo(current);
    c.close();
  }

  /**
   * {@code sql} fails with {@code sqlState}, a message holding every part and no Java internals,
   * and starts no Spark job. Every mismatch is reported, so that a failure shows the SQLState and
   * message the gateway gave.
   */
  private static void assertRefused(String sql, String sqlState, String... messageParts)
      throws Exception {
    AtomicReference<SQLException> failure = new AtomicReference<>();
    int jobs =
        sparkJobsDuring(
            () -> {
              try {
                call(c, sql);
              } catch (SQLException e) {
                failure.set(e);
              }
            });
    assertThat(failure).as("%s is refused", sql).doesNotHaveNullValue();
    String message = failure.get().getMessage();
    SoftAssertions.assertSoftly(
        softly -> {
          softly.assertThat(message).as("message of %s", sql).contains(messageParts);
          softly
              .assertThat(message)
              .as("message of %s", sql)
              .doesNotContain("Exception", "\tat ", "org.apache", "scala.");
          softly.assertThat(jobs).as("Spark jobs started by %s", sql).isZero();
          softly
              .assertThat(failure.get().getSQLState())
              .as("SQLState of %s (message: %s)", sql, message)
              .isEqualTo(sqlState);
        });
  }

  @Test
  void unknownProcedureSuggestsTheClosestName() throws Exception {
    assertRefused(
        "CALL demo.system.expire_snapshts(table => 'validation.t')",
        UNKNOWN_PROCEDURE,
        "expire_snapshts",
        "expire_snapshots");
  }

  @Test
  void unknownCatalog() throws Exception {
    assertRefused(
        "CALL no_such_catalog.system.expire_snapshots(table => 'validation.t')",
        UNKNOWN_CATALOG,
        "no_such_catalog",
        "expire_snapshots");
  }

  @Test
  void catalogThatIsNotIceberg() throws Exception {
    assertRefused(
        "CALL plain.system.expire_snapshots(table => 'validation.t')",
        NOT_AN_ICEBERG_CATALOG,
        "plain",
        "expire_snapshots");
  }

  @Test
  void unknownArgumentSuggestsTheClosestName() throws Exception {
    assertRefused(
        "CALL demo.system.expire_snapshots(table => 'validation.t', retain_lst => 1)",
        UNKNOWN_ARGUMENT,
        "expire_snapshots",
        "retain_lst",
        "retain_last");
  }

  @Test
  void duplicateArgument() throws Exception {
    assertRefused(
        "CALL demo.system.expire_snapshots(table => 'validation.t', retain_last => 1, retain_last"
            + " => 2)",
        DUPLICATE_ARGUMENT,
        "expire_snapshots",
        "retain_last");
  }

  @Test
  void missingRequiredArgument() throws Exception {
    assertRefused(
        "CALL demo.system.rollback_to_snapshot(table => 'validation.t')",
        MISSING_ARGUMENT,
        "rollback_to_snapshot",
        "snapshot_id");
    assertRefused(
        "CALL demo.system.cherrypick_snapshot('validation.t')",
        MISSING_ARGUMENT,
        "cherrypick_snapshot",
        "snapshot_id");
  }

  @Test
  void positionalAndNamedArgumentsMixed() throws Exception {
    assertRefused(
        "CALL demo.system.rollback_to_snapshot('validation.t', snapshot_id => " + current + ")",
        MIXED_ARGUMENTS,
        "rollback_to_snapshot",
        "positional",
        "named");
  }

  @Test
  void wrongTypeSaysWhichTypeIsExpected() throws Exception {
    assertRefused(
        "CALL demo.system.expire_snapshots(table => 'validation.t', retain_last => 'five')",
        WRONG_TYPE,
        "expire_snapshots",
        "retain_last",
        "int");
    assertRefused(
        "CALL demo.system.remove_orphan_files(table => 'validation.t', dry_run => 'yes')",
        WRONG_TYPE,
        "remove_orphan_files",
        "dry_run",
        "boolean");
    assertRefused(
        "CALL demo.system.rollback_to_snapshot('validation.t', 'latest')",
        WRONG_TYPE,
        "rollback_to_snapshot",
        "snapshot_id",
        "long");
  }

  @Test
  void snapshotIdAndRefAreMutuallyExclusive() throws Exception {
    long first = snapshots(c, TABLE).get(0);
    assertRefused(
        "CALL demo.system.set_current_snapshot(table => 'validation.t', snapshot_id => "
            + first
            + ", ref => 'main')",
        MUTUALLY_EXCLUSIVE,
        "set_current_snapshot",
        "snapshot_id",
        "ref");
    // Neither of the two: one of them is required.
    assertRefused(
        "CALL demo.system.set_current_snapshot(table => 'validation.t')",
        MISSING_ARGUMENT,
        "set_current_snapshot",
        "snapshot_id",
        "ref");
    assertThat(currentSnapshot(c, TABLE)).isEqualTo(current);
  }

  @Test
  void netChangesWithComputeUpdatesConflict() throws Exception {
    assertRefused(
        "CALL demo.system.create_changelog_view(table => 'validation.t', net_changes => true,"
            + " compute_updates => true)",
        CONFLICTING_FLAGS,
        "create_changelog_view",
        "net_changes",
        "compute_updates");
    assertThatThrownBy(() -> query(c, "SELECT * FROM t_changes")).isInstanceOf(SQLException.class);
  }

  @Test
  void unknownTable() throws Exception {
    assertRefused(
        "CALL demo.system.expire_snapshots(table => 'validation.no_such_table')",
        UNKNOWN_TABLE,
        "expire_snapshots",
        "no_such_table");
    assertRefused(
        "CALL demo.system.rollback_to_snapshot('no_such_namespace.t', 1)",
        UNKNOWN_TABLE,
        "rollback_to_snapshot",
        "no_such_namespace.t");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "CALL demo.system.rollback_to_snapshot('validation.t', 12345)",
        "CALL demo.system.set_current_snapshot(table => 'validation.t', snapshot_id => 12345)",
        "CALL demo.system.cherrypick_snapshot(snapshot_id => 12345, table => 'validation.t')",
        "CALL demo.system.ancestors_of('validation.t', 12345)"
      })
  void unknownSnapshotId(String sql) throws Exception {
    String procedure = sql.substring("CALL demo.system.".length(), sql.indexOf('('));
    assertRefused(sql, UNKNOWN_SNAPSHOT, procedure, "snapshot_id", "12345");
  }

  @Test
  void unknownRef() throws Exception {
    assertRefused(
        "CALL demo.system.set_current_snapshot(table => 'validation.t', ref => 'no_such_tag')",
        UNKNOWN_REF,
        "set_current_snapshot",
        "ref",
        "no_such_tag");
  }

  /** EXPLAIN CALL's rows by argument name: the whole row of each {@code argument}. */
  private static Map<String, List<Object>> explainedArguments(Result result) {
    List<Object> kinds = result.column("kind");
    List<Object> names = result.column("name");
    Map<String, List<Object>> arguments = new HashMap<>();
    for (int i = 0; i < result.rows().size(); i++) {
      if ("argument".equals(kinds.get(i))) {
        arguments.put((String) names.get(i), result.rows().get(i));
      }
    }
    return arguments;
  }

  private static String statementOf(Result result) {
    List<Object> kinds = result.column("kind");
    for (int i = 0; i < result.rows().size(); i++) {
      if ("statement".equals(kinds.get(i))) {
        return (String) result.column("value").get(i);
      }
    }
    throw new AssertionError("no statement row in " + result.rows());
  }

  @Test
  void explainCallShowsEveryArgumentAndTheStatementWithoutRunningIt() throws Exception {
    AtomicReference<Result> explained = new AtomicReference<>();
    int jobs =
        sparkJobsDuring(
            () ->
                explained.set(
                    call(
                        c,
                        "EXPLAIN CALL demo.system.expire_snapshots(table => 'validation.t',"
                            + " retain_last => 1)")));
    Result result = explained.get();

    assertThat(jobs).as("Spark jobs started by EXPLAIN CALL").isZero();
    assertThat(result.columns())
        .containsExactly(
            "kind VARCHAR", "name VARCHAR", "type VARCHAR", "value VARCHAR", "source VARCHAR");
    assertThat(result.column("name")).contains("expire_snapshots");
    Map<String, List<Object>> arguments = explainedArguments(result);
    assertThat(arguments)
        .containsOnlyKeys(
            "table",
            "older_than",
            "retain_last",
            "max_concurrent_deletes",
            "stream_results",
            "snapshot_ids",
            "clean_expired_metadata");
    assertThat(arguments.get("table").toString()).contains("validation.t", "named");
    assertThat(arguments.get("retain_last").get(3)).isEqualTo("1");
    assertThat(arguments.get("older_than").toString()).contains("default");
    assertThat(statementOf(result))
        .contains("expire_snapshots", "retain_last", "=> 1", "validation.t");
    // Nothing expired: with retain_last => 1 the call would have removed the first snapshot.
    assertThat(snapshots(c, TABLE)).hasSize(2);
  }

  @Test
  void explainCallDeletesNoOrphanFile() throws Exception {
    Path orphan =
        plantOrphan(
            localPath(location(c, TABLE)).resolve("data"),
            "orphan-explained.parquet",
            Duration.ofDays(10));
    // The effect is Spark's own dry run of the call (issue 23): it finds the orphan, deletes
    // nothing.
    Result result =
        call(c, "EXPLAIN CALL demo.system.remove_orphan_files(table => 'validation.t')");
    assertThat(explainedArguments(result))
        .containsKeys("table", "older_than", "dry_run", "location");
    assertThat(statementOf(result)).contains("remove_orphan_files");
    assertThat(result.rows())
        .anySatisfy(
            row -> {
              assertThat(row.subList(0, 2)).containsExactly("effect", "sample");
              assertThat((String) row.get(3)).endsWith("orphan-explained.parquet");
            });
    assertThat(orphan).exists();
    Files.delete(orphan);
  }

  @Test
  void explainOfAnInvalidCallFailsAsTheCallWould() throws Exception {
    assertRefused(
        "EXPLAIN CALL demo.system.expire_snapshots(table => 'validation.t', retain_lst => 1)",
        UNKNOWN_ARGUMENT,
        "expire_snapshots",
        "retain_lst",
        "retain_last");
  }
}
