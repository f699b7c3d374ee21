package io.icegate.jdbc;

import java.sql.SQLException;
import org.apache.calcite.avatica.AvaticaClientRuntimeException;

/**
 * Turns what Avatica throws while a connection is being opened into a {@link SQLException}.
 *
 * <p>Avatica reports both unreachable servers and server-side refusals as unchecked exceptions out of
 * {@code Driver.connect}; JDBC callers expect a {@code SQLException} with a SQLState. Failures after
 * the connection is open are {@link GatewayError}'s job.
 */
final class ConnectFailure {

  private ConnectFailure() {
  }

  static SQLException translate(RuntimeException failure, String serverAddress) {
    if (failure instanceof AvaticaClientRuntimeException rejected) {
      String message = GatewayError.serverMessage(rejected);
      return new SQLException(
          message.isBlank() ? "The Icegate server refused the connection" : message,
          GatewayError.isKnownSqlState(rejected.getSqlState())
              ? rejected.getSqlState() : SqlStates.CONNECTION_REJECTED,
          rejected.getErrorCode(), failure);
    }
    return new SQLException(
        "Cannot connect to Icegate at " + serverAddress + ": " + Causes.reason(failure),
        SqlStates.CANNOT_CONNECT, failure);
  }
}
