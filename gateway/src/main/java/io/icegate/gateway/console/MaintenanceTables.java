package io.icegate.gateway.console;

import io.icegate.gateway.health.HealthThresholds;
import io.icegate.gateway.health.TableHealth;
import io.icegate.gateway.metadata.SparkIcebergCatalogs;
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

  /** The tables needing maintenance, and how many tables were checked. */
  record Result(List<List<String>> needing, int checked) {}

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
    int[] checked = {0};
    TableHealth.rows(
        new SparkIcebergCatalogs(session),
        new TableHealth.Request(wanted, Optional.empty(), Optional.empty(), Optional.empty()),
        HealthThresholds.configured(),
        Instant.now(),
        ZoneId.of(session.sessionState().conf().sessionLocalTimeZone()),
        row -> {
          checked[0]++;
          if (row.isNullAt(call) && row.isNullAt(error)) {
            return;
          }
          List<String> cells = new ArrayList<>();
          for (int index : indexes) {
            DataType type = fields[index].dataType();
            cells.add(row.isNullAt(index) ? null : text(row.get(index, type), type));
          }
          needing.add(cells);
        });
    return new Result(needing, checked[0]);
  }

  private static String text(Object value, DataType type) {
    if (type == DataTypes.DoubleType) {
      return String.format(Locale.ROOT, "%.0f %%", ((Double) value) * 100);
    }
    return value.toString();
  }
}
