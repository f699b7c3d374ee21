package io.icegate.gateway.metadata;

import io.icegate.access.MetadataTableAccess;
import io.icegate.access.Privilege;
import io.icegate.access.TableRef;
import io.icegate.calcite.schema.IcebergCatalogs;
import io.icegate.gateway.access.HiddenColumns;
import io.icegate.gateway.access.SessionAccess;
import io.icegate.gateway.access.TableAccess;
import io.icegate.gateway.engine.Sessions;
import io.icegate.metadata.MetadataRedaction;
import io.icegate.metadata.MetadataTableKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NoSuchNamespaceException;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.iceberg.spark.source.HasIcebergCatalog;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.CatalogManager;
import org.apache.spark.sql.connector.catalog.CatalogPlugin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Iceberg catalogs of one connection's SparkSession, read through the very Iceberg catalog
 * objects Spark uses (same configuration, same credentials), without running any Spark job.
 */
public final class SparkIcebergCatalogs implements IcebergCatalogs {
  private static final Logger LOG = LoggerFactory.getLogger(SparkIcebergCatalogs.class);

  private final SparkSession session;

  /** Read once per statement: Spark lists them from every setting of the session. */
  private TreeSet<String> configuredCatalogs;

  private final Map<String, Optional<Catalog>> icebergCatalogs = new HashMap<>();

  /**
   * The catalogs of {@code session}, as they are now; use one per statement (it remembers what it
   * looked up).
   */
  public SparkIcebergCatalogs(SparkSession session) {
    this.session = session;
  }

  @Override
  public List<String> catalogNames() {
    List<String> names = new ArrayList<>();
    for (String name : configuredCatalogs()) {
      if (iceberg(name).isPresent()) {
        names.add(name);
      }
    }
    return names;
  }

  @Override
  public boolean isIcebergCatalog(String name) {
    return isCatalog(name) && iceberg(name).isPresent();
  }

  @Override
  public boolean isCatalog(String name) {
    return Sessions.isCatalog(session, name);
  }

  @Override
  public List<List<String>> namespaces(String catalog, List<String> parent) {
    Optional<Catalog> iceberg = iceberg(catalog);
    if (iceberg.isEmpty() || !(iceberg.get() instanceof SupportsNamespaces namespaces)) {
      return List.of();
    }
    try {
      List<List<String>> result = new ArrayList<>();
      for (Namespace namespace :
          namespaces.listNamespaces(Namespace.of(parent.toArray(String[]::new)))) {
        result.add(Arrays.asList(namespace.levels()));
      }
      return result;
    } catch (NoSuchNamespaceException e) {
      return List.of();
    }
  }

  @Override
  public boolean namespaceExists(String catalog, List<String> namespace) {
    // One lookup instead of listing the parent namespace.
    Optional<Catalog> iceberg = iceberg(catalog);
    return iceberg.isPresent()
        && iceberg.get() instanceof SupportsNamespaces namespaces
        && namespaces.namespaceExists(Namespace.of(namespace.toArray(String[]::new)));
  }

  @Override
  public List<String> tables(String catalog, List<String> namespace) {
    Optional<Catalog> iceberg = iceberg(catalog);
    if (iceberg.isEmpty()) {
      return List.of();
    }
    try {
      return iceberg.get().listTables(Namespace.of(namespace.toArray(String[]::new))).stream()
          .map(TableIdentifier::name)
          .toList();
    } catch (NoSuchNamespaceException e) {
      return List.of();
    }
  }

  /** The table's current version, read-only (see {@link TableCache}): for reading metadata. */
  @Override
  public Optional<Table> loadTable(String catalog, List<String> namespace, String name) {
    return load(catalog, namespace, name, TableCache::load);
  }

  /** The table, loaded afresh from the catalog, to commit changes to. */
  public Optional<Table> loadTableToChange(String catalog, List<String> namespace, String name) {
    return load(catalog, namespace, name, Catalog::loadTable);
  }

