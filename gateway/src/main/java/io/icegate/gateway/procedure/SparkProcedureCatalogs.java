package io.icegate.gateway.procedure;

import io.icegate.gateway.engine.Sessions;
import io.icegate.gateway.metadata.SparkIcebergCatalogs;
import io.icegate.procedure.bind.SessionCatalogs;
import io.icegate.procedure.bind.TableName;
import io.icegate.procedure.check.ProcedureTables;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.iceberg.Table;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.CatalogPlugin;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.TableCatalog;

/**
 * What the procedure bridge needs to know about one connection's session: its catalogs (current,
 * configured, which are Iceberg's) and its tables, read through the catalog objects Spark itself
 * uses, without a Spark job.
 */
final class SparkProcedureCatalogs implements SessionCatalogs, ProcedureTables {
  private final SparkSession session;
  private final SparkIcebergCatalogs iceberg;

  SparkProcedureCatalogs(SparkSession session) {
    this.session = session;
    this.iceberg = new SparkIcebergCatalogs(session);
  }

  @Override
  public String currentCatalog() {
    return iceberg.currentCatalog();
  }

  @Override
  public List<String> currentNamespace() {
    return iceberg.currentNamespace();
  }

  /** Every catalog Spark knows, loaded or only configured ({@code spark.sql.catalog.<name>}). */
  @Override
  public Set<String> catalogNames() {
    return Sessions.catalogNames(session);
  }

  @Override
  public boolean isIceberg(String catalog) {
    return iceberg.icebergCatalog(catalog).isPresent();
  }

  @Override
  public List<String> defaultNamespace(String catalog) {
    return Sessions.withActive(
        session,
        () -> {
          CatalogPlugin plugin = Sessions.catalogManager(session).catalog(catalog);
          return Arrays.asList(plugin.defaultNamespace());
        });
  }

  @Override
  public ZoneId timeZone() {
    return ZoneId.of(session.conf().get("spark.sql.session.timeZone"));
  }

  @Override
  public Optional<Table> loadIcebergTable(TableName name) {
    return iceberg.loadTable(name.catalog(), name.namespace(), name.name());
  }

  /** The table, loaded afresh, for a procedure that the gateway runs itself and that commits. */
  Optional<Table> loadTableToChange(TableName name) {
    return iceberg.loadTableToChange(name.catalog(), name.namespace(), name.name());
  }

  @Override
  public boolean exists(TableName name) {
    if (name.isFileReference()) {
      // `parquet`.`/path/to/table`: the files are the table. Paths on other file systems are
      // Spark's to check.
      String location = name.name();
      if (location.contains("://") && !location.startsWith("file:")) {
        return true;
      }
      return Files.exists(Path.of(location.replaceFirst("^file:(//)?", "")));
    }
    if (loadIcebergTable(name).isPresent()) {
      return true;
    }
    return Sessions.withActive(
        session,
        () -> {
          CatalogPlugin plugin = Sessions.catalogManager(session).catalog(name.catalog());
          return plugin instanceof TableCatalog tables
              && tables.tableExists(
                  Identifier.of(name.namespace().toArray(String[]::new), name.name()));
        });
  }
}
