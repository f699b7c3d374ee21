package io.icegate.jdbc;

import java.net.HttpURLConnection;
import java.sql.SQLException;

/**
 * Runs a JDBC method that calls the gateway and, if the call failed there, throws the gateway's
 * error as the application should see it (see {@link GatewayError}).
 *
 * <p>Avatica reports such a failure either as a SQLException of its own wording ({@code Error while
 * executing SQL "...": ...}, {@code while preparing SQL: ...}) or not at all, letting the unchecked
 * exception out; in both cases the GatewayError is somewhere in the chain of causes. Failures that
 * did not come from the gateway (a closed statement, an unsupported feature) pass through
 * untouched.
 */
final class GatewayErrors {

  /** A JDBC call returning a value. */
  @FunctionalInterface
  interface SqlCall<T> {
    T call() throws SQLException;
  }

  /** A JDBC call returning nothing. */
  @FunctionalInterface
  interface SqlRun {
    void run() throws SQLException;
  }

  private GatewayErrors() {}

  static <T> T call(SqlCall<T> call) throws SQLException {
    try {
      return call.call();
    } catch (SQLException | RuntimeException e) {
      throw translate(e);
    }
  }

  static void run(SqlRun run) throws SQLException {
    try {
      run.run();
    } catch (SQLException | RuntimeException e) {
      throw translate(e);
    }
  }

  /**
   * Returns the SQLException to throw for {@code failure}, or rethrows {@code failure} itself when
   * it is unchecked and did not come from the gateway.
   */
  static SQLException translate(Exception failure) {
    if (ConnectFailure.httpStatus(failure) == HttpURLConnection.HTTP_UNAUTHORIZED) {
      // Authentication is checked on every request: the user was removed or their password changed
      // since the
      // connection opened.
      return new SQLException(
          "Cannot continue: the gateway no longer accepts this connection's user name and password"
              + " (the user was removed or the password changed); reconnect with valid ones",
          SqlStates.INVALID_AUTHORIZATION);
    }
    GatewayError error = GatewayError.in(failure);
    if (error != null) {
      return error.toSqlException(failure);
    }
    if (failure instanceof RuntimeException unchecked) {
      throw unchecked;
    }
    return (SQLException) failure;
  }

  /**
   * Throws {@code failure} from a method whose Avatica signature declares no SQLException although
   * the JDBC interface it implements does (see {@link IcegateResultSet#close()}).
   */
  @SuppressWarnings("unchecked")
  static <E extends Throwable> RuntimeException sneakyThrow(Throwable failure) throws E {
    throw (E) failure;
  }
}
