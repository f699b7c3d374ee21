package io.icegate.it;

import io.icegate.gateway.config.GatewayConfig;
import io.icegate.gateway.engine.SparkEngine;
import io.icegate.gateway.server.GatewayServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;

/**
 * The test JVM's one SparkEngine (on a fresh warehouse under target/) and a gateway on a free port per test
 * class.
 */
public final class TestGateway implements AutoCloseable {
  private static SparkEngine engine;

  private final GatewayServer server;

  private TestGateway(GatewayServer server) {
    this.server = server;
  }

  public static synchronized SparkEngine engine() {
    if (engine == null) {
      try {
        Path warehouse = Files.createTempDirectory(Path.of("target"), "warehouse-");
        // Tests write scratch files (parquet directories, table locations) under target/: an operator's root.
        engine = SparkEngine.start(GatewayConfig.from(Map.of(
            "icegate.warehouse", warehouse.toString(),
            "icegate.port", "0",
            "icegate.policy.file-roots.admin", Path.of("target").toAbsolutePath().toString(),
            "spark.master", "local[2]",
            "spark.sql.shuffle.partitions", "4")));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      Runtime.getRuntime().addShutdownHook(new Thread(engine::close));
    }
    return engine;
  }

  public static TestGateway start() {
    return new TestGateway(GatewayServer.start(engine(), false));
  }

  /**
   * A gateway whose admins may define catalogs with connection properties ({@code spark.sql.catalog.NAME...}), as
   * an operator opens it ({@code icegate.policy.admin-settings}); the statement policy refuses it otherwise.
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
    return new TestGateway(GatewayServer.start(engine(), config, false));
  }

  public String jdbcUrl() {
    return "jdbc:icegate://127.0.0.1:" + server.port();
  }

  public Connection connect() throws SQLException {
    return DriverManager.getConnection(jdbcUrl(), new Properties());
  }

  /** A connection opened with the user name {@code user} (no password: for gateways without authentication). */
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

  public GatewayServer server() {
    return server;
  }

  @Override
  public void close() {
    server.close();
  }
}
