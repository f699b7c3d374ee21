package io.icegate.jdbc;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaFactory;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.ConnectionPropertiesImpl;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.UnregisteredDriver;
import org.apache.calcite.avatica.remote.Service;

/**
 * Connection to an Icegate gateway: Avatica's, except that every method that calls the gateway
 * reports the gateway's own error (see {@link GatewayErrors}).
 *
 * <p>The other {@code createStatement} and {@code prepareStatement} overloads delegate to the ones
 * overridden here.
 *
 * <p>Transactions: Iceberg commits every statement on its own when it runs, and there is no
 * multi-statement transaction to hold open, so the connection is always in auto-commit mode. {@link
 * #setAutoCommit(boolean) setAutoCommit(false)} and {@link #rollback()} are refused rather than
 * accepted with nothing behind them; {@link #commit()} changes nothing, as {@link
 * java.sql.DatabaseMetaData#supportsTransactions()} (false) announces.
 */
public class IcegateConnection extends AvaticaConnection {

  /** Runs {@link #isValid(int)}'s round trips, so that its caller waits no longer than asked. */
  private static final ExecutorService VALIDATION =
      Executors.newCachedThreadPool(
          task -> {
            Thread thread = new Thread(task, "icegate-is-valid");
            thread.setDaemon(true);
            return thread;
          });

  /** Creates a connection; called by the driver's factory. */
  IcegateConnection(
      UnregisteredDriver driver, AvaticaFactory factory, String url, Properties info) {
    super(driver, factory, url, info);
  }

  @Override
  public AvaticaStatement createStatement(
      int resultSetType, int resultSetConcurrency, int resultSetHoldability) throws SQLException {
    return GatewayErrors.call(
        () -> super.createStatement(resultSetType, resultSetConcurrency, resultSetHoldability));
  }

  @Override
  public PreparedStatement prepareStatement(
      String sql, int resultSetType, int resultSetConcurrency, int resultSetHoldability)
      throws SQLException {
    return GatewayErrors.call(
        () ->
            super.prepareStatement(sql, resultSetType, resultSetConcurrency, resultSetHoldability));
  }

  /**
   * Accepts {@code true}, the only mode there is, and refuses {@code false} with a {@link
   * SQLFeatureNotSupportedException} (SQLState {@code 0A000}): Iceberg commits every statement when
   * it runs, so a "manual commit" mode would promise a {@link #rollback()} that cannot undo
   * anything. Refusing up front means no statement runs under that false promise.
   */
  @Override
  public void setAutoCommit(boolean autoCommit) throws SQLException {
    checkOpen();
    if (!autoCommit) {
      throw new SQLFeatureNotSupportedException(
          "Cannot switch auto-commit off: Icegate has no transactions. Iceberg commits every"
              + " statement when it runs, so nothing could be held back for commit() or undone by"
              + " rollback(); the connection stays in auto-commit mode",
          SqlStates.NOT_SUPPORTED);
    }
  }

  /** Always true: every statement is committed when it runs (see {@link #setAutoCommit}). */
  @Override
  public boolean getAutoCommit() throws SQLException {
    checkOpen();
    return true;
  }

  /**
   * Changes nothing: every statement was committed when it ran, so there is nothing left to commit
   * (what {@link java.sql.DatabaseMetaData#supportsTransactions()}, false, promises of commit). It
   * still asks the gateway, so that a connection the gateway lost is reported here.
   */
  @Override
  public void commit() throws SQLException {
    GatewayErrors.run(super::commit);
  }

  /**
   * Always fails with a {@link SQLFeatureNotSupportedException} (SQLState {@code 0A000}): every
   * statement was committed when it ran, and Icegate cannot undo it. Succeeding silently would let
   * the application believe its changes were undone.
   */
  @Override
  public void rollback() throws SQLException {
    checkOpen();
    throw new SQLFeatureNotSupportedException(
        "Cannot roll back: Icegate has no transactions."
            + " Iceberg committed every statement of this connection when it ran, and nothing was"
            + " undone (an Iceberg table can be rolled back to an earlier snapshot with"
            + " CALL <catalog>.system.rollback_to_snapshot)",
        SqlStates.NOT_SUPPORTED);
  }

  /**
   * Closes the connection. When the gateway no longer accepts its credentials (28000: the user was
   * removed or the password changed), the gateway drops the connection itself at idle expiry, so
   * closing it here succeeds quietly rather than failing an application's cleanup.
   */
  @Override
  public void close() throws SQLException {
    try {
      GatewayErrors.run(super::close);
    } catch (SQLException e) {
      if (!SqlStates.INVALID_AUTHORIZATION.equals(e.getSQLState())) {
        throw e;
      }
    }
  }

  @Override
  public void setReadOnly(boolean readOnly) throws SQLException {
    syncOnly(new ConnectionPropertiesImpl().setReadOnly(readOnly));
  }

