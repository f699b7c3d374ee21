package io.icegate.calcite.exec;

import io.icegate.calcite.schema.MetadataTable;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.core.RelFactories;
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
              scan -> scan.getTable().unwrap(MetadataTable.class) != null,
              Convention.NONE, EnumerableConvention.INSTANCE, "MetadataTableScanRule")
          .withRuleFactory(ToScan::new)
          .toRule();

  /** A projection that uses some of a scan's columns makes the scan read only those. */
  static final RelOptRule PROJECT_INTO_SCAN =
      new ProjectIntoScanConfig(RelFactories.LOGICAL_BUILDER, "MetadataProjectIntoScanRule",
          b0 -> b0.operand(LogicalProject.class).oneInput(b1 -> b1.operand(MetadataTableScan.class).noInputs()))
          .toRule();

  static final List<RelOptRule> ALL = List.of(SCAN, PROJECT_INTO_SCAN);

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

  private static final class ProjectIntoScan extends RelRule<ProjectIntoScanConfig> {
    ProjectIntoScan(ProjectIntoScanConfig config) {
      super(config);
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
      LogicalProject project = call.rel(0);
      MetadataTableScan scan = call.rel(1);
      ImmutableBitSet used = RelOptUtil.InputFinder.bits(project.getProjects(), null);
      int[] scanned = scan.columns();
      if (used.cardinality() == scanned.length) {
        return;
      }
      List<Integer> kept = used.asList();
      int[] columns = kept.stream().mapToInt(i -> scanned[i]).toArray();
      MetadataTableScan narrower = scan.withColumns(columns);
      Mapping mapping = Mappings.target(kept, scanned.length);
      List<RexNode> projects = RexUtil.apply(mapping, project.getProjects());
      if (RexUtil.isIdentity(projects, narrower.getRowType())) {
        call.transformTo(narrower);
      } else {
        call.transformTo(project.copy(project.getTraitSet(), narrower, projects, project.getRowType()));
      }
    }
  }

  /** The rule's configuration, written out (Calcite generates these with Immutables). */
  private record ProjectIntoScanConfig(
      RelBuilderFactory relBuilderFactory, @Nullable String description, RelRule.OperandTransform operandSupplier)
      implements RelRule.Config {
    @Override
    public RelOptRule toRule() {
      return new ProjectIntoScan(this);
    }

    @Override
    public ProjectIntoScanConfig withRelBuilderFactory(RelBuilderFactory factory) {
      return new ProjectIntoScanConfig(factory, description, operandSupplier);
    }

    @Override
    public ProjectIntoScanConfig withDescription(@Nullable String newDescription) {
      return new ProjectIntoScanConfig(relBuilderFactory, newDescription, operandSupplier);
    }

    @Override
    public ProjectIntoScanConfig withOperandSupplier(RelRule.OperandTransform transform) {
      return new ProjectIntoScanConfig(relBuilderFactory, description, transform);
    }
  }
}
