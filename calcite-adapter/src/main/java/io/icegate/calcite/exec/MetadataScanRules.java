package io.icegate.calcite.exec;

import io.icegate.calcite.schema.MetadataTable;
import io.icegate.calcite.schema.ScannedTable;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.logical.LogicalTableScan;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.tools.RelBuilderFactory;
import org.apache.calcite.util.ImmutableBitSet;
import org.apache.calcite.util.mapping.Mapping;
import org.apache.calcite.util.mapping.Mappings;
import org.apache.iceberg.exceptions.ValidationException;
import org.apache.iceberg.expressions.Binder;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.ExpressionParser;
import org.checkerframework.checker.nullness.qual.Nullable;

/** The planner rules that scan metadata tables with {@link MetadataTableScan}. */
final class MetadataScanRules {
  /** A metadata table's logical scan becomes a {@link MetadataTableScan} of all its columns. */
  static final RelOptRule SCAN =
      ConverterRule.Config.INSTANCE
          .withConversion(
              TableScan.class,
              MetadataScanRules::isMetadataTable,
              Convention.NONE,
              EnumerableConvention.INSTANCE,
              "MetadataTableScanRule")
          .withRuleFactory(ToScan::new)
          .toRule();

  /**
   * A projection that uses some of a metadata table's columns makes its scan read only those. It
   * matches the logical scan: Volcano matches an input only among the rels of the input's own
   * convention, and the projections Calcite's field trimming puts over each scan (under filters,
   * joins and aggregates too) are logical.
   */
  static final RelOptRule PROJECT_INTO_SCAN =
      new RuleConfig(
              RelFactories.LOGICAL_BUILDER,
              "MetadataProjectIntoScanRule",
              b0 ->
                  b0.operand(LogicalProject.class)
                      .oneInput(
                          b1 ->
                              b1.operand(TableScan.class)
                                  .predicate(MetadataScanRules::isLogicalMetadataScan)
                                  .noInputs()),
              ProjectIntoScan::new)
          .toRule();

  /**
   * An aggregate straight over a metadata table ({@code count(*)}, no projection between) reads
   * only its inputs.
   */
  static final RelOptRule AGGREGATE_INTO_SCAN =
      new RuleConfig(
              RelFactories.LOGICAL_BUILDER,
              "MetadataAggregateIntoScanRule",
              b0 ->
                  b0.operand(LogicalAggregate.class)
                      .oneInput(
                          b1 ->
                              b1.operand(TableScan.class)
                                  .predicate(MetadataScanRules::isLogicalMetadataScan)
                                  .noInputs()),
              AggregateIntoScan::new)
          .toRule();

  /**
   * A filter over a files or entries table gives Iceberg its conditions on partition fields ({@link
   * PartitionFilters}), so that it skips the manifests that cannot match; the filter stays, for the
   * rows. It matches the filter straight over the scan, and over the projection Calcite's field
   * trimming puts between them.
   */
  static final RelOptRule FILTER_INTO_SCAN =
      new RuleConfig(
              RelFactories.LOGICAL_BUILDER,
              "MetadataFilterIntoScanRule",
              b0 ->
                  b0.operand(LogicalFilter.class)
                      .oneInput(
                          b1 ->
                              b1.operand(LogicalTableScan.class)
                                  .predicate(MetadataScanRules::hasPartitionFilter)
                                  .noInputs()),
              FilterIntoScan::new)
          .toRule();

  /** {@link #FILTER_INTO_SCAN} through a projection (one without window functions). */
  static final RelOptRule FILTER_PROJECT_INTO_SCAN =
      new RuleConfig(
              RelFactories.LOGICAL_BUILDER,
              "MetadataFilterProjectIntoScanRule",
              // Not through a window: the filter belongs above it, and the window needs every row.
              b0 ->
                  b0.operand(LogicalFilter.class)
                      .oneInput(
                          b1 ->
                              b1.operand(LogicalProject.class)
                                  .predicate(project -> !project.containsOver())
                                  .oneInput(
                                      b2 ->
                                          b2.operand(LogicalTableScan.class)
                                              .predicate(MetadataScanRules::hasPartitionFilter)
                                              .noInputs())),
              FilterIntoScan::new)
          .toRule();

