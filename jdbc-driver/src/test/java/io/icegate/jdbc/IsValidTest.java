package io.icegate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** {@code Connection.isValid} asks the gateway, and answers false rather than throwing. */
class IsValidTest {

  @Test
  void trueWhileTheGatewayServesTheConnection() throws SQLException {
    try (FakeGateway gateway = FakeGateway.start();
        Connection connection = gateway.connect()) {
      assertThat(connection.isValid(5)).isTrue();
      assertThat(connection.isValid(0)).isTrue();
    }
  }

  @Test
  void falseWhenTheGatewayRefusesTheConnection() throws SQLException {
    try (FakeGateway gateway = FakeGateway.start();
        Connection connection = gateway.connect()) {
      // As the Icegate gateway answers for a connection it no longer knows (expired, restarted).
      gateway.failOn("connectionSync");

      assertThat(connection.isValid(5)).isFalse();

      gateway.failNothing();
      assertThat(connection.isValid(5)).isTrue();
    }
  }

  @Test
  void falseWhenTheGatewayDoesNotAnswerWithinTheTimeout() throws SQLException {
    try (FakeGateway gateway = FakeGateway.start();
        Connection connection = gateway.connect()) {
      gateway.stallOn("connectionSync");
      try {
        long start = System.nanoTime();
        assertThat(connection.isValid(1)).isFalse();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(3));
      } finally {
        gateway.answerAgain();
      }
    }
  }

  @Test
  void falseWhenTheGatewayIsGone() throws SQLException {
    try (FakeGateway gateway = FakeGateway.start()) {
      Connection connection = gateway.connect();
      gateway.stop();

      assertThat(connection.isValid(5)).isFalse();
    }
  }

  @Test
  void falseWhenClosed() throws SQLException {
    try (FakeGateway gateway = FakeGateway.start()) {
      Connection connection = gateway.connect();
      connection.close();

      assertThat(connection.isValid(5)).isFalse();
    }
  }

  @Test
  void aNegativeTimeoutIsAnError() throws SQLException {
    try (FakeGateway gateway = FakeGateway.start();
        Connection connection = gateway.connect()) {
      assertThatThrownBy(() -> connection.isValid(-1))
          .isExactlyInstanceOf(SQLException.class)
          .hasMessage(
              "Cannot check the connection: the timeout is -1 s; it must be 0 (no limit) or"
                  + " more seconds")
          .extracting(e -> ((SQLException) e).getSQLState())
          .isEqualTo("22023");
    }
  }
}
