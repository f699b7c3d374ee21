package io.icegate.gateway.engine;

import io.icegate.gateway.activity.StatementJobs;
import java.util.Locale;
import java.util.Objects;
import org.apache.iceberg.spark.SparkCatalog;
import org.apache.iceberg.spark.source.SparkTable;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.analysis.NoSuchTableException;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * Iceberg's {@link SparkCatalog}, its tables read at one snapshot through each statement.
 *
 * <p>Uncached, as the gateway runs Iceberg's catalogs so that other writers' commits show at once,
 * Iceberg hands Spark tables that load the table's latest metadata again for every scan Spark
 * plans. A copy-on-write DELETE, UPDATE or MERGE plans two scans of its table (its rows, and the
 * runtime filter that picks their files), and Iceberg refuses the statement when a commit by anyone
 * else lands between the two ("Runtime file filtering is not possible"): under steady appends,
 * every time. These tables load the latest metadata at most once per statement: a statement reads
 * the snapshot it loaded, and a plan kept across statements (a cached table, re-run after a write
 * or a REFRESH) loads it again in the next one.
 */
public class StatementTablesCatalog extends SparkCatalog {
  @Override
  public Table loadTable(Identifier ident) throws NoSuchTableException {
    return atOneSnapshot(ident, super.loadTable(ident));
  }

  /**
   * The same table loading once per statement, when it is the table's current state or a branch's
   * (not a snapshot, a changelog, or what one of Iceberg's selectors such as {@code rewrite}
   * loads).
   */
  static Table atOneSnapshot(Identifier ident, Table loaded) {
    if (loaded.getClass() != SparkTable.class) {
      return loaded;
    }
    SparkTable table = (SparkTable) loaded;
    boolean selector =
        !table
            .table()
            .name()
            .toLowerCase(Locale.ROOT)
            .endsWith("." + ident.name().toLowerCase(Locale.ROOT));
    if (table.snapshotId() != null || (selector && table.branch() == null)) {
      return loaded;
    }
    return new OncePerStatementTable(table);
  }

  /** An Iceberg table in Spark that loads the latest metadata on its first scan of a statement. */
  static final class OncePerStatementTable extends SparkTable {
    private String statement;

    OncePerStatementTable(SparkTable loaded) {
      super(loaded.table(), loaded.branch(), false);
      this.statement = currentStatement();
    }

    @Override
    public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
      String current = currentStatement();
      // Outside a gateway statement (no id), Iceberg's own behaviour: every scan loads.
      synchronized (this) {
        if (current == null || !Objects.equals(current, statement)) {
          table().refresh();
          statement = current;
        }
      }
      return super.newScanBuilder(options);
    }

    private static String currentStatement() {
      return SparkSession.active().sparkContext().getLocalProperty(StatementJobs.PROPERTY);
    }
  }
}
