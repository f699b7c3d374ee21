package io.icegate.gateway.server;

import io.icegate.access.AccessControl;
import io.icegate.gateway.access.GatewayAccess;
import io.icegate.gateway.activity.GatewayActivity;
import io.icegate.gateway.config.GatewayConfig;
import io.icegate.gateway.config.Setting;
import io.icegate.gateway.console.ConsoleHandler;
import io.icegate.gateway.engine.SparkEngine;
import io.icegate.gateway.health.HealthThresholds;
import io.icegate.gateway.jdbc.IcegateMeta;
import io.icegate.gateway.metadata.NativeMetadataPath;
import io.icegate.gateway.metrics.GatewayMetrics;
import io.icegate.gateway.security.Authenticator;
import io.icegate.gateway.security.BindPolicy;
import io.icegate.gateway.security.UsersFileAuthenticator;
import io.icegate.metadata.partitions.PartitionCountsCache;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.UnrecoverableKeyException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.calcite.avatica.remote.Driver.Serialization;
import org.apache.calcite.avatica.remote.Service;
import org.apache.calcite.avatica.server.HttpServer;
import org.apache.calcite.avatica.server.ServerCustomizer;
import org.apache.spark.sql.SparkSession;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Avatica's HTTP server in front of one {@link SparkEngine}. */
public final class GatewayServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(GatewayServer.class);

  private final SparkEngine engine;
  private final GatewayConfig config;
  private final IcegateMeta meta;
  private final HttpServer http;
  private final Readiness readiness;
  private final boolean ownsEngine;

  private GatewayServer(
      SparkEngine engine,
      GatewayConfig config,
      IcegateMeta meta,
      HttpServer http,
      Readiness readiness,
      boolean ownsEngine) {
    this.engine = engine;
    this.config = config;
    this.meta = meta;
    this.http = http;
    this.readiness = readiness;
    this.ownsEngine = ownsEngine;
  }

  /** Starts Spark and the HTTP server; closing the server stops both. */
  public static GatewayServer start(GatewayConfig config) {
    SparkEngine engine = SparkEngine.start(config);
    try {
      return start(engine, true);
    } catch (RuntimeException e) {
      engine.close();
      throw e;
    }
  }

  /** Starts an HTTP server on an engine that outlives it (tests share one SparkContext per JVM). */
  public static GatewayServer start(SparkEngine engine, boolean ownsEngine) {
    return start(engine, engine.config(), ownsEngine);
  }

  /**
   * Starts an HTTP server on {@code engine} with the gateway settings of {@code config} (its {@code
   * spark.*} keys are the engine's business and are not read here): several gateways with different
   * settings can share a JVM's one SparkContext.
   */
  public static GatewayServer start(SparkEngine engine, GatewayConfig config, boolean ownsEngine) {
    BindPolicy.check(config);
    Optional<Authenticator> authenticator = config.usersFile().map(UsersFileAuthenticator::new);
    config
        .tlsKeystore()
        .ifPresent(keystore -> checkKeystore(keystore, config.tlsKeystorePassword()));
    PartitionCountsCache.shared().setMaxCounts(config.partitionCacheCounts());
    HealthThresholds.configure(config.health());
    // The gateway's own session, set up as a connection's (so it sees the catalogs connections
    // see), for the readiness checks, the console and the access rules' checks of a changed file:
    // made when first needed.
    Supplier<SparkSession> ownSession = new OwnSession(engine);
    AccessControl access = GatewayAccess.load(config, ownSession);
    IcegateMeta meta = new IcegateMeta(engine, config, access);
    GatewayMetrics.instance().watchSpark(engine.rootSession().sparkContext());
    Serialization serialization =
        config.serialization().equals("json") ? Serialization.JSON : Serialization.PROTOBUF;
    ServerCustomizer<Server> bindHost =
        server -> {
          for (Connector connector : server.getConnectors()) {
            ((ServerConnector) connector).setHost(config.host());
          }
        };
    Readiness readiness =
        new Readiness(engine, ownSession, Duration.ofMillis(config.readyCatalogTimeoutMillis()));
    // Avatica's handlers are in place when customizers run: authentication goes in front of all of
    // them, so a refused request is answered before Avatica reads a byte of it; only the health
    // checks and the web console (which logs its users in with a form) come before it.
    ServerCustomizer<Server> authenticate =
        server -> {
          MetricsEndpoint metrics = new MetricsEndpoint();
          metrics.setHandler(server.getHandler());
          AuthenticationHandler authentication = new AuthenticationHandler(authenticator);
          authentication.setHandler(metrics);
          ConsoleHandler console =
              new ConsoleHandler(authenticator, config.auditLogPath(), ownSession, access);
          console.setHandler(authentication);
          HealthEndpoints health = new HealthEndpoints(readiness);
          health.setHandler(console);
          server.setHandler(health);
        };
    ServerCustomizer<Server> refusePlainHttp =
        server -> {
          for (Connector connector : server.getConnectors()) {
            SslConnectionFactory ssl = connector.getConnectionFactory(SslConnectionFactory.class);
            if (ssl != null) {
              ((ServerConnector) connector).addFirstConnectionFactory(new PlainHttpRefusal(ssl));
            }
          }
        };
    Service service = new GatewayService(meta);
    if (authenticator.isEmpty()) {
      service = ClientNamedUsers.wrap(service, GatewayActivity.instance());
    }
    HttpServer.Builder<Server> builder =
        new HttpServer.Builder<Server>()
            .withHandler(service, serialization)
            .withPort(config.port())
            .withServerCustomizers(List.of(bindHost, authenticate, refusePlainHttp), Server.class);
    config
        .tlsKeystore()
        .ifPresent(
            keystore ->
                builder.withTLS(
                    keystore.toFile(),
                    config.tlsKeystorePassword(),
                    // Avatica's builder insists on a trust store; the gateway asks no client
                    // certificate, so it is unused.
                    keystore.toFile(),
                    config.tlsKeystorePassword()));
    HttpServer http = builder.build();
    try {
      http.start();
    } catch (RuntimeException e) {
      readiness.close();
      meta.close();
      throw e;
    }
    if (config.metadataNative()) {
      NativeMetadataPath.warmUpInBackground();
    }
    LOG.info(
        "Authentication {}, {}",
        config.usersFile().map(f -> "on (users file " + f + ")").orElse("off"),
        config.tlsKeystore().isPresent() ? "HTTPS" : "plain HTTP");
    return new GatewayServer(engine, config, meta, http, readiness, ownsEngine);
  }

  /**
   * Reads the keystore once before starting, so that a wrong path or password is one clear line.
   */
  static void checkKeystore(Path keystore, String password) {
    if (password.isEmpty()) {
      // Checked here rather than in GatewayConfig, whose settings may be given one at a time.
      throw new IllegalArgumentException(
          "Cannot serve HTTPS with keystore "
              + keystore
              + ": "
              + Setting.TLS_KEYSTORE_PASSWORD.key()
              + " is not set (--tls-password)");
    }
    if (!Files.isRegularFile(keystore)) {
      throw new IllegalArgumentException(
          "Cannot serve HTTPS with keystore "
              + keystore
              + ": no such file ("
              + Setting.TLS_KEYSTORE.key()
              + ", --tls-keystore)");
    }
    try {
      KeyStore.getInstance(keystore.toFile(), password.toCharArray());
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalArgumentException(
          "Cannot serve HTTPS with keystore "
              + keystore
              + ": "
              + (e.getCause() instanceof UnrecoverableKeyException
                  ? "wrong password"
                  : e.getMessage())
              + " ("
              + Setting.TLS_KEYSTORE.key()
              + ", "
              + Setting.TLS_KEYSTORE_PASSWORD.key()
              + ")",
          e);
    }
  }

  /** A session of the gateway's own, made on first use. */
  private static final class OwnSession implements Supplier<SparkSession> {
    private final SparkEngine engine;
    private SparkSession session;

    OwnSession(SparkEngine engine) {
      this.engine = engine;
    }

    @Override
    public synchronized SparkSession get() {
      if (session == null) {
        session = engine.newSession();
      }
      return session;
    }
  }

  public int port() {
    return http.getPort();
  }

  /** The base URL clients connect to. */
  public String url() {
    return (config.tlsKeystore().isPresent() ? "https" : "http")
        + "://"
        + config.host()
        + ":"
        + port();
  }

  public SparkEngine engine() {
    return engine;
  }

  public IcegateMeta meta() {
    return meta;
  }

  /** Blocks until the server stops. */
  public void join() throws InterruptedException {
    http.join();
  }

  /**
   * Stops: first {@code /ready} turns 503, and for {@code icegate.shutdown.drain-seconds} the port
   * stays open (a load balancer takes the gateway out meanwhile); then the server, the connections
   * and, if owned, Spark.
   */
  @Override
  public void close() {
    readiness.stopping();
    try {
      if (config.shutdownDrainSeconds() > 0) {
        LOG.info("Draining for {} s before closing the port", config.shutdownDrainSeconds());
        Thread.sleep(config.shutdownDrainSeconds() * 1000L);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try {
      http.stop();
      meta.close();
      readiness.close();
    } finally {
      if (ownsEngine) {
        engine.close();
      }
    }
  }
}
