package io.icegate.it.access;

import static io.icegate.it.Rows.columnNames;
import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.SqlFailures.assertFails;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.icegate.access.Role;
import io.icegate.it.RunningGateway;
import io.icegate.it.TestGateway;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Hidden and masked columns and a row filter through the real driver. Canary values sit in the
 * hidden column, which also partitions the table, so they land in partition values, column bounds
 * and file paths; no answer, error message or plan a restricted user gets may carry one.
 */
class AccessColumnsIT {
  static final String SALARIES = "demo.acl_cols.salaries";
  static final String CANARY = "canary-7f3a";
  static final String PASSWORD = "Pw-of-a-user-2";

  static final String RULES =
      """
      groups:
        analysts: [ana, wes]
      catalogs:
        - {catalog: ".*", allow: all}
      namespaces:
        - {role: admin, owner: true}
      tables:
        - {id: admins, role: admin, privileges: [all]}
        - id: salaries-for-analysts
          group: analysts
          catalog: demo
          namespace: acl_cols
          table: salaries
          privileges: [select, insert, update, delete, metadata, history]
          columns:
            - {name: ssn, hidden: true}
            - {name: email, mask: "concat('***', right(email, 4))"}
          filter: "region = 'EU' OR name = {user}"
        - {id: contacts-stay, group: analysts, catalog: demo, namespace: acl_cols, table: contacts,
           privileges: [select], columns: [{name: phone, export: deny}]}
        - {id: blind-writes, group: analysts, catalog: demo, namespace: acl_cols, table: blind,
           privileges: [update, delete]}
        - {id: sandbox, group: analysts, catalog: demo, namespace: acl_cols_sandbox,
           privileges: [all]}
      procedures:
        - {procedure: ".*"}
      """;

  static Path rulesFile;

  @RegisterExtension
  static final RunningGateway gateway =
      RunningGateway.startedBy(
          () -> {
            rulesFile = RulesFiles.write("access-columns-", RULES);
            return TestGateway.startWithUsers(
                Map.of("icegate.auth.rules-file", rulesFile.toString()));
          });

  static long firstSnapshot;

  @BeforeAll
  static void tables() throws Exception {
    RulesFiles.addUser(gateway.usersFile(), "ana", Role.READ, PASSWORD);
    RulesFiles.addUser(gateway.usersFile(), "wes", Role.WRITE, PASSWORD);
    try (Connection admin = gateway.connect(Role.ADMIN)) {
      execute(
          admin,
          "CREATE NAMESPACE IF NOT EXISTS demo.acl_cols",
          "CREATE NAMESPACE IF NOT EXISTS demo.acl_cols_sandbox",
          "CREATE TABLE "
              + SALARIES
              + " (id bigint, name string, ssn string, email string, region string)"
              + " USING iceberg PARTITIONED BY (ssn)",
          "INSERT INTO "
              + SALARIES
              + " VALUES (1, 'Ada', '"
              + CANARY
              + "-1', 'ada@example.org', 'EU'), (2, 'Bob', '"
              + CANARY
              + "-2', 'bob@example.org', 'US'), (3, 'ana', '"
              + CANARY
              + "-3', 'ana@example.org', 'US')");
      execute(
          admin,
          "CREATE TABLE demo.acl_cols.blind (id bigint, salary int) USING iceberg",
          "INSERT INTO demo.acl_cols.blind SELECT id, CAST(id * 10 AS INT) FROM range(10)");
      execute(
          admin,
          "CREATE TABLE demo.acl_cols.contacts (id bigint, phone string) USING iceberg",
          "INSERT INTO demo.acl_cols.contacts VALUES (1, '555-0100')");
      firstSnapshot =
          (Long) query(admin, "SELECT snapshot_id FROM " + SALARIES + ".snapshots").get(0).get(0);
      execute(
          admin,
          "INSERT INTO "
              + SALARIES
              + " VALUES (4, 'Cy', '"
              + CANARY
              + "-4', 'cy@example.org', 'EU')");
    }
  }

  static Connection ana() throws SQLException {
    return gateway.connect("ana", PASSWORD);
  }

  static Connection anaOnSparkPath() throws SQLException {
    return RulesFiles.onSparkPath(gateway, "ana", PASSWORD);
  }

  /** Every value of every row as text, for the canary search. */
  static String text(List<List<Object>> rows) {
    return rows.toString();
  }

