package io.icegate.it.access;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.SqlFailures.assertFails;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.icegate.access.Role;
import io.icegate.gateway.cli.IcegateCommand;
import io.icegate.it.RunningGateway;
import io.icegate.it.TestGateway;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import picocli.CommandLine;

/**
 * Table-level access rules through the real driver, on every path a statement can take: Spark's
 * analyzed plan, the native metadata path, CALL, DatabaseMetaData. A table the user holds nothing
 * on reads as one that does not exist; one they see but may not use so is refused (42501) naming
 * the privilege and the rule; a refused write leaves the table's snapshot as it was.
 */
class AccessRulesIT {
  static final String SALES = "demo.acl_sales.orders";
  static final String SALARIES = "demo.acl_hr.salaries";
  static final String PASSWORD = "Pw-of-a-user-1";

  static final String RULES =
      """
      version: 1
      groups:
        analysts: [reader, ana]
      catalogs:
        - {id: every-catalog, catalog: ".*", allow: all}
      namespaces:
        - {id: admins-own-all, role: admin, owner: true}
        - {id: own-sandbox, group: analysts, catalog: demo, namespace: acl_sandbox, owner: true}
      tables:
        - {id: admins, role: admin, privileges: [all]}
        - {id: sales-for-analysts, group: analysts, catalog: demo, namespace: acl_sales,
           privileges: [select, metadata]}
        - {id: sandbox-for-analysts, group: analysts, catalog: demo, namespace: acl_sandbox,
           privileges: [all]}
        - {id: sales-for-writer, user: writer, catalog: demo, namespace: acl_sales,
           privileges: [select, insert, history, metadata]}
      procedures:
        - {id: every-procedure, procedure: ".*"}
      session_settings:
        - {id: switches,
           setting: "icegate\\\\.metadata\\\\.native|spark\\\\.sql\\\\.shuffle\\\\.partitions"}
      """;

  static Path rulesFile;

  @RegisterExtension
  static final RunningGateway gateway =
      RunningGateway.startedBy(
          () -> {
            rulesFile = RulesFiles.write("access-rules-", RULES);
            return TestGateway.startWithUsers(
                Map.of(
                    "icegate.auth.rules-file",
                    rulesFile.toString(),
                    "icegate.audit.file",
                    rulesFile.resolveSibling(rulesFile.getFileName() + ".audit.log").toString()));
          });

  static long oldSnapshot;

  @BeforeAll
  static void tables() throws Exception {
    RulesFiles.addUser(gateway.usersFile(), "ana", Role.READ, PASSWORD);
    try (Connection admin = gateway.connect(Role.ADMIN)) {
      execute(
          admin,
          "CREATE NAMESPACE IF NOT EXISTS demo.acl_sales",
          "CREATE NAMESPACE IF NOT EXISTS demo.acl_hr",
          "CREATE NAMESPACE IF NOT EXISTS demo.acl_sandbox",
          "CREATE TABLE " + SALES + " (id bigint, region string) USING iceberg",
          "INSERT INTO " + SALES + " VALUES (1, 'EU')");
      // The only snapshot yet: the state time travel goes back to.
      oldSnapshot =
          (Long) query(admin, "SELECT snapshot_id FROM " + SALES + ".snapshots").get(0).get(0);
      execute(
          admin,
          "INSERT INTO " + SALES + " VALUES (2, 'US')",
          "CREATE TABLE " + SALARIES + " (id bigint, name string, ssn string) USING iceberg",
          "INSERT INTO " + SALARIES + " VALUES (1, 'Ada', 'canary-ssn-1')");
    }
  }

  static Connection reader() throws SQLException {
    return gateway.connect(Role.READ);
  }

