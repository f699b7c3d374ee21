package io.icegate.jdbc;

import static io.icegate.jdbc.ScriptedMeta.INJECTED;
import static io.icegate.jdbc.ScriptedMeta.INJECTED_CODE;
import static io.icegate.jdbc.ScriptedMeta.INJECTED_STATE;
import static io.icegate.jdbc.ScriptedMeta.ROWS;
import static io.icegate.jdbc.ScriptedMeta.TABLE_NOT_FOUND;
import static io.icegate.jdbc.ScriptedMeta.TABLE_NOT_FOUND_CODE;
import static io.icegate.jdbc.ScriptedMeta.TABLE_NOT_FOUND_STATE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import org.apache.calcite.avatica.AvaticaClientRuntimeException;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Once connected, every failure the gateway reports reaches the application as the gateway's own
 * message, SQLState and error code, with Avatica's exception kept as the cause.
 */
class GatewayErrorsTest {

  private static final String NUMBERS = "SELECT id FROM numbers";

  private static FakeGateway gateway;
  private Connection connection;

  @BeforeAll
  static void startGateway() {
    gateway = FakeGateway.start();
  }

  @AfterAll
  static void stopGateway() {
    gateway.close();
  }

  @BeforeEach
  void connect() throws SQLException {
    connection = gateway.connect();
  }

  @AfterEach
  void disconnect() throws SQLException {
    gateway.failNothing();
    connection.close();
  }

  @Test
  void queryErrorIsTheGatewaysOwnMessage() throws SQLException {
    try (Statement statement = connection.createStatement()) {
      assertThatThrownBy(() -> statement.executeQuery("SELECT * FROM nope"))
          .satisfies(GatewayErrorsTest::assertTableNotFound)
          .cause()
          .hasMessage("Error while executing SQL \"SELECT * FROM nope\": " + TABLE_NOT_FOUND);
    }
  }

  @Test
  void everyWayOfExecutingSqlReportsTheGatewaysError() throws SQLException {
    try (Statement statement = connection.createStatement()) {
      assertThatTableNotFound(() -> statement.execute("SELECT * FROM nope"));
      assertThatTableNotFound(() -> statement.executeUpdate("DELETE FROM nope"));
      assertThatTableNotFound(() -> statement.executeLargeUpdate("DELETE FROM nope"));
    }
  }

  @Test
  void batchErrorIsTheGatewaysOwnMessage() throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.addBatch("INSERT INTO t VALUES (1)");
      statement.addBatch("INSERT INTO nope VALUES (1)");
      assertThatThrownBy(statement::executeBatch)
          .satisfies(
              e ->
                  assertBatchFailure(
                      e,
                      "Cannot run batch element 2 of 2 (INSERT INTO nope VALUES (1)): ",
                      TABLE_NOT_FOUND,
                      " Element 1 ran before it and stays committed",
                      TABLE_NOT_FOUND_STATE,
                      TABLE_NOT_FOUND_CODE,
                      1L));

