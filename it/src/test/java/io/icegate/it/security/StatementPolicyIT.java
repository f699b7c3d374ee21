package io.icegate.it.security;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static io.icegate.it.SqlFailures.assertFails;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.access.Role;
import io.icegate.it.RunningGateway;
import io.icegate.it.TestGateway;
import io.icegate.it.TestGateway.TestUser;
import io.icegate.it.procedures.ProcedureSupport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The legitimate side of the statement policy: what the operator opens works, for the roles it is
 * opened to, and answers as Spark does; session-safe settings work for every role; EXPLAIN CALL
 * shows the checks of path arguments; remove_orphan_files inside the table's location finds an
 * orphan there.
 */
class StatementPolicyIT {
  private static final String NS = "demo.policy_it";

  @RegisterExtension
  static final RunningGateway gateway =
      RunningGateway.startedBy(StatementPolicyIT::startWithReadRoot);

  private static Path readRoot;
  private static Path outside;

  /**
   * A gateway with users whose readers may read files under {@link #readRoot} (and not {@link
   * #outside}).
   */
  private static TestGateway startWithReadRoot() throws Exception {
    readRoot = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "policy-read-root-");
    Files.writeString(readRoot.resolve("lines.txt"), "one\ntwo\n");
    outside = Files.createTempDirectory("policy-outside-");
    Files.writeString(outside.resolve("lines.txt"), "secret\n");
    return TestGateway.startWithUsers(
        Map.of(
            "icegate.policy.file-roots.read",
            readRoot.toString(),
            "icegate.policy.allow-reflection",
            "true",
            "icegate.policy.session-settings",
            "spark.sql.codegen.wholeStage"));
  }

  @BeforeAll
  static void buildTable() throws Exception {
    try (Connection admin = gateway.connect(Role.ADMIN)) {
      execute(
          admin,
          "CREATE NAMESPACE IF NOT EXISTS " + NS,
          "CREATE TABLE IF NOT EXISTS " + NS + ".t (id bigint) USING iceberg",
          "INSERT INTO " + NS + ".t VALUES (1)");
    }
  }

  @Test
  void filesUnderTheReadRootAreReadAsSparkReadsThemAndNothingElse() throws Exception {
    String under = "SELECT value FROM text.`" + readRoot.resolve("lines.txt") + "` ORDER BY value";
    List<Row> spark = TestGateway.engine().newSession().sql(under).collectAsList();
    try (Connection reader = gateway.connect(Role.READ)) {
      assertThat(query(reader, under))
          .containsExactlyElementsOf(spark.stream().map(r -> row(r.getString(0))).toList());
      assertFails(
          () -> query(reader, "SELECT * FROM text.`" + outside.resolve("lines.txt") + "`"),
          "42501",
          "Cannot read files at",
          "role read may use files only under " + readRoot.toRealPath(),
          "icegate.policy.file-roots.read");
    }
    // Spark runs a time-travel sub-query while it analyzes: the path check must come first, for
    // admins too (HostileStatementsIT's access rules refuse it before the policy sees it).
    String travel =
        "SELECT * FROM "
            + NS
            + ".t TIMESTAMP AS OF (SELECT max(current_timestamp()) FROM text.`"
            + outside.resolve("lines.txt")
            + "`)";
    for (Role role : List.of(Role.READ, Role.ADMIN)) {
      try (Connection c = gateway.connect(role)) {
        assertFails(() -> query(c, travel), "42501", "Cannot read files at", outside.toString());
      }
    }
  }

  @Test
  void reflectionOpenedByTheOperatorIsForAdminsOnly() throws Exception {
    String call = "SELECT reflect('java.lang.String', 'valueOf', 'x') AS r";
    try (Connection admin = gateway.connect(Role.ADMIN);
        Connection reader = gateway.connect(Role.READ)) {
      assertThat(query(admin, call)).containsExactly(row("x"));
      assertFails(() -> query(reader, call), "42501", "Cannot call reflect", "only admins may");
    }
  }

  @Test
  void sessionSafeSettingsWorkForEveryRoleAndOthersOnlyForAdmins() throws Exception {
    try (Connection reader = gateway.connect(Role.READ);
        Connection admin = gateway.connect(Role.ADMIN)) {
      execute(
          reader, "SET spark.sql.shuffle.partitions=3", "SET spark.sql.codegen.wholeStage=false");
      assertThat(query(reader, "SET spark.sql.shuffle.partitions"))
          .containsExactly(row("spark.sql.shuffle.partitions", "3"));
      assertFails(
          () -> execute(reader, "SET spark.sql.codegen.maxFields=10"),
          "42501",
          "Cannot set 'spark.sql.codegen.maxFields' (SET)",
          "only admins may set it",
          "icegate.policy.session-settings");
      execute(admin, "SET spark.sql.codegen.maxFields=10");
      assertFails(
          () -> query(reader, "SET spark.sql.catalog.demo.uri"),
          "42501",
          "Cannot show setting 'spark.sql.catalog.demo.uri'");
      assertThat(query(admin, "SET spark.sql.catalog.demo.uri")).hasSize(1);
      assertFails(
          () -> execute(admin, "SET spark.sql.catalog.evil=org.apache.iceberg.spark.SparkCatalog"),
          "42501",
          "Cannot set 'spark.sql.catalog.evil'",
          "icegate.policy.admin-settings");
    }
  }

  @Test
  void connectionPropertiesFollowTheSameList() throws Exception {
    Properties ok = credentials(TestUser.READER);
    ok.setProperty("spark.sql.shuffle.partitions", "5");
    try (Connection c = DriverManager.getConnection(gateway.jdbcUrl(), ok)) {
      assertThat(query(c, "SET spark.sql.shuffle.partitions"))
          .containsExactly(row("spark.sql.shuffle.partitions", "5"));
    }
    Properties evil = credentials(TestUser.READER);
    evil.setProperty("spark.sql.catalog.evil", "org.apache.iceberg.spark.SparkCatalog");
    assertFails(
        () -> DriverManager.getConnection(gateway.jdbcUrl(), evil).close(),
        "42501",
        "Cannot set 'spark.sql.catalog.evil' (connection property)");
  }

  @Test
  void explainCallShowsThePathChecksAndAnOrphanScanInsideTheTableFindsItsOrphan() throws Exception {
    try (Connection admin = gateway.connect(Role.ADMIN)) {
      String location =
          (String)
              query(admin, "SELECT file FROM " + NS + ".t.metadata_log_entries LIMIT 1")
                  .get(0)
                  .get(0);
      location = location.substring(0, location.indexOf("/metadata/"));
      List<List<Object>> outsideCheck =
          query(
                  admin,
                  "EXPLAIN CALL demo.system.remove_orphan_files(table =>"
                      + " 'policy_it.t', location => '"
                      + outside
                      + "', dry_run => true)")
              .stream()
              .filter(r -> "check".equals(r.get(0)))
              .toList();
      assertThat(outsideCheck).hasSize(1);
      assertThat(outsideCheck.get(0).subList(0, 4))
          .containsExactly("check", "location", "write path", outside.toString());
      assertThat((String) outsideCheck.get(0).get(4)).startsWith("refused: Cannot write files at");
      List<List<Object>> insideCheck =
          query(
                  admin,
                  "EXPLAIN CALL demo.system.remove_orphan_files(table =>"
                      + " 'policy_it.t', location => '"
                      + location
                      + "/data', dry_run => true)")
              .stream()
              .filter(r -> "check".equals(r.get(0)))
              .toList();
      assertThat((String) insideCheck.get(0).get(4)).startsWith("allowed: under ");
      // Older than the call's default three days, so the scan must find it.
      Path orphan =
          ProcedureSupport.plantOrphan(
              ProcedureSupport.localPath(location).resolve("data"),
              "policy-orphan.parquet",
              Duration.ofDays(10));
      List<List<Object>> found =
          query(
              admin,
              "CALL demo.system.remove_orphan_files(table => 'policy_it.t', location => '"
                  + location
                  + "/data', dry_run => true)");
      assertThat(found).hasSize(1);
      assertThat(ProcedureSupport.localPath((String) found.get(0).get(0))).isEqualTo(orphan);
      assertThat(orphan).as("a dry run deletes nothing").exists();
    }
  }

  private static Properties credentials(TestUser user) {
    Properties info = new Properties();
    info.setProperty("user", user.user());
    info.setProperty("password", user.password());
    return info;
  }
}
