package io.icegate.calcite.exec;

import io.icegate.calcite.schema.IcebergCatalogs;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.apache.iceberg.types.Types;

/**
 * Runs the native path once over a small table in memory, so that the first user query does not pay
 * for loading Calcite, generating its metadata handlers and starting Janino (about two seconds on a
 * small machine). The statements cover the shapes users ask most: a filtered projection, a map
 * subscript, an aggregate with {@code GROUP BY}, a join, {@code ORDER BY} with {@code LIMIT}, and
 * time travel.
 */
public final class WarmUp {
  private static final String CATALOG = "icegate_warm_up";
  private static final List<String> STATEMENTS =
      List.of(
          "SELECT snapshot_id, summary['added-records'] FROM "
              + CATALOG
              + ".db.t.snapshots WHERE parent_id IS NULL",
          "SELECT partition.category, count(*), sum(record_count) FROM "
              + CATALOG
              + ".db.t.files"
              + " GROUP BY partition.category ORDER BY 1",
          "SELECT h.made_current_at, s.operation FROM "
              + CATALOG
              + ".db.t.history h JOIN "
              + CATALOG
              + ".db.t.snapshots s ON h.snapshot_id = s.snapshot_id ORDER BY h.made_current_at"
              + " LIMIT 10",
          "SELECT * FROM " + CATALOG + ".db.t.manifests VERSION AS OF 'main'");

  private WarmUp() {}

  /**
   * Plans and reads each warm-up statement; a failure here only means the first real query pays the
   * cost.
   */
  public static void run() throws NotNativeException {
    InMemoryCatalog catalog = new InMemoryCatalog();
    catalog.initialize(CATALOG, Map.of("warehouse", "mem://" + UUID.randomUUID()));
    catalog.createNamespace(Namespace.of("db"));
    Schema schema =
        new Schema(
            Types.NestedField.required(1, "id", Types.LongType.get()),
            Types.NestedField.optional(2, "category", Types.StringType.get()));
    PartitionSpec spec = PartitionSpec.builderFor(schema).identity("category").build();
    Table table = catalog.createTable(TableIdentifier.of("db", "t"), schema, spec);
    table
        .newAppend()
        .appendFile(
            DataFiles.builder(spec)
                .withPath("mem://warm-up/a.parquet")
                .withPartitionPath("category=a")
                .withFileSizeInBytes(100)
                .withRecordCount(1)
                .build())
        .commit();
    MetadataQueryEngine engine = new MetadataQueryEngine(new OneTable(table), ZoneOffset.UTC);
    for (String sql : STATEMENTS) {
      try (MetadataQueryResult result = engine.execute(sql)) {
        while (result.next()) {
          result.row();
        }
      }
    }
  }

  /** The warm-up catalog: one namespace, one table. */
  private record OneTable(Table table) implements IcebergCatalogs {
    @Override
    public List<String> catalogNames() {
      return List.of(CATALOG);
    }

    @Override
    public List<List<String>> namespaces(String catalog, List<String> parent) {
      return parent.isEmpty() ? List.of(List.of("db")) : List.of();
    }

    @Override
    public List<String> tables(String catalog, List<String> namespace) {
      return namespace.equals(List.of("db")) ? List.of("t") : List.of();
    }

    @Override
    public Optional<Table> loadTable(String catalog, List<String> namespace, String name) {
      return namespace.equals(List.of("db")) && name.equals("t")
          ? Optional.of(table)
          : Optional.empty();
    }

    @Override
    public String currentCatalog() {
      return CATALOG;
    }

    @Override
    public List<String> currentNamespace() {
      return List.of("db");
    }
  }
}
