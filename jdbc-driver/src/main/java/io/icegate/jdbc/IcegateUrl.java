package io.icegate.jdbc;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * A parsed {@code jdbc:icegate://HOST[:PORT][/CATALOG[/NAMESPACE]][?key=value&...]} URL, merged
 * with the {@link Properties} given next to it.
 *
 * @param url the URL as the application gave it
 * @param host host name, IPv4 address or bracketed IPv6 address
 * @param port server port
 * @param catalog catalog from the URL path, or null
 * @param namespace namespace from the URL path, or null
 * @param settings every property from the query string and the {@code Properties}, validated; an
 *     explicit {@code Properties} value wins over the query string
 */
public record IcegateUrl(
    String url,
    String host,
    int port,
    String catalog,
    String namespace,
    Map<String, String> settings) {

  /** The prefix of Icegate URLs. */
  public static final String PREFIX = "jdbc:icegate:";

  /** The port used when the URL names none. */
  public static final int DEFAULT_PORT = 8765;

  private static final Pattern HOST_NAME = Pattern.compile("[A-Za-z0-9._-]+");
  private static final Pattern IPV6_LITERAL = Pattern.compile("\\[[0-9A-Fa-f:.%A-Za-z]+]");
  private static final Pattern PORT = Pattern.compile("[0-9]{1,5}");
  private static final Pattern SECRET_IN_QUERY =
      Pattern.compile("([?&](?:password|truststore_password)=)[^&]*");

  /** Creates a parsed URL; prefer {@link #parse}. */
  public IcegateUrl {
    settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
  }

  /**
   * Parses an Icegate URL and merges {@code info} into its query-string properties.
   *
   * @param url the JDBC URL
   * @param info connection properties given next to the URL; may be null
   * @return the parsed URL
   * @throws SQLException with SQLState 08001 when the URL is malformed or a property is unknown or
   *     invalid; the message quotes the URL with passwords masked
   */
  public static IcegateUrl parse(String url, Properties info) throws SQLException {
    return new Parser(url).parse(info);
  }

  /** Returns whether the connection uses HTTPS. */
  public boolean ssl() {
    return Boolean.parseBoolean(ConnectionProperty.SSL.valueIn(settings));
  }

  /** Returns the effective time zone of the session. */
  public ZoneId timeZone() {
    return ZoneId.of(ConnectionProperty.TIME_ZONE.valueIn(settings));
  }

  /** Returns the address of the server's Avatica endpoint, e.g. {@code http://localhost:8765}. */
  public String serverAddress() {
    return (ssl() ? "https" : "http") + "://" + host + ":" + port;
  }

  /** Returns the URL with password values replaced by {@code ***}, fit for messages and logs. */
  public String redactedUrl() {
    return redact(url);
  }

  @Override
  public String toString() {
    Map<String, String> shown = new LinkedHashMap<>(settings);
    shown.replaceAll((key, value) -> key.endsWith("password") ? "***" : value);
    return "IcegateUrl[" + redact(url) + ", settings=" + shown + "]";
  }

  static String redact(String url) {
    return url == null ? null : SECRET_IN_QUERY.matcher(url).replaceAll("$1***");
  }

  /** Single-use parser; keeps the URL at hand for error messages. */
  private static final class Parser {
    private final String url;

    Parser(String url) {
      this.url = url;
    }

    IcegateUrl parse(Properties info) throws SQLException {
      if (url == null || !url.startsWith(PREFIX)) {
        throw malformed("the URL must start with '" + PREFIX + "//'");
      }
      String rest = url.substring(PREFIX.length());
      if (!rest.startsWith("//")) {
        throw malformed("expected '//' after '" + PREFIX + "'");
      }
      rest = rest.substring(2);

      int queryStart = rest.indexOf('?');
      String beforeQuery = queryStart < 0 ? rest : rest.substring(0, queryStart);
      String query = queryStart < 0 ? "" : rest.substring(queryStart + 1);
      int pathStart = beforeQuery.indexOf('/');
      String authority = pathStart < 0 ? beforeQuery : beforeQuery.substring(0, pathStart);
      String path = pathStart < 0 ? "" : beforeQuery.substring(pathStart + 1);

      String host = host(authority);
      int port = port(authority, host);
      String[] segments = pathSegments(path);

      Map<String, String> settings = queryProperties(query);
      if (info != null) {
        for (String key : info.stringPropertyNames()) {
          requireKnown(key, "in the connection properties for URL '" + redact(url) + "'");
          settings.put(key, info.getProperty(key));
        }
      }
      validateValues(settings);
      return new IcegateUrl(url, host, port, segments[0], segments[1], settings);
    }

    private String host(String authority) throws SQLException {
      String host;
      if (authority.startsWith("[")) {
        int end = authority.indexOf(']');
        host = end < 0 ? authority : authority.substring(0, end + 1);
        if (!IPV6_LITERAL.matcher(host).matches()) {
          throw malformed("invalid IPv6 address '" + host + "'");
        }
      } else {
        int colon = authority.indexOf(':');
        host = colon < 0 ? authority : authority.substring(0, colon);
        if (host.isEmpty()) {
          throw malformed("missing host");
        }
        if (!HOST_NAME.matcher(host).matches()) {
          throw malformed("invalid host '" + host + "'");
        }
      }
      return host;
    }

    private int port(String authority, String host) throws SQLException {
      String afterHost = authority.substring(host.length());
      if (afterHost.isEmpty()) {
        return DEFAULT_PORT;
      }
      if (!afterHost.startsWith(":")) {
        throw malformed("unexpected '" + afterHost + "' after the host");
      }
      String port = afterHost.substring(1);
      int value = PORT.matcher(port).matches() ? Integer.parseInt(port) : -1;
      if (value < 1 || value > 65535) {
        throw malformed("invalid port '" + port + "' (expected a number from 1 to 65535)");
      }
      return value;
    }

    /** Returns {catalog, namespace}, either possibly null; one trailing slash is tolerated. */
    private String[] pathSegments(String path) throws SQLException {
      String trimmed = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
      if (trimmed.isEmpty()) {
        return new String[] {null, null};
      }
      String[] parts = trimmed.split("/", -1);
      if (parts.length > 2) {
        throw malformed("too many path segments (expected /CATALOG or /CATALOG/NAMESPACE)");
      }
      String[] decoded = new String[2];
      for (int i = 0; i < parts.length; i++) {
        decoded[i] = decode(parts[i]);
        if (decoded[i].isEmpty()) {
          throw malformed("empty " + (i == 0 ? "catalog" : "namespace") + " in the path");
        }
      }
      return decoded;
    }

    private Map<String, String> queryProperties(String query) throws SQLException {
      Map<String, String> properties = new LinkedHashMap<>();
      for (String pair : query.split("&")) {
        if (pair.isEmpty()) {
          continue; // tolerates "?" alone and "a=1&&b=2"
        }
        int equals = pair.indexOf('=');
        if (equals <= 0) {
          throw malformed("expected key=value but found '" + pair + "'");
        }
        String key = decode(pair.substring(0, equals));
        String value = decode(pair.substring(equals + 1));
        requireKnown(key, "in URL '" + redact(url) + "'");
        if (properties.put(key, value) != null) {
          throw malformed("property '" + key + "' is given more than once");
        }
      }
      return properties;
    }

    private void validateValues(Map<String, String> settings) throws SQLException {
      for (ConnectionProperty property : ConnectionProperty.values()) {
        String value = settings.get(property.key());
        if (value == null || property.choices().isEmpty()) {
          continue;
        }
        String choice =
            property.choices().stream()
                .filter(value::equalsIgnoreCase)
                .findFirst()
                .orElseThrow(
                    () ->
                        invalid(
                            "invalid value '"
                                + value
                                + "' for property '"
                                + property.key()
                                + "' (expected "
                                + String.join(" or ", property.choices())
                                + ")"));
        settings.put(property.key(), choice);
      }
      String fetchSize = settings.get(ConnectionProperty.FETCH_SIZE.key());
      if (fetchSize != null && !fetchSize.matches("[1-9][0-9]{0,8}")) {
        throw invalid(
            "invalid value '"
                + fetchSize
                + "' for property 'fetchSize' (expected a positive integer)");
      }
      String zone = settings.get(ConnectionProperty.TIME_ZONE.key());
      if (zone != null) {
        try {
          ZoneId.of(zone);
        } catch (DateTimeException e) {
          throw invalid(
              "unknown time zone '"
                  + zone
                  + "' for property 'timeZone'"
                  + " (expected an id such as Europe/Paris, UTC or +02:00)");
        }
      }
    }

    private void requireKnown(String key, String where) throws SQLException {
      if (!ConnectionProperty.isKnown(key)) {
        throw new SQLException(
            "Cannot connect: unknown property '"
                + key
                + "' "
                + where
                + " (known: "
                + ConnectionProperty.knownKeys()
                + ")",
            SqlStates.CANNOT_CONNECT);
      }
    }

    private String decode(String text) throws SQLException {
      try {
        return URLDecoder.decode(text, StandardCharsets.UTF_8);
      } catch (IllegalArgumentException e) {
        throw malformed("invalid %-escape in '" + text + "'");
      }
    }

    private SQLException malformed(String problem) {
      return new SQLException(
          "Cannot connect: malformed URL '" + redact(url) + "': " + problem,
          SqlStates.CANNOT_CONNECT);
    }

    private SQLException invalid(String problem) {
      return new SQLException(
          "Cannot connect: " + problem + " for URL '" + redact(url) + "'",
          SqlStates.CANNOT_CONNECT);
    }
  }
}
