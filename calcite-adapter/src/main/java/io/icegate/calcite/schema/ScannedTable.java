package io.icegate.calcite.schema;

import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * A table whose rows the native path's compiled plans read by calling these methods on the table
 * they find by path (see {@code MetadataTableScan}): a metadata table, or a statement's {@code
 * snapshot_diff}.
 */
public interface ScannedTable {
  /**
   * The rows of some columns (null: all), with Iceberg's filter to skip manifests by ({@code
   * partitionFilter}, as {@code ExpressionParser} writes it; null for none, and ignored by tables
   * that have no such filter). The plan filters the rows it returns.
   */
  Enumerable<@Nullable Object[]> scan(
      DataContext root, int @Nullable [] projects, @Nullable String partitionFilter);

  /**
   * The values of one column, bare rather than in one-element arrays: Calcite's enumerable
   * operators take a one-column input as a sequence of values ({@code JavaRowFormat.SCALAR}).
   */
  Enumerable<@Nullable Object> scanColumn(
      DataContext root, int column, @Nullable String partitionFilter);
}