  @Test
  void aTableWithoutARuleReadsAsMissingOnEveryPath() throws Exception {
    try (Connection reader = reader()) {
      for (String sql :
          List.of(
              "SELECT * FROM " + SALARIES,
              "SELECT upper_bounds FROM " + SALARIES + ".files",
              "SELECT * FROM " + SALARIES + ".history",
              "SELECT * FROM " + SALARIES + " VERSION AS OF " + oldSnapshot,
              "SELECT * FROM " + SALARIES + ".changes",
              "EXPLAIN SELECT * FROM " + SALARIES,
              "DESCRIBE " + SALARIES,
              "SHOW CREATE TABLE " + SALARIES,
              "WITH x AS (SELECT * FROM " + SALARIES + ") SELECT * FROM x",
              "SELECT * FROM " + SALES + " WHERE id IN (SELECT id FROM " + SALARIES + ")",
              "CREATE TEMPORARY VIEW peek AS SELECT * FROM " + SALARIES,
              "CACHE TABLE " + SALARIES)) {
        assertFails(() -> query(reader, sql), "42P01", "acl_hr`.`salaries`", "cannot be found");
      }
    }
    // Spark's path for metadata tables answers the same.
    Properties sparkPath = new Properties();
    sparkPath.setProperty("user", "reader");
    sparkPath.setProperty("password", TestGateway.TestUser.READER.password());
    sparkPath.setProperty("icegate.metadata.native", "false");
    try (Connection reader = DriverManager.getConnection(gateway.jdbcUrl(), sparkPath)) {
      assertFails(
          () -> query(reader, "SELECT upper_bounds FROM " + SALARIES + ".files"),
          "42P01",
          "acl_hr`.`salaries`",
          "cannot be found");
    }
  }

  @Test
  void aVisibleTableNeedsThePrivilegeOfWhatIsRead() throws Exception {
    try (Connection reader = reader()) {
      assertThat(query(reader, "SELECT id FROM " + SALES + " ORDER BY id"))
          .contains(List.of(1L), List.of(2L));
      assertThat(query(reader, "SELECT * FROM " + SALES + ".history")).hasSizeGreaterThan(1);
      assertThat(query(reader, "SELECT file_path FROM " + SALES + ".files")).hasSizeGreaterThan(1);
      for (String sql :
          List.of(
              "SELECT * FROM " + SALES + " VERSION AS OF " + oldSnapshot,
              "SELECT * FROM " + SALES + ".snapshot_id_" + oldSnapshot,
              "SELECT * FROM " + SALES + ".all_files",
              "SELECT * FROM " + SALES + ".changes",
              "SELECT * FROM " + SALES + ".history VERSION AS OF " + oldSnapshot)) {
        assertFails(
            () -> query(reader, sql),
            "42501",
            "demo.acl_sales.orders",
            "needs privilege history",
            "rule 'sales-for-analysts'");
      }
    }
  }

  @Test
  void writesNeedTheirPrivilegeAndARefusedOneChangesNothing() throws Exception {
    try (Connection writer = gateway.connect(Role.WRITE)) {
      execute(writer, "INSERT INTO " + SALES + " VALUES (3, 'EU')");
      long before = currentSnapshot(writer);
      for (String sql :
          List.of(
              "DELETE FROM " + SALES + " WHERE id = 3",
              "UPDATE " + SALES + " SET region = 'X'",
              "INSERT OVERWRITE " + SALES + " SELECT * FROM " + SALES,
              "ALTER TABLE " + SALES + " ADD COLUMN note string",
              "DROP TABLE " + SALES,
              "ALTER TABLE " + SALES + " CREATE BRANCH audit")) {
        assertFails(() -> execute(writer, sql), "42501", "rule 'sales-for-writer'");
      }
      assertThat(currentSnapshot(writer)).isEqualTo(before);
      assertFails(
          () -> execute(writer, "INSERT INTO " + SALARIES + " VALUES (9, 'x', 'y')"),
          "42P01",
          "cannot be found");
      // Time travel is the writer's.
      assertThat(query(writer, "SELECT * FROM " + SALES + " VERSION AS OF " + oldSnapshot))
          .containsExactly(List.of(1L, "EU"));
    }
  }

