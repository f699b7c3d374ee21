package io.icegate.gateway.jdbc;

import io.icegate.access.AccessControl;
import io.icegate.access.policy.RolePolicy;
import io.icegate.access.policy.StatementPolicy;
import io.icegate.gateway.access.SessionAccess;
import io.icegate.gateway.access.TableAccess;
import io.icegate.gateway.activity.ConnectionActivity;
import io.icegate.gateway.engine.Sessions;
import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import io.icegate.gateway.metadata.NativeMetadataPath;
import io.icegate.gateway.policy.SessionPolicies;
import io.icegate.gateway.security.Identity;
import io.icegate.protocol.CompactRows;
import io.icegate.protocol.OpenConnectionKeys;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.CatalogManager;

/**
 * Applies what a client asked for when connecting: Spark settings, time zone, current catalog and
 * namespace, and the row encoding it reads.
 */
final class SessionSetup {
  static final String CLIENT_TIME_ZONE = "clientTimeZone";
  static final String CATALOG = "catalog";
  static final String NAMESPACE = "namespace";

  /** JDBC's read-only mode as a connection property ({@code readOnly=true} in the URL). */
  static final String READ_ONLY = "readOnly";

  private static final String SESSION_TIME_ZONE = "spark.sql.session.timeZone";

  private final StatementPolicy policy;
  private final AccessControl access;

  SessionSetup(StatementPolicy policy, AccessControl access) {
    this.policy = policy;
    this.access = access;
  }

  /**
   * Prepares {@code session} for a connection of {@code identity}: its role's policy first, so that
   * nothing the connection asks for escapes it.
   */
  GatewayConnection open(
      String id,
      SparkSession session,
      Map<String, String> info,
      ConnectionActivity activity,
      Identity identity) {
    RolePolicy rolePolicy = policy.forRole(identity.role());
    SessionPolicies.register(session, rolePolicy);
    SessionAccess.register(session, access, identity);
    Optional<TableAccess> rules = SessionAccess.forStatement(session);
    ZoneId zone = zone(info.get(CLIENT_TIME_ZONE));
    session.conf().set(SESSION_TIME_ZONE, zone.getId());
    for (Map.Entry<String, String> e : info.entrySet()) {
      String key = e.getKey();
      if (key.startsWith("spark.")) {
        rolePolicy.checkSetting(key, "connection property");
        rules.ifPresent(r -> r.requireSetting(key, "connection property"));
        try {
          session.conf().set(key, e.getValue());
        } catch (RuntimeException failure) {
          throw new GatewayException(
              ErrorCode.INVALID_CONNECTION_PROPERTY,
              "Cannot set connection property '"
                  + key
                  + "': Spark refuses to change it per connection (set it on the gateway with"
                  + " --conf instead)",
              failure);
        }
      } else if (key.equals(NativeMetadataPath.SWITCH)) {
        session.conf().set(key, e.getValue());
      } else if (key.startsWith("icegate.")) {
        throw new GatewayException(
            ErrorCode.INVALID_CONNECTION_PROPERTY,
            "Cannot set connection property '"
                + key
                + "': no such Icegate setting (valid: "
                + NativeMetadataPath.SWITCH
                + ")");
      }
    }
    use(session, info.get(CATALOG), info.get(NAMESPACE));
    boolean compactRows = CompactRows.ENCODING.equals(info.get(OpenConnectionKeys.ROW_ENCODING));
    GatewayConnection connection =
        new GatewayConnection(id, session, zone, activity, identity, compactRows);
    connection.readOnly(readOnly(info.get(READ_ONLY)));
    return connection;
  }

  private static boolean readOnly(String value) {
    if (value == null || value.equalsIgnoreCase("false")) {
      return false;
    }
    if (value.equalsIgnoreCase("true")) {
      return true;
    }
    throw new GatewayException(
        ErrorCode.INVALID_CONNECTION_PROPERTY,
        "Cannot set connection property '" + READ_ONLY + "' to '" + value + "': true or false");
  }

  /** Switches the current catalog and/or namespace; null leaves each as it is. */
  void use(SparkSession session, String catalog, String namespace) {
    Sessions.withActive(
        session,
        () -> {
          CatalogManager catalogs = catalogManager(session);
          if (catalog != null
              && !catalog.isBlank()
              && !catalog.equals(catalogs.currentCatalog().name())) {
            catalogs.setCurrentCatalog(catalog);
          }
          if (namespace != null
              && !namespace.isBlank()
              && !namespace.equals(currentNamespace(session))) {
            catalogs.setCurrentNamespace(namespace.split("\\."));
          }
          return null;
        });
  }

  static String currentCatalog(SparkSession session) {
    return Sessions.withActive(session, () -> catalogManager(session).currentCatalog().name());
  }

  static String currentNamespace(SparkSession session) {
    return Sessions.withActive(
        session, () -> String.join(".", catalogManager(session).currentNamespace()));
  }

  private static CatalogManager catalogManager(SparkSession session) {
    return Sessions.catalogManager(session);
  }

  /** A Spark identifier in backticks, with backticks inside it doubled. */
  static String quote(String identifier) {
    return "`" + identifier.replace("`", "``") + "`";
  }

  private static ZoneId zone(String id) {
    if (id == null || id.isBlank()) {
      return ZoneId.systemDefault();
    }
    try {
      return ZoneId.of(id);
    } catch (DateTimeException e) {
      throw new GatewayException(
          ErrorCode.INVALID_CONNECTION_PROPERTY,
          "Cannot use time zone '"
              + id
              + "': not a known zone id (for example UTC or Europe/Paris)");
    }
  }
}
