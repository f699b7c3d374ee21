package io.icegate.it.security;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.access.Role;
import io.icegate.it.RunningGateway;
import io.icegate.it.SparkJobs;
import io.icegate.it.TestGateway;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A hostile corpus, run as every role through the driver against a gateway with authentication:
 * statements that would reach host code, scripts, files outside the allowed roots (read and
 * written), table locations, procedure paths, the network and settings, each in several disguises
 * (views temporary and persisted, CTEs, sub-queries, nesting, case, comments, back-ticks,
 * IDENTIFIER, JDBC parameters, EXPLAIN, CACHE, a time-travel sub-query). Every one is refused with
 * 42501, and the outside world proves nothing ran: the canary files outside the roots never appear
 * in a result and stay unchanged, a listening loopback socket sees no connection, scripts leave no
 * marker, reflection sets no system property, no Spark job starts, and the gateway still answers.
 */
class HostileStatementsIT {
  private static final String NS = "demo.hostile";
  private static final Pattern POLICY_REFUSAL =
      Pattern.compile(
          "Cannot (call (?i:reflect|java_method)|run TRANSFORM|read files at|write files at"
              + "|place a table at|use data source|use '|set '|write files \\(|read option paths"
              + "|call (remove_orphan_files|snapshot): location)");

  /**
   * The access rules refuse every time travel to a sub-query before the policy's path check could
   * (Spark runs the sub-query while it analyzes; docs/SECURITY.md); StatementPolicyIT, without
   * rules, shows the policy's own refusal of it.
   */
  private static final String RULES_TIME_TRAVEL_REFUSAL =
      "Cannot time travel to the value of a sub-query while access rules are in effect";

  // Admins get only the catalogs' warehouses here, not the shared engine's target/ root. An
  // allow-all access rules file is in effect: the rules' checks run on every statement and must
  // neither let one through nor stand in for the statement policy's refusal.
  @RegisterExtension
  static final RunningGateway gateway =
      RunningGateway.startedBy(
          () -> {
            try {
              Path rules = Files.createTempFile(Path.of("target"), "allow-all-", ".yaml");
              Files.writeString(rules, "defaults: {unmatched: allow}\n");
              return TestGateway.startWithUsers(
                  Map.of(
                      "icegate.policy.file-roots.admin",
                      "",
                      "icegate.auth.rules-file",
                      rules.toString()));
            } catch (IOException e) {
              throw new java.io.UncheckedIOException(e);
            }
          });

  private static Path canaryDir;
  private static Path canary;
  private static Path marker;
  private static Path usersFile;
  private static String secret;
  private static String tableLocation;
  private static String warehouse;
  private static ServerSocket listener;
  private static final AtomicInteger CONNECTIONS_SEEN = new AtomicInteger();
  private static Map<String, String> canaryStateBefore;

  @BeforeAll
  static void start() throws Exception {
    usersFile = gateway.usersFile();
    secret = "icegate-canary-" + UUID.randomUUID();
    canaryDir = Files.createTempDirectory("icegate-canary-");
    canary = canaryDir.resolve("canary.txt");
    Files.writeString(canary, secret + "\n" + secret + ",2\n");
    marker = canaryDir.resolve("script-ran");
    listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor =
        new Thread(
            () -> {
              while (!listener.isClosed()) {
                try (Socket ignored = listener.accept()) {
                  CONNECTIONS_SEEN.incrementAndGet();
                } catch (IOException e) {
                  return;
                }
              }
            },
            "hostile-listener");
    acceptor.setDaemon(true);
    acceptor.start();
    try (Connection admin = connect(Role.ADMIN)) {
      execute(
          admin,
          "CREATE NAMESPACE IF NOT EXISTS " + NS,
          "CREATE TABLE IF NOT EXISTS " + NS + ".t (id bigint, data string) USING iceberg",
          "INSERT INTO " + NS + ".t VALUES (1, 'a'), (2, 'b')",
          "CREATE TABLE IF NOT EXISTS " + NS + ".o (id bigint) USING iceberg",
          "INSERT INTO " + NS + ".o VALUES (1)",
          "CREATE TABLE IF NOT EXISTS spark_catalog.default.hostile_src (id int) USING parquet");
      tableLocation =
          (String)
              query(admin, "SELECT file FROM " + NS + ".t.metadata_log_entries LIMIT 1")
                  .get(0)
                  .get(0);
      tableLocation = tableLocation.substring(0, tableLocation.indexOf("/metadata/"));
    }
    warehouse = TestGateway.engine().config().warehouse().toString();
    // A link inside an admin's root (the warehouse) to the canaries outside it.
    Files.createSymbolicLink(
        Path.of(warehouse, "link-to-canaries-" + UUID.randomUUID()), canaryDir);
    canaryStateBefore = state(canaryDir);
  }