  @Test
  void procedureArgumentsAreCheckedBeforeAnyTableIsRead() throws Exception {
    try (Connection reader = reader()) {
      assertFails(
          () -> query(reader, "CALL demo.system.ancestors_of('acl_hr.salaries')"),
          "42P01",
          "cannot be found");
      assertFails(
          () -> query(reader, "CALL demo.system.ancestors_of('acl_sales.orders')"),
          "42501",
          "Cannot call ancestors_of on table demo.acl_sales.orders: it needs privilege history");
      assertFails(
          () ->
              query(
                  reader,
                  "EXPLAIN CALL demo.system.rewrite_data_files(table => 'acl_sales.orders')"),
          "42501",
          "needs privilege maintain");
    }
    try (Connection writer = gateway.connect(Role.WRITE)) {
      List<List<Object>> explain =
          query(writer, "EXPLAIN CALL demo.system.ancestors_of('acl_sales.orders')");
      assertThat(explain)
          .anySatisfy(
              row ->
                  assertThat(row)
                      .contains("check", "table", "access: history", "demo.acl_sales.orders"));
    }
  }

  @Test
  void databaseMetaDataListsOnlyWhatTheUserMaySee() throws Exception {
    try (Connection reader = reader()) {
      DatabaseMetaData meta = reader.getMetaData();
      List<String> schemas = new ArrayList<>();
      try (ResultSet rs = meta.getSchemas("demo", "acl%")) {
        while (rs.next()) {
          schemas.add(rs.getString("TABLE_SCHEM"));
        }
      }
      assertThat(schemas).containsExactly("acl_sales", "acl_sandbox");
      List<String> tables = new ArrayList<>();
      try (ResultSet rs = meta.getTables("demo", "acl%", "%", null)) {
        while (rs.next()) {
          tables.add(rs.getString("TABLE_SCHEM") + "." + rs.getString("TABLE_NAME"));
        }
      }
      assertThat(tables).containsExactly("acl_sales.orders");
      try (ResultSet rs = meta.getColumns("demo", "acl_hr", "salaries", "%")) {
        assertThat(rs.next()).isFalse();
      }
    }
  }

  @Test
  void showListsOnlyWhatTheUserMaySee() throws Exception {
    try (Connection reader = reader()) {
      List<Object> namespaces =
          query(reader, "SHOW NAMESPACES IN demo").stream().map(r -> r.get(0)).toList();
      assertThat(namespaces).contains("acl_sales", "acl_sandbox").doesNotContain("acl_hr");
      assertThat(query(reader, "SHOW TABLES IN demo.acl_sales"))
          .extracting(r -> r.get(1))
          .containsExactly("orders");
      assertFails(
          () -> query(reader, "SHOW TABLES IN demo.acl_hr"), "3F000", "acl_hr` cannot be found");
    }
  }

  @Test
  void namespacesNeedOwnershipToChange() throws Exception {
    try (Connection reader = reader()) {
      assertFails(
          () -> execute(reader, "CREATE NAMESPACE demo.acl_other"), "42501", "needs role write");
    }
    try (Connection ana = gateway.connect("ana", PASSWORD)) {
      assertFails(
          () -> execute(ana, "SET spark.sql.ansi.enabled = true"),
          "42501",
          "spark.sql.ansi.enabled");
      execute(ana, "SET spark.sql.shuffle.partitions = 3");
    }
  }

  @Test
  void explainAccessListsEachCheckAndTheRuleThatDecided() throws Exception {
    try (Connection reader = reader()) {
      assertThat(query(reader, "EXPLAIN ACCESS SELECT * FROM " + SALES))
          .contains(
              List.of("table demo.acl_sales.orders", "select", "allowed", "sales-for-analysts"));
      assertThat(
              query(
                  reader,
                  "EXPLAIN ACCESS SELECT * FROM " + SALES + " VERSION AS OF " + oldSnapshot))
          .contains(
              List.of(
                  "table demo.acl_sales.orders",
                  "select, history",
                  "refused",
                  "sales-for-analysts"));
      // A missing privilege does not end the list: every object of the statement is in it.
      assertThat(query(reader, "EXPLAIN ACCESS INSERT INTO " + SALES + " SELECT * FROM " + SALES))
          .contains(
              List.of("table demo.acl_sales.orders", "insert", "refused", "sales-for-analysts"),
              List.of("table demo.acl_sales.orders", "select", "allowed", "sales-for-analysts"));
      assertThat(query(reader, "EXPLAIN ACCESS SELECT * FROM " + SALARIES))
          .containsExactly(List.of("table demo.acl_hr.salaries", "any", "not found", "-"));
    }
  }

