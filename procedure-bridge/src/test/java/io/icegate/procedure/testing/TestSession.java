package io.icegate.procedure.testing;

import io.icegate.procedure.bind.SessionCatalogs;
import io.icegate.procedure.bind.TableName;
import io.icegate.procedure.check.ProcedureTables;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.apache.iceberg.types.Types;

/**
 * A connection's session as the gateway would describe it to the bridge: Iceberg catalogs in
 * memory, catalogs that are not Iceberg's, plain (non-Iceberg) tables, a current catalog and
 * namespace, a time zone.
 */
public final class TestSession implements SessionCatalogs, ProcedureTables {
  public static final Schema SCHEMA =
      new Schema(
          Types.NestedField.required(1, "id", Types.LongType.get()),
          Types.NestedField.optional(2, "name", Types.StringType.get()),
          Types.NestedField.optional(3, "category", Types.StringType.get()),
          Types.NestedField.optional(4, "region", Types.StringType.get()));

  private final Map<String, InMemoryCatalog> iceberg = new LinkedHashMap<>();
  private final Set<String> others = new HashSet<>();
  private final Set<TableName> plainTables = new HashSet<>();
  private String currentCatalog;
  private List<String> currentNamespace = List.of("default");
  private ZoneId zone = ZoneOffset.UTC;

  /** Adds an Iceberg catalog; the first one added is current. */
  public TestSession iceberg(String name) {
    InMemoryCatalog catalog = new InMemoryCatalog();
    // InMemoryFileIO's files are JVM-wide: a warehouse per catalog keeps tests apart.
    catalog.initialize(name, Map.of("warehouse", "mem://" + UUID.randomUUID()));
    iceberg.put(name, catalog);
    if (currentCatalog == null) {
      currentCatalog = name;
    }
    return this;
  }

  /** Adds a catalog Spark knows that is not an Iceberg catalog. */
  public TestSession other(String name) {
    others.add(name);
    return this;
  }

  public TestSession use(String catalog, String... namespace) {
    this.currentCatalog = catalog;
    this.currentNamespace = List.of(namespace);
    return this;
  }

  public TestSession zone(ZoneId timeZone) {
    this.zone = timeZone;
    return this;
  }

  /** A plain (say, parquet) table Spark knows by {@code catalog.dotted}. */
  public TestSession plainTable(String catalog, String dotted) {
    plainTables.add(name(catalog, dotted));
    return this;
  }

  /** Creates Iceberg table {@code dotted} ({@code db.t}) in {@code catalog}, format v2. */
  public Table create(String catalog, String dotted, PartitionSpec spec) {
    TableIdentifier identifier = identifier(name(catalog, dotted));
    InMemoryCatalog target = iceberg.get(catalog);
    if (!target.namespaceExists(identifier.namespace())) {
      target.createNamespace(identifier.namespace());
    }
    return target.createTable(
        identifier, SCHEMA, spec, Map.of(TableProperties.FORMAT_VERSION, "2"));
  }

  /** {@code table}, whose next commits get snapshot ids {@code ids}, in order. */
  public static Table withSnapshotIds(Table table, Long... ids) {
    return FixedSnapshotIds.withIds(table, List.of(ids));
  }

  /**
   * A made-up data file of {@code table}'s spec {@code spec} in partition {@code partitionPath} (or
   * none).
   */
  public static DataFile dataFile(PartitionSpec spec, String partitionPath) {
    DataFiles.Builder builder =
        DataFiles.builder(spec)
            .withPath("/data/" + UUID.randomUUID() + ".parquet")
            .withFormat(FileFormat.PARQUET)
            .withFileSizeInBytes(100)
            .withRecordCount(1);
    return (partitionPath == null ? builder : builder.withPartitionPath(partitionPath)).build();
  }

  /** Appends one made-up file to {@code table} in partition {@code partitionPath}. */
  public static long append(Table table, String partitionPath) {
    table.newAppend().appendFile(dataFile(table.spec(), partitionPath)).commit();
    return table.currentSnapshot().snapshotId();
  }

  @Override
  public String currentCatalog() {
    return currentCatalog;
  }

  @Override
  public List<String> currentNamespace() {
    return currentNamespace;
  }

  @Override
  public Set<String> catalogNames() {
    Set<String> names = new HashSet<>(iceberg.keySet());
    names.addAll(others);
    return names;
  }

  @Override
  public boolean isIceberg(String catalog) {
    return iceberg.containsKey(catalog);
  }

  @Override
  public List<String> defaultNamespace(String catalog) {
    return List.of("default");
  }

  @Override
  public ZoneId timeZone() {
    return zone;
  }

  @Override
  public Optional<Table> loadIcebergTable(TableName name) {
    InMemoryCatalog catalog = iceberg.get(name.catalog());
    TableIdentifier identifier = identifier(name);
    return catalog != null && catalog.tableExists(identifier)
        ? Optional.of(catalog.loadTable(identifier))
        : Optional.empty();
  }

  @Override
  public boolean exists(TableName name) {
    return plainTables.contains(name) || loadIcebergTable(name).isPresent();
  }

  private static TableName name(String catalog, String dotted) {
    List<String> parts = List.of(dotted.split("\\."));
    return new TableName(catalog, parts.subList(0, parts.size() - 1), parts.get(parts.size() - 1));
  }

  private static TableIdentifier identifier(TableName name) {
    return TableIdentifier.of(Namespace.of(name.namespace().toArray(String[]::new)), name.name());
  }
}
