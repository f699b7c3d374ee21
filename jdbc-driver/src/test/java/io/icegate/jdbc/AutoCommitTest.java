package io.icegate.jdbc;

import static io.icegate.jdbc.ScriptedMeta.INJECTED;
import static io.icegate.jdbc.ScriptedMeta.INJECTED_CODE;
import static io.icegate.jdbc.ScriptedMeta.INJECTED_STATE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A connection is always in auto-commit mode: switching it off and rolling back are refused, so
 * that no application believes a change is pending or undone when Iceberg has committed it.
 */
class AutoCommitTest {

  private static FakeGateway gateway;

  @BeforeAll
  static void startGateway() {
    gateway = FakeGateway.start();
  }

  @AfterAll
  static void stopGateway() {
    gateway.close();
  }

  @Test
  void autoCommitIsOnAndStaysOn() throws SQLException {
    try (Connection connection = gateway.connect()) {
      assertThat(connection.getAutoCommit()).isTrue();
      connection.setAutoCommit(true);

      assertThatThrownBy(() -> connection.setAutoCommit(false))
          .isExactlyInstanceOf(SQLFeatureNotSupportedException.class)
          .hasMessage(
              "Cannot switch auto-commit off: Icegate has no transactions. Iceberg commits"
                  + " every statement when it runs, so nothing could be held back for commit() or"
                  + " undone by rollback(); the connection stays in auto-commit mode")
          .extracting(e -> ((SQLException) e).getSQLState())
          .isEqualTo("0A000");
      assertThat(connection.getAutoCommit()).isTrue();
      assertThat(connection.getMetaData().supportsTransactions()).isFalse();
    }
  }

  @Test
  void rollbackIsRefusedAndSaysNothingWasUndone() throws SQLException {
    try (Connection connection = gateway.connect()) {
      connection.createStatement().executeUpdate("INSERT INTO t VALUES (1)");

      assertThatThrownBy(connection::rollback)
          .isExactlyInstanceOf(SQLFeatureNotSupportedException.class)
          .hasMessageStartingWith(
              "Cannot roll back: Icegate has no transactions. Iceberg committed"
                  + " every statement of this connection when it ran, and nothing was undone")
          .extracting(e -> ((SQLException) e).getSQLState())
          .isEqualTo("0A000");
    }
  }

  @Test
  void commitChangesNothingButReportsAConnectionTheGatewayLost() throws SQLException {
    try (Connection connection = gateway.connect()) {
      connection.commit();

      gateway.failOn("commit");
      try {
        assertThatThrownBy(connection::commit)
            .satisfies(
                e ->
                    GatewayErrorsTest.assertGatewayError(
                        e, INJECTED, INJECTED_STATE, INJECTED_CODE));
      } finally {
        gateway.failNothing();
      }
    }
  }

  @Test
  void aClosedConnectionRefusesThemAll() throws SQLException {
    Connection connection = gateway.connect();
    connection.close();

    assertThatThrownBy(() -> connection.setAutoCommit(true)).hasMessage("Connection closed");
    assertThatThrownBy(connection::getAutoCommit).hasMessage("Connection closed");
    assertThatThrownBy(connection::rollback).hasMessage("Connection closed");
  }
}
