package io.icegate.jdbc;

import io.icegate.protocol.CompactRows;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TimeZone;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The connection properties the Icegate driver understands, in one place.
 *
 * <p>Each property can be given in the URL query string or in the {@link java.util.Properties}
 * passed to {@link java.sql.Driver#connect}; an explicit {@code Properties} value wins. Besides
 * these, any key starting with {@value #SPARK_PREFIX} or {@value #ICEGATE_PREFIX} is a session
 * setting that is passed to the server untouched. Every other key is rejected.
 */
public enum ConnectionProperty {

  /** User name, sent to the server. */
  USER("user", () -> null, "User name sent to the Icegate server"),

  /** Password, sent to the server. */
  PASSWORD("password", () -> null, "Password sent to the Icegate server"),

  /** Time zone of the session; defaults to the client JVM's time zone. */
  TIME_ZONE(
      "timeZone",
      () -> TimeZone.getDefault().toZoneId().getId(),
      "Time zone id (e.g. Europe/Paris or +02:00) used by the session and to read dates and"
          + " timestamps; defaults to the client JVM's time zone"),

  /**
   * Rows per frame fetched from the server unless a statement sets its own. Avatica's default, 100,
   * makes large results pay a round trip per 100 rows; 1,000 streams fastest in
   * docs/PERFORMANCE.md.
   */
  FETCH_SIZE(
      "fetchSize",
      () -> "1000",
      "Default number of rows fetched per round trip (Statement.setFetchSize" + " overrides it)"),

  /**
   * How result rows travel: {@code compact}, Icegate's own encoding ({@link CompactRows}), or
   * {@code avatica}, Avatica's, for comparing the two or setting the compact one aside.
   */
  ROW_ENCODING(
      "rowEncoding",
      () -> "compact",
      "How result rows travel: compact (Icegate's encoding) or avatica (Avatica's own, several"
          + " times slower to decode for nested values)",
      "compact",
      "avatica"),

  /** Whether to talk HTTPS to the server. */
  SSL("ssl", () -> "false", "Connect over HTTPS (true or false)", "true", "false"),

  /** Trust store holding the server's certificate. */
  TRUSTSTORE(
      "truststore", () -> null, "Path of the trust store used to verify the server over HTTPS"),

  /** Password of the trust store. */
  TRUSTSTORE_PASSWORD("truststore_password", () -> null, "Password of the trust store"),

  /**
   * Whether the connection starts read-only, as after {@code Connection.setReadOnly(true)}: the
   * gateway runs only what role {@code read} may on it.
   */
  READ_ONLY(
      "readOnly",
      () -> "false",
      "Start the connection read-only (Connection.setReadOnly): it runs only queries, metadata,"
          + " EXPLAIN and session settings, and refuses writes with SQLState 25006",
      "true",
      "false");

  /** Prefix of Spark session settings passed to the server. */
  public static final String SPARK_PREFIX = "spark.";

  /** Prefix of Icegate session settings passed to the server. */
  public static final String ICEGATE_PREFIX = "icegate.";

  private final String key;
  private final Supplier<String> defaultValue;
  private final String description;
  private final List<String> choices;

  ConnectionProperty(
      String key, Supplier<String> defaultValue, String description, String... choices) {
    this.key = key;
    this.defaultValue = defaultValue;
    this.description = description;
    this.choices = List.of(choices);
  }

  /** Returns the name used in URLs and {@code Properties}. */
  public String key() {
    return key;
  }

  /**
   * Returns the only values the property takes (matched ignoring case, as the URL parser normalizes
   * them), or an empty list when it takes any.
   */
  public List<String> choices() {
    return choices;
  }

  /** Returns the value used when the property is not given, or null when there is none. */
  public String defaultValue() {
    return defaultValue.get();
  }

  /** Returns a one-line, human-readable description. */
  public String description() {
    return description;
  }

  /** Returns this property's value in {@code settings}, falling back to its default. */
  public String valueIn(Map<String, String> settings) {
    String value = settings.get(key);
    return value != null ? value : defaultValue();
  }

  /** Returns the property with the given key, matched exactly. */
  public static Optional<ConnectionProperty> forKey(String key) {
    return Arrays.stream(values()).filter(p -> p.key.equals(key)).findFirst();
  }

  /** Returns whether {@code key} is a Spark or Icegate session setting. */
  public static boolean isSessionSetting(String key) {
    return (key.startsWith(SPARK_PREFIX) && key.length() > SPARK_PREFIX.length())
        || (key.startsWith(ICEGATE_PREFIX) && key.length() > ICEGATE_PREFIX.length());
  }

  /** Returns whether the driver accepts {@code key}. */
  public static boolean isKnown(String key) {
    return forKey(key).isPresent() || isSessionSetting(key);
  }

  /** Lists the accepted keys for error messages, e.g. {@code user, password, ..., spark.*}. */
  public static String knownKeys() {
    return Stream.concat(
            Arrays.stream(values()).map(ConnectionProperty::key),
            Stream.of(SPARK_PREFIX + "*", ICEGATE_PREFIX + "*"))
        .collect(Collectors.joining(", "));
  }
}
