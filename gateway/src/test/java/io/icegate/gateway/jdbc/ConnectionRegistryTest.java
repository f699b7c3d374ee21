package io.icegate.gateway.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.icegate.access.Role;
import io.icegate.gateway.activity.ConnectionActivity;
import io.icegate.gateway.activity.GatewayActivity;
import io.icegate.gateway.config.Setting;
import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import io.icegate.gateway.security.Identity;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ConnectionRegistryTest {
  private static final String USER = "registry-test";
  private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor();

  /** The connections the registry released, in order. */
  private final List<String> released = new CopyOnWriteArrayList<>();

  /**
   * The connections made, which the gateway-wide activity must forget again (other tests read it).
   */
  private final List<String> made = new CopyOnWriteArrayList<>();

  @AfterEach
  void stopTimersAndForgetConnections() {
    timers.shutdownNow();
    made.forEach(GatewayActivity.instance()::connectionClosed);
  }

  @Test
  void refusesAConnectionBeyondTheLimitWithoutMakingIt() {
    ConnectionRegistry registry = registry(2, Duration.ofHours(1));
    registry.open("a", () -> connection("a"));
    registry.open("b", () -> connection("b"));
    AtomicInteger creations = new AtomicInteger();

    assertThatThrownBy(
            () ->
                registry.open(
                    "c",
                    () -> {
                      creations.incrementAndGet();
                      return connection("c");
                    }))
        .isInstanceOfSatisfying(
            GatewayException.class,
            e -> {
              assertThat(e.errorCode()).isEqualTo(ErrorCode.TOO_MANY_CONNECTIONS);
              assertThat(e.errorCode().sqlState()).isEqualTo("53300");
              assertThat(e)
                  .hasMessage(
                      "Cannot open a connection: the gateway has 2 open, as many as it accepts ("
                          + Setting.MAX_CONNECTIONS.key()
                          + "=2); close unused connections or try again later");
            });
    assertThat(creations).hasValue(0);
    assertThat(registry.size()).isEqualTo(2);

    registry.close("a");
    registry.open("c", () -> connection("c"));
    assertThat(registry.size()).isEqualTo(2);
  }

  @Test
  void refusesAnIdThatIsOpen() {
    ConnectionRegistry registry = registry(10, Duration.ofHours(1));
    registry.open("a", () -> connection("a"));

    assertThatThrownBy(() -> registry.open("a", () -> connection("a")))
        .isInstanceOfSatisfying(
            GatewayException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_CONNECTION_PROPERTY))
        .hasMessage("Cannot open connection a: a connection with this id is already open");
  }

  @Test
  void aClosedConnectionIsReleasedOnceAndNoLongerOpen() {
    ConnectionRegistry registry = registry(10, Duration.ofHours(1));
    GatewayConnection connection = registry.open("a", () -> connection("a"));
    GatewayStatement statement = connection.newStatement();

    registry.close("a");
    registry.close("a");

    assertThat(released).containsExactly("a");
    assertThat(connection.statements()).isEmpty();
    assertThat(registry.find("a")).isEmpty();
    assertThatThrownBy(() -> connection.statement(statement.id()))
        .isInstanceOf(GatewayException.class);
    assertThatThrownBy(() -> registry.get("a"))
        .isInstanceOfSatisfying(
            GatewayException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.CONNECTION_CLOSED))
        .hasMessage(
            "Cannot use connection a: it is closed, expired or the gateway restarted; reconnect");
  }

  @Test
  void anIdleConnectionIsClosedAndALateRequestHearsWhy() {
    ConnectionRegistry registry = registry(10, Duration.ofSeconds(1));
    registry.open("idle", () -> connection("idle"));
    GatewayConnection busy = registry.open("busy", () -> connection("busy"));
    busy.activity().requestStarted();

    await().atMost(Duration.ofSeconds(10)).until(() -> registry.find("idle").isEmpty());

    assertThat(released).containsExactly("idle");
    assertThat(registry.find("busy")).as("a request in flight keeps its connection").isPresent();
    assertThatThrownBy(() -> registry.get("idle"))
        .isInstanceOfSatisfying(
            GatewayException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.CONNECTION_CLOSED))
        .hasMessage(
            "Cannot use connection idle: the gateway closed it after 1 s without a request ("
                + Setting.IDLE_TIMEOUT.key()
                + "); reconnect");
  }

  private ConnectionRegistry registry(int max, Duration idleTimeout) {
    return new ConnectionRegistry(
        max, idleTimeout, timers, connection -> released.add(connection.id()));
  }

  /** A connection without a Spark session: the registry never reads it. */
  private GatewayConnection connection(String id) {
    String connectionId = "registry-test-" + id;
    made.add(connectionId);
    ConnectionActivity activity = GatewayActivity.instance().connectionOpened(connectionId, USER);
    return new GatewayConnection(
        id,
        null,
        ZoneOffset.UTC,
        activity,
        new Identity(USER, Role.READ, "127.0.0.1", true),
        false);
  }
}