  @AfterAll
  static void stop() throws IOException {
    listener.close();
  }

  /**
   * One statement of the corpus: its class, its disguise, and the SQL (steps run in order; one must
   * be refused).
   */
  record Hostile(String kind, String disguise, List<String> steps, List<Object> parameters) {
    static Hostile of(String kind, String disguise, String... steps) {
      return new Hostile(kind, disguise, List.of(steps), List.of());
    }
  }

  private static List<String> selectQueries() {
    String c = canary.toString();
    String d = canaryDir.toString();
    String p = "127.0.0.1:" + listener.getLocalPort();
    String link = linkPath();
    return List.of(
        "SELECT reflect('java.lang.System', 'setProperty', 'icegate.canary.reflect', 'ran') AS r",
        "SELECT java_method('java.lang.System', 'getenv', 'PATH') AS r",
        "SELECT `reflect`('java.lang.System', 'setProperty', 'icegate.canary.backtick', 'ran') AS"
            + " r",
        "SELECT IDENTIFIER('java_method')('java.lang.System', 'setProperty',"
            + " 'icegate.canary.identifier', 'ran') AS r",
        "SELECT upper(concat('x', reflect('java.lang.System', 'setProperty',"
            + " 'icegate.canary.nested', 'ran'))) AS r",
        "SELECT id FROM "
            + NS
            + ".t WHERE reflect('java.lang.System', 'setProperty', 'icegate.canary.where', 'ran')"
            + " IS NOT NULL",
        "SELECT TRANSFORM(id) USING 'touch " + marker + "' AS (out) FROM " + NS + ".t",
        "SELECT TRANSFORM(*) USING 'sh -c \"id > " + marker + "\"' AS (out string) FROM range(1)",
        "SELECT * FROM text.`" + c + "`",
        "SELECT * FROM csv.`" + c + "`",
        "SELECT * FROM json.`" + c + "`",
        "SELECT * FROM TEXT.`file://" + c + "`",
        "SELECT * FROM text.`" + d + "/../" + canaryDir.getFileName() + "/canary.txt`",
        "SELECT * FROM text.`/etc/passwd`",
        "SELECT * FROM text.`" + usersFile.toAbsolutePath() + "`",
        "SELECT path, length FROM binaryFile.`" + d + "`",
        "SELECT * FROM IDENTIFIER('text.`" + c + "`')",
        "SELECT * FROM text.`" + link + "/canary.txt`",
        "SELECT * FROM `org.apache.spark.sql.execution.datasources.text.TextFileFormat`.`"
            + c
            + "`",
        "SELECT * FROM text.`http://" + p + "/x`",
        "SELECT * FROM parquet.`hdfs://" + p + "/x`",
        "SELECT (SELECT max(value) FROM text.`" + c + "`) AS v",
        "SELECT id FROM " + NS + ".t WHERE data IN (SELECT value FROM text.`" + c + "`)",
        "SELECT max(reflect('java.lang.System', 'setProperty', 'icegate.canary.window', 'ran'))"
            + " OVER () AS r",
        "SELECT x FROM "
            + NS
            + ".t LATERAL VIEW explode(array(java_method('java.lang.System', 'setProperty',"
            + " 'icegate.canary.lateral', 'ran'))) e AS x");
  }

