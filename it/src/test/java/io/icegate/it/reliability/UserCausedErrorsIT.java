package io.icegate.it.reliability;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.icegate.gateway.activity.StatementJobs;
import io.icegate.gateway.metadata.SparkIcebergCatalogs;
import io.icegate.it.RunningGateway;
import io.icegate.it.TestGateway;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.iceberg.DeleteFiles;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.spark.Spark3Util;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.function.ForeachPartitionFunction;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
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
    // Other tests list every table: leave none of these broken ones (SQL's DROP TABLE reads the
    // metadata that some no longer have).
    Catalog demo =
        new SparkIcebergCatalogs(TestGateway.engine().rootSession())
            .icebergCatalog("demo")
            .orElseThrow();
    for (TableIdentifier table : demo.listTables(Namespace.of("default"))) {
      if (table.name().startsWith("uc_")) {
        demo.dropTable(table, false);
      }
    }
    demo.dropTable(TableIdentifier.of("uc_ns", "t"), false);
    ((SupportsNamespaces) demo).dropNamespace(Namespace.of("uc_ns"));
    try {
      DatabaseMetaData meta = c.getMetaData();
      assertThat(names(meta.getTables("demo", null, "uc%", null), "TABLE_SCHEM", "TABLE_NAME"))
          .as("tables this class leaves to the next ones")
          .isEmpty();
      assertThat(names(meta.getSchemas("demo", "uc%"), "TABLE_SCHEM"))
          .as("namespaces this class leaves to the next ones")
          .isEmpty();
    } finally {
      c.close();
    }
  }

  private static List<String> names(ResultSet rows, String... columns) throws SQLException {
    List<String> names = new ArrayList<>();
    try (rows) {
      while (rows.next()) {
        List<String> parts = new ArrayList<>();
        for (String column : columns) {
          parts.add(rows.getString(column));
        }
        names.add(String.join(".", parts));
      }
    }
    return names;
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
                "a rewrite that lost the race to a delete",
                UserCausedErrorsIT::rewriteLostRace,
                "40001",
                "Cannot call rewrite_data_files on table demo.default.uc_race",
                "Cannot commit the rewrite",
                "another statement changed the table",
                "retry the call"),
            new Case(
                "a copy-on-write DELETE that lost the race to a delete",
                UserCausedErrorsIT::deleteLostRace,
                "40001",
                "another statement",
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
   * rewrite_data_files over JDBC, while another writer deletes one of the files it rewrites after
   * it planned and before it commits.
   */
  private static Outcome rewriteLostRace() throws Exception {
    execute(
        c,
        "CREATE TABLE demo.default.uc_race (id bigint) USING iceberg",
        "INSERT INTO demo.default.uc_race VALUES (1)",
        "INSERT INTO demo.default.uc_race VALUES (2)");
    return losesRace(
        "uc_race",
        () ->
            query(
                c,
                "CALL demo.system.rewrite_data_files(table => 'default.uc_race', options =>"
                    + " map('rewrite-all', 'true'))"));
  }

  /** A copy-on-write DELETE over JDBC, while another writer deletes the file it rewrites. */
  private static Outcome deleteLostRace() throws Exception {
    execute(
        c,
        "CREATE TABLE demo.default.uc_race_delete (id bigint) USING iceberg"
            + " TBLPROPERTIES ('write.delete.mode' = 'copy-on-write')",
        "INSERT INTO demo.default.uc_race_delete VALUES (1), (2)");
    // A condition Iceberg cannot answer from its metadata: Spark rewrites the files it matches.
    return losesRace(
        "uc_race_delete",
        () -> execute(c, "DELETE FROM demo.default.uc_race_delete WHERE id % 2 = 1"));
  }

  /**
   * Runs {@code statement} through the gateway and, between its planning and its commit, deletes
   * every data file of {@code table} through iceberg-core. Made deterministic by holding every task
   * slot of the engine: the statement's first Spark job is submitted once it has read the table,
   * and it cannot finish before the slots are freed, which happens after the conflicting commit.
   */
  private static Outcome losesRace(String table, Statement sql) throws Exception {
    SparkSession root = TestGateway.engine().rootSession();
    SparkContext context = root.sparkContext();
    int slots =
        context.getConf().getInt("spark.executor.cores", 1)
            * (context.statusTracker().getExecutorInfos().length - 1);
    List<Integer> statementJobs = new CopyOnWriteArrayList<>();
    SparkListener listener =
        new SparkListener() {
          @Override
          public void onJobStart(SparkListenerJobStart start) {
            if (start.properties() != null
                && start.properties().getProperty(StatementJobs.PROPERTY) != null) {
              statementJobs.add(start.jobId());
            }
          }
        };
    ExecutorService threads = Executors.newFixedThreadPool(2);
    List<Socket> held = new ArrayList<>();
    try (ServerSocket slotHolders = new ServerSocket(0, slots, InetAddress.getLoopbackAddress())) {
      slotHolders.setSoTimeout(60_000);
      int port = slotHolders.getLocalPort();
      Future<?> holding =
          threads.submit(() -> root.range(0, slots, 1, slots).foreachPartition(new HoldSlot(port)));
      for (int i = 0; i < slots; i++) {
        held.add(slotHolders.accept());
      }
      context.addSparkListener(listener);
      Future<Outcome> statement = threads.submit(() -> fails(sql));
      await("a Spark job of the statement on " + table)
          .atMost(Duration.ofSeconds(60))
          .until(() -> !statementJobs.isEmpty() || statement.isDone());
      if (!statement.isDone()) {
        Table loaded = Spark3Util.loadIcebergTable(root, "demo.default." + table);
        DeleteFiles deleteAll = loaded.newDelete();
        try (CloseableIterable<FileScanTask> tasks = loaded.newScan().planFiles()) {
          tasks.forEach(task -> deleteAll.deleteFile(task.file()));
        }
        deleteAll.commit();
      }
      for (Socket socket : held) {
        socket.close();
      }
      holding.get(60, TimeUnit.SECONDS);
      return statement.get(60, TimeUnit.SECONDS);
    } finally {
      for (Socket socket : held) {
        socket.close();
      }
      context.removeSparkListener(listener);
      threads.shutdownNow();
    }
  }

  /** A Spark task that keeps its slot until the test closes the connection it opens. */
  private record HoldSlot(int port) implements ForeachPartitionFunction<Long> {
    @Override
    public void call(Iterator<Long> rows) throws Exception {
      try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
        socket.getInputStream().read();
      }
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
