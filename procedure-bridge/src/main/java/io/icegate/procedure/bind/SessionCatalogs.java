package io.icegate.procedure.bind;

import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What the procedure bridge needs to know of a connection's Spark session to resolve names as Spark
 * would. The gateway implements it over the session's catalog manager; tests with a small fake.
 */
public interface SessionCatalogs {
  /** Spark's name of its built-in session catalog. */
  String SPARK_CATALOG = "spark_catalog";

  /** The session's current catalog ({@code USE}). */
  String currentCatalog();

  /** The session's current namespace in the current catalog. */
  List<String> currentNamespace();

  /** The names of the catalogs the session can use, as configured (case matters, as in Spark). */
  Set<String> catalogNames();

  /**
   * Whether {@code catalog} is an Iceberg catalog (Iceberg's SparkCatalog or SparkSessionCatalog).
   */
  boolean isIceberg(String catalog);

  /**
   * The namespace a one-part table name resolves in when {@code catalog} is not the current
   * catalog.
   */
  List<String> defaultNamespace(String catalog);

  /** The session's time zone, in which timestamps without a zone are read. */
  default ZoneId timeZone() {
    return ZoneId.systemDefault();
  }

  /**
   * The catalog {@code name} refers to, as Spark's catalog manager looks it up: exactly, except
   * {@code spark_catalog}, which matches in any case.
   */
  default Optional<String> find(String name) {
    if (name.equalsIgnoreCase(SPARK_CATALOG)) {
      return Optional.of(SPARK_CATALOG);
    }
    return catalogNames().contains(name) ? Optional.of(name) : Optional.empty();
  }
}
