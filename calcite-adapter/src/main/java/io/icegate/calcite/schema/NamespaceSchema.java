package io.icegate.calcite.schema;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.lookup.Lookup;

/**
 * A catalog (the empty namespace) or a namespace in it. Its sub-schemas are the tables of the
 * namespace (each a {@link TableSchema}) and the namespaces nested in it; a name that is both is
 * the table, as Iceberg's Spark catalog reads it. Tables directly in a catalog, outside any
 * namespace, are not looked up: Spark cannot name their metadata tables unambiguously, so such
 * statements stay with Spark.
 */
final class NamespaceSchema extends LookupSchema {
  private final IcebergSchemas schemas;
  private final String catalog;
  private final List<String> namespace;
  private final Lookup<Schema> children;

  NamespaceSchema(IcebergSchemas schemas, String catalog, List<String> namespace) {
    this.schemas = schemas;
    this.catalog = catalog;
    this.namespace = List.copyOf(namespace);
    this.children = new NameLookup<>(this::child, this::childNames);
  }

  @Override
  public Lookup<? extends Schema> subSchemas() {
    return children;
  }

  private Schema child(String name) {
    if (!namespace.isEmpty()) {
      TableSchema table = schemas.table(catalog, namespace, name).orElse(null);
      if (table != null) {
        return table;
      }
    }
    return schemas.namespace(catalog, TableSchema.append(namespace, name));
  }

  private List<String> childNames() {
    IcebergCatalogs catalogs = schemas.catalogs();
    List<String> names = new ArrayList<>();
    for (List<String> nested : catalogs.namespaces(catalog, namespace)) {
      names.add(nested.get(nested.size() - 1));
    }
    if (!namespace.isEmpty()) {
      names.addAll(catalogs.tables(catalog, namespace));
    }
    return names;
  }

  @Override
  public String toString() {
    return catalog + (namespace.isEmpty() ? "" : "." + String.join(".", namespace));
  }
}
