package io.icegate.gateway.engine;

import org.apache.iceberg.spark.SparkSessionCatalog;
import org.apache.spark.sql.connector.catalog.FunctionCatalog;
import org.apache.spark.sql.connector.catalog.SupportsNamespaces;
import org.apache.spark.sql.connector.catalog.TableCatalog;
import org.apache.spark.sql.connector.catalog.ViewCatalog;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * Iceberg's {@link SparkSessionCatalog} over a {@link StatementTablesCatalog}: Iceberg tables in
 * Spark's own catalog read at one snapshot through each statement too.
 */
public class StatementTablesSessionCatalog<
        T extends TableCatalog & FunctionCatalog & SupportsNamespaces & ViewCatalog>
    extends SparkSessionCatalog<T> {
  @Override
  protected TableCatalog buildSparkCatalog(String name, CaseInsensitiveStringMap options) {
    StatementTablesCatalog catalog = new StatementTablesCatalog();
    catalog.initialize(name, options);
    return catalog;
  }
}