  @Test
  void readsShowVisibleColumnsMaskedValuesAndFilteredRows() throws Exception {
    try (Connection ana = ana()) {
      assertThat(columnNames(ana, "SELECT * FROM " + SALARIES))
          .containsExactly("id", "name", "email", "region");
      List<List<Object>> rows = query(ana, "SELECT * FROM " + SALARIES + " ORDER BY id");
      assertThat(rows)
          .containsExactly(
              List.of(1L, "Ada", "***.org", "EU"),
              List.of(3L, "ana", "***.org", "US"),
              List.of(4L, "Cy", "***.org", "EU"));
      // The filter sits below the statement's own predicates: nothing filtered out comes back.
      assertThat(query(ana, "SELECT count(*) FROM " + SALARIES + " WHERE name = 'Bob'"))
          .containsExactly(List.of(0L));
      // Masked values are what predicates see.
      assertThat(query(ana, "SELECT count(*) FROM " + SALARIES + " WHERE email LIKE 'ada%'"))
          .containsExactly(List.of(0L));
      for (String sql :
          List.of(
              "SELECT * FROM " + SALARIES + " VERSION AS OF " + firstSnapshot,
              "SELECT * FROM " + SALARIES + ".snapshot_id_" + firstSnapshot,
              "WITH s AS (SELECT * FROM " + SALARIES + ") SELECT * FROM s",
              "SELECT * FROM (SELECT * FROM " + SALARIES + ") t",
              "SELECT s.* FROM " + SALARIES + " s JOIN " + SALARIES + " t ON s.id = t.id",
              "SELECT * FROM demo.acl_cols.salaries WHERE id IN (SELECT id FROM "
                  + SALARIES
                  + ")")) {
        String answer = text(query(ana, sql));
        assertThat(answer).as(sql).doesNotContain(CANARY, "ada@", "Bob");
      }
    }
  }

  @Test
  void aHiddenColumnIsNamedNowhere() throws Exception {
    try (Connection ana = ana()) {
      assertThatThrownBy(() -> query(ana, "SELECT ssn FROM " + SALARIES))
          .isInstanceOf(SQLException.class)
          .satisfies(
              e ->
                  assertThat(e.getMessage())
                      .contains("`ssn` cannot be resolved")
                      .doesNotContain(CANARY)
                      .doesNotContain("`ssn`,"));
      assertFails(
          () -> query(ana, "SELECT * FROM " + SALARIES + " WHERE ssn = '" + CANARY + "-1'"),
          "42703",
          "cannot be resolved");
      assertFails(() -> query(ana, "DESCRIBE " + SALARIES), "42501", "a column of it is hidden");
      assertFails(
          () -> query(ana, "DESCRIBE " + SALARIES + ".files"),
          "42501",
          "its rows carry the table's values");
      assertFails(
          () -> query(ana, "SELECT readable_metrics.zz FROM " + SALARIES + ".files"),
          "42501",
          "its rows carry the table's values");
      assertFails(
          () -> query(ana, "SELECT s FROM IDENTIFIER('" + SALARIES + "')"),
          "42501",
          "by IDENTIFIER(...)");
      List<String> columns = new ArrayList<>();
      try (ResultSet rs = ana.getMetaData().getColumns("demo", "acl_cols", "salaries", "%")) {
        while (rs.next()) {
          columns.add(rs.getString("COLUMN_NAME") + ":" + rs.getInt("ORDINAL_POSITION"));
        }
      }
      assertThat(columns).containsExactly("id:1", "name:2", "email:3", "region:4");
      for (String explain : List.of("EXPLAIN", "EXPLAIN EXTENDED", "EXPLAIN FORMATTED")) {
        assertFails(
            () -> query(ana, explain + " SELECT * FROM " + SALARIES),
            "42501",
            "its plan would show the rule");
      }
      try (PreparedStatement statement =
          ana.prepareStatement("SELECT name, email FROM " + SALARIES + " WHERE id = ?")) {
        statement.setLong(1, 2L);
        try (ResultSet rs = statement.executeQuery()) {
          assertThat(rs.next()).as("Bob's row, filtered out").isFalse();
        }
      }
    }
  }

  @Test
  void metadataTablesThatCarryValuesAreRefusedOnBothPaths() throws Exception {
    for (boolean sparkPath : List.of(false, true)) {
      try (Connection ana = sparkPath ? anaOnSparkPath() : ana()) {
        for (String table :
            List.of(
                "files",
                "partitions",
                "entries",
                "manifests",
                "all_files",
                "data_files",
                "snapshots")) {
          assertFails(
              () -> query(ana, "SELECT * FROM " + SALARIES + "." + table),
              "42501",
              "its rows carry the table's values");
        }
        assertFails(
            () -> query(ana, "SELECT * FROM " + SALARIES + ".changes"),
            "42501",
            "its rows carry the table's values");
        for (String table : List.of("history", "refs", "metadata_log_entries")) {
          assertThat(text(query(ana, "SELECT * FROM " + SALARIES + "." + table)))
              .as(table)
              .doesNotContain(CANARY);
        }
      }
    }
  }

