package io.icegate.gateway.console;

import io.icegate.access.AccessRules;
import io.icegate.access.Privilege;
import io.icegate.access.Subject;
import io.icegate.access.TableGrant;
import io.icegate.access.TableRef;
import io.icegate.gateway.health.HealthThresholds;
import io.icegate.gateway.health.TableHealth;
import io.icegate.gateway.metadata.SparkIcebergCatalogs;
import io.icegate.gateway.security.Identity;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;

/**
 * The tables page's rows: {@code icegate.system.table_health} (the same {@link TableHealth} rows)
 * of the tables that have a suggested call or an error, with only the columns the page shows
 * computed.
 */
final class MaintenanceTables {
  static final List<String> COLUMNS =
      List.of(
          "catalog",
          "namespace",
          "table_name",
          "snapshot_count",
          "data_file_count",
          "small_file_share",
          "delete_file_count",
          "manifest_count",
          "suggested_call",
          "error");

  /** The page's headings of {@link #COLUMNS}, but the error, which goes under the call. */
  static final List<String> TITLES =
      List.of(
          "Catalog",
          "Namespace",
          "Table",
          "Snapshots",
          "Data files",
          "Small files",
          "Delete files",
          "Manifests",
          "Suggested call");

  /**
   * The tables needing maintenance, and every table checked (catalog, namespace, name), so that
   * each viewer is shown only the tables the access rules let them see.
   */
  record Result(List<List<String>> needing, List<List<String>> checked) {
    /** The rows and the count {@code viewer} may see: tables they hold metadata on. */
    Result seenBy(Optional<AccessRules> rules, Identity viewer) {
      if (rules.isEmpty()) {
        return this;
      }
      Subject subject =
          rules.get().subject(viewer.user(), viewer.role().name().toLowerCase(Locale.ROOT));
      java.util.function.Predicate<List<String>> visible =
          row ->
              shownWhole(
                  rules
                      .get()
                      .table(
                          subject,
                          new TableRef(
                              row.get(0),
                              row.get(1) == null || row.get(1).isEmpty()
                                  ? List.of()
                                  : List.of(row.get(1).split("\\.")),
                              row.get(2) == null ? "" : row.get(2))));
      return new Result(
          needing.stream().filter(visible).toList(), checked.stream().filter(visible).toList());
    }

    /** A table's health row for a viewer who holds metadata on it and sees all of it. */
    private static boolean shownWhole(TableGrant grant) {
      return grant.has(Privilege.METADATA) && !grant.restricted();
    }
  }

  private MaintenanceTables() {}

  static Result of(SparkSession session) {
    BitSet wanted = new BitSet();
    int[] indexes = COLUMNS.stream().mapToInt(TableHealth::column).toArray();
    for (int index : indexes) {
      wanted.set(index);
    }
    StructField[] fields = TableHealth.SCHEMA.fields();
    int call = TableHealth.column("suggested_call");
    int error = TableHealth.column("error");
    List<List<String>> needing = new ArrayList<>();
    List<List<String>> checked = new ArrayList<>();
    TableHealth.rows(
        new SparkIcebergCatalogs(session),
        new TableHealth.Request(wanted, Optional.empty(), Optional.empty(), Optional.empty()),
        HealthThresholds.configured(),
        Instant.now(),
        ZoneId.of(session.sessionState().conf().sessionLocalTimeZone()),
        row -> {
          List<String> cells = new ArrayList<>();
          for (int index : indexes) {
            DataType type = fields[index].dataType();
            cells.add(row.isNullAt(index) ? null : text(row.get(index, type), type));
          }
          checked.add(cells.subList(0, 3));
          if (row.isNullAt(call) && row.isNullAt(error)) {
            return;
          }
          needing.add(cells);
        });
    return new Result(needing, checked);
  }

  private static String text(Object value, DataType type) {
    if (type == DataTypes.DoubleType) {
      return String.format(Locale.ROOT, "%.0f %%", ((Double) value) * 100);
    }
    return value.toString();
  }
}
