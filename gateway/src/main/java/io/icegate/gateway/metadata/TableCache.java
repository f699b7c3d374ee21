package io.icegate.gateway.metadata;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.iceberg.BaseTable;
import org.apache.iceberg.StaticTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NoSuchTableException;

/**
 * Iceberg tables kept between statements, so that a metadata query does not parse the table's metadata file
 * again when nothing was committed (about 4 ms for a table of 1,000 snapshots).
 *
 * <p>Each use refreshes the kept table: the catalog is asked for the current metadata file (one lookup), and Iceberg
 * reads it again only when it changed, so commits by other connections, gateways or engines show at once (unlike
 * Iceberg's caching catalog, which keeps a table for a time). Each statement gets a read-only table pinned to the
 * metadata of that moment, so a statement reads one version throughout even if another refreshes the kept table.
 * Tables are kept per Iceberg catalog object (one per Spark session), so they go with their connection.
 */
final class TableCache {
  private static final Map<Catalog, Map<TableIdentifier, BaseTable>> TABLES =
      Collections.synchronizedMap(new WeakHashMap<>());

  private TableCache() {}

  /**
   * The current version of table {@code id}, read-only.
   *
   * @throws NoSuchTableException when the catalog has no such table
   */
  static Table load(Catalog catalog, TableIdentifier id) {
    Map<TableIdentifier, BaseTable> tables = TABLES.computeIfAbsent(catalog, c -> new ConcurrentHashMap<>());
    BaseTable kept = tables.get(id);
    if (kept != null) {
      Optional<TableMetadata> current = refresh(kept);
      if (current.isPresent()) {
        return pinned(kept, current.get());
      }
      tables.remove(id, kept);
    }
    Table loaded = catalog.loadTable(id);
    if (!(loaded instanceof BaseTable table)) {
      // A metadata table (db.t.snapshots as a table name), or a catalog's own kind of table: used as it is.
      return loaded;
    }
    tables.put(id, table);
    return pinned(table, table.operations().current());
  }

  /** The kept table's current metadata, or empty if it was dropped. */
  private static Optional<TableMetadata> refresh(BaseTable table) {
    TableOperations operations = table.operations();
    // Iceberg's table operations are not made for concurrent refreshes.
    synchronized (operations) {
      try {
        return Optional.of(operations.refresh());
      } catch (NoSuchTableException e) {
        return Optional.empty();
      }
    }
  }

  private static Table pinned(BaseTable table, TableMetadata metadata) {
    return new BaseTable(new StaticTableOperations(metadata, table.io(), table.locationProvider()), table.name());
  }
}
