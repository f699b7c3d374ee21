package io.icegate.calcite.testing;

import io.icegate.calcite.exec.MetadataQueryEngine;
import io.icegate.metadata.testing.TestTables;
import java.time.ZoneId;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.inmemory.InMemoryCatalog;

/**
 * The catalogs most tests query: catalog {@code prod} (the specification's name, so its examples
 * run as written) with the rich table {@code db.table} and the unpartitioned {@code db.flat};
 * {@code prod.db} current.
 */
public final class Fixture {
  public final InMemoryCatalog prod = TestTables.catalog("prod");
  public final TestTables.Rich rich = TestTables.rich(prod, "table");
  public final Table flat = TestTables.manyManifests(prod, "flat", 2);
  public final InMemoryCatalogs catalogs =
      new InMemoryCatalogs().add("prod", prod).use("prod", "db");

  /** The table as the engine loads it: with current metadata. */
  public Table table() {
    return prod.loadTable(TableIdentifier.of("db", "table"));
  }

  public MetadataQueryEngine engine() {
    return engine(ZoneId.of("UTC"));
  }

  public MetadataQueryEngine engine(ZoneId zone) {
    return new MetadataQueryEngine(catalogs, zone);
  }

  public Query sql(String sql) {
    return Query.sql(engine(), sql);
  }
}
