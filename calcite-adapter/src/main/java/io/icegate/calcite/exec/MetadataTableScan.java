package io.icegate.calcite.exec;

import io.icegate.calcite.schema.ScannedTable;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.JavaRowFormat;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.linq4j.tree.Blocks;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.linq4j.tree.Types;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.util.BuiltInMethod;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Scans a metadata table in Calcite's enumerable convention, reading only the columns the query
 * uses.
 *
 * <p>The generated code finds the table by its path in the schema tree the query runs with and
 * calls its {@code scan} (for one column, {@code scanColumn}), which hands its rows over as they
 * are. Two things follow, and are why this replaces Calcite's own scans: the compiled plan holds no
 * reference to this statement's tables, so it can run again for another statement over that
 * statement's metadata; and nested values are not converted as if they were Calcite's generated
 * record classes (Calcite's enumerable scan fails on arrays of structs, its interpreter scan keeps
 * the planner's memory alive in the plan).
 */
final class MetadataTableScan extends TableScan implements EnumerableRel {
  private static final Method SCAN =
      Types.lookupMethod(ScannedTable.class, "scan", DataContext.class, int[].class, String.class);
  private static final Method SCAN_COLUMN =
      Types.lookupMethod(
          ScannedTable.class, "scanColumn", DataContext.class, int.class, String.class);

  /** The table's columns this scan returns, in order; null for all. */
  private final int @Nullable [] columns;

  /**
   * Iceberg's filter to skip manifests by (see {@link FilteredMetadataScan}), as JSON; null for
   * none.
   */
  private final @Nullable String partitionFilter;

  MetadataTableScan(
      RelOptCluster cluster,
      RelTraitSet traits,
      RelOptTable table,
      int @Nullable [] columns,
      @Nullable String partitionFilter) {
    super(cluster, traits, List.of(), table);
    this.columns = columns == null ? null : columns.clone();
    this.partitionFilter = partitionFilter;
  }

  /**
   * The enumerable scan of every column of a logical metadata scan (with its partition filter, if
   * any).
   */
  static MetadataTableScan of(TableScan logical) {
    RelOptCluster cluster = logical.getCluster();
    String filter =
        logical instanceof FilteredMetadataScan filtered ? filtered.partitionFilter() : null;
    return new MetadataTableScan(
        cluster,
        cluster.traitSetOf(EnumerableConvention.INSTANCE),
        logical.getTable(),
        null,
        filter);
  }

  /** The table's column numbers this scan returns. */
  int[] columns() {
    if (columns != null) {
      return columns.clone();
    }
    int[] all = new int[table.getRowType().getFieldCount()];
    Arrays.setAll(all, i -> i);
    return all;
  }

  /** The same scan, returning only these of the table's columns. */
  MetadataTableScan withColumns(int[] tableColumns) {
    return new MetadataTableScan(getCluster(), getTraitSet(), table, tableColumns, partitionFilter);
  }

  @Override
  public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return new MetadataTableScan(getCluster(), traitSet, table, columns, partitionFilter);
  }

  @Override
  public RelDataType deriveRowType() {
    if (columns == null) {
      return table.getRowType();
    }
    List<RelDataTypeField> fields = table.getRowType().getFieldList();
    List<RelDataType> types = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (int column : columns) {
      types.add(fields.get(column).getType());
      names.add(fields.get(column).getName());
    }
    return getCluster().getTypeFactory().createStructType(types, names);
  }

  /**
   * The columns and filter are part of the digest: scans that read differently are different
   * expressions.
   */
  @Override
  public RelWriter explainTerms(RelWriter writer) {
    return super.explainTerms(writer)
        .itemIf("columns", Arrays.toString(columns), columns != null)
        .itemIf("partitionFilter", partitionFilter, partitionFilter != null);
  }

  /**
   * Cheaper the fewer columns are read and with a partition filter, so that the planner prefers
   * pushing a projection and a filter in.
   */
  @Override
  public @Nullable RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
    RelOptCost cost = super.computeSelfCost(planner, mq);
    if (cost == null) {
      return null;
    }
    double fraction =
        columns == null ? 1 : (columns.length + 2d) / (table.getRowType().getFieldCount() + 2d);
    return cost.multiplyBy(partitionFilter == null ? fraction : fraction / 2);
  }

  @Override
  public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
    // Rows are Object[], or with one column the bare values, as Calcite's operators expect of their
    // inputs (some
    // re-derive their input's format from its row type). No scan has zero columns (see
    // MetadataScanRules).
    PhysType physType =
        PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(), JavaRowFormat.ARRAY);
    Expression table = Expressions.convert_(tableByPath(), ScannedTable.class);
    Expression filter = Expressions.constant(partitionFilter, String.class);
    Expression rows;
    if (physType.getFormat() == JavaRowFormat.SCALAR) {
      rows =
          Expressions.call(
              table, SCAN_COLUMN, DataContext.ROOT, Expressions.constant(columns()[0]), filter);
    } else {
      Expression projects =
          columns == null
              ? Expressions.constant(null, int[].class)
              : Expressions.newArrayInit(
                  int.class, Arrays.stream(columns).mapToObj(Expressions::constant).toList());
      rows = Expressions.call(table, SCAN, DataContext.ROOT, projects, filter);
    }
    return implementor.result(physType, Blocks.toBlock(rows));
  }

  /**
   * {@code root.getRootSchema().getSubSchema("demo")...getTable("files")}: the table of the running
   * query.
   */
  private Expression tableByPath() {
    List<String> path = table.getQualifiedName();
    Expression schema =
        Expressions.call(DataContext.ROOT, BuiltInMethod.DATA_CONTEXT_GET_ROOT_SCHEMA.method);
    for (String name : path.subList(0, path.size() - 1)) {
      schema =
          Expressions.call(
              schema, BuiltInMethod.SCHEMA_GET_SUB_SCHEMA.method, Expressions.constant(name));
    }
    return Expressions.call(
        schema,
        BuiltInMethod.SCHEMA_GET_TABLE.method,
        Expressions.constant(path.get(path.size() - 1)));
  }
}
