package io.icegate.jdbc;

import io.icegate.protocol.OpenConnectionKeys;
import java.time.ZoneId;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TimeZone;
import org.apache.calcite.avatica.BuiltInConnectionProperty;
import org.apache.calcite.avatica.remote.Driver.Serialization;

/**
 * Translates an {@link IcegateUrl} into the properties of an Avatica remote connection.
 *
 * <p>Avatica keeps its own built-in properties (url, serialization, timeZone, truststore...) on the
 * client and forwards every other property to the server when it opens the connection, so the
 * result mixes both on purpose: see {@link OpenConnectionKeys} for what the server receives.
 */
final class AvaticaProperties {

  private AvaticaProperties() {}

  static Properties of(IcegateUrl url) {
    Properties properties = new Properties();
    properties.setProperty(BuiltInConnectionProperty.URL.camelName(), url.serverAddress());
    properties.setProperty(
        BuiltInConnectionProperty.SERIALIZATION.camelName(),
        Serialization.PROTOBUF.name().toLowerCase(Locale.ROOT));

    Map<String, String> settings = url.settings();
    copy(
        settings,
        ConnectionProperty.TRUSTSTORE.key(),
        properties,
        BuiltInConnectionProperty.TRUSTSTORE.camelName());
    copy(
        settings,
        ConnectionProperty.TRUSTSTORE_PASSWORD.key(),
        properties,
        BuiltInConnectionProperty.TRUSTSTORE_PASSWORD.camelName());

    properties.setProperty(
        BuiltInConnectionProperty.FETCH_SIZE.camelName(),
        ConnectionProperty.FETCH_SIZE.valueIn(settings));
    // An execute request waits for the statement's first rows: Avatica's default of three minutes
    // would cut off any longer statement, or one waiting in the gateway's queue, with a read
    // timeout. Statements are bounded by Statement.setQueryTimeout and the gateway's limits
    // instead.
    properties.setProperty(
        BuiltInConnectionProperty.HTTP_RESPONSE_TIMEOUT.camelName(),
        Long.toString(java.time.Duration.ofHours(24).toMillis()));

    ZoneId zone = url.timeZone();
    // java.util.TimeZone silently turns ids it does not know (such as "+02:00") into GMT, so
    // Avatica
    // gets the id TimeZone itself produces for the zone.
    properties.setProperty(
        BuiltInConnectionProperty.TIME_ZONE.camelName(), TimeZone.getTimeZone(zone).getID());
    properties.setProperty(OpenConnectionKeys.CLIENT_TIME_ZONE, zone.getId());

    copy(settings, ConnectionProperty.USER.key(), properties, OpenConnectionKeys.USER);
    String user = settings.get(ConnectionProperty.USER.key());
    if (user != null && !user.isEmpty()) {
      // HTTP Basic on every request (Avatica's client answers the gateway's challenge with these);
      // a gateway
      // without authentication never challenges, and the user name still reaches it with the open
      // request. The
      // password is not sent in the open request: only the HTTP layer checks it.
      properties.setProperty(BuiltInConnectionProperty.AUTHENTICATION.camelName(), "BASIC");
      properties.setProperty(BuiltInConnectionProperty.AVATICA_USER.camelName(), user);
      properties.setProperty(
          BuiltInConnectionProperty.AVATICA_PASSWORD.camelName(),
          settings.getOrDefault(ConnectionProperty.PASSWORD.key(), ""));
    }
    if (url.catalog() != null) {
      properties.setProperty(OpenConnectionKeys.CATALOG, url.catalog());
    }
    if (url.namespace() != null) {
      properties.setProperty(OpenConnectionKeys.NAMESPACE, url.namespace());
    }
    settings.forEach(
        (key, value) -> {
          if (ConnectionProperty.isSessionSetting(key)) {
            properties.setProperty(key, value);
          }
        });
    return properties;
  }

  private static void copy(Map<String, String> from, String key, Properties to, String toKey) {
    String value = from.get(key);
    if (value != null) {
      to.setProperty(toKey, value);
    }
  }
}
