package io.icegate.metadata;

import io.icegate.metadata.value.ValueConverter;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Schema;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.types.Conversions;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * The {@code readable_metrics} column of the files and entries tables, computed from a data file's
 * six metric maps with what can be worked out once per scan: the value iceberg-core gives (one
 * struct per primitive column of the data table, named by its full name and sorted by it, holding
 * its column size, value, null and NaN counts and its lower and upper bounds in the column's type),
 * converted as {@link ValueConverter} converts it.
 *
 * <p>iceberg-core works out which columns and which metrics are wanted again for every row, with
 * hash sets and streams: 40% of the native engine's time on {@code SELECT * FROM t.files}.
 */
final class ReadableMetrics {
  /** The metrics of each column, in the order iceberg-core gives them. */
  private static final List<String> METRICS =
      List.of(
          "column_size",
          "value_count",
          "null_value_count",
          "nan_value_count",
          "lower_bound",
          "upper_bound");

  /** The data file columns the metrics come from, in the order {@link #value} takes them. */
  static final List<String> SOURCE_COLUMNS =
      List.of(
          DataFile.COLUMN_SIZES.name(),
          DataFile.VALUE_COUNTS.name(),
          DataFile.NULL_VALUE_COUNTS.name(),
          DataFile.NAN_VALUE_COUNTS.name(),
          DataFile.LOWER_BOUNDS.name(),
          DataFile.UPPER_BOUNDS.name());

  /** Boxed once: the metric maps are keyed by {@code Integer}. */
  private final Integer[] fieldIds;

  private final Type[] types;
  private final ValueConverter[] bounds;
  private final int[] sources;

  /**
   * @param dataSchema the data table's schema, which names the columns
   * @param metricsType the type of the metadata table's {@code readable_metrics} column
   * @param sources where {@link #SOURCE_COLUMNS} are in the structs {@link #value} reads (a files
   *     row, an entries row's data file), in that order
   */
  ReadableMetrics(Schema dataSchema, Types.StructType metricsType, int[] sources) {
    List<Types.NestedField> columns = metricsType.fields();
    this.fieldIds = new Integer[columns.size()];
    this.types = new Type[columns.size()];
    this.bounds = new ValueConverter[columns.size()];
    for (int i = 0; i < columns.size(); i++) {
      List<String> metrics =
          columns.get(i).type().asStructType().fields().stream()
              .map(Types.NestedField::name)
              .toList();
      if (!metrics.equals(METRICS)) {
        // Values are placed by position: a metric Iceberg adds, drops or moves must not shift them
        // silently.
        throw new IllegalStateException(
            String.format(
                "Cannot compute readable_metrics: %s has the metrics %s, not %s",
                columns.get(i).name(), metrics, METRICS));
      }
      Types.NestedField column = dataSchema.findField(columns.get(i).name());
      if (column == null || !column.type().isPrimitiveType()) {
        throw new IllegalStateException(
            String.format(
                "Cannot compute readable_metrics: %s is not a primitive column of the table",
                columns.get(i).name()));
      }
      fieldIds[i] = column.fieldId();
      types[i] = column.type();
      bounds[i] = ValueConverter.forType(column.type());
    }
    if (sources.length != SOURCE_COLUMNS.size()
        || Arrays.stream(sources).anyMatch(source -> source < 0)) {
      throw new IllegalStateException(
          String.format(
              "Cannot compute readable_metrics: the metric maps %s were not all read (at %s)",
              SOURCE_COLUMNS, Arrays.toString(sources)));
    }
    this.sources = sources.clone();
  }

  /** The metrics of the data file {@code row} (a files table row or an entries row's data file). */
  List<Object> value(StructLike row) {
    Map<?, ?> sizes = row.get(sources[0], Map.class);
    Map<?, ?> values = row.get(sources[1], Map.class);
    Map<?, ?> nulls = row.get(sources[2], Map.class);
    Map<?, ?> nans = row.get(sources[3], Map.class);
    Map<?, ?> lower = row.get(sources[4], Map.class);
    Map<?, ?> upper = row.get(sources[5], Map.class);
    Object[] columns = new Object[fieldIds.length];
    for (int i = 0; i < columns.length; i++) {
      Integer id = fieldIds[i];
      columns[i] =
          Arrays.asList(
              get(sizes, id),
              get(values, id),
              get(nulls, id),
              get(nans, id),
              bound(i, lower, id),
              bound(i, upper, id));
    }
    return Arrays.asList(columns);
  }

  private static Object get(Map<?, ?> metrics, Integer id) {
    return metrics == null ? null : metrics.get(id);
  }

  private Object bound(int column, Map<?, ?> bounds, Integer id) {
    ByteBuffer bytes = bounds == null ? null : (ByteBuffer) bounds.get(id);
    return bytes == null
        ? null
        : this.bounds[column].convert(Conversions.fromByteBuffer(types[column], bytes));
  }
}
