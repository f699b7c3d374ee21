package io.icegate.it;

import io.icegate.access.Role;
import io.icegate.gateway.server.GatewayServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A {@link TestGateway} for all tests of a class: started before the class's {@code @BeforeAll}
 * methods (which may use it to build tables) and stopped after its {@code @AfterAll} methods, also
 * when a test or a {@code @BeforeAll} method failed. Register it on a static field:
 *
 * <pre>
 * &#64;RegisterExtension
 * static final RunningGateway gateway = RunningGateway.plain();
 * </pre>
 *
 * A class that needs two gateways registers two fields.
 */
public final class RunningGateway implements BeforeAllCallback, AfterAllCallback {
  /** How the gateway starts; it may throw, e.g. while it writes the files its settings name. */
  @FunctionalInterface
  public interface Start {
    TestGateway start() throws Exception;
  }

  private final Start start;
  private TestGateway gateway;

  private RunningGateway(Start start) {
    this.start = start;
  }

  /** A gateway with the shared engine's settings: {@link TestGateway#start()}. */
  public static RunningGateway plain() {
    return startedBy(TestGateway::start);
  }

  /** A gateway with some gateway settings changed: {@link TestGateway#start(Map)}. */
  public static RunningGateway withSettings(Map<String, String> settings) {
    return startedBy(() -> TestGateway.start(settings));
  }

  /** A gateway with authentication on and one user per role: {@link TestGateway#startWithUsers}. */
  public static RunningGateway withUsers(Map<String, String> settings) {
    return startedBy(() -> TestGateway.startWithUsers(settings));
  }

  /**
   * A gateway whose admins may define catalogs per connection: {@link
   * TestGateway#startWithConnectionCatalogs}.
   */
  public static RunningGateway withConnectionCatalogs() {
    return startedBy(TestGateway::startWithConnectionCatalogs);
  }

  /**
   * A gateway that {@code start} starts when the class's tests begin: for settings that need files
   * made first.
   */
  public static RunningGateway startedBy(Start start) {
    return new RunningGateway(start);
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    gateway = start.start();
  }

  @Override
  public void afterAll(ExtensionContext context) {
    if (gateway != null) {
      gateway.close();
      gateway = null;
    }
  }

  /** The running gateway. */
  public TestGateway gateway() {
    if (gateway == null) {
      throw new IllegalStateException(
          "No gateway runs: register RunningGateway on a static @RegisterExtension field");
    }
    return gateway;
  }

  public String jdbcUrl() {
    return gateway().jdbcUrl();
  }

  public Connection connect() throws SQLException {
    return gateway().connect();
  }

  /** See {@link TestGateway#connectAs}. */
  public Connection connectAs(String user) throws SQLException {
    return gateway().connectAs(user);
  }

  /** See {@link TestGateway#connect(String, String)}. */
  public Connection connect(String user, String password) throws SQLException {
    return gateway().connect(user, password);
  }

  /** See {@link TestGateway#connect(Role)}. */
  public Connection connect(Role role) throws SQLException {
    return gateway().connect(role);
  }

  /**
   * A connection through Avatica's own remote driver (protobuf, no user): what any Avatica client
   * gets, without Icegate's driver.
   */
  public Connection connectWithAvaticasDriver() throws SQLException {
    return new org.apache.calcite.avatica.remote.Driver()
        .connect(
            "jdbc:avatica:remote:url=http://127.0.0.1:"
                + server().port()
                + ";serialization=PROTOBUF",
            new java.util.Properties());
  }

  /** See {@link TestGateway#usersFile}. */
  public Path usersFile() {
    return gateway().usersFile();
  }

  public GatewayServer server() {
    return gateway().server();
  }
}
