package io.icegate.calcite.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.calcite.testing.InMemoryCatalogs;
import io.icegate.metadata.MetadataTableKind;
import io.icegate.metadata.TimeTravel;
import io.icegate.metadata.testing.TestTables;
import java.util.List;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.lookup.LikePattern;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The schema tree: catalogs, namespaces, tables as schemas of metadata tables, read lazily. */
class IcebergSchemasTest {
  private InMemoryCatalogs catalogs;

  @BeforeEach
  void catalogs() {
    InMemoryCatalog prod = TestTables.catalog("prod");
    TestTables.manyManifests(prod, "t", 1);
    prod.createNamespace(Namespace.of("db", "nested"));
    TestTables.manyManifests(prod, "unused", 1);
    InMemoryCatalog demo = TestTables.catalog("demo");
    catalogs = new InMemoryCatalogs().add("prod", prod).add("demo", demo);
  }

  @Test
  void findsAMetadataTableLoadingOnlyItsTable() {
    IcebergSchemas schemas = IcebergSchemas.of(catalogs);
    assertThat(catalogs.loads()).isZero();

    Table snapshots =
        schemas
            .root()
            .subSchemas()
            .get("prod")
            .subSchemas()
            .get("db")
            .subSchemas()
            .get("t")
            .tables()
            .get("snapshots");
    Table again =
        schemas
            .root()
            .subSchemas()
            .get("prod")
            .subSchemas()
            .get("db")
            .subSchemas()
            .get("t")
            .tables()
            .get("snapshots");

    assertThat(snapshots).isInstanceOf(MetadataTable.class).isSameAs(again);
    assertThat(((MetadataTable) snapshots).name()).isEqualTo("prod.db.t.snapshots");
    assertThat(((MetadataTable) snapshots).path()).containsExactly("prod", "db", "t", "snapshots");
    assertThat(catalogs.loads()).isEqualTo(1);
    assertThat(catalogs.listings()).isZero();
  }

  @Test
  void metadataTableNamesIgnoreCaseAsIcebergs() {
    TableSchema table = IcebergSchemas.of(catalogs).table("prod", List.of("db"), "t").orElseThrow();

    assertThat(table.tables().get("SNAPSHOTS"))
        .isSameAs(table.metadataTable(MetadataTableKind.SNAPSHOTS));
    assertThat(table.tables().getIgnoreCase("Files").entity())
        .isSameAs(table.metadataTable(MetadataTableKind.FILES));
    assertThat(table.tables().get("no_such_table")).isNull();
  }

  @Test
  void listsOnlyWhenAsked() {
    SchemaPlus root = IcebergSchemas.of(catalogs).root();

    assertThat(root.subSchemas().getNames(LikePattern.any()))
        .containsExactlyInAnyOrder("demo", "prod");
    assertThat(root.subSchemas().get("prod").subSchemas().getNames(LikePattern.any()))
        .containsExactly("db");
    assertThat(
            root.subSchemas()
                .get("prod")
                .subSchemas()
                .get("db")
                .subSchemas()
                .getNames(LikePattern.any()))
        .containsExactlyInAnyOrder("nested", "t", "unused");
    assertThat(
            root.subSchemas()
                .get("prod")
                .subSchemas()
                .get("db")
                .subSchemas()
                .get("t")
                .tables()
                .getNames(new LikePattern("all_%")))
        .containsExactlyInAnyOrder(
            "all_data_files", "all_delete_files", "all_entries", "all_files", "all_manifests");
    // Namespaces of prod; namespaces and tables of prod.db.
    assertThat(catalogs.listings()).isEqualTo(3);
  }

  @Test
  void nestedNamespacesAreNestedSchemas() {
    InMemoryCatalog deep = TestTables.catalog("deep");
    deep.createNamespace(Namespace.of("db", "a"));
    deep.createNamespace(Namespace.of("db", "a", "b"));
    deep.createTable(
        org.apache.iceberg.catalog.TableIdentifier.of(Namespace.of("db", "a", "b"), "t"),
        TestTables.SCHEMA);
    SchemaPlus root = IcebergSchemas.of(new InMemoryCatalogs().add("deep", deep)).root();

    Table refs =
        root.subSchemas()
            .get("deep")
            .subSchemas()
            .get("db")
            .subSchemas()
            .get("a")
            .subSchemas()
            .get("b")
            .subSchemas()
            .get("t")
            .tables()
            .get("refs");

    assertThat(((MetadataTable) refs).name()).isEqualTo("deep.db.a.b.t.refs");
  }

  @Test
  void unknownNamesFindNothing() {
    SchemaPlus root = IcebergSchemas.of(catalogs).root();

    assertThat(root.subSchemas().get("nope")).isNull();
    assertThat(
            root.subSchemas()
                .get("prod")
                .subSchemas()
                .get("db")
                .subSchemas()
                .get("missing")
                .tables()
                .get("snapshots"))
        .isNull();
    // Names are the catalog's to compare: this one's are case-sensitive.
    assertThat(root.subSchemas().get("PROD")).isNull();
  }

  @Test
  void timeTravelTablesGetAPathOfTheirOwn() {
    IcebergSchemas schemas = IcebergSchemas.of(catalogs);
    TableSchema table = schemas.table("prod", List.of("db"), "t").orElseThrow();

    MetadataTable first =
        schemas.addTimeTravel(table, MetadataTableKind.FILES, TimeTravel.ref("main"));
    MetadataTable second =
        schemas.addTimeTravel(table, MetadataTableKind.FILES, TimeTravel.snapshot(1));

    assertThat(first.path()).containsExactly("$time_travel_0", "files");
    assertThat(second.path()).containsExactly("$time_travel_1", "files");
    assertThat(schemas.root().subSchemas().get("$time_travel_1").tables().get("files"))
        .isSameAs(second);
    assertThat(second.timeTravel()).isEqualTo(TimeTravel.snapshot(1));
  }
}
