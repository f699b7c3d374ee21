package io.icegate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class IcegateDatabaseMetaDataTest {

  private FakeGateway gateway;
  private Connection connection;

  @BeforeEach
  void connect() throws SQLException {
    gateway = FakeGateway.start();
    connection = gateway.connect();
  }

  @AfterEach
  void close() throws SQLException {
    connection.close();
    gateway.close();
  }

  @Test
  void describesSparkSqlNaming() throws SQLException {
    DatabaseMetaData meta = connection.getMetaData();
    assertThat(meta.getDatabaseProductName()).isEqualTo("Icegate");
    assertThat(meta.getDriverName()).isEqualTo("Icegate JDBC Driver");
    assertThat(meta.getIdentifierQuoteString()).isEqualTo("`");
    assertThat(meta.getSearchStringEscape()).isEqualTo("\\");
    assertThat(meta.getCatalogSeparator()).isEqualTo(".");
    assertThat(meta.isCatalogAtStart()).isTrue();
    assertThat(meta.getSchemaTerm()).isEqualTo("namespace");
  }

  @Test
  void capabilityFlagsSayWhatSparkSupports() throws SQLException {
    DatabaseMetaData meta = connection.getMetaData();
    assertThat(meta.supportsCatalogsInTableDefinitions()).isTrue();
    assertThat(meta.supportsCatalogsInDataManipulation()).isTrue();
    assertThat(meta.supportsSchemasInTableDefinitions()).isTrue();
    assertThat(meta.supportsSchemasInDataManipulation()).isTrue();
    assertThat(meta.supportsStoredProcedures()).isTrue();
    assertThat(meta.supportsFullOuterJoins()).isTrue();
    assertThat(meta.supportsBatchUpdates()).isTrue();
    assertThat(meta.supportsTransactions()).isFalse();
    assertThat(meta.supportsSavepoints()).isFalse();
    assertThat(meta.nullsAreSortedLow()).isTrue();
  }

  /** Every capability question a crawler asks gets an answer (Avatica's own throws "todo"). */
  @Test
  void resultSetCapabilitiesAreAnsweredForEveryResultSetType() throws SQLException {
    DatabaseMetaData meta = connection.getMetaData();
    for (int type :
        new int[] {
          ResultSet.TYPE_FORWARD_ONLY,
          ResultSet.TYPE_SCROLL_INSENSITIVE,
          ResultSet.TYPE_SCROLL_SENSITIVE
        }) {
      assertThat(
              new boolean[] {
                meta.ownUpdatesAreVisible(type),
                meta.ownDeletesAreVisible(type),
                meta.ownInsertsAreVisible(type),
                meta.othersUpdatesAreVisible(type),
                meta.othersDeletesAreVisible(type),
                meta.othersInsertsAreVisible(type),
                meta.updatesAreDetected(type),
                meta.deletesAreDetected(type),
                meta.insertsAreDetected(type)
              })
          .as("result set type %d", type)
          .containsOnly(false);
    }
    assertThat(meta.getResultSetHoldability()).isEqualTo(ResultSet.HOLD_CURSORS_OVER_COMMIT);
    assertThat(meta.supportsResultSetHoldability(ResultSet.HOLD_CURSORS_OVER_COMMIT)).isTrue();
    assertThat(meta.supportsResultSetHoldability(ResultSet.CLOSE_CURSORS_AT_COMMIT)).isFalse();
  }

  /** The fake gateway answers any statement with the numbers 1 to 5: each call went as one. */
  @Test
  void primaryKeysProceduresAndFunctionsAreAskedWithAStatement() throws SQLException {
    DatabaseMetaData meta = connection.getMetaData();
    for (ResultSet rs :
        new ResultSet[] {
          meta.getPrimaryKeys("demo", "db", "t"),
          meta.getProcedures(null, "system", "%"),
          meta.getProcedureColumns("demo", null, "x", null),
          meta.getFunctions("demo", "system", null)
        }) {
      int rows = 0;
      while (rs.next()) {
        rows++;
      }
      assertThat(rows).isEqualTo(ScriptedMeta.ROWS);
      Statement statement = rs.getStatement();
      rs.close();
      assertThat(statement.isClosed()).isTrue();
    }
  }

  @Test
  void aFailedCallReportsTheGatewaysError() {
    gateway.failOn("prepareAndExecute");
    assertThatThrownBy(() -> connection.getMetaData().getPrimaryKeys("demo", "db", "t"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining(ScriptedMeta.INJECTED)
        .extracting(e -> ((SQLException) e).getSQLState())
        .isEqualTo(ScriptedMeta.INJECTED_STATE);
  }
}
