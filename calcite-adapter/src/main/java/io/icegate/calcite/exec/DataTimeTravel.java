package io.icegate.calcite.exec;

import static io.icegate.metadata.MetadataTableException.Reason.CONFLICTING_TIME_TRAVEL;

import io.icegate.calcite.parser.SqlTimeTravel;
import io.icegate.calcite.parser.TableReference;
import io.icegate.calcite.parser.TableReferences;
import io.icegate.calcite.schema.IcebergCatalogs;
import io.icegate.metadata.MetadataTableException;
import io.icegate.metadata.MetadataTables;
import io.icegate.metadata.TimeTravel;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.calcite.sql.SqlNode;
import org.apache.iceberg.BaseMetadataTable;
import org.apache.iceberg.Table;

/**
 * Checks time travel on Iceberg data tables before Spark runs a statement, so that a clause or a
 * table name that selects no snapshot fails at once, naming the table and what exists, instead of
 * deep inside Spark's planning: {@code VERSION AS OF} an unknown snapshot id, branch or tag, {@code
 * TIMESTAMP AS OF} a time before the first snapshot, {@code t.branch_x} / {@code t.tag_x} / {@code
 * t.snapshot_id_N} naming nothing, and a name that selects a version combined with an AS OF clause
 * (Spark refuses both at once). Every table of the statement is checked, in joins, subqueries, CTEs
 * and set operations alike. What it cannot judge without running anything (a timestamp computed by
 * an expression, a table that is not Iceberg's) is left to Spark.
 */
public final class DataTimeTravel {
  /** Table-name suffixes with which Iceberg's Spark catalog selects a version of a data table. */
  private static final List<String> SELECTORS =
      List.of("branch_", "tag_", "snapshot_id_", "at_timestamp_");

  private DataTimeTravel() {}

  /**
   * @throws MetadataTableException for the first reference that selects no snapshot, or selects one
   *     twice
   */
  public static void check(IcebergCatalogs catalogs, ZoneId zone, SqlNode statement) {
    TimeTravelValues values =
        new TimeTravelValues(
            zone,
            expression -> {
              throw new NotNativeException("the time travel value " + expression + " is computed");
            });
    for (TableReference reference : TableReferences.in(statement)) {
      check(catalogs, values, reference);
    }
  }

  private static void check(
      IcebergCatalogs catalogs, TimeTravelValues values, TableReference reference) {
    List<String> name = reference.name();
    if (reference.timeTravel().isEmpty() && selector(name.get(name.size() - 1)).isEmpty()) {
      // Nothing selects a version: no table needs loading.
      return;
    }
    boolean explicitCatalog = name.size() > 1 && catalogs.isCatalog(name.get(0));
    String catalog = explicitCatalog ? name.get(0) : catalogs.currentCatalog();
    if (!catalogs.isIcebergCatalog(catalog)) {
      return;
    }
    List<String> rest = explicitCatalog ? name.subList(1, name.size()) : name;
    List<String> namespace =
        rest.size() == 1 ? catalogs.currentNamespace() : rest.subList(0, rest.size() - 1);
    String tableName = rest.get(rest.size() - 1);
    Optional<Table> table =
        catalogs.loadTable(catalog, namespace, tableName).filter(DataTimeTravel::isData);
    Optional<SqlTimeTravel> clause = reference.timeTravel();
    if (table.isPresent()) {
      if (clause.isPresent()) {
        catalogs.checkRead(catalog, namespace, tableName, null, true);
      }
      clause.ifPresent(c -> resolve(table.get(), values, c));
      return;
    }
    // t.branch_x: Iceberg reads data table t at branch x when no table is named so.
    Optional<String> selector = selector(tableName);
    if (selector.isEmpty() || namespace.isEmpty()) {
      return;
    }
    List<String> parentNamespace = namespace.subList(0, namespace.size() - 1);
    String parentName = namespace.get(namespace.size() - 1);
    Optional<Table> parent =
        catalogs.loadTable(catalog, parentNamespace, parentName).filter(DataTimeTravel::isData);
    if (parent.isEmpty()) {
      return;
    }
    catalogs.checkRead(catalog, parentNamespace, parentName, null, true);
    if (clause.isPresent()) {
      throw new MetadataTableException(
          CONFLICTING_TIME_TRAVEL,
          String.format(
              "Cannot time travel on %s: the name %s already selects a version of it, so it cannot"
                  + " take %s as well; use one or the other",
              parent.get().name(), tableName, clause.get().kind().keywords()));
    }
    selectorTimeTravel(tableName, selector.get())
        .ifPresent(travel -> MetadataTables.snapshotOf(parent.get(), travel));
  }

  private static void resolve(Table table, TimeTravelValues values, SqlTimeTravel clause) {
    TimeTravel travel;
    try {
      travel = values.of(clause);
    } catch (NotNativeException e) {
      return;
    }
    MetadataTables.snapshotOf(table, travel);
  }

  private static boolean isData(Table table) {
    return !(table instanceof BaseMetadataTable);
  }

  private static Optional<String> selector(String tableName) {
    String lower = tableName.toLowerCase(Locale.ROOT);
    return SELECTORS.stream().filter(lower::startsWith).findFirst();
  }

  /**
   * What {@code t.<tableName>} selects, or empty when its suffix is not one Iceberg reads (left to
   * Spark).
   */
  private static Optional<TimeTravel> selectorTimeTravel(String tableName, String selector) {
    String value = tableName.substring(selector.length());
    try {
      return Optional.of(
          switch (selector) {
            case "branch_", "tag_" -> TimeTravel.ref(value);
            case "snapshot_id_" -> TimeTravel.version(Long.toString(Long.parseLong(value)));
            default -> TimeTravel.asOfMillis(Long.parseLong(value));
          });
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }
}