  static final List<RelOptRule> ALL =
      List.of(
          SCAN, PROJECT_INTO_SCAN, AGGREGATE_INTO_SCAN, FILTER_INTO_SCAN, FILTER_PROJECT_INTO_SCAN);

  private static boolean isMetadataTable(RelNode scan) {
    return scan.getTable() != null && scan.getTable().unwrap(ScannedTable.class) != null;
  }

  /**
   * A metadata table's scan not yet made enumerable: Calcite's own, or one with a partition filter.
   */
  private static boolean isLogicalMetadataScan(RelNode scan) {
    return scan.getConvention() == Convention.NONE && isMetadataTable(scan);
  }

  /**
   * A metadata table whose scan skips manifests by its partition fields: a files or entries table.
   */
  private static boolean hasPartitionFilter(RelNode scan) {
    MetadataTable table =
        scan.getTable() == null ? null : scan.getTable().unwrap(MetadataTable.class);
    return table != null && !table.kind().partitionPath().isEmpty();
  }

  private MetadataScanRules() {}

  private static final class ToScan extends ConverterRule {
    ToScan(Config config) {
      super(config);
    }

    @Override
    public RelNode convert(RelNode rel) {
      return MetadataTableScan.of((TableScan) rel);
    }
  }

  /**
   * Narrows the metadata scan under a rel to the columns the rel uses (the first when it uses none,
   * as rows must have a shape) and renumbers the rel's references to them.
   */
  private abstract static class ColumnsIntoScan<R extends RelNode> extends RelRule<RuleConfig> {
    ColumnsIntoScan(RuleConfig config) {
      super(config);
    }

    /** The scan's columns {@code rel} refers to. */
    abstract ImmutableBitSet used(R rel);

    /** {@code rel} over the narrower scan, its references renumbered by {@code mapping}. */
    abstract RelNode over(R rel, MetadataTableScan narrower, Mapping mapping);

    @Override
    public void onMatch(RelOptRuleCall call) {
      R rel = call.rel(0);
      TableScan scan = call.rel(1);
      int width = scan.getRowType().getFieldCount();
      ImmutableBitSet used = used(rel);
      if (used.isEmpty()) {
        used = ImmutableBitSet.of(0);
      }
      if (used.cardinality() == width) {
        return;
      }
      MetadataTableScan narrower = MetadataTableScan.of(scan).withColumns(used.toArray());
      call.transformTo(over(rel, narrower, Mappings.target(used.asList(), width)));
    }
  }

  private static final class ProjectIntoScan extends ColumnsIntoScan<LogicalProject> {
    ProjectIntoScan(RuleConfig config) {
      super(config);
    }

    @Override
    ImmutableBitSet used(LogicalProject project) {
      return RelOptUtil.InputFinder.bits(project.getProjects(), null);
    }

    @Override
    RelNode over(LogicalProject project, MetadataTableScan narrower, Mapping mapping) {
      List<RexNode> projects = RexUtil.apply(mapping, project.getProjects());
      return RexUtil.isIdentity(projects, narrower.getRowType())
          ? narrower
          : project.copy(project.getTraitSet(), narrower, projects, project.getRowType());
    }
  }

  private static final class AggregateIntoScan extends ColumnsIntoScan<LogicalAggregate> {
    AggregateIntoScan(RuleConfig config) {
      super(config);
    }

    @Override
    ImmutableBitSet used(LogicalAggregate aggregate) {
      ImmutableBitSet.Builder builder = aggregate.getGroupSet().rebuild();
      for (AggregateCall aggregateCall : aggregate.getAggCallList()) {
        builder.addAll(aggregateCall.getArgList());
        if (aggregateCall.filterArg >= 0) {
          builder.set(aggregateCall.filterArg);
        }
        if (aggregateCall.distinctKeys != null) {
          builder.addAll(aggregateCall.distinctKeys);
        }
        aggregateCall
            .collation
            .getFieldCollations()
            .forEach(collation -> builder.set(collation.getFieldIndex()));
      }
      return builder.build();
    }