  @Test
  void viewsCachesAndCopiesKeepTheRules() throws Exception {
    try (Connection ana = ana()) {
      execute(ana, "CREATE TEMPORARY VIEW ana_view AS SELECT * FROM " + SALARIES);
      assertThat(text(query(ana, "SELECT * FROM ana_view"))).doesNotContain(CANARY, "Bob");
      execute(ana, "CACHE TABLE ana_cache AS SELECT * FROM " + SALARIES);
      assertThat(text(query(ana, "SELECT * FROM ana_cache"))).doesNotContain(CANARY, "Bob");
    }
    try (Connection wes = gateway.connect("wes", PASSWORD)) {
      execute(
          wes,
          "CREATE TABLE demo.acl_cols_sandbox.copy USING iceberg AS SELECT * FROM " + SALARIES);
      execute(wes, "INSERT INTO demo.acl_cols_sandbox.copy SELECT * FROM " + SALARIES);
      assertThat(columnNames(wes, "SELECT * FROM demo.acl_cols_sandbox.copy"))
          .containsExactly("id", "name", "email", "region");
      assertThat(text(query(wes, "SELECT * FROM demo.acl_cols_sandbox.copy")))
          .doesNotContain(CANARY, "Bob", "ada@");
    }
  }

  @Test
  void aColumnThatMayNotBeExportedIsReadButNotCopied() throws Exception {
    try (Connection wes = gateway.connect("wes", PASSWORD)) {
      assertThat(query(wes, "SELECT phone FROM demo.acl_cols.contacts"))
          .containsExactly(List.of("555-0100"));
      execute(
          wes,
          "CREATE TABLE IF NOT EXISTS demo.acl_cols_sandbox.phone_book (id bigint, name string,"
              + " phone string, region string) USING iceberg");
      for (String sql :
          List.of(
              "CREATE TABLE demo.acl_cols_sandbox.phones USING iceberg AS SELECT * FROM"
                  + " demo.acl_cols.contacts",
              "INSERT INTO demo.acl_cols_sandbox.phone_book SELECT id, 'x', phone, 'EU' FROM"
                  + " demo.acl_cols.contacts",
              "CACHE TABLE wes_phones AS SELECT * FROM demo.acl_cols.contacts",
              "INSERT INTO demo.acl_cols_sandbox.phone_book SELECT * FROM (SELECT id, 'x', phone,"
                  + " 'EU' FROM demo.acl_cols.contacts) s",
              // The files table carries the column's bounds: no copy of it either.
              "CREATE TABLE demo.acl_cols_sandbox.phone_files USING iceberg AS SELECT"
                  + " readable_metrics, lower_bounds FROM demo.acl_cols.contacts.files",
              "CACHE TABLE wes_phone_files AS SELECT * FROM demo.acl_cols.contacts.files")) {
        assertFails(
            () -> execute(wes, sql),
            "42501",
            "demo.acl_cols.contacts",
            "may not be copied elsewhere",
            "rule 'contacts-stay'");
      }
    }
  }

  @Test
  void rewritingRowsOfATableSeenInPartIsRefusedAndChangesNothing() throws Exception {
    try (Connection wes = gateway.connect("wes", PASSWORD)) {
      long before = snapshots();
      for (String sql :
          List.of(
              "UPDATE " + SALARIES + " SET region = 'EU'",
              "DELETE FROM " + SALARIES + " WHERE id = 1",
              "MERGE INTO "
                  + SALARIES
                  + " t USING (SELECT 1 AS id) s ON t.id = s.id WHEN MATCHED THEN DELETE",
              "INSERT OVERWRITE " + SALARIES + " SELECT 9, 'x', 'y', 'z', 'EU'")) {
        assertFails(() -> execute(wes, sql), "42501", "sees only part of it");
      }
      assertThat(snapshots()).isEqualTo(before);
    }
  }

  @Test
  void aRuleFollowsItsColumnThroughARename() throws Exception {
    try (Connection admin = gateway.connect(Role.ADMIN)) {
      execute(admin, "CREATE TABLE demo.acl_cols.renamed (id bigint, ssn string) USING iceberg");
      execute(admin, "INSERT INTO demo.acl_cols.renamed VALUES (1, '" + CANARY + "-r')");
      execute(admin, "ALTER TABLE demo.acl_cols.renamed RENAME COLUMN ssn TO tax_id");
    }
    Files.writeString(
        rulesFile,
        RULES.replace(
            "  - {id: sandbox,",
            "  - {id: renamed, group: analysts, catalog: demo, namespace: acl_cols,"
                + " table: renamed, privileges: [select], columns: [{name: ssn, hidden: true}]}\n"
                + "  - {id: sandbox,"));
    try (Connection ana = ana()) {
      awaitRule(ana, "SELECT * FROM demo.acl_cols.renamed");
      assertThat(columnNames(ana, "SELECT * FROM demo.acl_cols.renamed")).containsExactly("id");
      assertThat(text(query(ana, "SELECT * FROM demo.acl_cols.renamed"))).doesNotContain(CANARY);
    } finally {
      Files.writeString(rulesFile, RULES);
    }
  }