  private Optional<Table> load(
      String catalog,
      List<String> namespace,
      String name,
      BiFunction<Catalog, TableIdentifier, Table> loader) {
    Optional<Catalog> iceberg = iceberg(catalog);
    if (iceberg.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(
          loader.apply(
              iceberg.get(),
              TableIdentifier.of(Namespace.of(namespace.toArray(String[]::new)), name)));
    } catch (NoSuchTableException | NoSuchNamespaceException e) {
      return Optional.empty();
    }
  }

  /** The access rules of the session's user, for this statement; empty without rules. */
  public Optional<TableAccess> access() {
    return SessionAccess.forStatement(session);
  }

  @Override
  public boolean allowsQueriesInTimeTravel() {
    return SessionAccess.forStatement(session).isEmpty();
  }

  @Override
  public void checkRead(
      String catalog, List<String> namespace, String table, String relation, boolean pastState) {
    Optional<TableAccess> access = SessionAccess.forStatement(session);
    if (access.isEmpty()) {
      return;
    }
    TableRef ref = new TableRef(catalog, namespace, table);
    if (relation == null) {
      access.get().require(ref, Privilege.SELECT, "read");
    } else if (MetadataTableAccess.of(relation).isPresent()) {
      access
          .get()
          .requireMetadataTable(
              ref, relation.toLowerCase(Locale.ROOT), () -> loadTable(catalog, namespace, table));
    } else {
      // Not a metadata table the rules know: the native path names the valid ones, to a user who
      // may see the table.
      access.get().requireVisible(ref);
    }
    if (pastState) {
      access
          .get()
          .require(
              ref,
              Privilege.HISTORY,
              relation == null
                  ? "read a past state of"
                  : "read a past state of " + relation + " of");
    }
  }

  @Override
  public MetadataRedaction redaction(
      String catalog, List<String> namespace, String name, Table table, MetadataTableKind kind) {
    Optional<TableAccess> access = SessionAccess.forStatement(session);
    if (access.isEmpty()) {
      return MetadataRedaction.none(table, kind);
    }
    MetadataRedaction redaction =
        HiddenColumns.redaction(
            table, kind, access.get().grant(new TableRef(catalog, namespace, name)));
    if (redaction.refusal().isPresent()) {
      // checkRead refused it before, unless the table changed since: refused all the same.
      access
          .get()
          .requireMetadataTable(
              new TableRef(catalog, namespace, name), kind.tableName(), () -> Optional.of(table));
    }
    return redaction;
  }

  @Override
  public String currentCatalog() {
    return withActive(() -> catalogManager().currentCatalog().name());
  }

  @Override
  public List<String> currentNamespace() {
    return withActive(() -> Arrays.asList(catalogManager().currentNamespace()));
  }

  /**
   * The Iceberg catalog behind a Spark catalog, or empty when it is not Iceberg's or does not
   * exist.
   */
  private Optional<Catalog> iceberg(String name) {
    return icebergCatalogs.computeIfAbsent(
        name,
        catalog -> {
          if (!isCatalog(catalog)) {
            return Optional.empty();
          }
          CatalogPlugin plugin;
          try {
            plugin = withActive(() -> catalogManager().catalog(catalog));
          } catch (RuntimeException e) {
            // A configured catalog that cannot start (Iceberg's Spark source configures
            // default_iceberg as a Hive
            // catalog when it reads a table by path) is none the native path can read; Spark
            // reports it if used.
            LOG.debug("Catalog {} cannot start: {}", catalog, e.toString());
            return Optional.empty();
          }
          return plugin instanceof HasIcebergCatalog hasIceberg
              ? Optional.of(hasIceberg.icebergCatalog())
              : Optional.empty();
        });
  }

  /**
   * The Iceberg catalog Spark's catalog {@code name} uses, if it is Iceberg's; starts no other
   * catalog.
   */
  public Optional<Catalog> icebergCatalog(String name) {
    return iceberg(name);
  }

  private TreeSet<String> configuredCatalogs() {
    if (configuredCatalogs == null) {
      configuredCatalogs = Sessions.catalogNames(session);
    }
    return configuredCatalogs;
  }

  private CatalogManager catalogManager() {
    return Sessions.catalogManager(session);
  }

  private <T> T withActive(Supplier<T> body) {
    return Sessions.withActive(session, body);
  }
}