    @Override
    RelNode over(LogicalAggregate aggregate, MetadataTableScan narrower, Mapping mapping) {
      // transform renumbers every column a call refers to: arguments, filter, distinct keys,
      // ordering.
      List<AggregateCall> calls =
          aggregate.getAggCallList().stream().map(c -> c.transform(mapping)).toList();
      ImmutableBitSet groupSet = remap(aggregate.getGroupSet(), mapping);
      List<ImmutableBitSet> groupSets =
          aggregate.getGroupSets().stream().map(set -> remap(set, mapping)).toList();
      return aggregate.copy(aggregate.getTraitSet(), narrower, groupSet, groupSets, calls);
    }
  }

  /**
   * Puts a {@link FilteredMetadataScan} under the filter (and the projection between them, if any).
   */
  private static final class FilterIntoScan extends RelRule<RuleConfig> {
    FilterIntoScan(RuleConfig config) {
      super(config);
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
      LogicalFilter filter = call.rel(0);
      RelNode below = call.rel(1);
      LogicalTableScan scan = call.rel(call.getRelList().size() - 1);
      // The condition in terms of the scan's columns.
      RexNode condition =
          below instanceof LogicalProject project
              ? RelOptUtil.pushPastProject(filter.getCondition(), project)
              : filter.getCondition();
      MetadataTable table = scan.getTable().unwrap(MetadataTable.class);
      Optional<Expression> partitionFilter =
          PartitionFilters.of(
              condition,
              table.schema(),
              table.kind().partitionPath(),
              filter.getCluster().getRexBuilder());
      if (partitionFilter.isEmpty() || !bindsTo(table, partitionFilter.get())) {
        return;
      }
      RelNode filtered =
          new FilteredMetadataScan(
              scan.getCluster(), scan.getTable(), ExpressionParser.toJson(partitionFilter.get()));
      if (below instanceof LogicalProject project) {
        filtered = project.copy(project.getTraitSet(), List.of(filtered));
      }
      call.transformTo(filter.copy(filter.getTraitSet(), filtered, filter.getCondition()));
    }
  }

  /**
   * Whether Iceberg can bind {@code filter} to the table's columns, checked here: Iceberg binds it
   * when the rows are read, too late for the statement to go to Spark instead.
   */
  private static boolean bindsTo(MetadataTable table, Expression filter) {
    try {
      Binder.bind(table.schema().asStruct(), filter, true);
      return true;
    } catch (ValidationException e) {
      return false;
    }
  }

  private static ImmutableBitSet remap(ImmutableBitSet columns, Mapping mapping) {
    return ImmutableBitSet.of(columns.asList().stream().map(mapping::getTarget).toList());
  }

  /** The rules' configuration, written out (Calcite generates these with Immutables). */
  private record RuleConfig(
      RelBuilderFactory relBuilderFactory,
      @Nullable String description,
      RelRule.OperandTransform operandSupplier,
      Function<RuleConfig, RelOptRule> factory)
      implements RelRule.Config {
    @Override
    public RelOptRule toRule() {
      return factory.apply(this);
    }

    @Override
    public RuleConfig withRelBuilderFactory(RelBuilderFactory newFactory) {
      return new RuleConfig(newFactory, description, operandSupplier, factory);
    }

    @Override
    public RuleConfig withDescription(@Nullable String newDescription) {
      return new RuleConfig(relBuilderFactory, newDescription, operandSupplier, factory);
    }

    @Override
    public RuleConfig withOperandSupplier(RelRule.OperandTransform transform) {
      return new RuleConfig(relBuilderFactory, description, transform, factory);
    }
  }
}
