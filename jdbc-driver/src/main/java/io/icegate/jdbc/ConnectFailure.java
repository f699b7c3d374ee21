package io.icegate.jdbc;

import java.net.HttpURLConnection;
import java.sql.SQLException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.AvaticaClientRuntimeException;

/**
 * Turns what Avatica throws while a connection is being opened into a {@link SQLException}.
 *
 * <p>Avatica reports both unreachable servers and server-side refusals as unchecked exceptions out
 * of {@code Driver.connect}; JDBC callers expect a {@code SQLException} with a SQLState. Failures
 * after the connection is open are {@link GatewayError}'s job.
 */
final class ConnectFailure {

  private ConnectFailure() {}

  // Avatica's HTTP client reports a status other than 200, 500 and 503 only in its message.
  private static final Pattern HTTP_STATUS = Pattern.compile("got HTTP/(\\d{3})");

  /**
   * @param failure what Avatica threw
   * @param serverAddress the gateway's URL
   * @param user the user name the application gave, or null
   */
  static SQLException translate(RuntimeException failure, String serverAddress, String user) {
    int status = httpStatus(failure);
    if (status == HttpURLConnection.HTTP_UNAUTHORIZED) {
      return new SQLException(
          "Cannot connect to "
              + serverAddress
              + ": "
              + (user == null || user.isEmpty()
                  ? "the gateway requires a user name and password (give the user and password"
                      + " properties)"
                  : "the gateway refused user '" + user + "' (wrong user name or password)"),
          SqlStates.INVALID_AUTHORIZATION);
    }
    if (status == UPGRADE_REQUIRED) {
      return new SQLException(
          "Cannot connect to "
              + serverAddress
              + ": the gateway accepts HTTPS only (connect with ssl=true, and truststore and"
              + " truststore_password unless its certificate is trusted by default)",
          SqlStates.CANNOT_CONNECT);
    }
    if (failure instanceof AvaticaClientRuntimeException rejected) {
      String message = GatewayError.serverMessage(rejected);
      return new SQLException(
          message.isBlank() ? "The Icegate server refused the connection" : message,
          GatewayError.isKnownSqlState(rejected.getSqlState())
              ? rejected.getSqlState()
              : SqlStates.CONNECTION_REJECTED,
          rejected.getErrorCode(),
          failure);
    }
    return new SQLException(
        "Cannot connect to Icegate at " + serverAddress + ": " + Causes.reason(failure),
        SqlStates.CANNOT_CONNECT,
        failure);
  }

  private static final int UPGRADE_REQUIRED = 426;

  /** The HTTP status Avatica's client refused, or -1. */
  static int httpStatus(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t.getMessage() != null) {
        Matcher status = HTTP_STATUS.matcher(t.getMessage());
        if (status.find()) {
          return Integer.parseInt(status.group(1));
        }
      }
    }
    return -1;
  }
}
