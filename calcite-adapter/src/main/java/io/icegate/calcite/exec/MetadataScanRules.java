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

  /**
   * Narrows the metadata scan under a rel to the columns the rel uses (the first when it uses none, as rows must
   * have a shape) and renumbers the rel's references to them.
   */
  private abstract static class ColumnsIntoScan<R extends RelNode> extends RelRule<ColumnsIntoScanConfig> {
    ColumnsIntoScan(ColumnsIntoScanConfig config) {
      super(config);
    }

    /** The scan's columns {@code rel} refers to. */
    abstract ImmutableBitSet used(R rel);

    /** {@code rel} over the narrower scan, its references renumbered by {@code mapping}. */
    abstract RelNode over(R rel, MetadataTableScan narrower, Mapping mapping);

    @Override
    public void onMatch(RelOptRuleCall call) {
      R rel = call.rel(0);
      LogicalTableScan scan = call.rel(1);
      int width = scan.getRowType().getFieldCount();
      ImmutableBitSet used = used(rel);
      if (used.isEmpty()) {
        used = ImmutableBitSet.of(0);
      }
      if (used.cardinality() == width) {
        return;
      }
      MetadataTableScan narrower = MetadataTableScan.create(scan.getCluster(), scan.getTable())
          .withColumns(used.toArray());
      call.transformTo(over(rel, narrower, Mappings.target(used.asList(), width)));
    }
  }

  private static final class ProjectIntoScan extends ColumnsIntoScan<LogicalProject> {
    ProjectIntoScan(ColumnsIntoScanConfig config) {
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
    AggregateIntoScan(ColumnsIntoScanConfig config) {
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
        aggregateCall.collation.getFieldCollations().forEach(collation -> builder.set(collation.getFieldIndex()));
      }
      return builder.build();
    }

    @Override
    RelNode over(LogicalAggregate aggregate, MetadataTableScan narrower, Mapping mapping) {
      // transform renumbers every column a call refers to: arguments, filter, distinct keys, ordering.
      List<AggregateCall> calls = aggregate.getAggCallList().stream().map(c -> c.transform(mapping)).toList();
      ImmutableBitSet groupSet = remap(aggregate.getGroupSet(), mapping);
      List<ImmutableBitSet> groupSets = aggregate.getGroupSets().stream().map(set -> remap(set, mapping)).toList();
      return aggregate.copy(aggregate.getTraitSet(), narrower, groupSet, groupSets, calls);
    }
  }

  private static ImmutableBitSet remap(ImmutableBitSet columns, Mapping mapping) {
    return ImmutableBitSet.of(columns.asList().stream().map(mapping::getTarget).toList());
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
