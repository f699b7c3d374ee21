package io.icegate.jdbc;

import java.io.IOException;
import java.sql.SQLException;
import org.apache.calcite.avatica.AvaticaClientRuntimeException;
import org.apache.calcite.avatica.remote.Service.ErrorResponse;

/**
 * A failed call to the gateway, already worded as the application should see it: the gateway's own
 * message, SQLState and error code, or, when the gateway could not be reached, SQLState 08006 and a
 * message naming it.
 *
 * <p>{@link GatewayMeta} raises it where Avatica makes the call. It is unchecked because Avatica's
 * {@code Meta} methods declare no SQLException, and deliberately not an {@link
 * AvaticaClientRuntimeException}: Avatica replaces those with an exception that drops its cause,
 * but keeps any other exception as the cause of the one it throws, which is where {@link
 * GatewayErrors} finds this one again.
 */
final class GatewayError extends RuntimeException {

  private static final long serialVersionUID = 1L;

  // Avatica's ErrorResponse.toException() puts this in front of the server's message.
  private static final String AVATICA_PREFIX = "Remote driver error: ";

  private final String sqlState;
  private final int errorCode;

  private GatewayError(String message, String sqlState, int errorCode, Throwable cause) {
    super(message, cause);
    this.sqlState = sqlState;
    this.errorCode = errorCode;
  }

  /**
   * Returns what to throw instead of {@code failure}, which a remote call raised: a GatewayError
   * when the gateway reported an error or could not be reached, otherwise {@code failure} itself.
   *
   * @param gatewayAddress the gateway's URL, for messages about reaching it
   */
  static RuntimeException of(RuntimeException failure, String gatewayAddress) {
    if (in(failure) != null) {
      // Translated already, by a nested call (a result set fetching while its query executes).
      return failure;
    }
    AvaticaClientRuntimeException reported =
        Causes.find(failure, AvaticaClientRuntimeException.class);
    if (reported != null) {
      String message = serverMessage(reported);
      return new GatewayError(
          message.isBlank() ? "The Icegate gateway reported an error without a message" : message,
          isKnownSqlState(reported.getSqlState())
              ? reported.getSqlState()
              : SqlStates.GENERAL_ERROR,
          reported.getErrorCode(),
          failure);
    }
    // Avatica's HTTP client wraps every I/O failure (refused, reset, timed out...) unchecked.
    if (Causes.find(failure, IOException.class) != null) {
      return new GatewayError(
          "Lost the connection to Icegate at "
              + gatewayAddress
              + ": "
              + Causes.reason(failure)
              + ". Reconnect to continue.",
          SqlStates.CONNECTION_FAILURE,
          0,
          failure);
    }
    return failure;
  }

  /** Returns the GatewayError in {@code failure}'s chain of causes, or null. */
  static GatewayError in(Throwable failure) {
    return Causes.find(failure, GatewayError.class);
  }

  /** Returns the exception the application sees; what the driver's method threw is its cause. */
  SQLException toSqlException(Throwable surfaced) {
    if (surfaced instanceof SQLException sql
        && getMessage().equals(sql.getMessage())
        && sqlState.equals(sql.getSQLState())
        && errorCode == sql.getErrorCode()) {
      return sql; // already this error's SQLException (an overridden method called another)
    }
    return new SQLException(getMessage(), sqlState, errorCode, surfaced);
  }

  /** Returns the message the server sent, without the prefix Avatica adds; may be blank. */
  static String serverMessage(AvaticaClientRuntimeException reported) {
    String message = reported.getMessage() == null ? "" : reported.getMessage();
    return message.startsWith(AVATICA_PREFIX)
        ? message.substring(AVATICA_PREFIX.length())
        : message;
  }

  /** Returns whether the server gave a SQLState; if not, Avatica puts "00000" (success). */
  static boolean isKnownSqlState(String sqlState) {
    return sqlState != null
        && !sqlState.isBlank()
        && !ErrorResponse.UNKNOWN_SQL_STATE.equals(sqlState);
  }
}
