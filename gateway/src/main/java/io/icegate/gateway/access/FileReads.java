package io.icegate.gateway.access;

import io.icegate.access.Privilege;
import io.icegate.access.TableGrant;
import io.icegate.access.TableRef;
import io.icegate.gateway.policy.TableLocations;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.spark.sql.SparkSession;

/**
 * Files read by path under access rules: the statement policy's roots say where a role may read at
 * all, but a table's files are its rows, so a path inside (or around) a table's location is read
 * only by a user who may read that whole table. Otherwise a user the rules narrow could read a
 * table's hidden columns, or a table they may not see, as {@code parquet.`<its location>/data`},
 * through {@code add_files}, or by registering its metadata file under a name of their own.
 */
public final class FileReads {
  private static final Set<Privilege> WHOLE_TABLE =
      EnumSet.of(Privilege.SELECT, Privilege.HISTORY, Privilege.METADATA);

  /** A wildcard segment and what follows it: the files a glob reads lie under what precedes it. */
  private static final Pattern WILDCARD = Pattern.compile("/[^/]*[*?\\[].*$");

  private FileReads() {}

  /** {@code path} up to its first segment with a wildcard: a glob reads files under it. */
  static String beforeWildcards(String path) {
    String cut = WILDCARD.matcher(path).replaceFirst("");
    return cut.isEmpty() ? "/" : cut;
  }

  /**
   * Refuses reading the files at {@code path} ({@code what}: how the statement reads them) unless
   * the user holds {@code select}, {@code history} and {@code metadata} on every table whose files
   * lie there (under its location, or where its properties put data or metadata files) and sees
   * each whole.
   */
  public static void requireWholeTables(
      SparkSession session, TableAccess access, String path, String what) {
    List<TableLocations.Located> tables;
    try {
      tables = TableLocations.everyOverlapping(session, beforeWildcards(path));
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
      // The files are every snapshot's rows and the manifests' bounds: what select, history and
      // metadata give through the table.
      if (grant.privileges().containsAll(WHOLE_TABLE) && !grant.restricted()) {
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
