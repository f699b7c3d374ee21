package io.icegate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.calcite.avatica.remote.Driver;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The gateway's warnings about an execution, sent in the result's signature, become the SQLWarning
 * chain of the statement and its result set, as JDBC specifies its life: until cleared or the next
 * execution.
 */
class StatementWarningsTest {

  private static final String QUERY = "SELECT id FROM numbers";

  private static FakeGateway gateway;

  @BeforeAll
  static void start() {
    gateway = FakeGateway.start();
  }

  @AfterAll
  static void stop() {
    gateway.close();
  }

  @BeforeEach
  void noWarnings() {
    gateway.warnWith();
  }

  @Test
  void statementAndResultSetReportTheWarningsInOrder() throws SQLException {
    gateway.warnWith(
        "Time travel ignored on demo.db.t.snapshots: it always lists every snapshot", "second");
    try (Connection connection = gateway.connect();
        Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery(QUERY)) {
      assertWarnings(
          statement.getWarnings(),
          "Time travel ignored on demo.db.t.snapshots: it always lists every snapshot",
          "second");
      assertWarnings(
          rs.getWarnings(),
          "Time travel ignored on demo.db.t.snapshots: it always lists every snapshot",
          "second");
      assertThat(statement.getWarnings().getSQLState()).isEqualTo("01000");
      assertThat(statement.getWarnings().getNextWarning().getSQLState()).isEqualTo("01000");
      assertThat(statement.getWarnings().getErrorCode()).isZero();

      // They concern the whole result: reading every row, fetched in pages, keeps them.
      assertThat(ids(rs)).containsExactly(1, 2, 3, 4, 5);
      assertWarnings(
          rs.getWarnings(),
          "Time travel ignored on demo.db.t.snapshots: it always lists every snapshot",
          "second");
    }
  }

  @Test
  void clearWarningsEmptiesTheChainOfItsOwnObjectOnly() throws SQLException {
    gateway.warnWith("careful");
    try (Connection connection = gateway.connect();
        Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery(QUERY)) {
      statement.clearWarnings();
      assertNoWarnings(statement.getWarnings());
      assertWarnings(rs.getWarnings(), "careful");
      rs.clearWarnings();
      assertNoWarnings(rs.getWarnings());
    }
  }

  @Test
  void theNextExecutionReplacesThem() throws SQLException {
    try (Connection connection = gateway.connect();
        Statement statement = connection.createStatement()) {
      gateway.warnWith("first");
      statement.executeQuery(QUERY).close();
      assertWarnings(statement.getWarnings(), "first");

      gateway.warnWith("second", "third");
      assertThat(statement.execute(QUERY)).isTrue();
      assertWarnings(statement.getWarnings(), "second", "third");
      assertWarnings(statement.getResultSet().getWarnings(), "second", "third");

      // An update count comes without a signature, so without warnings: the old ones still go.
      statement.executeUpdate("INSERT INTO t VALUES (1)");
      assertNoWarnings(statement.getWarnings());

      gateway.warnWith("fourth");
      statement.executeQuery(QUERY).close();
      assertWarnings(statement.getWarnings(), "fourth");
      gateway.warnWith();
      statement.executeQuery(QUERY).close();
      assertNoWarnings(statement.getWarnings());

      gateway.warnWith("fifth");
      statement.executeQuery(QUERY).close();
      statement.addBatch("INSERT INTO t VALUES (2)");
      statement.executeBatch();
      assertNoWarnings(statement.getWarnings());
    }
  }

  @Test
  void preparedStatementsReportThemForEveryExecution() throws SQLException {
    try (Connection connection = gateway.connect();
        PreparedStatement statement = connection.prepareStatement(QUERY)) {
      gateway.warnWith("first");
      try (ResultSet rs = statement.executeQuery()) {
        assertWarnings(statement.getWarnings(), "first");
        assertWarnings(rs.getWarnings(), "first");
      }
      gateway.warnWith("second");
      assertThat(statement.execute()).isTrue();
      assertWarnings(statement.getWarnings(), "second");
      statement.clearWarnings();
      assertNoWarnings(statement.getWarnings());

      gateway.warnWith();
      statement.executeQuery().close();
      assertNoWarnings(statement.getWarnings());
    }
  }

  @Test
  void aResultWithoutWarningsHasNone() throws SQLException {
    try (Connection connection = gateway.connect();
        Statement statement = connection.createStatement()) {
      assertNoWarnings(statement.getWarnings());
      try (ResultSet rs = statement.executeQuery(QUERY)) {
        assertNoWarnings(statement.getWarnings());
        assertNoWarnings(rs.getWarnings());
      }
    }
  }

  @Test
  void closedObjectsRefuseToReportWarnings() throws SQLException {
    gateway.warnWith("careful");
    try (Connection connection = gateway.connect()) {
      Statement statement = connection.createStatement();
      ResultSet rs = statement.executeQuery(QUERY);
      rs.close();
      assertThatThrownBy(rs::getWarnings)
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("closed");
      statement.close();
      assertThatThrownBy(statement::getWarnings)
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("closed");
    }
  }

  @Test
  void avaticasOwnDriverReadsTheSameResultAndSeesNoWarnings() throws SQLException {
    gateway.warnWith("careful");
    try (Connection connection = new Driver().connect(gateway.avaticaUrl(), new Properties());
        Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery(QUERY)) {
      assertThat(connection.getClass().getName()).doesNotContain("Icegate");
      assertThat(ids(rs)).containsExactly(1, 2, 3, 4, 5);
      assertNoWarnings(statement.getWarnings());
    }
  }

  private static List<Integer> ids(ResultSet rs) throws SQLException {
    List<Integer> ids = new ArrayList<>();
    while (rs.next()) {
      ids.add(rs.getInt(1));
    }
    return ids;
  }

  private static void assertNoWarnings(SQLWarning first) {
    assertThat((Object) first).isNull();
  }

  private static void assertWarnings(SQLWarning first, String... messages) {
    List<String> chain = new ArrayList<>();
    for (SQLWarning warning = first; warning != null; warning = warning.getNextWarning()) {
      chain.add(warning.getMessage());
    }
    assertThat(chain).containsExactly(messages);
  }
}
