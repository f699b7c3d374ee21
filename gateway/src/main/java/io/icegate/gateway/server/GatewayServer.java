package io.icegate.gateway.server;

import io.icegate.gateway.config.GatewayConfig;
import io.icegate.gateway.engine.SparkEngine;
import io.icegate.gateway.meta.IcegateMeta;
import io.icegate.gateway.metadata.NativeMetadataPath;
import java.util.List;
import org.apache.calcite.avatica.remote.Driver.Serialization;
import org.apache.calcite.avatica.server.HttpServer;
import org.apache.calcite.avatica.server.ServerCustomizer;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/** Avatica's HTTP server in front of one {@link SparkEngine}. */
public final class GatewayServer implements AutoCloseable {
  private final SparkEngine engine;
  private final IcegateMeta meta;
  private final HttpServer http;
  private final boolean ownsEngine;

  private GatewayServer(SparkEngine engine, IcegateMeta meta, HttpServer http, boolean ownsEngine) {
    this.engine = engine;
    this.meta = meta;
    this.http = http;
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
   * Starts an HTTP server on {@code engine} with the gateway settings of {@code config} (its {@code spark.*} keys
   * are the engine's business and are not read here): several gateways with different settings can share a JVM's
   * one SparkContext.
   */
  public static GatewayServer start(SparkEngine engine, GatewayConfig config, boolean ownsEngine) {
    IcegateMeta meta = new IcegateMeta(engine, config);
    Serialization serialization = config.serialization().equals("json") ? Serialization.JSON : Serialization.PROTOBUF;
    ServerCustomizer<Server> bindHost = server -> {
      for (Connector connector : server.getConnectors()) {
        ((ServerConnector) connector).setHost(config.host());
      }
    };
    HttpServer http = new HttpServer.Builder<Server>()
        .withHandler(new GatewayService(meta), serialization)
        .withPort(config.port())
        .withServerCustomizers(List.of(bindHost), Server.class)
        .build();
    http.start();
    if (config.metadataNative()) {
      NativeMetadataPath.warmUpInBackground();
    }
    return new GatewayServer(engine, meta, http, ownsEngine);
  }

  public int port() {
    return http.getPort();
  }

  /** The base URL clients connect to. */
  public String url() {
    return "http://" + engine.config().host() + ":" + port();
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

  @Override
  public void close() {
    try {
      http.stop();
      meta.close();
    } finally {
      if (ownsEngine) {
        engine.close();
      }
    }
  }
}
