package io.icegate.jdbc;

import java.net.UnknownHostException;
import java.sql.SQLException;
import org.apache.calcite.avatica.AvaticaClientRuntimeException;

/**
 * Turns what Avatica throws while a connection is being opened into a {@link SQLException}.
 *
 * <p>Avatica reports both unreachable servers and server-side refusals as unchecked exceptions out of
 * {@code Driver.connect}; JDBC callers expect a {@code SQLException} with a SQLState.
 */
final class ConnectFailure {

  // Avatica's ErrorResponse prefixes every server message with this.
  private static final String AVATICA_PREFIX = "Remote driver error: ";
  // Avatica's placeholder when the server gave no SQLState.
  private static final String UNKNOWN_SQL_STATE = "00000";

  private ConnectFailure() {
  }

  static SQLException translate(RuntimeException failure, String serverAddress) {
    if (failure instanceof AvaticaClientRuntimeException rejected) {
      String state = rejected.getSqlState();
      boolean known = state != null && !state.isBlank() && !UNKNOWN_SQL_STATE.equals(state);
      return new SQLException(serverMessage(rejected),
          known ? state : SqlStates.CONNECTION_REJECTED, rejected.getErrorCode(), failure);
    }
    return new SQLException("Cannot connect to Icegate at " + serverAddress + ": " + reason(failure),
        SqlStates.CANNOT_CONNECT, failure);
  }

  private static String serverMessage(AvaticaClientRuntimeException rejected) {
    String message = rejected.getMessage() == null ? "" : rejected.getMessage();
    String clean = message.startsWith(AVATICA_PREFIX)
        ? message.substring(AVATICA_PREFIX.length()) : message;
    return clean.isBlank() ? "The Icegate server refused the connection" : clean;
  }

  /** The innermost message, which names the actual problem (e.g. "Connection refused"). */
  private static String reason(Throwable failure) {
    String reason = null;
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof UnknownHostException) {
        return "unknown host";
      }
      if (t.getMessage() != null && !t.getMessage().isBlank()) {
        reason = t.getMessage();
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return reason == null ? "no reason given" : reason;
  }
}
