package io.icegate.gateway.jdbc;

import io.icegate.access.TableRef;
import io.icegate.gateway.access.SessionAccess;
import io.icegate.gateway.access.TableAccess;
import io.icegate.gateway.activity.SystemCatalog;
import io.icegate.gateway.engine.Sessions;
import io.icegate.gateway.metadata.SparkIcebergCatalogs;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.catalog.ViewCatalog;
import org.apache.iceberg.exceptions.NoSuchNamespaceException;
import org.apache.iceberg.spark.source.HasIcebergCatalog;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;
import org.apache.spark.sql.catalyst.catalog.CatalogTableType;
import org.apache.spark.sql.catalyst.catalog.ExternalCatalog;
import org.apache.spark.sql.connector.catalog.CatalogManager;
import org.apache.spark.sql.connector.catalog.CatalogPlugin;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.SupportsNamespaces;
import org.apache.spark.sql.types.StructType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The catalogs, namespaces, tables and views of one connection's session for one metadata call,
 * read through the catalog APIs (Spark's catalog plugins, the Iceberg catalogs behind them, Spark's
 * built-in catalog for the non-Iceberg tables of {@code spark_catalog}): no SQL, no Spark job, and
 * no table loaded to list it.
 */
final class CatalogObjects {
  private static final Logger LOG = LoggerFactory.getLogger(CatalogObjects.class);

  /**
   * A table or view of a namespace; {@code iceberg} when Iceberg's catalog holds it (it has
   * metadata tables), {@code system} when it is one of the gateway's own tables ({@code
   * icegate.system.*}).
   */
  record Relation(String name, boolean view, boolean iceberg, boolean system) {}

  private final SparkSession session;
  private final Map<String, Optional<CatalogPlugin>> plugins = new HashMap<>();

  /**
   * Loads tables as the native metadata path does: kept between calls, refreshed with one catalog
   * lookup.
   */
  private final SparkIcebergCatalogs tables;

  /** The access rules' view of the session's user; empty without rules. */
  private final Optional<TableAccess> access;

  CatalogObjects(SparkSession session) {
    this.session = session;
    this.tables = new SparkIcebergCatalogs(session);
    this.access = SessionAccess.forStatement(session);
  }

  /** The access rules of the session's user, if a rules file is in effect. */
  Optional<TableAccess> access() {
    return access;
  }

  /** The current version of an Iceberg table, read-only; empty when there is none by that name. */
  Optional<Table> loadTable(String catalog, List<String> namespace, String name) {
    return iceberg(catalog).isPresent()
        ? tables.loadTable(catalog, namespace, name)
        : Optional.empty();
  }

  /** Every catalog of the session, sorted, or only {@code catalog} when it names one. */
  List<String> catalogs(String catalog) {
    TreeSet<String> names = Sessions.catalogNames(session);
    // The gateway's own catalog shows each user their own activity: never hidden.
    access.ifPresent(
        a -> names.removeIf(n -> !n.equals(SystemCatalog.NAME) && !a.catalogVisible(n)));
    if (catalog == null) {
      return List.copyOf(names);
    }
    return names.contains(catalog) ? List.of(catalog) : List.of();
  }

  /**
   * The Iceberg catalog behind a Spark catalog, or empty when it is not Iceberg's or cannot start.
   */
  Optional<Catalog> iceberg(String catalog) {
    return plugin(catalog)
        .filter(HasIcebergCatalog.class::isInstance)
        .map(plugin -> ((HasIcebergCatalog) plugin).icebergCatalog());
  }

  /**
   * Every namespace of {@code catalog}, nested ones included, each as its levels; sorted by dotted
   * name.
   */
  List<List<String>> namespaces(String catalog) {
    Map<String, List<String>> found = new TreeMap<>();
    Optional<CatalogPlugin> plugin = plugin(catalog);
    if (plugin.isPresent() && plugin.get() instanceof SupportsNamespaces spark) {
      collectSpark(spark, new String[0], found);
    }
    Optional<Catalog> iceberg = iceberg(catalog);
    if (iceberg.isPresent()
        && iceberg.get() instanceof org.apache.iceberg.catalog.SupportsNamespaces namespaces) {
      collectIceberg(namespaces, Namespace.empty(), found);
    }
    if (access.isPresent() && !catalog.equals(SystemCatalog.NAME)) {
      found.values().removeIf(namespace -> !access.get().namespaceVisible(catalog, namespace));
    }
    return List.copyOf(found.values());
  }

  private void collectSpark(
      SupportsNamespaces catalog, String[] parent, Map<String, List<String>> found) {
    String[][] children;
    try {
      children = Sessions.withActive(session, () -> listNamespaces(catalog, parent));
    } catch (RuntimeException e) {
      // Spark's built-in catalog has no nested namespaces and says so by throwing.
      LOG.debug("Cannot list namespaces under {}: {}", Arrays.toString(parent), e.toString());
      return;
    }
    for (String[] child : children) {
      if (found.putIfAbsent(String.join(".", child), List.of(child)) == null) {
        collectSpark(catalog, child, found);
      }
    }
  }

