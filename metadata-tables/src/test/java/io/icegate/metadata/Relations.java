package io.icegate.metadata;

import io.icegate.metadata.value.StructConverter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.iceberg.DataTask;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Schema;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableScan;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.types.Types;

/** Test helpers: open a relation, read all its rows, pick values by column name. */
public final class Relations {
  private Relations() {}

  /**
   * iceberg-core's own rows of {@code scan}, a scan of a metadata table with {@code schema}, each
   * converted as Icegate converts every value: what Icegate's rows are compared with.
   */
  static List<List<Object>> icebergCoreRows(Schema schema, TableScan scan) {
    StructConverter converter = StructConverter.forSchema(schema);
    List<List<Object>> rows = new ArrayList<>();
    try (CloseableIterable<FileScanTask> tasks = scan.planFiles()) {
      for (FileScanTask task : tasks) {
        try (CloseableIterable<StructLike> taskRows = ((DataTask) task).rows()) {
          for (StructLike row : taskRows) {
            rows.add(converter.row(row));
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return rows;
  }

  static MetadataRelation open(Table table, MetadataTableKind kind) {
    return MetadataTables.open(table, kind, TimeTravel.none());
  }

  static List<List<Object>> read(MetadataRelation relation) {
    return read(relation.rows());
  }

  /** The rows of some columns only ({@link MetadataRelation#rows(int[])}). */
  static List<List<Object>> read(MetadataRelation relation, int[] columns) {
    return read(relation.rows(columns));
  }

  /**
   * Rows of some columns with a partition filter for Iceberg ({@link MetadataRelation#rows(int[],
   * Expression)}).
   */
  public static List<List<Object>> read(
      MetadataRelation relation, int[] columns, Expression filter) {
    return read(relation.rows(columns, filter));
  }

  /** Every row of {@code rowsToRead}, which it closes. */
  public static <T> List<T> read(CloseableIterable<T> rowsToRead) {
    List<T> rows = new ArrayList<>();
    try (CloseableIterable<T> iterable = rowsToRead) {
      iterable.forEach(rows::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return rows;
  }

  static List<List<Object>> read(Table table, MetadataTableKind kind) {
    return read(open(table, kind));
  }

  static List<List<Object>> read(Table table, MetadataTableKind kind, TimeTravel travel) {
    return read(MetadataTables.open(table, kind, travel));
  }

  /**
   * The value with every binary (a bound, in maps and structs too) as its hex text, so that equal
   * bytes compare equal ({@code byte[]} compares by identity).
   */
  public static Object comparable(Object value) {
    if (value instanceof byte[] bytes) {
      return HexFormat.of().formatHex(bytes);
    }
    if (value instanceof List<?> list) {
      return list.stream().map(Relations::comparable).toList();
    }
    if (value instanceof Map<?, ?> map) {
      Map<Object, Object> copy = new java.util.LinkedHashMap<>();
      map.forEach((k, v) -> copy.put(comparable(k), comparable(v)));
      return copy;
    }
    return value;
  }

  /** The rows with their binaries as hex ({@link #comparable(Object)}). */
  public static List<Object> comparableRows(List<List<Object>> rows) {
    return rows.stream().map(Relations::comparable).toList();
  }

  static List<String> columnNames(MetadataRelation relation) {
    return relation.schema().columns().stream().map(Types.NestedField::name).toList();
  }

  /** The value of {@code column} in each row. */
  static <T> List<T> column(MetadataRelation relation, List<List<Object>> rows, String column) {
    int index = columnNames(relation).indexOf(column);
    if (index < 0) {
      throw new IllegalArgumentException("No column " + column + " in " + relation);
    }
    @SuppressWarnings("unchecked")
    List<T> values = rows.stream().map(row -> (T) row.get(index)).collect(Collectors.toList());
    return values;
  }

  /** Each row as a map from column name to value, keyed by {@code key}'s value. */
  static <K> Map<K, Map<String, Object>> byKey(
      MetadataRelation relation, List<List<Object>> rows, Function<Map<String, Object>, K> key) {
    List<String> names = columnNames(relation);
    Map<K, Map<String, Object>> result = new java.util.LinkedHashMap<>();
    for (List<Object> row : rows) {
      Map<String, Object> named = new java.util.LinkedHashMap<>();
      for (int i = 0; i < names.size(); i++) {
        named.put(names.get(i), row.get(i));
      }
      result.put(key.apply(named), named);
    }
    return result;
  }
}
