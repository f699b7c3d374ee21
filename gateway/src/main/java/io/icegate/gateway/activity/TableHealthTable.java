package io.icegate.gateway.activity;

import io.icegate.gateway.health.HealthThresholds;
import io.icegate.gateway.health.TableHealth;
import io.icegate.gateway.metadata.SparkIcebergCatalogs;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.LocalScan;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownFilters;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.sources.EqualTo;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * {@code icegate.system.table_health} as Spark reads it: computed on the driver from the session's
 * Iceberg catalogs ({@link TableHealth}), with only the columns the query reads and only the
 * catalogs, namespaces and tables its equality filters keep.
 */
final class TableHealthTable implements Table, SupportsRead {
  private final String name;
  private final SparkSession session;

  TableHealthTable(String name, SparkSession session) {
    this.name = name;
    this.session = session;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public StructType schema() {
    return TableHealth.SCHEMA;
  }

  @Override
  public Set<TableCapability> capabilities() {
    return Set.of(TableCapability.BATCH_READ);
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    return new Builder();
  }

  private final class Builder
      implements ScanBuilder, SupportsPushDownRequiredColumns, SupportsPushDownFilters {
    private StructType required = TableHealth.SCHEMA;
    private Filter[] pushed = new Filter[0];
    private Optional<String> catalog = Optional.empty();
    private Optional<String> namespace = Optional.empty();
    private Optional<String> table = Optional.empty();

    @Override
    public void pruneColumns(StructType requiredSchema) {
      required = requiredSchema;
    }

    /** Keeps the names equality picks; Spark still evaluates every filter on the rows. */
    @Override
    public Filter[] pushFilters(Filter[] filters) {
      List<Filter> used = new ArrayList<>();
      for (Filter filter : filters) {
        if (filter instanceof EqualTo eq && eq.value() instanceof String value) {
          switch (eq.attribute().toLowerCase(java.util.Locale.ROOT)) {
            case "catalog" -> catalog = Optional.of(value);
            case "namespace" -> namespace = Optional.of(value);
            case "table_name" -> table = Optional.of(value);
            default -> {
              continue;
            }
          }
          used.add(filter);
        }
      }
      pushed = used.toArray(Filter[]::new);
      return filters;
    }

    @Override
    public Filter[] pushedFilters() {
      return pushed;
    }

    @Override
    public Scan build() {
      StructType schema = required;
      int[] indexes = new int[schema.size()];
      BitSet columns = new BitSet();
      for (int i = 0; i < indexes.length; i++) {
        indexes[i] = TableHealth.column(schema.fields()[i].name());
        columns.set(indexes[i]);
      }
      TableHealth.Request request = new TableHealth.Request(columns, catalog, namespace, table);
      return new LocalScan() {
        @Override
        public InternalRow[] rows() {
          List<InternalRow> rows = new ArrayList<>();
          StructField[] fields = TableHealth.SCHEMA.fields();
          TableHealth.rows(
              new SparkIcebergCatalogs(session),
              request,
              HealthThresholds.configured(),
              Instant.now(),
              ZoneId.of(session.sessionState().conf().sessionLocalTimeZone()),
              row -> {
                Object[] values = new Object[indexes.length];
                for (int i = 0; i < indexes.length; i++) {
                  values[i] = row.get(indexes[i], fields[indexes[i]].dataType());
                }
                rows.add(new GenericInternalRow(values));
              });
          return rows.toArray(InternalRow[]::new);
        }

        @Override
        public StructType readSchema() {
          return schema;
        }

        @Override
        public String description() {
          return name + " " + request.catalog() + request.namespace() + request.table();
        }
      };
    }
  }
}