  @Test
  void aChangedFileNamingAColumnTheTableLacksKeepsTheLastGoodRules() throws Exception {
    try {
      Files.writeString(
          rulesFile, RULES.replace("{name: ssn, hidden: true}", "{name: sssn, hidden: true}"));
      try (Connection admin = gateway.connect(Role.ADMIN)) {
        await()
            .atMost(Duration.ofSeconds(15))
            .untilAsserted(
                () ->
                    assertThat(
                            (String)
                                query(admin, "SELECT last_failure FROM icegate.system.access_rules")
                                    .get(0)
                                    .get(0))
                        .contains(
                            "rule salaries-for-analysts names column 'sssn', which table"
                                + " demo.acl_cols.salaries does not have"));
      }
      try (Connection ana = ana()) {
        assertThat(columnNames(ana, "SELECT * FROM " + SALARIES)).doesNotContain("ssn");
      }
    } finally {
      Files.writeString(rulesFile, RULES);
    }
  }

  /**
   * Three users at once on the same table: an admin who sees everything, a restricted reader, and a
   * hostile writer trying what the rules refuse. Each one's rewrite stays in their own session.
   */
  @Test
  void usersAtOnceEachSeeTheirOwnPart() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try {
      Future<?> admin =
          pool.submit(
              () -> {
                try (Connection c = gateway.connect(Role.ADMIN)) {
                  for (int i = 0; i < 15; i++) {
                    String rows = text(query(c, "SELECT * FROM " + SALARIES));
                    assertThat(rows).contains(CANARY + "-2", "bob@example.org");
                  }
                }
                return null;
              });
      Future<?> reader =
          pool.submit(
              () -> {
                try (Connection c = ana()) {
                  for (int i = 0; i < 15; i++) {
                    assertThat(text(query(c, "SELECT * FROM " + SALARIES)))
                        .doesNotContain(CANARY, "Bob", "bob@");
                  }
                }
                return null;
              });
      Future<?> hostile =
          pool.submit(
              () -> {
                try (Connection c = gateway.connect("wes", PASSWORD)) {
                  for (int i = 0; i < 5; i++) {
                    assertFails(
                        () -> query(c, "SELECT ssn FROM " + SALARIES),
                        "42703",
                        "cannot be resolved");
                    assertFails(
                        () -> query(c, "SELECT * FROM " + SALARIES + ".files"),
                        "42501",
                        "its rows carry the table's values");
                    assertFails(
                        () -> execute(c, "DELETE FROM " + SALARIES),
                        "42501",
                        "sees only part of it");
                  }
                }
                return null;
              });
      admin.get(5, TimeUnit.MINUTES);
      reader.get(5, TimeUnit.MINUTES);
      hostile.get(5, TimeUnit.MINUTES);
    } finally {
      pool.shutdownNow();
    }
  }

  /** Waits (the file is looked at once a second) until the changed rules let {@code sql} run. */
  private static void awaitRule(Connection c, String sql) throws Exception {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (true) {
      try {
        query(c, sql);
        return;
      } catch (SQLException e) {
        if (System.nanoTime() > deadline) {
          throw e;
        }
        Thread.sleep(200);
      }
    }
  }

  private static long snapshots() throws SQLException {
    try (Connection admin = gateway.connect(Role.ADMIN)) {
      return (Long) query(admin, "SELECT count(*) FROM " + SALARIES + ".snapshots").get(0).get(0);
    }
  }

  @Test
  void anUpdateCountTellsNothingToAUserWhoMayNotSelect() throws Exception {
    String update = "UPDATE demo.acl_cols.blind SET salary = salary WHERE salary > 55";
    try (Connection wes = gateway.connect("wes", PASSWORD);
        Statement s = wes.createStatement()) {
      // May update, may not select: how many rows earn more than 55 stays unknown to wes.
      assertThat(s.executeUpdate(update)).isZero();
    }
    try (Connection admin = gateway.connect(Role.ADMIN);
        Statement s = admin.createStatement()) {
      assertThat(s.executeUpdate(update)).isEqualTo(4);
    }
  }
}
