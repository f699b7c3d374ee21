package io.icegate.calcite.exec;

import io.icegate.calcite.schema.IcebergCatalogs;
import io.icegate.calcite.schema.IcebergSchemas;
import io.icegate.calcite.schema.TableSchema;
import io.icegate.metadata.MetadataTableKind;
import io.icegate.metadata.MetadataTables;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Resolves a table name as written to the metadata table it names, with the rules Spark and
 * Iceberg's Spark catalog use, so that the native path reads exactly the relation Spark would:
 *
 * <ol>
 *   <li>a one-part name is a table in the current namespace, never a metadata table;
 *   <li>a name whose first part is a catalog is resolved in that catalog, any other in the current
 *       catalog (Spark does not prepend the current namespace to a multi-part name);
 *   <li>the rest is {@code namespace.table.metadata}; Iceberg first looks for a data table of that
 *       full name, and only then for metadata table {@code metadata} of table {@code
 *       namespace.table}.
 * </ol>
 *
 * <p>Anything else (a data table, a non-Iceberg catalog, a table Spark names with time travel in
 * its name such as {@code t.branch_audit}, a metadata table only Spark computes) is not native. A
 * name that is none of those but names no metadata table of an existing table is the user's
 * mistake, reported with the valid names.
 */
final class MetadataTableResolver {
  /**
   * Last parts that Iceberg's Spark catalog reads as a data table at a snapshot, branch, tag or
   * time.
   */
  private static final List<String> DATA_SELECTORS =
      List.of("branch_", "tag_", "snapshot_id_", "at_timestamp_");

  /**
   * A resolved reference: the table (as a schema of metadata tables) and the metadata table kind.
   */
  record Resolved(
      TableSchema table,
      MetadataTableKind kind,
      String catalog,
      List<String> namespace,
      String tableName,
      String metadataName) {}

  private final IcebergSchemas schemas;

  MetadataTableResolver(IcebergSchemas schemas) {
    this.schemas = schemas;
  }

  /**
   * @throws NotNativeException when the name is not a metadata table the native path reads
   * @throws io.icegate.metadata.MetadataTableException when the table exists but has no such
   *     metadata table
   */
  Resolved resolve(List<String> name) throws NotNativeException {
    String written = String.join(".", name);
    if (name.size() < 2) {
      throw new NotNativeException(written + " names a table, not a metadata table");
    }
    IcebergCatalogs catalogs = schemas.catalogs();
    boolean explicitCatalog = catalogs.isCatalog(name.get(0));
    String catalog = explicitCatalog ? name.get(0) : catalogs.currentCatalog();
    List<String> rest = explicitCatalog ? name.subList(1, name.size()) : name;
    if (!catalogs.isIcebergCatalog(catalog)) {
      throw new NotNativeException(catalog + " is not an Iceberg catalog");
    }
    if (rest.size() < 3) {
      // db.t is a data table; t.snapshots would be table t in no namespace, which Spark reads only
      // as data.
      throw new NotNativeException(
          written + " names a table, not a metadata table of a table in a namespace");
    }
    List<String> namespace = rest.subList(0, rest.size() - 2);
    String tableName = rest.get(rest.size() - 2);
    String metadataName = rest.get(rest.size() - 1);
    String tablePath = catalog + "." + String.join(".", namespace) + "." + tableName;
    if (!isDataSelector(metadataName)) {
      // A data table at a snapshot or ref is Spark's to read, and to check.
      catalogs.checkRead(catalog, namespace, tableName, metadataName, false);
    }
    TableSchema table =
        schemas
            .table(catalog, namespace, tableName)
            .orElseThrow(() -> new NotNativeException(tablePath + " is not an Iceberg table"));
    List<String> tableAsNamespace = append(namespace, tableName);
    if (catalogs.namespaceExists(catalog, tableAsNamespace)
        && schemas.table(catalog, tableAsNamespace, metadataName).isPresent()) {
      throw new NotNativeException(tablePath + "." + metadataName + " is a data table");
    }
    if (isDataSelector(metadataName)) {
      throw new NotNativeException(written + " reads the data of " + tablePath);
    }
    MetadataTableKind kind = MetadataTables.kind(table.table(), metadataName);
    if (!kind.isNative()) {
      throw new NotNativeException(
          tablePath
              + "."
              + kind.tableName()
              + " is computed by Spark: "
              + kind.computedBySparkReason().orElse(""));
    }
    return new Resolved(table, kind, catalog, namespace, tableName, metadataName);
  }

  private static boolean isDataSelector(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    return DATA_SELECTORS.stream().anyMatch(lower::startsWith);
  }

  private static List<String> append(List<String> namespace, String name) {
    List<String> longer = new ArrayList<>(namespace);
    longer.add(name);
    return longer;
  }
}
