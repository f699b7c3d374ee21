package io.icegate.calcite.exec;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.TableScan;

/**
 * The logical scan of a files or entries table with a partition filter for Iceberg to skip
 * manifests by (as JSON, see {@link PartitionFilters}). It returns the rows of the manifests that
 * may match, so it only ever sits under the filter it came from; the filter is part of its digest,
 * so the planner never takes it for the table's full scan.
 */
final class FilteredMetadataScan extends TableScan {
  private final String partitionFilter;

  FilteredMetadataScan(RelOptCluster cluster, RelOptTable table, String partitionFilter) {
    super(cluster, cluster.traitSetOf(Convention.NONE), List.of(), table);
    this.partitionFilter = requireNonNull(partitionFilter, "partitionFilter is null");
  }

  /** Iceberg's expression, as {@code ExpressionParser} writes it. */
  String partitionFilter() {
    return partitionFilter;
  }

  @Override
  public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return this;
  }

  @Override
  public RelWriter explainTerms(RelWriter writer) {
    return super.explainTerms(writer).item("partitionFilter", partitionFilter);
  }
}
