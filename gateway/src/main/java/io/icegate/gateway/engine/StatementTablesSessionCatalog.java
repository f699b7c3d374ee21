package io.icegate.gateway.engine;

import org.apache.iceberg.spark.SparkSessionCatalog;
import org.apache.spark.sql.connector.catalog.TableCatalog;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * Iceberg's {@link SparkSessionCatalog} over a {@link StatementTablesCatalog}: Iceberg tables in
 * Spark's own catalog read at one snapshot through each statement too.
 */
public class StatementTablesSessionCatalog<T extends TableCatalog> extends SparkSessionCatalog {
  @Override
  protected TableCatalog buildSparkCatalog(String name, CaseInsensitiveStringMap options) {
    StatementTablesCatalog catalog = new StatementTablesCatalog();
    catalog.initialize(name, options);
    return catalog;
  }
}
