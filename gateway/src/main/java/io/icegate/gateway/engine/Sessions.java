package io.icegate.gateway.engine;

import java.util.Map;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.CatalogManager;
import scala.jdk.javaapi.CollectionConverters;

/**
 * What the gateway needs to know about, and do with, a connection's SparkSession outside of running
 * SQL.
 */
public final class Sessions {
  private static final Pattern CATALOG_KEY = Pattern.compile("spark\\.sql\\.catalog\\.([^.]+)");

  private Sessions() {}

  /**
   * Runs {@code body} with {@code session} as the thread's active session. Spark reads SQL settings
   * (the default catalog among them) through the active session, and Jetty's threads have none:
   * without it Spark silently uses a blank configuration. Restores, rather than clears, what was
   * active before: calls nest.
   */
  public static <T> T withActive(SparkSession session, Supplier<T> body) {
    scala.Option<SparkSession> previous = SparkSession.getActiveSession();
    SparkSession.setActiveSession(session);
    try {
      return body.get();
    } finally {
      if (previous.isDefined()) {
        SparkSession.setActiveSession(previous.get());
      } else {
        SparkSession.clearActiveSession();
      }
    }
  }

  /**
   * Every catalog configured on the session ({@code spark.sql.catalog.NAME}), and Spark's session
   * catalog.
   */
  public static TreeSet<String> catalogNames(SparkSession session) {
    TreeSet<String> names = new TreeSet<>();
    names.add(CatalogManager.SESSION_CATALOG_NAME());
    Map<String, String> conf = CollectionConverters.asJava(session.conf().getAll());
    for (String key : conf.keySet()) {
      Matcher m = CATALOG_KEY.matcher(key);
      if (m.matches()) {
        names.add(m.group(1));
      }
    }
    return names;
  }

  /**
   * Whether {@code name} is Spark's session catalog or one configured on the session: one setting
   * looked up, where {@link #catalogNames} copies all of them (every native query resolves its
   * tables' catalog).
   */
  public static boolean isCatalog(SparkSession session, String name) {
    return name.equals(CatalogManager.SESSION_CATALOG_NAME())
        || (name.indexOf('.') < 0
            && session.conf().getOption("spark.sql.catalog." + name).isDefined());
  }

  public static CatalogManager catalogManager(SparkSession session) {
    return session.sessionState().catalogManager();
  }
}
