package io.icegate.gateway.jdbc;

import io.icegate.gateway.config.Setting;
import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import java.time.Duration;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Closes every connection that no request has used for {@code
 * icegate.connection.idle-timeout-seconds}: its running Spark work is cancelled, its open results
 * closed and its session released, so a client that was killed or lost its network costs the
 * gateway nothing after that. A request in flight (a long execution) keeps its connection alive.
 * Remembers the connections it closed, so that a late request hears why.
 */
final class IdleConnections {
  private static final Logger LOG = LoggerFactory.getLogger(IdleConnections.class);

  /** Expired connection ids remembered; the oldest are forgotten first. */
  private static final int REMEMBERED = 10_000;

  private final Duration timeout;
  private final Collection<GatewayConnection> open;
  private final Consumer<String> close;
  private final Map<String, Boolean> expired =
      Collections.synchronizedMap(
          new LinkedHashMap<>(16, 0.75f, false) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
              return size() > REMEMBERED;
            }
          });

  /**
   * Starts checking on {@code timers}, often enough that a connection is closed within a quarter of
   * the timeout after it expired.
   *
   * @param open the open connections, read at each check
   * @param close closes the connection of an id, as a client's close request does
   */
  IdleConnections(
      Duration timeout,
      Collection<GatewayConnection> open,
      Consumer<String> close,
      ScheduledExecutorService timers) {
    this.timeout = timeout;
    this.open = open;
    this.close = close;
    long checkMillis = Math.max(250, Math.min(15_000, timeout.toMillis() / 4));
    timers.scheduleWithFixedDelay(this::expire, checkMillis, checkMillis, TimeUnit.MILLISECONDS);
  }

  /** Why connection {@code id} is not open: expired here, or closed, or unknown to this gateway. */
  GatewayException notOpen(String id) {
    if (expired.containsKey(id)) {
      return new GatewayException(
          ErrorCode.CONNECTION_CLOSED,
          "Cannot use connection "
              + id
              + ": the gateway closed"
              + " it after "
              + timeout.toSeconds()
              + " s without a request ("
              + Setting.IDLE_TIMEOUT.key()
              + "); reconnect");
    }
    return new GatewayException(
        ErrorCode.CONNECTION_CLOSED,
        "Cannot use connection "
            + id
            + ": it is closed, expired or the gateway restarted; reconnect");
  }

  private void expire() {
    for (GatewayConnection connection : open) {
      try {
        if (connection.activity().idle().compareTo(timeout) >= 0) {
          LOG.info(
              "Connection {} was idle for {} s or more: closing it and cancelling its work",
              connection.id(),
              timeout.toSeconds());
          expired.put(connection.id(), Boolean.TRUE);
          close.accept(connection.id());
        }
      } catch (RuntimeException e) {
        // One connection's failure to close must not stop the expiry of the others (or this
        // thread).
        LOG.warn("Could not expire connection {}: {}", connection.id(), e.toString());
      }
    }
  }
}
