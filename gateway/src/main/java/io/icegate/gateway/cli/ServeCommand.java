package io.icegate.gateway.cli;

import io.icegate.gateway.config.GatewayConfig;
import io.icegate.gateway.config.Setting;
import io.icegate.gateway.security.BindPolicy;
import io.icegate.gateway.server.GatewayServer;
import io.icegate.gateway.server.Version;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code icegate serve}: starts Spark and the gateway, and runs until interrupted. */
@Command(
    name = "serve",
    mixinStandardHelpOptions = true,
    description =
        "Start the gateway (Spark in local mode and the embedded catalogs unless configured"
            + " otherwise).")
final class ServeCommand implements Callable<Integer> {
  private static final Logger LOG = LoggerFactory.getLogger(ServeCommand.class);

  @Option(names = "--port", description = "TCP port (default 8765; 0 picks a free port).")
  Integer port;

  @Option(names = "--host", description = "Address to bind (default 127.0.0.1).")
  String host;

  @Option(
      names = "--warehouse",
      description = "Warehouse directory of the embedded catalogs (default ./warehouse).")
  Path warehouse;

  @Option(
      names = "--users-file",
      paramLabel = "FILE",
      description = "Turn authentication on with this users file (see 'icegate user add').")
  Path usersFile;

  @Option(
      names = "--insecure",
      description =
          "Allow --host other than loopback without authentication (anyone who can reach it is"
              + " admin).")
  boolean insecure;

  @Option(
      names = "--tls-keystore",
      paramLabel = "FILE",
      description =
          "Serve HTTPS only, with the certificate and key of this keystore (PKCS12 or JKS).")
  Path tlsKeystore;

  @Option(
      names = "--tls-password",
      paramLabel = "PASSWORD",
      description = "Password of the --tls-keystore.")
  String tlsPassword;

  @Option(
      names = "--conf",
      paramLabel = "KEY=VALUE",
      description =
          "A setting (repeatable): spark.* keys go to Spark, icegate.* keys are the gateway's own.")
  List<String> conf = List.of();

  @Option(
      names = "--config",
      paramLabel = "FILE",
      description = "A properties file with the same keys as --conf.")
  Path configFile;

  @Override
  public Integer call() throws Exception {
    GatewayConfig config = GatewayConfig.from(entries());
    // Before Spark starts: a refused bind should cost a second, not Spark's start-up.
    BindPolicy.requireAllowed(config);
    GatewayServer server = GatewayServer.start(config);
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  LOG.info("Stopping Icegate");
                  try {
                    server.close();
                  } finally {
                    stopped.countDown();
                  }
                },
                "icegate-shutdown"));
    System.out.printf(
        "Icegate %s listening on %s (catalog %s, warehouse %s)%n",
        Version.get(), server.url(), config.catalog(), config.warehouse());
    System.out.flush();
    stopped.await();
    return 0;
  }

  /** Defaults, then the config file, then every --conf, then the dedicated options: later wins. */
  private Map<String, String> entries() throws IOException {
    Map<String, String> entries = new LinkedHashMap<>();
    if (configFile != null) {
      entries.putAll(ConfigFiles.read(configFile));
    }
    for (String pair : conf) {
      int eq = pair.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("Cannot read --conf '" + pair + "': expected KEY=VALUE");
      }
      entries.put(pair.substring(0, eq).trim(), pair.substring(eq + 1));
    }
    if (port != null) {
      entries.put(Setting.PORT.key(), port.toString());
    }
    if (host != null) {
      entries.put(Setting.HOST.key(), host);
    }
    if (warehouse != null) {
      entries.put(Setting.WAREHOUSE.key(), warehouse.toString());
    }
    if (usersFile != null) {
      entries.put(Setting.AUTH_USERS_FILE.key(), usersFile.toString());
    }
    if (insecure) {
      entries.put(Setting.INSECURE.key(), "true");
    }
    if (tlsKeystore != null) {
      entries.put(Setting.TLS_KEYSTORE.key(), tlsKeystore.toString());
    }
    if (tlsPassword != null) {
      entries.put(Setting.TLS_KEYSTORE_PASSWORD.key(), tlsPassword);
    }
    return entries;
  }
}
