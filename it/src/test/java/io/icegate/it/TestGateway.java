package io.icegate.it;

import io.icegate.access.Role;
import io.icegate.gateway.config.GatewayConfig;
import io.icegate.gateway.engine.SparkEngine;
import io.icegate.gateway.security.PasswordHash;
import io.icegate.gateway.security.UsersFile;
import io.icegate.gateway.server.GatewayServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/**
 * The test JVM's one SparkEngine (on a fresh warehouse under target/) and a gateway on a free port
 * per test class. The engine is the default one: Spark's standalone master and worker in a process
 * of their own, with two executors of their own.
 */
public final class TestGateway implements AutoCloseable {
  private static SparkEngine engine;

  /** The users of a gateway started with {@link #startWithUsers}: one per role. */
  public enum TestUser {
    READER("reader", Role.READ, "reader-Pw-1"),
    WRITER("writer", Role.WRITE, "writer-Pw-2"),
    BOSS("boss", Role.ADMIN, "boss-Pw-3");

    private final String user;
    private final Role role;
    private final String password;

    TestUser(String user, Role role, String password) {
      this.user = user;
      this.role = role;
      this.password = password;
    }

    public static TestUser of(Role role) {
      return Arrays.stream(values()).filter(u -> u.role == role).findFirst().orElseThrow();
    }

    public String user() {
      return user;
    }

    public String password() {
      return password;
    }
  }

  private final GatewayServer server;
  private final Path usersFile;

  private TestGateway(GatewayServer server, Path usersFile) {
    this.server = server;
    this.usersFile = usersFile;
  }

  public static synchronized SparkEngine engine() {
    if (engine == null) {
      try {
        Path warehouse = Files.createTempDirectory(Path.of("target"), "warehouse-");
        // Tests write scratch files (parquet directories, table locations) under target/: an
        // operator's root.
        engine =
            SparkEngine.start(
                GatewayConfig.from(
                    Map.of(
                        "icegate.warehouse", warehouse.toString(),
                        "icegate.port", "0",
                        "icegate.policy.file-roots.admin",
                            Path.of("target").toAbsolutePath().toString(),
                        // Small executors: a statement that exhausts one fails within seconds.
                        "spark.executor.memory", "1g",
                        "spark.sql.shuffle.partitions", "4")));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      Runtime.getRuntime().addShutdownHook(new Thread(engine::close));
    }
    return engine;
  }

  public static TestGateway start() {
    return new TestGateway(GatewayServer.start(engine(), false), null);
  }

  /**
   * A gateway with authentication on, its users file holding the {@link TestUser}s, and some
   * gateway settings changed.
   */
  public static TestGateway startWithUsers(Map<String, String> settings) {
    try {
      Path file = Files.createTempFile(Path.of("target"), "users-", ".txt");
      Files.delete(file);
      UsersFile users = UsersFile.read(file);
      for (TestUser user : TestUser.values()) {
        users.put(
            new UsersFile.User(user.user, user.role, PasswordHash.of(user.password.toCharArray())));
      }
      users.write();
      Map<String, String> all = new HashMap<>(settings);
      all.put("icegate.auth.users-file", file.toString());
      return new TestGateway(start(all).server, file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A gateway whose admins may define catalogs per connection ({@code spark.sql.catalog.NAME...} as
   * connection properties or with SET), as an operator opens it ({@code
   * icegate.policy.admin-settings}); the statement policy refuses it otherwise.
   */
  public static TestGateway startWithConnectionCatalogs() {
    return start(Map.of("icegate.policy.admin-settings", "spark.sql.catalog.*"));
  }

  /** A gateway on the shared engine with some gateway settings ({@code icegate.*}) changed. */
  public static TestGateway start(Map<String, String> settings) {
    GatewayConfig config = engine().config();
    for (Map.Entry<String, String> setting : settings.entrySet()) {
      config = config.with(setting.getKey(), setting.getValue());
    }
    return new TestGateway(GatewayServer.start(engine(), config, false), null);
  }

  public String jdbcUrl() {
    return "jdbc:icegate://127.0.0.1:" + server.port();
  }

  public Connection connect() throws SQLException {
    return DriverManager.getConnection(jdbcUrl(), new Properties());
  }

  /**
   * A connection opened with the user name {@code user} (no password: for gateways without
   * authentication).
   */
  public Connection connectAs(String user) throws SQLException {
    Properties properties = new Properties();
    properties.setProperty("user", user);
    return DriverManager.getConnection(jdbcUrl(), properties);
  }

  /** A connection as {@code user} with {@code password} (either may be null: not given). */
  public Connection connect(String user, String password) throws SQLException {
    Properties info = new Properties();
    if (user != null) {
      info.setProperty("user", user);
    }
    if (password != null) {
      info.setProperty("password", password);
    }
    return DriverManager.getConnection(jdbcUrl(), info);
  }

  /** A connection as the test user of {@code role} ({@link #startWithUsers}). */
  public Connection connect(Role role) throws SQLException {
    TestUser user = TestUser.of(role);
    return connect(user.user(), user.password());
  }

  /** The users file of a gateway started with {@link #startWithUsers}. */
  public Path usersFile() {
    return usersFile;
  }

  public GatewayServer server() {
    return server;
  }

  @Override
  public void close() {
    server.close();
  }
}