  @Test
  void theUsersPrivilegesAndTheRulesStatusAreRelations() throws Exception {
    try (Connection reader = reader()) {
      assertThat(
              query(
                  reader,
                  "SELECT namespace, table_name, privileges, rule FROM"
                      + " icegate.system.access_privileges WHERE namespace LIKE 'acl%'"))
          .containsExactly(
              List.of("acl_sales", "orders", "select, metadata", "sales-for-analysts"));
      assertThat(query(reader, "SELECT * FROM icegate.system.access_rules")).isEmpty();
      assertThat(
              query(
                  reader,
                  "SELECT table_name FROM icegate.system.table_health WHERE namespace LIKE 'acl%'"))
          .containsExactly(List.of("orders"));
    }
    try (Connection admin = gateway.connect(Role.ADMIN)) {
      List<List<Object>> status = query(admin, "SELECT file FROM icegate.system.access_rules");
      assertThat(status).containsExactly(List.of(rulesFile.toAbsolutePath().toString()));
    }
  }

  @Test
  void aTimeTravelToASubQueryIsRefusedBeforeSparkEvaluatesIt() throws Exception {
    try (Connection reader = reader()) {
      for (String table : List.of(SALES, SALES + ".history")) {
        assertFails(
            () ->
                query(
                    reader,
                    "SELECT * FROM "
                        + table
                        + " TIMESTAMP AS OF (SELECT raise_error(concat_ws(',', collect_list(ssn)))"
                        + " FROM "
                        + SALARIES
                        + ")"),
            "42501",
            "time travel to the value of a sub-query");
      }
    }
  }

  @Test
  void aHiddenTableReadsAsMissingBeforeSparkNamesItsColumns() throws Exception {
    try (Connection reader = reader()) {
      // Spark's "did you mean" would list the table's columns: the rules answer first.
      for (String sql :
          List.of(
              "SELECT s FROM " + SALARIES,
              "SELECT readable_metrics.zz FROM " + SALARIES + ".files",
              "SELECT * FROM IDENTIFIER('" + SALARIES + "')",
              "DESCRIBE " + SALARIES + " zz")) {
        assertThatThrownBy(() -> query(reader, sql))
            .as(sql)
            .isInstanceOf(SQLException.class)
            .satisfies(
                e -> {
                  assertThat(((SQLException) e).getSQLState()).isEqualTo("42P01");
                  assertThat(e.getMessage()).doesNotContain("ssn", "`name`");
                });
      }
      // Named as written, as Spark names a table that does not exist.
      assertFails(
          () -> query(reader, "SELECT * FROM acl_hr.salaries"), "42P01", "`acl_hr`.`salaries`");
      assertFails(
          () -> query(reader, "SELECT * FROM acl_hr.no_such"), "42P01", "`acl_hr`.`no_such`");
    }
  }

  @Test
  void aBrokenRulesFileKeepsTheLastGoodRulesAndSaysSo() throws Exception {
    try {
      Files.writeString(rulesFile, RULES + "\ntables: [oops\n");
      try (Connection admin = gateway.connect(Role.ADMIN)) {
        await()
            .atMost(Duration.ofSeconds(15))
            .until(
                () ->
                    (Long)
                            query(admin, "SELECT failed_reloads FROM icegate.system.access_rules")
                                .get(0)
                                .get(0)
                        > 0);
        assertThat(
                (String)
                    query(admin, "SELECT last_failure FROM icegate.system.access_rules")
                        .get(0)
                        .get(0))
            .contains("Cannot read rules file", "stay in effect");
      }
      try (Connection reader = reader()) {
        assertThat(query(reader, "SELECT id FROM " + SALES)).isNotEmpty();
        assertFails(() -> query(reader, "SELECT * FROM " + SALARIES), "42P01", "cannot be found");
      }
      assertThat(metrics()).containsPattern("icegate_access_rules_reload_failures_total [1-9]");
    } finally {
      Files.writeString(rulesFile, RULES);
    }
  }