  private static String[][] listNamespaces(SupportsNamespaces catalog, String[] parent) {
    try {
      return parent.length == 0 ? catalog.listNamespaces() : catalog.listNamespaces(parent);
    } catch (org.apache.spark.sql.catalyst.analysis.NoSuchNamespaceException e) {
      return new String[0][];
    }
  }

  private static void collectIceberg(
      org.apache.iceberg.catalog.SupportsNamespaces catalog,
      Namespace parent,
      Map<String, List<String>> found) {
    List<Namespace> children;
    try {
      children = catalog.listNamespaces(parent);
    } catch (NoSuchNamespaceException e) {
      return;
    }
    for (Namespace child : children) {
      if (found.putIfAbsent(String.join(".", child.levels()), List.of(child.levels())) == null) {
        collectIceberg(catalog, child, found);
      }
    }
  }

  /**
   * The tables and views of one namespace, by name, Iceberg's first, then the built-in catalog's.
   */
  List<Relation> relations(String catalog, List<String> namespace) {
    Map<String, Relation> byName = new LinkedHashMap<>();
    Optional<Catalog> iceberg = iceberg(catalog);
    if (iceberg.isPresent()) {
      Namespace ns = Namespace.of(namespace.toArray(String[]::new));
      try {
        for (TableIdentifier id : iceberg.get().listTables(ns)) {
          byName.putIfAbsent(id.name(), new Relation(id.name(), false, true, false));
        }
        if (iceberg.get() instanceof ViewCatalog views) {
          for (TableIdentifier id : views.listViews(ns)) {
            byName.putIfAbsent(id.name(), new Relation(id.name(), true, true, false));
          }
        }
      } catch (NoSuchNamespaceException e) {
        // Listed by Spark's side of the catalog only.
      }
    }
    for (CatalogTable table : builtInTables(catalog, namespace)) {
      String name = table.identifier().table();
      byName.putIfAbsent(
          name, new Relation(name, table.tableType() == CatalogTableType.VIEW(), false, false));
    }
    if (plugin(catalog).orElse(null) instanceof SystemCatalog system) {
      try {
        for (Identifier id : system.listTables(namespace.toArray(String[]::new))) {
          byName.putIfAbsent(id.name(), new Relation(id.name(), false, false, true));
        }
      } catch (org.apache.spark.sql.catalyst.analysis.NoSuchNamespaceException e) {
        // Only icegate.system has tables.
      }
    }
    List<Relation> relations = new ArrayList<>(byName.values());
    if (access.isPresent()) {
      relations.removeIf(
          r -> !r.system() && !access.get().visible(new TableRef(catalog, namespace, r.name())));
    }
    relations.sort((a, b) -> a.name().compareTo(b.name()));
    return relations;
  }

  /**
   * The tables of Spark's built-in catalog (behind {@code spark_catalog}) in {@code namespace},
   * read in memory.
   */
  private List<CatalogTable> builtInTables(String catalog, List<String> namespace) {
    if (!CatalogManager.SESSION_CATALOG_NAME().equals(catalog) || namespace.size() != 1) {
      return List.of();
    }
    ExternalCatalog external = session.sharedState().externalCatalog();
    String database = namespace.get(0);
    if (!external.databaseExists(database)) {
      return List.of();
    }
    return CollectionConverters.asJava(
        external.getTablesByName(database, external.listTables(database)));
  }

  /**
   * The Spark schema of one of the gateway's own tables ({@code icegate.system.*}), if {@code
   * catalog} has it.
   */
  Optional<StructType> systemTableSchema(String catalog, List<String> namespace, String name) {
    if (!(plugin(catalog).orElse(null) instanceof SystemCatalog system)) {
      return Optional.empty();
    }
    try {
      return Optional.of(
          system.loadTable(Identifier.of(namespace.toArray(String[]::new), name)).schema());
    } catch (org.apache.spark.sql.catalyst.analysis.NoSuchTableException e) {
      return Optional.empty();
    }
  }

  /**
   * The built-in catalog's table or view, if {@code spark_catalog} has one by that name (not
   * Iceberg's).
   */
  Optional<CatalogTable> builtInTable(String catalog, List<String> namespace, String name) {
    if (!CatalogManager.SESSION_CATALOG_NAME().equals(catalog) || namespace.size() != 1) {
      return Optional.empty();
    }
    ExternalCatalog external = session.sharedState().externalCatalog();
    return external.tableExists(namespace.get(0), name)
        ? Optional.of(external.getTable(namespace.get(0), name))
        : Optional.empty();
  }

  /**
   * Spark's plugin of {@code catalog}, started if it was not, or empty when it does not exist or
   * cannot start.
   */
  Optional<CatalogPlugin> plugin(String catalog) {
    return plugins.computeIfAbsent(
        catalog,
        name -> {
          if (!Sessions.catalogNames(session).contains(name)) {
            return Optional.empty();
          }
          try {
            return Optional.of(
                Sessions.withActive(session, () -> Sessions.catalogManager(session).catalog(name)));
          } catch (RuntimeException e) {
            // A configured catalog that cannot start is one metadata calls cannot list; Spark
            // reports it when used.
            LOG.debug("Catalog {} cannot start: {}", name, e.toString());
            return Optional.empty();
          }
        });
  }
}
