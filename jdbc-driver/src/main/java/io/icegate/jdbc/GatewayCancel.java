package io.icegate.jdbc;

import io.icegate.protocol.MetadataCall;
import io.icegate.protocol.MetadataMethod;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code Statement.cancel()} for Icegate statements. Avatica's protocol has no cancel request (its
 * client only sets a flag that a running execution never sees), so the driver asks the gateway
 * through the same statement channel as the metadata calls Avatica lacks ({@link
 * MetadataMethod#CANCEL_STATEMENT}), from the cancelling thread; the gateway cancels the
 * statement's Spark jobs, and the execution fails with SQLState 57014. A query timeout ({@code
 * Statement.setQueryTimeout}) cancels the same way when it passes.
 */
final class GatewayCancel {
  /** One daemon thread for every statement's timeout: a timeout's work is one short call. */
  private static final ScheduledExecutorService TIMEOUTS =
      Executors.newSingleThreadScheduledExecutor(
          task -> {
            Thread thread = new Thread(task, "icegate-query-timeout");
            thread.setDaemon(true);
            return thread;
          });

  private GatewayCancel() {}

  /**
   * Runs {@code execution} of {@code statement} under its query timeout: when the timeout passes
   * first, the statement is cancelled on the gateway and the execution fails with a {@link
   * SQLTimeoutException} (57014).
   */
  static <T> T withTimeout(Statement statement, int statementId, GatewayErrors.SqlCall<T> execution)
      throws SQLException {
    int seconds = statement.getQueryTimeout();
    if (seconds <= 0) {
      return execution.call();
    }
    Connection connection = statement.getConnection();
    AtomicBoolean timedOut = new AtomicBoolean();
    ScheduledFuture<?> timeout =
        TIMEOUTS.schedule(
            () -> {
              timedOut.set(true);
              try {
                cancel(connection, statementId);
              } catch (SQLException e) {
                // The execution itself reports what went wrong.
              }
            },
            seconds,
            TimeUnit.SECONDS);
    try {
      return execution.call();
    } catch (SQLException e) {
      if (timedOut.get()) {
        throw new SQLTimeoutException(
            "Statement timed out after "
                + seconds
                + " s (its query timeout); its work"
                + " on the gateway was cancelled",
            SqlStates.QUERY_CANCELED,
            e);
      }
      throw e;
    } finally {
      timeout.cancel(false);
    }
  }

  static void cancel(Connection connection, int statementId) throws SQLException {
    MetadataCall call =
        MetadataCall.of(MetadataMethod.CANCEL_STATEMENT, Integer.toString(statementId));
    try (ResultSet ignored = IcegateDatabaseMetaData.gatewayCall(connection, call)) {
      // The answer has no rows; the execution being cancelled reports the outcome.
    }
  }
}
