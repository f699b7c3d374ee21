package io.icegate.gateway.activity;

import java.util.Set;
import java.util.function.Supplier;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.LocalScan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A read-only table of the gateway's own state. Its rows are a handful, computed on the driver when
 * a query reads them ({@link LocalScan}): Spark filters, sorts and joins them like any table's.
 */
final class SystemTable implements Table, SupportsRead {
  private final String name;
  private final StructType schema;
  private final Supplier<InternalRow[]> rows;

  SystemTable(String name, StructType schema, Supplier<InternalRow[]> rows) {
    this.name = name;
    this.schema = schema;
    this.rows = rows;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public StructType schema() {
    return schema;
  }

  @Override
  public Set<TableCapability> capabilities() {
    return Set.of(TableCapability.BATCH_READ);
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    return () ->
        new LocalScan() {
          @Override
          public InternalRow[] rows() {
            return rows.get();
          }

          @Override
          public StructType readSchema() {
            return schema;
          }

          @Override
          public String description() {
            return name;
          }
        };
  }
}