      statement.addBatch("INSERT INTO nope VALUES (1)");
      assertThatThrownBy(statement::executeLargeBatch)
          .satisfies(
              e ->
                  assertBatchFailure(
                      e,
                      "Cannot run batch element 1 of 1 (INSERT INTO nope VALUES (1)): ",
                      TABLE_NOT_FOUND,
                      " No element ran before it",
                      TABLE_NOT_FOUND_STATE,
                      TABLE_NOT_FOUND_CODE));
    }
  }

  @Test
  void prepareErrorIsTheGatewaysOwnMessage() {
    // Avatica's own message here would not even include the server's.
    assertThatTableNotFound(() -> connection.prepareStatement("SELECT * FROM nope"));
  }

  @Test
  void preparedStatementErrorsAreTheGatewaysOwn() throws SQLException {
    try (PreparedStatement query = connection.prepareStatement(NUMBERS);
        PreparedStatement insert = connection.prepareStatement("INSERT INTO t VALUES (?)")) {
      gateway.failOn("execute", "executeBatch", "executeBatchProtobuf");

      assertThatInjected(query::executeQuery);
      assertThatInjected(query::execute);
      assertThatInjected(insert::executeUpdate);
      assertThatInjected(insert::executeLargeUpdate);
      insert.setInt(1, 1);
      insert.addBatch();
      assertThatThrownBy(insert::executeBatch)
          .satisfies(
              e ->
                  assertBatchFailure(
                      e,
                      "Cannot run batch element 1 of 1 (INSERT INTO t VALUES (?)): ",
                      INJECTED,
                      " No element ran before it",
                      INJECTED_STATE,
                      INJECTED_CODE));
      insert.setInt(1, 2);
      insert.addBatch();
      insert.addBatch();
      assertThatThrownBy(insert::executeLargeBatch)
          .satisfies(
              e ->
                  assertBatchFailure(
                      e,
                      "Cannot run batch element 1 of 2 (INSERT INTO t VALUES (?)): ",
                      INJECTED,
                      " No element ran before it; element 2 did not run",
                      INJECTED_STATE,
                      INJECTED_CODE));
    }
  }

  @Test
  void workingCallsStillWork() throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(NUMBERS)) {
      int sum = 0;
      while (rows.next()) {
        sum += rows.getInt(1);
      }
      assertThat(sum).isEqualTo(15);
      assertThat(statement.executeUpdate("INSERT INTO t VALUES (1)")).isEqualTo(1);
    }
    try (PreparedStatement insert = connection.prepareStatement("INSERT INTO t VALUES (?)")) {
      insert.setInt(1, 1);
      insert.addBatch();
      insert.setInt(1, 2);
      insert.addBatch();
      assertThat(insert.executeBatch()).containsExactly(1, 1);
    }
  }

  @Test
  void fetchErrorSurfacesFromNext() throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(NUMBERS)) {
      gateway.failOn("fetch");

      // The first page came with the query; reading on fetches the next.
      assertThatInjected(
          () -> {
            for (int row = 1; row <= ROWS; row++) {
              assertThat(rows.next()).as("row %s", row).isTrue();
            }
          });
    }
  }

  @Test
  void statementCallsThatCloseOnTheGatewayReportItsError() throws SQLException {
    Statement statement = connection.createStatement();
    statement.closeOnCompletion();
    statement.executeQuery(NUMBERS);
    gateway.failOn("closeStatement");

    assertThatInjected(statement::getMoreResults);
    assertThatInjected(connection.createStatement()::close);
    assertThatInjected(connection.prepareStatement(NUMBERS)::close);
  }

  @Test
  void creatingAStatementReportsTheGatewaysError() {
    gateway.failOn("createStatement");

    assertThatInjected(connection::createStatement);
  }

  @Test
  void connectionPropertiesReportTheGatewaysError() {
    gateway.failOn("connectionSync");

    assertThatInjected(connection::getCatalog);
    assertThatInjected(connection::getSchema);
    assertThatInjected(connection::isReadOnly);
    assertThatInjected(connection::getTransactionIsolation);
  }

  @Test
  void settingTheCatalogOrSchemaSendsItAtOnceAndReportsTheGatewaysError() {
    gateway.failOn("connectionSync");

    // Avatica alone would keep the change and fail the next statement with it.
    assertThatInjected(() -> connection.setCatalog("lake"));
    assertThatInjected(() -> connection.setSchema("sales"));
  }

  @Test
  void closingTheConnectionReportsTheGatewaysErrorAndStillCloses() throws SQLException {
    gateway.failOn("closeConnection");

    assertThatInjected(connection::close);
    assertThat(connection.isClosed()).isTrue();
  }

  @Test
  void catalogQueriesReportTheGatewaysError() throws SQLException {
    DatabaseMetaData metaData = connection.getMetaData();
    gateway.failOn(
        "getCatalogs",
        "getSchemas",
        "getTables",
        "getColumns",
        "getTableTypes",
        "getTypeInfo",
        "getDatabaseProperties");

    assertThatInjected(metaData::getCatalogs);
    assertThatInjected(metaData::getSchemas);
    assertThatInjected(() -> metaData.getTables(null, null, "%", null));
    assertThatInjected(() -> metaData.getColumns(null, null, "t", "%"));
    assertThatInjected(metaData::getTableTypes);
    assertThatInjected(metaData::getTypeInfo);
    assertThatInjected(metaData::getSQLKeywords);
    assertThatInjected(() -> metaData.unwrap(Properties.class));
  }

  @Test
  void catalogQueriesAnsweredByTheDriverStillReportTheGatewaysError() throws SQLException {
    DatabaseMetaData metaData = connection.getMetaData();
    // Avatica answers these with an empty result set, but needs a statement on the gateway for it.
    gateway.failOn("createStatement");

    assertThatInjected(() -> metaData.getPrimaryKeys(null, null, "t"));
    assertThatInjected(() -> metaData.getFunctions(null, null, "%"));
  }

  @Test
  void closingACatalogResultSetReportsTheGatewaysError() throws SQLException {
    ResultSet tables = connection.getMetaData().getTables(null, null, "%", null);
    gateway.failOn("closeStatement");

    // Its statement closes with it, on the gateway; Avatica's close() declares no SQLException.
    assertThatInjected(tables::close);
    assertThat(tables.isClosed()).isTrue();
  }

  private static void assertThatTableNotFound(ThrowingCallable call) {
    assertThatThrownBy(call).satisfies(GatewayErrorsTest::assertTableNotFound);
  }

  private static void assertTableNotFound(Throwable thrown) {
    assertGatewayError(thrown, TABLE_NOT_FOUND, TABLE_NOT_FOUND_STATE, TABLE_NOT_FOUND_CODE);
  }

  /**
   * Checks for a batch failure: the gateway's error as the cause, its SQLState and code, and the
   * update counts of the elements that ran.
   */
  private static void assertBatchFailure(
      Throwable thrown,
      String element,
      String gatewayMessage,
      String ran,
      String sqlState,
      int code,
      long... counts) {
    assertThat(thrown)
        .isExactlyInstanceOf(BatchUpdateException.class)
        .hasMessage(element + gatewayMessage + ran);
    BatchUpdateException failure = (BatchUpdateException) thrown;
    assertThat(failure.getSQLState()).isEqualTo(sqlState);
    assertThat(failure.getErrorCode()).isEqualTo(code);
    assertThat(failure.getLargeUpdateCounts()).containsExactly(counts);
    assertGatewayError(failure.getCause(), gatewayMessage, sqlState, code);
  }

  private static void assertThatInjected(ThrowingCallable call) {
    assertThatThrownBy(call)
        .satisfies(e -> assertGatewayError(e, INJECTED, INJECTED_STATE, INJECTED_CODE));
  }

  /** Checks for the gateway's error, with Avatica's own exception as the cause. */
  static void assertGatewayError(Throwable thrown, String message, String sqlState, int code) {
    assertThat(thrown)
        .isExactlyInstanceOf(SQLException.class)
        .hasMessage(message)
        .hasRootCauseInstanceOf(AvaticaClientRuntimeException.class);
    assertThat(thrown.getCause()).isNotNull();
    assertThat(((SQLException) thrown).getSQLState()).isEqualTo(sqlState);
    assertThat(((SQLException) thrown).getErrorCode()).isEqualTo(code);
  }
}
