package io.icegate.it.reliability;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.gateway.error.ClientErrors;
import io.icegate.it.RunningGateway;
import io.icegate.it.TestGateway;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.RewriteFiles;
import org.apache.iceberg.Table;
import org.apache.iceberg.spark.Spark3Util;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Statements that meet a state a user made, each built for real (tables through the gateway, files
 * deleted on disk, a commit that loses a race): each fails with its SQLState, never XX000, and a
 * message that names the procedure, table or file and says what to do. One list: a case that
 * regresses fails with its name.
 */
class UserCausedErrorsIT {
  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();
  private static Connection c;

  /**
   * A statement (with its setup) that must fail with {@code sqlState} and a message holding {@code
   * parts}.
   */
  private record Case(String name, Failing statement, String sqlState, String... parts) {}

  private interface Failing {
    /** Builds the state and runs the statement that must fail; returns how it failed. */
    Outcome run() throws Exception;
  }

  private record Outcome(String sqlState, String message) {}

  @BeforeAll
  static void start() throws Exception {
    c = gateway.connect();
  }

  @AfterAll
  static void stop() throws Exception {
    c.close();
  }

  @Test
  void everyUserMadeStateHasItsSqlStateAndSaysWhatToDo() {
    List<Case> cases =
        List.of(
            new Case(
                "add_files twice",
                UserCausedErrorsIT::addFilesTwice,
                "55000",
                "Cannot call add_files on table demo.default.uc_add",
                "already",
                "check_duplicate_files => false"),
            new Case(
                "publish_changes twice",
                UserCausedErrorsIT::publishTwice,
                "55000",
                "Cannot call publish_changes on table demo.default.uc_wap",
                "WAP id 'w1'",
                "published already"),
            new Case(
                "expire a snapshot a tag keeps",
                UserCausedErrorsIT::expireTagged,
                "2BP01",
                "Cannot call expire_snapshots on table demo.default.uc_refs",
                "tag keep",
                "drop or move"),
            new Case(
                "expire the current snapshot",
                UserCausedErrorsIT::expireCurrent,
                "2BP01",
                "Cannot call expire_snapshots on table demo.default.uc_current",
                "branch or tag main"),
            new Case(
                "DROP BRANCH main",
                () -> fails(ddl("uc_main", "DROP BRANCH main")),
                "55000",
                "Cannot drop branch main"),
            new Case(
                "DROP BRANCH of a tag",
                () -> fails(ddl("uc_tagbranch", "CREATE TAG keep", "DROP BRANCH keep")),
                "42809",
                "keep",
                "is a tag",
                "TAG form"),
            new Case(
                "DROP TAG unknown",
                () -> fails(ddl("uc_notag", "DROP TAG nope")),
                "42704",
                "Tag nope does not exist",
                "refs metadata table"),
            new Case(
                "CREATE BRANCH twice",
                () -> fails(ddl("uc_twice", "CREATE BRANCH b", "CREATE BRANCH b")),
                "42710",
                "b already exists",
                "REPLACE BRANCH"),
            new Case(
                "rollback to a snapshot of another branch",
                UserCausedErrorsIT::rollbackNotAncestor,
                "55000",
                "Cannot call rollback_to_snapshot on table demo.default.uc_rollback",
                "not in the history",
                "set_current_snapshot"),
            new Case(
                "fast_forward of diverged branches",
                UserCausedErrorsIT::fastForwardDiverged,
                "55000",
                "Cannot call fast_forward on table demo.default.uc_ff",
                "diverged"),
            new Case(
                "cherrypick a delete",
                UserCausedErrorsIT::cherrypickDelete,
                "55000",
                "Cannot call cherrypick_snapshot on table demo.default.uc_pick",
                "only a snapshot that appends"),
            new Case(
                "set_current_snapshot to an unknown ref",
                () ->
                    fails(
                        () -> {
                          execute(
                              c,
                              "CREATE TABLE demo.default.uc_setref (id bigint) USING iceberg",
                              "INSERT INTO demo.default.uc_setref VALUES (1)");
                          query(
                              c,
                              "CALL demo.system.set_current_snapshot(table => 'default.uc_setref',"
                                  + " ref => 'nope')");
                        }),
                "42704",
                "set_current_snapshot",
                "'nope'"),
            new Case(
                "DROP NAMESPACE that holds a table",
                () ->
                    fails(
                        () -> {
                          execute(
                              c,
                              "CREATE NAMESPACE demo.uc_ns",
                              "CREATE TABLE demo.uc_ns.t (id bigint) USING iceberg");
                          execute(c, "DROP NAMESPACE demo.uc_ns");
                        }),
                "2BP01",
                "uc_ns",
                "drop its tables"),
            new Case(
                "register_table over an existing table",
                () ->
                    fails(
                        () -> {
                          execute(c, "CREATE TABLE demo.default.uc_reg (id bigint) USING iceberg");
                          query(
                              c,
                              "CALL demo.system.register_table('default.uc_reg', '"
                                  + metadataFile("uc_reg")
                                  + "')");
                        }),
                "42P07",
                "register_table",
                "uc_reg",
                "already exists"),
            new Case(
                "register_table of a metadata file that is not there",
                () ->
                    fails(
                        () ->
                            query(
                                c,
                                "CALL demo.system.register_table('default.uc_reg_missing', '"
                                    + Path.of("target").toAbsolutePath()
                                    + "/uc-nowhere/metadata/00000-x.metadata.json')")),
                "22023",
                "register_table",
                "metadata_file",
                "does not exist"),
            new Case(
                "SELECT after a data file was deleted",
                () -> {
                  table("uc_data");
                  delete(
                      (String)
                          query(c, "SELECT file_path FROM demo.default.uc_data.files")
                              .get(0)
                              .get(0));
                  return fails(() -> query(c, "SELECT * FROM demo.default.uc_data"));
                },
                "XX001",
                "data file",
                "/default/uc_data",
                "does not exist",
                "restore the file"),
            new Case(
                "files metadata table after a manifest was deleted",
                () -> {
                  table("uc_manifest");
                  delete(
                      (String)
                          query(c, "SELECT path FROM demo.default.uc_manifest.manifests")
                              .get(0)
                              .get(0));
                  return fails(() -> query(c, "SELECT * FROM demo.default.uc_manifest.files"));
                },
                "XX001",
                "metadata file",
                "/default/uc_manifest",
                "does not exist",
                "rollback_to_snapshot"),
            new Case(
                "expire_snapshots after a manifest was deleted",
                () -> {
                  table("uc_manifest_call");
                  execute(c, "INSERT INTO demo.default.uc_manifest_call VALUES (2, 'b')");
                  for (List<Object> row :
                      query(c, "SELECT path FROM demo.default.uc_manifest_call.all_manifests")) {
                    delete((String) row.get(0));
                  }
                  return fails(
                      () ->
                          query(
                              c,
                              "CALL demo.system.expire_snapshots(table =>"
                                  + " 'default.uc_manifest_call', retain_last => 1)"));
                },
                "XX001",
                "Cannot call expire_snapshots on table demo.default.uc_manifest_call",
                "does not exist"),
            new Case(
                "SELECT after the manifest list was deleted",
                () -> {
                  table("uc_list");
                  delete(
                      (String)
                          query(c, "SELECT manifest_list FROM demo.default.uc_list.snapshots")
                              .get(0)
                              .get(0));
                  return fails(() -> query(c, "SELECT * FROM demo.default.uc_list"));
                },
                "XX001",
                "manifest list",
                "/default/uc_list",
                "does not exist",
                "restore the file"),
            new Case(
                "history after the metadata files were deleted",
                () -> {
                  deleteMetadataJson("uc_meta_history");
                  return fails(
                      () -> query(c, "SELECT * FROM demo.default.uc_meta_history.history"));
                },
                "XX001",
                "metadata file",
                "/default/uc_meta_history",
                "register_table"),
            new Case(
                "INSERT after the metadata files were deleted",
                () -> {
                  deleteMetadataJson("uc_meta_insert");
                  return fails(
                      () -> execute(c, "INSERT INTO demo.default.uc_meta_insert VALUES (3, 'c')"));
                },
                "XX001",
                "metadata file",
                "/default/uc_meta_insert",
                "does not exist"),
            new Case(
                "CALL after the metadata files were deleted",
                () -> {
                  deleteMetadataJson("uc_meta_call");
                  return fails(
                      () ->
                          query(
                              c,
                              "CALL demo.system.expire_snapshots(table =>"
                                  + " 'default.uc_meta_call')"));
                },
                "XX001",
                "/default/uc_meta_call",
                "does not exist"),
            new Case(
                "a rewrite that lost the race to a DELETE",
                UserCausedErrorsIT::rewriteLostRace,
                "40001",
                "Cannot commit",
                "another statement changed the table",
                "retry the statement"));

    List<String> regressions = new ArrayList<>();
    for (Case each : cases) {
      Outcome outcome;
      try {
        outcome = each.statement().run();
      } catch (Exception e) {
        regressions.add(each.name() + ": its setup failed: " + e);
        continue;
      }
      if (outcome == null) {
        regressions.add(each.name() + ": did not fail");
      } else if (!outcome.sqlState().equals(each.sqlState())
          || outcome.sqlState().equals("XX000")
          || !List.of(each.parts()).stream().allMatch(outcome.message()::contains)
          || Stream.of("Exception", "\tat ", "org.apache", "scala.")
              .anyMatch(outcome.message()::contains)) {
        regressions.add(
            each.name()
                + ": expected "
                + each.sqlState()
                + " with "
                + List.of(each.parts())
                + ", got "
                + outcome.sqlState()
                + " "
                + outcome.message());
      }
    }
    assertThat(regressions).as("cases that fail otherwise than they should").isEmpty();
  }

