package io.icegate.calcite.exec;

import io.icegate.calcite.schema.MetadataTable;
import java.util.List;
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
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.logical.LogicalTableScan;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.tools.RelBuilderFactory;
import org.apache.calcite.util.ImmutableBitSet;
import org.apache.calcite.util.mapping.Mapping;
import org.apache.calcite.util.mapping.Mappings;
import org.checkerframework.checker.nullness.qual.Nullable;

/** The planner rules that scan metadata tables with {@link MetadataTableScan}. */
final class MetadataScanRules {
  /** A metadata table's logical scan becomes a {@link MetadataTableScan} of all its columns. */
  static final RelOptRule SCAN =
      ConverterRule.Config.INSTANCE
          .withConversion(
              LogicalTableScan.class,
              MetadataScanRules::isMetadataTable,
              Convention.NONE, EnumerableConvention.INSTANCE, "MetadataTableScanRule")
          .withRuleFactory(ToScan::new)
          .toRule();

  /**
   * A projection that uses some of a metadata table's columns makes its scan read only those. It matches the
   * logical scan: Volcano matches an input only among the rels of the input's own convention, and the projections
   * Calcite's field trimming puts over each scan (under filters, joins and aggregates too) are logical.
   */
  static final RelOptRule PROJECT_INTO_SCAN =
      new ColumnsIntoScanConfig(RelFactories.LOGICAL_BUILDER, "MetadataProjectIntoScanRule",
          b0 -> b0.operand(LogicalProject.class).oneInput(b1 -> b1.operand(LogicalTableScan.class)
              .predicate(MetadataScanRules::isMetadataTable).noInputs()),
          ProjectIntoScan::new)
          .toRule();

  /** An aggregate straight over a metadata table ({@code count(*)}, no projection between) reads only its inputs. */
  static final RelOptRule AGGREGATE_INTO_SCAN =
      new ColumnsIntoScanConfig(RelFactories.LOGICAL_BUILDER, "MetadataAggregateIntoScanRule",
          b0 -> b0.operand(LogicalAggregate.class).oneInput(b1 -> b1.operand(LogicalTableScan.class)
              .predicate(MetadataScanRules::isMetadataTable).noInputs()),
          AggregateIntoScan::new)
          .toRule();

  static final List<RelOptRule> ALL = List.of(SCAN, PROJECT_INTO_SCAN, AGGREGATE_INTO_SCAN);

  private static boolean isMetadataTable(RelNode scan) {
    return scan.getTable() != null && scan.getTable().unwrap(MetadataTable.class) != null;
  }

  private MetadataScanRules() {}

  private static final class ToScan extends ConverterRule {
    ToScan(Config config) {
      super(config);
    }

    @Override
    public RelNode convert(RelNode rel) {
      return MetadataTableScan.create(rel.getCluster(), ((LogicalTableScan) rel).getTable());
    }
  }

  private static final class ProjectIntoScan extends RelRule<ColumnsIntoScanConfig> {
    ProjectIntoScan(ColumnsIntoScanConfig config) {
      super(config);
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
      LogicalProject project = call.rel(0);
      LogicalTableScan scan = call.rel(1);
      ImmutableBitSet used = readable(RelOptUtil.InputFinder.bits(project.getProjects(), null));
      if (used.cardinality() == scan.getRowType().getFieldCount()) {
        return;
      }
      MetadataTableScan narrower = narrower(scan, used);
      Mapping mapping = Mappings.target(used.asList(), scan.getRowType().getFieldCount());
      List<RexNode> projects = RexUtil.apply(mapping, project.getProjects());
      if (RexUtil.isIdentity(projects, narrower.getRowType())) {
        call.transformTo(narrower);
      } else {
        call.transformTo(project.copy(project.getTraitSet(), narrower, projects, project.getRowType()));
      }
    }
  }

  private static final class AggregateIntoScan extends RelRule<ColumnsIntoScanConfig> {
    AggregateIntoScan(ColumnsIntoScanConfig config) {
      super(config);
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
      LogicalAggregate aggregate = call.rel(0);
      LogicalTableScan scan = call.rel(1);
      ImmutableBitSet.Builder builder = aggregate.getGroupSet().rebuild();
      for (AggregateCall aggregateCall : aggregate.getAggCallList()) {
        builder.addAll(aggregateCall.getArgList());
        if (aggregateCall.filterArg >= 0) {
          builder.set(aggregateCall.filterArg);
        }
        if (aggregateCall.distinctKeys != null) {
          builder.addAll(aggregateCall.distinctKeys);
        }
        aggregateCall.collation.getFieldCollations().forEach(collation -> builder.set(collation.getFieldIndex()));
      }
      ImmutableBitSet used = readable(builder.build());
      int width = scan.getRowType().getFieldCount();
      if (used.cardinality() == width) {
        return;
      }
      Mappings.TargetMapping mapping = Mappings.target(used.asList(), width);
      // transform renumbers every column a call refers to: arguments, filter, distinct keys, ordering.
      List<AggregateCall> calls = aggregate.getAggCallList().stream().map(c -> c.transform(mapping)).toList();
      ImmutableBitSet groupSet = remap(aggregate.getGroupSet(), mapping);
      List<ImmutableBitSet> groupSets = aggregate.getGroupSets().stream().map(set -> remap(set, mapping)).toList();
      call.transformTo(
          aggregate.copy(aggregate.getTraitSet(), narrower(scan, used), groupSet, groupSets, calls));
    }
  }

  private static ImmutableBitSet remap(ImmutableBitSet columns, Mappings.TargetMapping mapping) {
    return ImmutableBitSet.of(columns.asList().stream().map(mapping::getTarget).toList());
  }

  /** The enumerable scan of {@code scan}'s table that reads the {@code used} columns only, in table order. */
  private static MetadataTableScan narrower(LogicalTableScan scan, ImmutableBitSet used) {
    return MetadataTableScan.create(scan.getCluster(), scan.getTable()).withColumns(used.toArray());
  }

  /** The columns read for {@code used}: those, or the first when none is (count(*)), as rows must have a shape. */
  private static ImmutableBitSet readable(ImmutableBitSet used) {
    return used.isEmpty() ? ImmutableBitSet.of(0) : used;
  }

  /** The rules' configuration, written out (Calcite generates these with Immutables). */
  private record ColumnsIntoScanConfig(
      RelBuilderFactory relBuilderFactory, @Nullable String description, RelRule.OperandTransform operandSupplier,
      Function<ColumnsIntoScanConfig, RelOptRule> factory)
      implements RelRule.Config {
    @Override
    public RelOptRule toRule() {
      return factory.apply(this);
    }

    @Override
    public ColumnsIntoScanConfig withRelBuilderFactory(RelBuilderFactory newFactory) {
      return new ColumnsIntoScanConfig(newFactory, description, operandSupplier, factory);
    }

    @Override
    public ColumnsIntoScanConfig withDescription(@Nullable String newDescription) {
      return new ColumnsIntoScanConfig(relBuilderFactory, newDescription, operandSupplier, factory);
    }

    @Override
    public ColumnsIntoScanConfig withOperandSupplier(RelRule.OperandTransform transform) {
      return new ColumnsIntoScanConfig(relBuilderFactory, description, transform, factory);
    }
  }
}