  @Test
  void auditLinesNameTheRulesThatDecided() throws Exception {
    String marker = "audit-marker-" + System.nanoTime();
    try (Connection reader = reader()) {
      assertFails(
          () ->
              query(
                  reader,
                  "SELECT '" + marker + "' FROM " + SALES + " VERSION AS OF " + oldSnapshot),
          "42501",
          "needs privilege history");
    }
    Path audit = rulesFile.resolveSibling(rulesFile.getFileName() + ".audit.log");
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(
            () ->
                assertThat(Files.readAllLines(audit))
                    .filteredOn(line -> line.contains(marker))
                    .singleElement()
                    .asString()
                    .contains("\"access_rules_version\":\"")
                    .contains("\"access_rules\":[\"sales-for-analysts\"]")
                    .contains("\"sqlstate\":\"42501\""));
  }

  /**
   * {@code rules check --config} reads masks, filters and column names against the live schemas of
   * the gateway's catalogs (in this JVM, the test gateway's running session): a mask naming a
   * column the table lacks, a filter that is not a condition and a hidden column the table never
   * had are errors; good ones pass, and a table that does not exist is a warning.
   */
  @Test
  void rulesCheckReadsTheRulesAgainstTheLiveSchemas() throws Exception {
    Path config =
        Files.writeString(Files.createTempFile(Path.of("target"), "gateway-", ".conf"), "");
    Path good =
        RulesFiles.write(
            "check-good-",
            """
            tables:
              - {id: fine, catalog: demo, namespace: acl_hr, table: salaries, privileges: [select],
                 columns: [{name: ssn, mask: "concat('***', right(ssn, 2))"}, {name: name,
                 hidden: true}], filter: "id > 0 OR name = {user}"}
              - {id: later, catalog: demo, namespace: acl_hr, table: not_yet, privileges: [select],
                 filter: "whatever = 1"}
            """);
    CliRun ok = cli("rules", "check", good.toString(), "--config", config.toString());
    assertThat(ok.exit()).as(ok.err()).isZero();
    assertThat(ok.out())
        .contains("live schemas: 2 mask(s) and row filter(s) read against their tables, 0")
        .contains("warning: rule later: table demo.acl_hr.not_yet does not exist");
    Path bad =
        RulesFiles.write(
            "check-bad-",
            """
            tables:
              - {id: typo, catalog: demo, namespace: acl_hr, table: salaries, privileges: [select],
                 columns: [{name: ssn, mask: "right(sssn, 2)"}, {name: salary, hidden: true}],
                 filter: "id + 1"}
            """);
    CliRun refused = cli("rules", "check", bad.toString(), "--config", config.toString());
    assertThat(refused.exit()).isEqualTo(1);
    assertThat(refused.err())
        .contains("error: rule typo: the mask of column ssn does not read against table")
        .contains("sssn")
        .contains("error: rule typo: the row filter does not read against table")
        .contains(
            "rule typo names column 'salary', which table demo.acl_hr.salaries does not have");
    assertThat(refused.out()).contains("not usable: " + bad);
  }

  private record CliRun(int exit, String out, String err) {}

  /** {@code bin/icegate} with {@code args}, in this JVM. */
  private static CliRun cli(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      int exit = new CommandLine(new IcegateCommand()).execute(args);
      return new CliRun(
          exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
  }

  private static String metrics() throws Exception {
    TestGateway.TestUser reader = TestGateway.TestUser.READER;
    String credentials =
        Base64.getEncoder()
            .encodeToString(
                (reader.user() + ":" + reader.password()).getBytes(StandardCharsets.UTF_8));
    HttpRequest request =
        HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + gateway.server().port() + "/metrics"))
            .header("Authorization", "Basic " + credentials)
            .GET()
            .build();
    return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString()).body();
  }

  private static long currentSnapshot(Connection c) throws SQLException {
    return (Long)
        query(
                c,
                "SELECT snapshot_id FROM "
                    + SALES
                    + ".snapshots ORDER BY committed_at DESC LIMIT 1")
            .get(0)
            .get(0);
  }
}
