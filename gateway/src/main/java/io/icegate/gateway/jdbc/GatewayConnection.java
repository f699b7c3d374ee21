package io.icegate.gateway.jdbc;

import io.icegate.gateway.activity.ConnectionActivity;
import io.icegate.gateway.activity.StatementActivity;
import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import io.icegate.gateway.security.Identity;
import java.time.ZoneId;
import java.util.Collection;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.sql.SparkSession;

/**
 * One JDBC connection: its own SparkSession (settings, temporary views, current catalog) and its
 * statements.
 */
final class GatewayConnection {
  private final String id;
  private final SparkSession session;
  private final ZoneId zone;
  private final ConnectionActivity activity;
  private final Identity identity;
  private final boolean compactRows;
  private final ConcurrentMap<Integer, GatewayStatement> statements = new ConcurrentHashMap<>();
  private final AtomicInteger nextStatementId = new AtomicInteger();
  private volatile boolean readOnly;

  GatewayConnection(
      String id,
      SparkSession session,
      ZoneId zone,
      ConnectionActivity activity,
      Identity identity,
      boolean compactRows) {
    this.identity = identity;
    this.compactRows = compactRows;
    this.id = id;
    this.session = session;
    this.zone = zone;
    this.activity = activity;
  }

  /**
   * Whether the client made it read-only: it then runs only what the {@code read} role may,
   * whatever the user's role.
   */
  boolean readOnly() {
    return readOnly;
  }

  void readOnly(boolean readOnly) {
    this.readOnly = readOnly;
  }

  /** Who opened it, and with which role: every statement on it runs as this user. */
  Identity identity() {
    return identity;
  }

  /**
   * When it was last used and whether a request is in flight on it (for idle expiry and the system
   * tables).
   */
  ConnectionActivity activity() {
    return activity;
  }

  String id() {
    return id;
  }

  SparkSession session() {
    return session;
  }

  /** The client's time zone: result timestamps are sent as wall-clock times in it. */
  ZoneId zone() {
    return zone;
  }

  /**
   * Whether the client reads Icegate's compact row encoding (Icegate's driver), so results are sent
   * in it; such a client also reads and sends timestamps in microseconds.
   */
  boolean compactRows() {
    return compactRows;
  }

  GatewayStatement newStatement() {
    GatewayStatement statement = new GatewayStatement(nextStatementId.incrementAndGet());
    statements.put(statement.id(), statement);
    return statement;
  }

  GatewayStatement statement(int statementId) {
    GatewayStatement statement = statements.get(statementId);
    if (statement == null) {
      throw new GatewayException(
          ErrorCode.STATEMENT_CLOSED,
          "Cannot use statement "
              + statementId
              + ": it is closed or was never opened on this connection");
    }
    return statement;
  }

  void closeStatement(int statementId) {
    GatewayStatement statement = statements.remove(statementId);
    if (statement != null) {
      statement.closeResult();
    }
  }

  Collection<GatewayStatement> statements() {
    return statements.values();
  }

  /**
   * Cancels what its statements still run and closes every result; the session itself is dropped
   * with this object (its state is only referenced here).
   */
  void close() {
    for (GatewayStatement statement : statements.values()) {
      StatementActivity running = statement.activity();
      if (running != null) {
        running.cancel();
      }
      statement.closeResult();
    }
    statements.clear();
  }
}