  private static String linkPath() {
    try (Stream<Path> entries = Files.list(Path.of(warehouse))) {
      return entries
          .filter(e -> e.getFileName().toString().startsWith("link-to-canaries-"))
          .findFirst()
          .orElseThrow()
          .toString();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static List<String> commands() {
    String c = canary.toString();
    String d = canaryDir.toString();
    String url = "jdbc:postgresql://127.0.0.1:" + listener.getLocalPort() + "/x";
    return List.of(
        "FROM " + NS + ".t MAP id USING 'touch " + marker + "' AS out",
        "INSERT INTO " + NS + ".t SELECT 3, value FROM text.`" + c + "`",
        "INSERT INTO "
            + NS
            + ".t SELECT 4, reflect('java.lang.System', 'setProperty', 'icegate.canary.insert',"
            + " 'x')",
        "CREATE TABLE " + NS + ".x8 USING iceberg AS SELECT * FROM text.`" + c + "`",
        "MERGE INTO "
            + NS
            + ".t t USING (SELECT 1 AS id, value AS data FROM text.`"
            + c
            + "`) s ON t.id = s.id"
            + " WHEN MATCHED THEN UPDATE SET t.data = s.data",
        "UPDATE "
            + NS
            + ".t SET data = java_method('java.lang.System', 'setProperty',"
            + " 'icegate.canary.update', 'x')",
        "DELETE FROM "
            + NS
            + ".t WHERE reflect('java.lang.System', 'setProperty', 'icegate.canary.delete', 'x')"
            + " IS NULL",
        "DESCRIBE QUERY SELECT * FROM text.`" + c + "`",
        "FROM " + NS + ".t REDUCE id USING 'touch " + marker + "' AS out",
        "CREATE TEMPORARY VIEW hv USING csv OPTIONS (path '" + c + "')",
        "CREATE TEMPORARY VIEW hv USING text OPTIONS (path 'file://" + c + "')",
        "CREATE TEMPORARY VIEW hv USING json OPTIONS (paths '[\"" + c + "\"]')",
        "CREATE TEMPORARY VIEW hv USING iceberg OPTIONS (path '" + d + "')",
        "CREATE OR REPLACE TEMPORARY VIEW hv (line string) USING text OPTIONS (path '/etc/passwd')",
        "LOAD DATA LOCAL INPATH '" + c + "' INTO TABLE " + NS + ".t",
        "INSERT OVERWRITE DIRECTORY '" + d + "/out' USING parquet SELECT 1 AS x",
        "INSERT OVERWRITE LOCAL DIRECTORY '" + d + "/out2' USING csv SELECT 1 AS x",
        "INSERT OVERWRITE DIRECTORY USING parquet OPTIONS (path '" + d + "/out3') SELECT 1 AS x",
        "INSERT OVERWRITE DIRECTORY '" + tableLocation + "' USING parquet SELECT 42 AS x",
        "INSERT OVERWRITE DIRECTORY '" + tableLocation + "/data' USING csv SELECT 42 AS x",
        "CREATE TABLE " + NS + ".x1 (id int) USING iceberg LOCATION '" + d + "/x1'",
        "CREATE TABLE " + NS + ".x2 (id int) USING iceberg LOCATION '" + tableLocation + "/inside'",
        "CREATE TABLE "
            + NS
            + ".x3 (id int) USING iceberg TBLPROPERTIES ('write.data.path'='"
            + d
            + "/data')",
        "CREATE TABLE " + NS + ".x4 USING iceberg LOCATION '" + d + "/x4' AS SELECT 1 AS id",
        "CREATE TABLE " + NS + ".x5 (id int) USING iceberg LOCATION '" + warehouse + "'",
        "CREATE OR REPLACE TABLE " + NS + ".x6 (id int) USING iceberg LOCATION '" + d + "/x6'",
        "ALTER TABLE " + NS + ".t SET TBLPROPERTIES ('write.metadata.path'='" + d + "/m')",
        "ALTER TABLE " + NS + ".t SET LOCATION '" + d + "/moved'",
        "CREATE TABLE spark_catalog.default.hx (id int) USING parquet LOCATION '" + d + "/p'",
        "CREATE TABLE spark_catalog.default.hy USING csv OPTIONS (path '" + c + "')",
        "CALL demo.system.remove_orphan_files(table => 'hostile.o', location => '"
            + d
            + "', dry_run => true)",
        "CALL demo.system.remove_orphan_files(table => 'hostile.o', location => '"
            + warehouse
            + "', dry_run => true)",
        "CALL demo.system.remove_orphan_files(table => 'hostile.o', location => '"
            + tableLocation
            + "', dry_run => true)",
        "CALL demo.system.add_files(table => 'hostile.t', source_table => '`parquet`.`" + d + "`')",
        "CALL demo.system.register_table(table => 'hostile.reg', metadata_file => '" + c + "')",
        "CALL demo.system.snapshot(source_table => 'spark_catalog.default.hostile_src', table =>"
            + " 'hostile.snap', location => '"
            + d
            + "/snap')",
        "CALL demo.system.rewrite_table_path(table => 'hostile.t', source_prefix => '"
            + tableLocation
            + "', target_prefix => '"
            + d
            + "/copy')",
        "CREATE TEMPORARY VIEW hj USING jdbc OPTIONS (url '" + url + "', dbtable 't')",
        "CREATE TEMPORARY VIEW hj USING org.apache.spark.sql.jdbc OPTIONS (url '"
            + url
            + "', dbtable 't')",
        "CREATE TEMPORARY VIEW hj USING"
            + " org.apache.spark.sql.execution.datasources.jdbc.JdbcRelationProvider OPTIONS (url '"
            + url
            + "', dbtable 't')",
        "CREATE TABLE spark_catalog.default.hj (id int) USING jdbc OPTIONS (url '"
            + url
            + "', dbtable 't')",
        "CREATE TEMPORARY VIEW hj USING csv OPTIONS (path 'http://127.0.0.1:"
            + listener.getLocalPort()
            + "/x')",
        "CREATE TEMPORARY VIEW hs USING socket OPTIONS (host '127.0.0.1', port '"
            + listener.getLocalPort()
            + "')",
        "SET spark.sql.catalog.evil=org.apache.iceberg.spark.SparkCatalog",
        "SET spark.sql.catalog.demo.warehouse=" + d,
        "SET spark.hadoop.fs.defaultFS=hdfs://127.0.0.1:" + listener.getLocalPort(),
        "SET spark.sql.runSQLOnFiles=true",
        "SET spark.sql.variable.substitute=true",
        "SET spark.sql.extensions=org.example.Evil",
        "SET spark.driver.extraClassPath=" + d,
        "SET spark.executor.memory=1g",
        "SET `icegate.policy.allow-reflection`=true",
        "SET spark.sql.warehouse.dir=" + d,
        "SET spark.sql.sources.commitProtocolClass=org.example.Evil",
        "SET spark.redaction.regex=nothing",
        "SET spark.jars=" + d + "/evil.jar",
        "SET spark.sql.streaming.checkpointLocation=" + d);
  }

  /** The corpus: each statement in each of its disguises. */
  static List<Hostile> corpus(Set<String> persistedViews) {
    List<Hostile> corpus = new ArrayList<>();
    int n = 0;
    for (String q : selectQueries()) {
      String kind = q;
      n++;
      corpus.add(Hostile.of(kind, "direct", q));
      corpus.add(Hostile.of(kind, "mixed case", mixedCase(q)));
      corpus.add(
          Hostile.of(
              kind, "comments", "-- a note\n" + q.replaceFirst("SELECT", "SELECT /* hidden */")));
      corpus.add(Hostile.of(kind, "CTE", "WITH c AS (" + q + ") SELECT * FROM c"));
      corpus.add(Hostile.of(kind, "sub-query", "SELECT * FROM (" + q + ") s"));
      corpus.add(
          Hostile.of(
              kind, "union", "SELECT 1 AS one UNION ALL SELECT count(*) FROM (" + q + ") s"));
      corpus.add(Hostile.of(kind, "EXISTS", "SELECT 1 AS one WHERE EXISTS (" + q + ")"));
      corpus.add(Hostile.of(kind, "EXPLAIN", "EXPLAIN " + q));
      corpus.add(Hostile.of(kind, "CACHE TABLE AS", "CACHE TABLE hc" + n + " AS " + q));
      corpus.add(
          Hostile.of(
              kind,
              "time-travel sub-query",
              "SELECT * FROM "
                  + NS
                  + ".t TIMESTAMP AS OF"
                  + " (SELECT max(current_timestamp()) FROM ("
                  + q
                  + ") s)"));
      corpus.add(
          Hostile.of(
              kind,
              "temporary view",
              "CREATE OR REPLACE TEMPORARY VIEW htv" + n + " AS " + q,
              "SELECT * FROM htv" + n));
      for (String view : persistedViews) {
        if (view.endsWith("pv" + n)) {
          corpus.add(
              Hostile.of(
                  kind,
                  "persisted view " + view.substring(0, view.indexOf('.')),
                  "SELECT * FROM " + view));
        }
      }
    }
    corpus.add(
        new Hostile(
            "reflect with parameters",
            "JDBC ? parameters",
            List.of("SELECT reflect(?, ?, ?, ?) AS r"),
            List.of("java.lang.System", "setProperty", "icegate.canary.parameter", "ran")));
    corpus.add(
        new Hostile(
            "java_method with parameters",
            "JDBC ? parameters",
            List.of("SELECT java_method(?, ?, ?) AS r"),
            List.of("java.lang.System", "getenv", "PATH")));
    corpus.add(
        new Hostile(
            "remove_orphan_files with parameters",
            "JDBC ? parameters",
            List.of(
                "CALL demo.system.remove_orphan_files(table => 'hostile.o', location => ?, dry_run"
                    + " => true)"),
            List.of(canaryDir.toString())));
    corpus.add(
        Hostile.of(
            "a view made by a writer",
            "persisted view, created through the gateway",
            "CREATE OR REPLACE VIEW "
                + NS
                + ".wv AS SELECT reflect('java.lang.System', 'setProperty',"
                + " 'icegate.canary.writers-view', 'ran') AS r",
            "SELECT * FROM " + NS + ".wv"));
    for (String command : commands()) {
      corpus.add(Hostile.of(command, "direct", command));
      corpus.add(Hostile.of(command, "mixed case", mixedCase(command)));
      corpus.add(
          Hostile.of(command, "comments", "/* lead */ -- a note\n" + command + " /* tail */"));
    }
    return corpus;
  }

  /**
   * Persisted views of the hostile queries, made by another Spark application on the same catalogs
   * (one that trusts its user), in Iceberg's catalog and in Spark's own; the names of those that
   * Spark itself can read (an Iceberg view qualifies {@code text.`path`} with its catalog, so it
   * reads no file even in Spark).
   */
  private static Set<String> createPersistedViews() {
    SparkSession spark = TestGateway.engine().newSession();
    Set<String> readable = new LinkedHashSet<>();
    int n = 0;
    for (String q : selectQueries()) {
      n++;
      if (q.contains(":" + listener.getLocalPort())) {
        // Spark would connect to the socket while it resolves the view: the test's own doing, not a
        // statement's.
        continue;
      }
      for (String view : List.of(NS + ".pv" + n, "spark_catalog.default.hostile_pv" + n)) {
        try {
          spark.sql("CREATE OR REPLACE VIEW " + view + " AS " + q);
          spark.sql("SELECT * FROM " + view).queryExecution().assertAnalyzed();
          readable.add(view);
        } catch (Exception e) {
          // Spark's checked AnalysisException included: not a view that reaches anything.
        }
      }
    }
    assertThat(readable).as("persisted hostile views").hasSizeGreaterThanOrEqualTo(16);
    return readable;
  }

  @Test
  void everyHostileStatementIsRefusedAsEveryRoleAndNothingRuns() throws Exception {
    List<Hostile> corpus = corpus(createPersistedViews());
    assertThat(corpus.stream().flatMap(h -> h.steps().stream()).distinct().count())
        .isGreaterThanOrEqualTo(300);
    List<String> problems = new ArrayList<>();
    int jobs =
        SparkJobs.sparkJobsDuring(
            () -> {
              for (Role role : Role.values()) {
                try (Connection c = connect(role)) {
                  for (Hostile hostile : corpus) {
                    String outcome = run(c, role, hostile);
                    if (outcome != null) {
                      problems.add(
                          role
                              + " | "
                              + hostile.disguise()
                              + " | "
                              + hostile.steps()
                              + " -> "
                              + outcome);
                    }
                  }
                }
              }
            });
    assertThat(problems).as("statements not refused with 42501").isEmpty();
    assertThat(jobs).as("Spark jobs started by refused statements").isZero();
    assertNothingReached();
  }

  /**
   * Null when some step was refused with 42501 (and none before it returned the canary), else what
   * happened. An admin may run every command, so their refusal must be the statement policy's own.
   */
  private static String run(Connection c, Role role, Hostile hostile) {
    for (String step : hostile.steps()) {
      // A plain statement unless the step has JDBC parameters: the two travel differently.
      try (Statement s =
          hostile.parameters().isEmpty() ? c.createStatement() : prepared(c, step, hostile)) {
        boolean rows = s instanceof PreparedStatement p ? p.execute() : s.execute(step);
        String seen = rows ? read(s.getResultSet()) : null;
        if (seen != null) {
          return seen;
        }
      } catch (SQLException e) {
        if ("42501".equals(e.getSQLState())) {
          return role != Role.ADMIN
                  || isPolicyRefusal(e.getMessage())
                  || hostile.disguise().equals("time-travel sub-query")
                      && e.getMessage().contains(RULES_TIME_TRAVEL_REFUSAL)
              ? null
              : "refused, not by the statement policy: " + e.getMessage();
        }
        return "failed with " + e.getSQLState() + ": " + e.getMessage();
      }
    }
    return "ran without refusal";
  }

  /**
   * The statement policy's refusals, each naming its rule (RolePolicy, PlanChecks, ProcedurePaths);
   * a role check says what role a statement needs instead.
   */
  private static boolean isPolicyRefusal(String message) {
    return POLICY_REFUSAL.matcher(message).find() && !message.contains("needs role");
  }

  private static PreparedStatement prepared(Connection c, String step, Hostile hostile)
      throws SQLException {
    PreparedStatement s = c.prepareStatement(step);
    for (int i = 0; i < hostile.parameters().size(); i++) {
      s.setObject(i + 1, hostile.parameters().get(i));
    }
    return s;
  }

  /** What a result that should never have come back shows: the canary's secret, if present. */
  private static String read(ResultSet rows) throws SQLException {
    int columns = rows.getMetaData().getColumnCount();
    while (rows.next()) {
      for (int i = 1; i <= columns; i++) {
        if (String.valueOf(rows.getObject(i)).contains(secret)) {
          return "returned the canary's content";
        }
      }
    }
    return null;
  }

  @Test
  void theIssuesTableIsRefusedAndTheGatewayStaysUp() throws Exception {
    String d = canaryDir.toString();
    List<Object[]> table =
        List.of(
            new Object[] {Role.READ, "SELECT reflect('java.lang.System', 'exit', 3)"},
            new Object[] {Role.READ, "SELECT TRANSFORM(id) USING 'id' AS (out) FROM range(1)"},
            new Object[] {Role.READ, "SELECT java_method('java.lang.System', 'getenv', 'PATH')"},
            new Object[] {Role.READ, "SELECT * FROM text.`/etc/passwd`"},
            new Object[] {Role.READ, "SELECT * FROM text.`" + usersFile.toAbsolutePath() + "`"},
            new Object[] {
              Role.READ, "CREATE TEMPORARY VIEW v USING csv OPTIONS (path '/etc/passwd')"
            },
            new Object[] {
              Role.READ,
              "CREATE TEMPORARY VIEW v USING jdbc OPTIONS (url 'jdbc:postgresql://127.0.0.1:"
                  + listener.getLocalPort()
                  + "/x', dbtable 't')"
            },
            new Object[] {
              Role.READ, "SET spark.sql.catalog.evil=org.apache.iceberg.spark.SparkCatalog"
            },
            new Object[] {
              Role.WRITE,
              "INSERT OVERWRITE DIRECTORY '" + tableLocation + "' USING parquet SELECT 42 AS x"
            },
            new Object[] {
              Role.WRITE,
              "CREATE TABLE " + NS + ".anywhere (id int) USING iceberg LOCATION '" + d + "'"
            },
            new Object[] {
              Role.ADMIN,
              "CALL demo.system.remove_orphan_files(table => 'hostile.o', location => '"
                  + d
                  + "', dry_run => true)"
            });
    List<List<Object>> before;
    try (Connection admin = connect(Role.ADMIN)) {
      before = query(admin, "SELECT id, data FROM " + NS + ".t ORDER BY id");
    }
    for (Object[] entry : table) {
      try (Connection c = connect((Role) entry[0])) {
        assertThat(run(c, (Role) entry[0], Hostile.of("issue", "direct", (String) entry[1])))
            .as(entry[0] + ": " + entry[1])
            .isNull();
      }
    }
    try (Connection reader = connect(Role.READ);
        Connection admin = connect(Role.ADMIN)) {
      assertThat(query(reader, "SELECT 1")).containsExactly(row(1));
      assertThat(query(admin, "SELECT id, data FROM " + NS + ".t ORDER BY id")).isEqualTo(before);
      assertThat(query(admin, "SELECT count(*) FROM " + NS + ".t.snapshots")).isNotEmpty();
    }
    assertNothingReached();
  }

  private static void assertNothingReached() throws IOException {
    assertThat(state(canaryDir)).as("the canary directory").isEqualTo(canaryStateBefore);
    assertThat(Files.exists(marker)).as("a script's marker file").isFalse();
    assertThat(CONNECTIONS_SEEN.get()).as("connections to the listening socket").isZero();
    assertThat(
            System.getProperties().stringPropertyNames().stream()
                .filter(k -> k.startsWith("icegate.canary")))
        .as("system properties set by reflection")
        .isEmpty();
    try (Connection c = connect(Role.READ)) {
      assertThat(query(c, "SELECT 1")).containsExactly(row(1));
    } catch (SQLException e) {
      throw new AssertionError("the gateway stopped answering", e);
    }
  }

  /** Every file under {@code dir} with its size and content hash. */
  private static Map<String, String> state(Path dir) throws IOException {
    Map<String, String> state = new TreeMap<>();
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path file : files.toList()) {
        state.put(
            dir.relativize(file).toString(),
            Files.isDirectory(file)
                ? "dir"
                : Files.size(file)
                    + ":"
                    + new String(Files.readAllBytes(file), StandardCharsets.UTF_8).hashCode());
      }
    }
    return state;
  }

