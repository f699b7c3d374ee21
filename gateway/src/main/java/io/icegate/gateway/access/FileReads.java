package io.icegate.gateway.access;

import io.icegate.access.Privilege;
import io.icegate.access.TableGrant;
import io.icegate.access.TableRef;
import io.icegate.gateway.policy.TableLocations;
import java.util.List;
import org.apache.spark.sql.SparkSession;

/**
 * Files read by path under access rules: the statement policy's roots say where a role may read at
 * all, but a table's files are its rows, so a path inside (or around) a table's location is read
 * only by a user who may read that whole table. Otherwise a user the rules narrow could read a
 * table's hidden columns, or a table they may not see, as {@code parquet.`<its location>/data`},
 * through {@code add_files}, or by registering its metadata file under a name of their own.
 */
public final class FileReads {
  private FileReads() {}

  /**
   * Refuses reading the files at {@code path} ({@code what}: how the statement reads them) unless
   * the user holds {@code select} on every table whose files lie there and sees each whole.
   */
  public static void requireWholeTables(
      SparkSession session, TableAccess access, String path, String what) {
    List<TableLocations.Located> tables;
    try {
      tables = TableLocations.everyOverlapping(session, path);
    } catch (IllegalStateException e) {
      throw TableAccess.refusal(
          "Cannot read '"
              + path
              + "' ("
              + what
              + "): the access rules cannot tell whose files lie there ("
              + e.getMessage()
              + ")");
    }
    for (TableLocations.Located table : tables) {
      TableRef ref = new TableRef(table.catalog(), table.namespace(), table.table());
      TableGrant grant = access.grant(ref);
      if (grant.has(Privilege.SELECT) && !grant.restricted()) {
        continue;
      }
      String whose =
          grant.visible()
              ? "it holds files of table "
                  + ref
                  + ", which user '"
                  + access.subject().user()
                  + "' may not read whole "
                  + TableAccess.by(grant.rule())
              : "it holds files of a table user '"
                  + access.subject().user()
                  + "' may not read under the access rules";
      throw TableAccess.refusal("Cannot read '" + path + "' (" + what + "): " + whose);
    }
  }
}