  private interface Statement {
    void run() throws Exception;
  }

  private static Outcome fails(Statement statement) throws Exception {
    try {
      statement.run();
      return null;
    } catch (SQLException e) {
      return new Outcome(e.getSQLState(), e.getMessage());
    }
  }

  /** Creates {@code table} with a snapshot, then runs each {@code ALTER TABLE} clause. */
  private static Statement ddl(String table, String... clauses) {
    return () -> {
      execute(
          c,
          "CREATE TABLE demo.default." + table + " (id bigint) USING iceberg",
          "INSERT INTO demo.default." + table + " VALUES (1)");
      for (String clause : clauses) {
        execute(c, "ALTER TABLE demo.default." + table + " " + clause);
      }
    };
  }

  private static void table(String name) throws SQLException {
    execute(
        c,
        "CREATE TABLE demo.default." + name + " (id bigint, name string) USING iceberg",
        "INSERT INTO demo.default." + name + " VALUES (1, 'a')");
  }

  private static long snapshot(String table, String ref) throws SQLException {
    return (Long)
        query(
                c,
                "SELECT snapshot_id FROM demo.default."
                    + table
                    + ".refs WHERE name = '"
                    + ref
                    + "'")
            .get(0)
            .get(0);
  }

  private static Outcome addFilesTwice() throws Exception {
    execute(c, "CREATE TABLE demo.default.uc_add (id bigint, name string) USING iceberg");
    Path dir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "uc-add-");
    TestGateway.engine()
        .rootSession()
        .range(3)
        .selectExpr("id", "cast(id as string) as name")
        .write()
        .mode("overwrite")
        .parquet(dir.toString());
    String add =
        "CALL demo.system.add_files(table => 'default.uc_add', source_table => '`parquet`.`"
            + dir
            + "`')";
    query(c, add);
    return fails(() -> query(c, add));
  }

  private static Outcome publishTwice() throws Exception {
    execute(
        c,
        "CREATE TABLE demo.default.uc_wap (id bigint) USING iceberg"
            + " TBLPROPERTIES ('write.wap.enabled'='true')",
        "INSERT INTO demo.default.uc_wap VALUES (1)");
    // A writer that stages its changes under a WAP id (the gateway's policy keeps spark.wap.id from
    // clients).
    SparkSession writer = TestGateway.engine().rootSession().newSession();
    writer.conf().set("spark.wap.id", "w1");
    writer.sql("INSERT INTO demo.default.uc_wap VALUES (2)");
    query(c, "CALL demo.system.publish_changes('default.uc_wap', 'w1')");
    return fails(() -> query(c, "CALL demo.system.publish_changes('default.uc_wap', 'w1')"));
  }

  private static Outcome expireTagged() throws Exception {
    execute(
        c,
        "CREATE TABLE demo.default.uc_refs (id bigint) USING iceberg",
        "INSERT INTO demo.default.uc_refs VALUES (1)",
        "ALTER TABLE demo.default.uc_refs CREATE TAG keep",
        "INSERT INTO demo.default.uc_refs VALUES (2)");
    long kept = snapshot("uc_refs", "keep");
    return fails(
        () ->
            query(
                c,
                "CALL demo.system.expire_snapshots(table => 'default.uc_refs', snapshot_ids =>"
                    + " array("
                    + kept
                    + "))"));
  }

  private static Outcome expireCurrent() throws Exception {
    execute(
        c,
        "CREATE TABLE demo.default.uc_current (id bigint) USING iceberg",
        "INSERT INTO demo.default.uc_current VALUES (1)");
    long current = snapshot("uc_current", "main");
    return fails(
        () ->
            query(
                c,
                "CALL demo.system.expire_snapshots(table => 'default.uc_current', snapshot_ids =>"
                    + " array("
                    + current
                    + "))"));
  }

  private static Outcome rollbackNotAncestor() throws Exception {
    execute(
        c,
        "CREATE TABLE demo.default.uc_rollback (id bigint) USING iceberg",
        "INSERT INTO demo.default.uc_rollback VALUES (1)",
        "ALTER TABLE demo.default.uc_rollback CREATE BRANCH b",
        "INSERT INTO demo.default.uc_rollback.branch_b VALUES (2)");
    long onBranch = snapshot("uc_rollback", "b");
    return fails(
        () ->
            query(
                c,
                "CALL demo.system.rollback_to_snapshot('default.uc_rollback', " + onBranch + ")"));
  }

  private static Outcome fastForwardDiverged() throws Exception {
    execute(
        c,
        "CREATE TABLE demo.default.uc_ff (id bigint) USING iceberg",
        "INSERT INTO demo.default.uc_ff VALUES (1)",
        "ALTER TABLE demo.default.uc_ff CREATE BRANCH b",
        "INSERT INTO demo.default.uc_ff.branch_b VALUES (2)",
        "INSERT INTO demo.default.uc_ff VALUES (3)");
    return fails(() -> query(c, "CALL demo.system.fast_forward('default.uc_ff', 'main', 'b')"));
  }

  private static Outcome cherrypickDelete() throws Exception {
    execute(
        c,
        "CREATE TABLE demo.default.uc_pick (id bigint) USING iceberg",
        "INSERT INTO demo.default.uc_pick VALUES (1), (2)",
        "ALTER TABLE demo.default.uc_pick CREATE BRANCH b",
        "DELETE FROM demo.default.uc_pick.branch_b WHERE id = 1",
        // main moves on, so the delete is no fast-forward of it.
        "INSERT INTO demo.default.uc_pick VALUES (3)");
    long delete = snapshot("uc_pick", "b");
    return fails(
        () -> query(c, "CALL demo.system.cherrypick_snapshot('default.uc_pick', " + delete + ")"));
  }

  /**
   * A rewrite planned on the table's files commits after a DELETE through the gateway rewrote one
   * of them: the commit Iceberg refuses is classified as the gateway would report it.
   */
  private static Outcome rewriteLostRace() throws Exception {
    execute(
        c,
        "CREATE TABLE demo.default.uc_race (id bigint) USING iceberg",
        "INSERT INTO demo.default.uc_race VALUES (1), (2)");
    Table table =
        Spark3Util.loadIcebergTable(TestGateway.engine().rootSession(), "demo.default.uc_race");
    DataFile planned = table.currentSnapshot().addedDataFiles(table.io()).iterator().next();
    RewriteFiles rewrite =
        table
            .newRewrite()
            .validateFromSnapshot(table.currentSnapshot().snapshotId())
            .deleteFile(planned)
            .addFile(planned);
    execute(c, "DELETE FROM demo.default.uc_race WHERE id > 0");
    table.refresh();
    try {
      rewrite.commit();
      return null;
    } catch (RuntimeException lost) {
      ClientErrors.ClientError error = ClientErrors.describe(lost);
      return new Outcome(error.sqlState(), error.message());
    }
  }

  private static String metadataFile(String table) throws SQLException {
    return (String)
        query(
                c,
                "SELECT file FROM demo.default."
                    + table
                    + ".metadata_log_entries ORDER BY timestamp"
                    + " DESC")
            .get(0)
            .get(0);
  }

  private static void deleteMetadataJson(String table) throws Exception {
    table(table);
    Path metadata = local(metadataFile(table)).getParent();
    try (Stream<Path> files = Files.list(metadata)) {
      for (Path file : files.filter(p -> p.toString().endsWith(".metadata.json")).toList()) {
        Files.delete(file);
      }
    }
  }

  private static void delete(String file) throws Exception {
    Files.deleteIfExists(local(file));
  }

  private static Path local(String file) {
    return Path.of(URI.create(file.startsWith("file:") ? file : "file:" + file));
  }
}
