package io.icegate.calcite.testing;

import io.icegate.calcite.schema.IcebergCatalogs;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NoSuchNamespaceException;
import org.apache.iceberg.exceptions.NoSuchTableException;

/**
 * The session's catalogs as the gateway would give them, over Iceberg catalogs in memory; counts
 * catalog calls.
 */
public final class InMemoryCatalogs implements IcebergCatalogs {
  private final Map<String, Catalog> catalogs = new LinkedHashMap<>();
  private final List<String> otherCatalogs = new ArrayList<>();
  private final AtomicInteger loads = new AtomicInteger();
  private final AtomicInteger listings = new AtomicInteger();
  private UnaryOperator<Table> wrapper = UnaryOperator.identity();
  private String currentCatalog;
  private List<String> currentNamespace = List.of();

  public InMemoryCatalogs add(String name, Catalog catalog) {
    catalogs.put(name, catalog);
    if (currentCatalog == null) {
      currentCatalog = name;
    }
    return this;
  }

  /** A catalog Spark knows that is not an Iceberg catalog. */
  public InMemoryCatalogs addOther(String name) {
    otherCatalogs.add(name);
    return this;
  }

  public InMemoryCatalogs use(String catalog, String... namespace) {
    this.currentCatalog = catalog;
    this.currentNamespace = List.of(namespace);
    return this;
  }

  /**
   * Every loaded table passes through {@code wrapper} (to read it through a counting FileIO, say).
   */
  public InMemoryCatalogs wrapTables(UnaryOperator<Table> tableWrapper) {
    this.wrapper = tableWrapper;
    return this;
  }

  public int loads() {
    return loads.get();
  }

  public int listings() {
    return listings.get();
  }

  @Override
  public List<String> catalogNames() {
    return List.copyOf(catalogs.keySet());
  }

  @Override
  public boolean isCatalog(String name) {
    return catalogs.containsKey(name) || otherCatalogs.contains(name);
  }

  @Override
  public List<List<String>> namespaces(String catalog, List<String> parent) {
    listings.incrementAndGet();
    try {
      return ((SupportsNamespaces) catalogs.get(catalog))
          .listNamespaces(namespace(parent)).stream()
              .map(namespace -> Arrays.asList(namespace.levels()))
              .toList();
    } catch (NoSuchNamespaceException e) {
      return List.of();
    }
  }

  @Override
  public boolean namespaceExists(String catalog, List<String> namespace) {
    return ((SupportsNamespaces) catalogs.get(catalog)).namespaceExists(namespace(namespace));
  }

  @Override
  public List<String> tables(String catalog, List<String> namespace) {
    listings.incrementAndGet();
    return catalogs.get(catalog).listTables(namespace(namespace)).stream()
        .map(TableIdentifier::name)
        .toList();
  }

  @Override
  public Optional<Table> loadTable(String catalog, List<String> namespace, String name) {
    loads.incrementAndGet();
    try {
      Table table = catalogs.get(catalog).loadTable(TableIdentifier.of(namespace(namespace), name));
      // Iceberg's catalogs also load metadata tables by name (db.t.files); only data tables are
      // wrapped.
      return Optional.of(table instanceof HasTableOperations ? wrapper.apply(table) : table);
    } catch (NoSuchTableException e) {
      return Optional.empty();
    }
  }

  @Override
  public String currentCatalog() {
    return currentCatalog;
  }

  @Override
  public List<String> currentNamespace() {
    return currentNamespace;
  }

  private static Namespace namespace(List<String> levels) {
    return Namespace.of(levels.toArray(String[]::new));
  }
}
