package io.icegate.it;

import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static io.icegate.it.SqlFailures.assertFails;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Failures reach the client as SQLExceptions with a real SQLState and a short message, and the
 * gateway stays up.
 */
class ErrorsIT {
  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();
  private static Connection connection;

  @BeforeAll
  static void start() throws Exception {
    connection = gateway.connect();
  }

  @AfterAll
  static void stop() throws Exception {
    connection.close();
  }

  /**
   * An error the statement raises on purpose is the user's (P0001), whether Spark meets it while
   * planning (a constant) or in a task (a row's value), never a system error or a defect.
   */
  @Test
  void anErrorTheStatementRaisesIsP0001WhereverSparkMeetsIt() throws Exception {
    try (Connection c = gateway.connect()) {
      for (String sql :
          List.of(
              "SELECT raise_error('boom')",
              "SELECT raise_error(s) FROM VALUES ('boom') t(s)",
              "SELECT assert_true(1 = 2)",
              "SELECT assert_true(s = 'x') FROM VALUES ('boom') t(s)")) {
        assertFails(() -> query(c, sql), "P0001", "The statement raised an error");
      }
      assertFails(
          () -> query(c, "SELECT raise_error(s) FROM VALUES ('boom') t(s)"), "P0001", "boom");
    }
  }

  @Test
  void readingAValueAsATypeItIsNotNamesTheColumnNotAvaticaClasses() throws Exception {
    try (java.sql.Statement s = connection.createStatement();
        java.sql.ResultSet rs = s.executeQuery("SELECT 'abc' AS word")) {
      assertThat(rs.next()).isTrue();
      assertFails(
          () -> rs.getLong(1),
          "22018",
          "Cannot read column 1 (word, string) as long",
          "its value 'abc' is not one");
      assertThatThrownBy(() -> rs.getInt("word"))
          .hasMessageNotContaining("Accessor")
          .hasMessageNotContaining("@");
    }
  }

  @Test
  void syntaxErrorNamesLineAndColumn() {
    assertFails(
        () -> query(connection, "SELECT id\nFROM range(3) WHERE id = = 1"),
        "42601",
        "Syntax error at or near '='",
        "line 2, column 26");
  }

  @Test
  void syntaxErrorInIcebergsOwnStatementsIsOneToo() {
    // Iceberg's SQL extensions parse ALTER TABLE ... PARTITION FIELD and report their own parse
    // failure.
    assertFails(
        () -> query(connection, "ALTER TABLE demo.default.no_such ADD PARTITION FIELD bucket(16,)"),
        "42601",
        "no viable alternative at input ')'",
        "line 1");
  }

  @Test
  void unknownTableIsNamed() {
    assertFails(
        () -> query(connection, "SELECT * FROM demo.default.no_such_table"),
        "42P01",
        "`demo`.`default`.`no_such_table` cannot be found");
  }

  @Test
  void unknownNamespaceIsNamed() {
    assertFails(
        () -> query(connection, "SHOW TABLES IN demo.no_such_namespace"),
        "3F000",
        "Namespace does not exist: no_such_namespace");
  }

  @Test
  void unknownCatalogIsNamed() {
    assertFails(() -> query(connection, "SET CATALOG no_such_catalog"), "3D000", "no_such_catalog");
  }

  @Test
  void failureInsideASparkJobIsReportedWithoutClassNames() {
    assertFails(
        () -> query(connection, "SELECT assert_true(id < 3, 'id too large') FROM range(10)"),
        "P0001",
        "id too large");
  }

  @Test
  void unknownUrlPropertyQuotesTheUrl() {
    String url = gateway.jdbcUrl() + "?bogus=1";
    assertFails(() -> DriverManager.getConnection(url), "08001", "'" + url + "'");
  }

  @Test
  void unreachableGatewayIsAConnectionError() {
    assertFails(
        () -> DriverManager.getConnection("jdbc:icegate://127.0.0.1:1"), "08001", "127.0.0.1:1");
  }

  @Test
  void gatewayStaysUpAfterErrors() throws Exception {
    assertThatThrownBy(() -> query(connection, "SELEC 1")).isInstanceOf(SQLException.class);
    assertThat(query(connection, "SELECT 1")).containsExactly(row(1));
  }
}
