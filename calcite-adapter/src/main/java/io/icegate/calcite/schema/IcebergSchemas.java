package io.icegate.calcite.schema;

import static java.util.Objects.requireNonNull;

import io.icegate.metadata.MetadataTableKind;
import io.icegate.metadata.SnapshotDiff;
import io.icegate.metadata.TimeTravel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.iceberg.BaseMetadataTable;

/**
 * One statement's view of a session's Iceberg catalogs as a Calcite schema tree:
 *
 * <pre>
 * root ─ catalog (demo) ─ namespace (db) ─ [nested namespaces] ─ table (t, a schema)
 *      ─ metadata table (snapshots)
 * </pre>
 *
 * <p>Calcite resolves {@code demo.db.t.snapshots} as a schema path and a table, so a data table is
 * a schema here and its 17 metadata tables are that schema's tables. Data tables themselves are not
 * in the tree: only Spark reads data.
 *
 * <p>Everything is lazy: a lookup loads the one table it names (once per statement, however often
 * Calcite asks), and catalogs, namespaces and tables are listed only when a listing is asked for. A
 * namespace in a lookup is not checked to exist; the table under it is what has to. Build one
 * instance per statement, so that every statement sees current metadata and all references to one
 * table within it see the same snapshot.
 */
public final class IcebergSchemas {
  /**
   * Starts the names of time-travel schemas; "$" keeps them apart from catalog names Spark allows.
   */
  static final String TIME_TRAVEL_PREFIX = "$time_travel_";

  /** Starts the names of the schemas of a statement's {@code snapshot_diff} calls. */
  static final String SNAPSHOT_DIFF_PREFIX = "$snapshot_diff_";

  private final IcebergCatalogs catalogs;
  private final Map<TableKey, Optional<TableSchema>> tables = new ConcurrentHashMap<>();
  private final CalciteSchema root;
  private int timeTravelCount;
  private int snapshotDiffCount;

  private IcebergSchemas(IcebergCatalogs catalogs) {
    this.catalogs = requireNonNull(catalogs, "catalogs is null");
    this.root = CalciteSchema.createRootSchema(false, false, "", new CatalogsSchema(this));
  }

  /** A new tree over {@code catalogs}; reads nothing yet. */
  public static IcebergSchemas of(IcebergCatalogs catalogs) {
    return new IcebergSchemas(catalogs);
  }

  public IcebergCatalogs catalogs() {
    return catalogs;
  }

  /** The root schema: one sub-schema per Iceberg catalog. */
  public SchemaPlus root() {
    return root.plus();
  }

  /**
   * The data table {@code catalog.namespace.name} as a schema of metadata tables, loaded on first
   * use; empty when the catalog has no such data table. Iceberg's catalogs also load {@code
   * db.t.snapshots} as table {@code snapshots} of namespace {@code db.t} (the metadata table); that
   * is not a data table, so it is not one here.
   */
  public Optional<TableSchema> table(String catalog, List<String> namespace, String name) {
    TableKey key = new TableKey(catalog, namespace, name);
    return tables.computeIfAbsent(
        key,
        k ->
            catalogs
                .loadTable(k.catalog(), k.namespace(), k.name())
                .filter(table -> !(table instanceof BaseMetadataTable))
                .map(
                    table ->
                        new TableSchema(
                            path(k),
                            table,
                            kind ->
                                catalogs.redaction(
                                    k.catalog(), k.namespace(), k.name(), table, kind))));
  }

  /**
   * Makes the metadata table {@code kind} of {@code table} read at {@code timeTravel}, under a path
   * only this statement uses ({@code [$time_travel_0, files]}, numbered in the order of the
   * statement's time-travel clauses). Calcite's validator knows no time travel, so the statement is
   * rewritten to read this path instead of {@code t.files VERSION AS OF ...}; the last part is the
   * metadata table's name, so the reference keeps its implicit alias.
   */
  public synchronized MetadataTable addTimeTravel(
      TableSchema table, MetadataTableKind kind, TimeTravel timeTravel) {
    String schema = TIME_TRAVEL_PREFIX + timeTravelCount++;
    String name = kind.tableName();
    MetadataTable travelled =
        new MetadataTable(
            List.of(schema, name), table.table(), kind, timeTravel, table.redaction(kind));
    root.add(schema, new SingleTableSchema(name, travelled));
    return travelled;
  }

  /**
   * Makes {@code diff} a table under a path only this statement uses ({@code [$snapshot_diff_0,
   * snapshot_diff]}, numbered in the order of the statement's calls), which the statement is
   * rewritten to read instead of the call; the last part keeps the call's implicit alias.
   */
  public synchronized SnapshotDiffTable addSnapshotDiff(SnapshotDiff diff) {
    String schema = SNAPSHOT_DIFF_PREFIX + snapshotDiffCount++;
    SnapshotDiffTable table = new SnapshotDiffTable(List.of(schema, SnapshotDiff.NAME), diff);
    root.add(schema, new SingleTableSchema(SnapshotDiff.NAME, table));
    return table;
  }

  private static List<String> path(TableKey key) {
    List<String> path = new ArrayList<>();
    path.add(key.catalog());
    path.addAll(key.namespace());
    path.add(key.name());
    return path;
  }

  NamespaceSchema namespace(String catalog, List<String> namespace) {
    return new NamespaceSchema(this, catalog, namespace);
  }

  private record TableKey(String catalog, List<String> namespace, String name) {
    TableKey {
      requireNonNull(catalog, "catalog is null");
      namespace = List.copyOf(namespace);
      requireNonNull(name, "name is null");
    }
  }
}
