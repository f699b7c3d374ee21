package io.icegate.gateway.jdbc;

import io.icegate.gateway.config.Setting;
import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The open JDBC connections of one gateway: no more than {@code icegate.connection.max} at once,
 * each closed when it was idle for the idle timeout (see {@link IdleConnections}), and told apart
 * from closed ones in the errors.
 */
final class ConnectionRegistry {
  private static final Logger LOG = LoggerFactory.getLogger(ConnectionRegistry.class);

  private final ConcurrentMap<String, GatewayConnection> open = new ConcurrentHashMap<>();
  private final int max;
  private final Consumer<GatewayConnection> release;
  private final IdleConnections idle;

  /**
   * @param release frees what the gateway holds for a connection besides its statements, once it is
   *     closed
   * @param timers runs the idle expiry
   */
  ConnectionRegistry(
      int max,
      Duration idleTimeout,
      ScheduledExecutorService timers,
      Consumer<GatewayConnection> release) {
    this.max = max;
    this.release = release;
    this.idle = new IdleConnections(idleTimeout, open.values(), this::close, timers);
  }

  /**
   * Registers the connection {@code create} makes as {@code id}, unless that id is open or the
   * gateway is full.
   */
  GatewayConnection open(String id, Supplier<GatewayConnection> create) {
    if (open.containsKey(id)) {
      throw new GatewayException(
          ErrorCode.INVALID_CONNECTION_PROPERTY,
          "Cannot open connection " + id + ": a connection with this id is already open");
    }
    if (open.size() >= max) {
      LOG.info("Refused a connection: {} open ({})", open.size(), Setting.MAX_CONNECTIONS.key());
      throw new GatewayException(
          ErrorCode.TOO_MANY_CONNECTIONS,
          "Cannot open a connection: the gateway has "
              + open.size()
              + " open, as many as it accepts ("
              + Setting.MAX_CONNECTIONS.key()
              + "="
              + max
              + "); close unused connections or try again later");
    }
    GatewayConnection connection = create.get();
    open.put(id, connection);
    return connection;
  }

  /** The open connection {@code id}; if there is none, says whether it expired or was closed. */
  GatewayConnection get(String id) {
    GatewayConnection connection = open.get(id);
    if (connection == null) {
      throw idle.notOpen(id);
    }
    return connection;
  }

  Optional<GatewayConnection> find(String id) {
    return Optional.ofNullable(open.get(id));
  }

  /**
   * Closes connection {@code id} (its running work is cancelled) and releases it; nothing if it is
   * not open.
   */
  void close(String id) {
    GatewayConnection connection = open.remove(id);
    if (connection != null) {
      try {
        connection.close();
      } finally {
        release.accept(connection);
      }
      LOG.debug("Closed connection {}", id);
    }
  }

  void closeAll() {
    List.copyOf(open.keySet()).forEach(this::close);
  }

  int size() {
    return open.size();
  }
}