  /**
   * Words whose case SQL ignores; identifiers of Iceberg's JDBC catalog are case-sensitive and stay
   * as written.
   */
  private static final Set<String> CASE_FREE =
      Set.of(
          "select",
          "from",
          "where",
          "with",
          "as",
          "create",
          "table",
          "temporary",
          "view",
          "using",
          "options",
          "insert",
          "overwrite",
          "directory",
          "local",
          "load",
          "data",
          "inpath",
          "into",
          "location",
          "tblproperties",
          "alter",
          "set",
          "call",
          "transform",
          "map",
          "reduce",
          "reflect",
          "java_method",
          "upper",
          "concat",
          "text",
          "csv",
          "json",
          "parquet",
          "binaryfile",
          "iceberg",
          "jdbc",
          "socket",
          "identifier",
          "is",
          "not",
          "null",
          "or",
          "replace",
          "range",
          "int",
          "string",
          "true");

  /**
   * Alternates the case of the letters of keywords, functions and formats outside quotes and
   * back-ticks.
   */
  static String mixedCase(String sql) {
    StringBuilder out = new StringBuilder();
    java.util.regex.Matcher words =
        java.util.regex.Pattern.compile("'[^']*'|`[^`]*`|\"[^\"]*\"|[A-Za-z_]+").matcher(sql);
    int last = 0;
    while (words.find()) {
      out.append(sql, last, words.start());
      String word = words.group();
      if (CASE_FREE.contains(word.toLowerCase(java.util.Locale.ROOT))) {
        StringBuilder mixed = new StringBuilder();
        for (int i = 0; i < word.length(); i++) {
          char ch = word.charAt(i);
          mixed.append(i % 2 == 0 ? Character.toLowerCase(ch) : Character.toUpperCase(ch));
        }
        word = mixed.toString();
      }
      out.append(word);
      last = words.end();
    }
    return out.append(sql.substring(last)).toString();
  }

  private static Connection connect(Role role) throws SQLException {
    return gateway.connect(role);
  }
}
