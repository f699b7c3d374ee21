package io.icegate.protocol;

/**
 * Keys of the {@code info} map the driver sends in Avatica's open-connection request; the contract
 * between the Icegate driver and the Icegate server.
 *
 * <p>Besides these, every {@code spark.*} and {@code icegate.*} session setting is sent untouched.
 */
public final class OpenConnectionKeys {

  /** User name; present when the application gave one. */
  public static final String USER = "user";

  /**
   * Password, as applications name it in their properties. The driver sends it only as HTTP Basic
   * credentials, never in the open-connection request.
   */
  public static final String PASSWORD = "password";

  /** Catalog from the URL path; present only when the URL has one. */
  public static final String CATALOG = "catalog";

  /** Namespace from the URL path; present only when the URL has one. */
  public static final String NAMESPACE = "namespace";

  /**
   * Time zone id the client reads dates and timestamps in (a region id such as {@code Europe/Paris}
   * or an offset such as {@code +02:00}); always present.
   */
  public static final String CLIENT_TIME_ZONE = "clientTimeZone";

  /**
   * The row encoding the client reads besides Avatica's, {@link CompactRows#ENCODING}; present only
   * when the driver decodes frames itself. A server that does not know the key or the value sends
   * Avatica's rows, which every client reads.
   */
  public static final String ROW_ENCODING = "rowEncoding";

  private OpenConnectionKeys() {}
}
