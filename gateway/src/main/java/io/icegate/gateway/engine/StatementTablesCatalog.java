package io.icegate.gateway.engine;

import org.apache.iceberg.spark.SparkCatalog;
import org.apache.iceberg.spark.source.SparkTable;
import org.apache.spark.sql.catalyst.analysis.NoSuchTableException;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.Table;

/**
 * Iceberg's {@link SparkCatalog}, its tables read at one snapshot through each statement.
 *
 * <p>Uncached, as the gateway runs Iceberg's catalogs so that other writers' commits show at once,
 * Iceberg hands Spark tables that load the table's latest metadata again for every scan and write
 * Spark plans. A copy-on-write DELETE, UPDATE or MERGE plans two scans of its table (its rows, and
 * the runtime filter that picks their files), and Iceberg refuses the statement when a commit by
 * anyone else lands between the two ("Runtime file filtering is not possible"): under steady
 * appends, every time. Spark loads each table once per statement, so a table that does not reload
 * reads one snapshot through the statement, and the next statement loads the table again.
 */
public class StatementTablesCatalog extends SparkCatalog {
  @Override
  public Table loadTable(Identifier ident) throws NoSuchTableException {
    return atOneSnapshot(ident, super.loadTable(ident));
  }

  /**
   * The same table without the reload, when it is the table's current state (not a snapshot, a
   * branch, a changelog, or the file rewrite Iceberg's {@code rewrite} selector loads).
   */
  static Table atOneSnapshot(Identifier ident, Table loaded) {
    if (loaded.getClass() == SparkTable.class
        && !"rewrite".equalsIgnoreCase(ident.name())
        && ((SparkTable) loaded).snapshotId() == null
        && ((SparkTable) loaded).branch() == null) {
      return new SparkTable(((SparkTable) loaded).table(), false);
    }
    return loaded;
  }
}
