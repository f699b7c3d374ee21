package io.icegate.calcite.schema;

import static java.util.Objects.requireNonNull;

import io.icegate.metadata.SnapshotDiff;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.UnaryOperator;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.ProjectableFilterableTable;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.iceberg.io.CloseableIterable;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * One {@code icegate.system.snapshot_diff(table, from, to)} of a statement, as a Calcite table
 * under a path only that statement uses (see {@link IcebergSchemas#addSnapshotDiff}). Its rows are
 * computed when the scan starts (see {@link SnapshotDiff#rows()}).
 */
public final class SnapshotDiffTable extends AbstractTable
    implements ProjectableFilterableTable, ScannedTable {
  private final List<String> path;
  private final SnapshotDiff diff;

  SnapshotDiffTable(List<String> path, SnapshotDiff diff) {
    this.path = List.copyOf(path);
    this.diff = requireNonNull(diff, "diff is null");
  }

  /** Where the table is in its statement's schema tree. */
  public List<String> path() {
    return path;
  }

  public SnapshotDiff diff() {
    return diff;
  }

  /** The columns, as {@link SnapshotDiff#schema()} defines them. */
  public org.apache.iceberg.Schema schema() {
    return diff.schema();
  }

  @Override
  public RelDataType getRowType(RelDataTypeFactory typeFactory) {
    return IcebergTypes.rowType(typeFactory, diff.schema());
  }

  @Override
  public Schema.TableType getJdbcTableType() {
    return Schema.TableType.SYSTEM_TABLE;
  }

  /** Calcite's entry point; plans run {@link #scan(DataContext, int[], String)} instead. */
  @Override
  public Enumerable<@Nullable Object[]> scan(
      DataContext root, List<RexNode> filters, int @Nullable [] projects) {
    return scan(root, projects, null);
  }

  @Override
  public Enumerable<@Nullable Object[]> scan(
      DataContext root, int @Nullable [] projects, @Nullable String partitionFilter) {
    int width = diff.schema().columns().size();
    int[] columns = projects != null ? projects.clone() : allColumns(width);
    List<UnaryOperator<Object>> all = CalciteValues.fields(diff.schema().asStruct());
    List<UnaryOperator<Object>> converters = Arrays.stream(columns).mapToObj(all::get).toList();
    AtomicBoolean cancelled = DataContext.Variable.CANCEL_FLAG.get(root);
    AtomicBoolean cancel = cancelled != null ? cancelled : new AtomicBoolean();
    return new AbstractEnumerable<>() {
      @Override
      public Enumerator<@Nullable Object[]> enumerator() {
        CloseableIterable<List<Object>> picked =
            CloseableIterable.transform(
                diff.rows(),
                row -> {
                  List<Object> values = new ArrayList<>(columns.length);
                  for (int column : columns) {
                    values.add(row.get(column));
                  }
                  return values;
                });
        return new RowEnumerator(picked, converters, cancel);
      }
    };
  }

  @Override
  public Enumerable<@Nullable Object> scanColumn(
      DataContext root, int column, @Nullable String partitionFilter) {
    return scan(root, new int[] {column}, partitionFilter).select(row -> row[0]);
  }

  private static int[] allColumns(int width) {
    int[] columns = new int[width];
    Arrays.setAll(columns, i -> i);
    return columns;
  }

  @Override
  public String toString() {
    return SnapshotDiff.NAME
        + " of "
        + diff.fromSnapshotId()
        + " and "
        + diff.toSnapshotId()
        + " at "
        + path;
  }
}
