package io.icegate.jdbc;

import io.icegate.jdbc.wire.FrameDecodingTranslation;
import io.icegate.protocol.CompactRows;
import io.icegate.protocol.OpenConnectionKeys;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.util.Collections;
import java.util.Properties;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaFactory;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.BuiltInConnectionProperty;
import org.apache.calcite.avatica.ConnectStringParser;
import org.apache.calcite.avatica.DriverVersion;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.remote.AvaticaHttpClient;
import org.apache.calcite.avatica.remote.Driver;
import org.apache.calcite.avatica.remote.ProtobufTranslation;
import org.apache.calcite.avatica.remote.ProtobufTranslationDriver;
import org.apache.calcite.avatica.remote.RemoteProtobufService;
import org.apache.calcite.avatica.remote.Service;

/**
 * JDBC driver for Icegate, a JDBC gateway to Apache Iceberg tables on Spark.
 *
 * <p>Accepts {@code jdbc:icegate://HOST[:PORT][/CATALOG[/NAMESPACE]][?key=value&...]} (default port
 * {@value IcegateUrl#DEFAULT_PORT}; see {@link ConnectionProperty} for the keys) and, for tools
 * that only know Avatica, {@code jdbc:avatica:remote:url=http://HOST:PORT;serialization=PROTOBUF},
 * which is handled exactly like Avatica's remote driver does (this driver takes its place in {@link
 * DriverManager}). Either way, failures report the gateway's own message, SQLState and error code,
 * result sets read Spark's arrays, structs and maps as {@link java.util.List}, {@link
 * java.sql.Struct} and {@link java.util.Map}, and protobuf rows are decoded by {@link
 * FrameDecodingTranslation}.
 */
public class IcegateDriver extends ProtobufTranslationDriver {

  static {
    try {
      DriverManager.registerDriver(new IcegateDriver());
      deregisterAvaticaDriver();
    } catch (SQLException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /**
   * Removes the plain Avatica remote driver that Avatica's own static block registered when this
   * class's superclass was loaded. Registered before this driver, DriverManager would hand it every
   * {@code jdbc:avatica:remote:} URL, whose connections would then lack Icegate's error messages
   * and nested types. Matched by exact class, so subclasses (this one included) stay.
   *
   * <p>Both DriverManager calls take its driver-loading lock. Only while DriverManager loads its
   * drivers for the first time can another thread hold that lock and wait for this class.
   */
  private static void deregisterAvaticaDriver() throws SQLException {
    for (java.sql.Driver registered : Collections.list(DriverManager.getDrivers())) {
      if (registered.getClass() == Driver.class) {
        DriverManager.deregisterDriver(registered);
      }
    }
  }

  /** Creates a driver; applications normally go through {@link DriverManager} instead. */
  public IcegateDriver() {
    super();
  }

  @Override
  protected DriverVersion createDriverVersion() {
    return IcegateVersion.load();
  }

  /**
   * Returns Avatica's remote Meta behind a {@link GatewayMeta}, so that every failed call to the
   * gateway can be reported with the gateway's own message.
   */
  @Override
  public Meta createMeta(AvaticaConnection connection) {
    String gatewayAddress = connection.config().url();
    return GatewayMeta.wrap(
        super.createMeta(connection), gatewayAddress == null ? "(no url given)" : gatewayAddress);
  }

  /** Avatica's remote service, asking for a plain statement's first frame in its fetch size. */
  @Override
  protected RemoteProtobufService createRemoteService(
      AvaticaHttpClient client, ProtobufTranslation translation, AvaticaConnection connection) {
    return new FetchSizedService(
        client, translation, statementId -> fetchSizeOf(connection, statementId));
  }

  private static int fetchSizeOf(AvaticaConnection connection, int statementId) {
    AvaticaStatement statement = connection.statementMap.get(statementId);
    try {
      return statement == null ? 0 : statement.getFetchSize();
    } catch (SQLException closed) {
      return 0;
    }
  }

  /** Decodes result rows without Avatica's per-cell reflection; see {@code FrameDecoder}. */
  @Override
  protected ProtobufTranslation createProtobufTranslation() {
    return new FrameDecodingTranslation();
  }

  @Override
  protected AvaticaFactory createFactory() {
    // Avatica's default factory is package-private; its own loader may instantiate it, we wrap it.
    return new IcegateJdbcFactory(super.createFactory());
  }

  @Override
  public boolean acceptsURL(String url) throws SQLException {
    if (url == null) {
      throw new SQLException("Cannot connect: the URL is null", SqlStates.CANNOT_CONNECT);
    }
    return url.startsWith(IcegateUrl.PREFIX) || url.startsWith(CONNECT_STRING_PREFIX);
  }

  @Override
  public Connection connect(String url, Properties info) throws SQLException {
    if (!acceptsURL(url)) {
      return null;
    }
    if (!url.startsWith(IcegateUrl.PREFIX)) {
      Properties given = info == null ? new Properties() : info;
      try {
        return super.connect(url, given);
      } catch (RuntimeException e) {
        Properties parsed = avaticaProperties(url, given);
        throw ConnectFailure.translate(
            e,
            parsed.getProperty(BuiltInConnectionProperty.URL.camelName(), "(no url given)"),
            parsed.getProperty(BuiltInConnectionProperty.AVATICA_USER.camelName()));
      }
    }
    IcegateUrl target = IcegateUrl.parse(url, info);
    Properties properties = AvaticaProperties.of(target);
    if (translationTakesEffect()
        && ConnectionProperty.ROW_ENCODING.valueIn(target.settings()).equals("compact")) {
      // Only this driver's own frame reading understands the compact rows.
      properties.setProperty(OpenConnectionKeys.ROW_ENCODING, CompactRows.ENCODING);
    }
    properties.setProperty(
        ConnectionProperty.READ_ONLY.key(),
        ConnectionProperty.READ_ONLY.valueIn(target.settings()));
    try {
      // Avatica's connect() would re-parse the URL as its own "key=value;..." string, so the
      // connection is built here from the translated properties, keeping the Icegate URL as the one
      // DatabaseMetaData.getURL() reports.
      AvaticaConnection connection = factory.newConnection(this, factory, url, properties);
      handler.onConnectionInit(connection);
      connection
          .getService()
          .apply(
              new Service.OpenConnectionRequest(
                  connection.id, Service.OpenConnectionRequest.serializeProperties(properties)));
      return connection;
    } catch (RuntimeException e) {
      throw ConnectFailure.translate(
          e, target.serverAddress(), target.settings().get(ConnectionProperty.USER.key()));
    }
  }

  private static Properties avaticaProperties(String url, Properties info) throws SQLException {
    return ConnectStringParser.parse(url.substring(CONNECT_STRING_PREFIX.length()), info);
  }

  @Override
  public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) throws SQLException {
    if (url == null || !url.startsWith(IcegateUrl.PREFIX)) {
      return super.getPropertyInfo(url, info == null ? new Properties() : info);
    }
    IcegateUrl parsed = IcegateUrl.parse(url, info);
    ConnectionProperty[] properties = ConnectionProperty.values();
    DriverPropertyInfo[] result = new DriverPropertyInfo[properties.length];
    for (int i = 0; i < properties.length; i++) {
      ConnectionProperty property = properties[i];
      result[i] = new DriverPropertyInfo(property.key(), property.valueIn(parsed.settings()));
      result[i].description = property.description();
      result[i].required = false;
      if (!property.choices().isEmpty()) {
        result[i].choices = property.choices().toArray(String[]::new);
      }
    }
    return result;
  }
}
