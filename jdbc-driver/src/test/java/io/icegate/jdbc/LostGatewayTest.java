package io.icegate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/** A gateway that goes away during a session is reported as a lost connection naming it. */
class LostGatewayTest {

  @Test
  void everyCallAfterTheGatewayWentAwayReportsALostConnection() throws SQLException {
    try (FakeGateway gateway = FakeGateway.start()) {
      Connection connection = gateway.connect();
      Statement statement = connection.createStatement();
      ResultSet rows = statement.executeQuery("SELECT id FROM numbers");
      assertThat(rows.next()).isTrue();

      gateway.stop();

      assertLost(
          () -> {
            while (rows.next()) {
              rows.getInt(1);
            }
          },
          gateway);
      assertLost(() -> statement.executeQuery("SELECT id FROM numbers"), gateway);
      assertLost(connection::createStatement, gateway);
      assertLost(() -> connection.prepareStatement("SELECT id FROM numbers"), gateway);
      assertLost(connection::commit, gateway);
      assertLost(() -> connection.getMetaData().getTables(null, null, "%", null), gateway);
      assertLost(connection::close, gateway);
    }
  }

  private static void assertLost(ThrowingCallable call, FakeGateway gateway) {
    assertThatThrownBy(call)
        .isExactlyInstanceOf(SQLException.class)
        .hasMessageStartingWith("Lost the connection to Icegate at " + gateway.address() + ": ")
        .hasMessageEndingWith(". Reconnect to continue.")
        .hasRootCauseInstanceOf(IOException.class)
        .extracting(e -> ((SQLException) e).getSQLState())
        .isEqualTo("08006");
  }
}