  @Override
  public boolean isReadOnly() throws SQLException {
    return Boolean.TRUE.equals(syncOnly(new ConnectionPropertiesImpl()).isReadOnly());
  }

  /**
   * Makes {@code catalog} the connection's current catalog on the gateway, with that catalog's own
   * current namespace (as Spark's {@code USE catalog}). A catalog the gateway does not know fails
   * here, and the connection stays as it was.
   */
  @Override
  public void setCatalog(String catalog) throws SQLException {
    syncOnly(new ConnectionPropertiesImpl().setCatalog(catalog));
  }

  /** Returns the gateway's current catalog of this connection, also after a {@code USE}. */
  @Override
  public String getCatalog() throws SQLException {
    return syncOnly(new ConnectionPropertiesImpl()).getCatalog();
  }

  /**
   * Makes {@code schema} (a namespace of the current catalog, nested ones dotted) the connection's
   * current namespace on the gateway. A namespace the gateway does not know fails here, and the
   * connection stays as it was.
   */
  @Override
  public void setSchema(String schema) throws SQLException {
    syncOnly(new ConnectionPropertiesImpl().setSchema(schema));
  }

  /** Returns the gateway's current namespace of this connection, also after a {@code USE}. */
  @Override
  public String getSchema() throws SQLException {
    return syncOnly(new ConnectionPropertiesImpl()).getSchema();
  }

  /** Sent to the gateway, which has no transactions: the isolation stays NONE. */
  /**
   * Empty: there are no user-defined type mappings (Avatica's client throws, which tools log as a
   * failure).
   */
  @Override
  public java.util.Map<String, Class<?>> getTypeMap() throws SQLException {
    checkOpen();
    return new java.util.HashMap<>();
  }

  /**
   * Accepts an empty map; a mapping of user-defined types is not supported (Spark SQL has none).
   */
  @Override
  public void setTypeMap(java.util.Map<String, Class<?>> map) throws SQLException {
    checkOpen();
    if (map != null && !map.isEmpty()) {
      throw new java.sql.SQLFeatureNotSupportedException(
          "Cannot map user-defined types " + map.keySet() + ": Spark SQL has none",
          SqlStates.NOT_SUPPORTED);
    }
  }

  @Override
  public void setTransactionIsolation(int level) throws SQLException {
    syncOnly(new ConnectionPropertiesImpl().setTransactionIsolation(level));
  }

  @Override
  public int getTransactionIsolation() throws SQLException {
    Integer level = syncOnly(new ConnectionPropertiesImpl()).getTransactionIsolation();
    return level == null ? TRANSACTION_NONE : level;
  }

  /**
   * Sends {@code change}, and only it, to the gateway and returns the connection's properties as
   * the gateway has them afterwards.
   *
   * <p>Avatica's client would keep a copy of every property, send a change only with the next
   * statement, and then send the whole copy: a catalog change would carry along the namespace of
   * the old catalog, a namespace chosen with {@code USE} would be set back, and a value the gateway
   * refused would be sent, and refused, again with every statement. Its copy is left as the first
   * exchange made it and never changes, so it is never sent again.
   */
  private Meta.ConnectionProperties syncOnly(Meta.ConnectionProperties change) throws SQLException {
    checkOpen();
    try {
      return getService().apply(new Service.ConnectionSyncRequest(id, change)).connProps;
    } catch (RuntimeException e) {
      String gateway = config().url();
      throw GatewayErrors.translate(
          GatewayError.of(e, gateway == null ? "(no url given)" : gateway));
    }
  }

  /**
   * Returns whether the gateway still serves this connection, asking it with one round trip that
   * changes nothing. Returns false, without throwing, when the connection is closed, the gateway
   * cannot be reached, no longer knows this connection (expired, or the gateway restarted), or does
   * not answer within {@code timeout} seconds (0: no limit).
   *
   * @throws SQLException if {@code timeout} is negative
   */
  @Override
  public boolean isValid(int timeout) throws SQLException {
    if (timeout < 0) {
      throw new SQLException(
          "Cannot check the connection: the timeout is "
              + timeout
              + " s; it must be 0 (no limit) or more seconds",
          SqlStates.INVALID_PARAMETER_VALUE);
    }
    if (isClosed()) {
      return false;
    }
    // Straight to the service: Avatica's connectionSync answers from its cache without asking.
    Service.ConnectionSyncRequest ping =
        new Service.ConnectionSyncRequest(id, new ConnectionPropertiesImpl());
    Future<Service.Response> answer = VALIDATION.submit(() -> getService().apply(ping));
    try {
      if (timeout == 0) {
        answer.get();
      } else {
        answer.get(timeout, TimeUnit.SECONDS);
      }
      return true;
    } catch (ExecutionException e) {
      return false; // the gateway refused the connection or could not be reached
    } catch (TimeoutException e) {
      answer.cancel(true);
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
