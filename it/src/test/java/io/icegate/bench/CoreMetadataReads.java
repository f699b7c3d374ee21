package io.icegate.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.iceberg.DataTask;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.MetadataTableType;
import org.apache.iceberg.MetadataTableUtils;
import org.apache.iceberg.Schema;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableScan;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.types.Types;

/**
 * The floor the native path is held to: a metadata table read in the benchmark's JVM with
 * iceberg-core alone ({@code MetadataTableUtils} → {@code newScan().planFiles()} → each {@link
 * DataTask}'s rows), every value touched and turned into a plain Java value. Each read loads the
 * table from the catalog first, as every statement of the gateway does (table caching is off), and
 * reports that load apart.
 */
final class CoreMetadataReads {
  private final Catalog catalog;
  private final TableIdentifier identifier;

  /**
   * One read: the time to load the table, the time to read the rows after that, and how many rows.
   */
  record Timing(long loadNanos, long readNanos, long rows) {
    long totalNanos() {
      return loadNanos + readNanos;
    }
  }

  CoreMetadataReads(Catalog catalog, TableIdentifier identifier) {
    this.catalog = catalog;
    this.identifier = identifier;
  }

  /** The same reads of another table of the catalog. */
  CoreMetadataReads of(TableIdentifier other) {
    return new CoreMetadataReads(catalog, other);
  }

  /** Loads the table and reads every row and value of one of its metadata tables. */
  Timing read(MetadataTableType type) {
    return read(type, null);
  }

  /**
   * Loads the table and reads every row of one of its metadata tables, the given columns only
   * (null: all).
   */
  Timing read(MetadataTableType type, List<String> columns) {
    long start = System.nanoTime();
    Table table = catalog.loadTable(identifier);
    long loaded = System.nanoTime();
    long[] rows = {0};
    int width = columns == null ? -1 : columns.size();
    forEachRow(
        table,
        type,
        columns,
        row -> {
          // A data file read with a projection keeps its full size(): read the projection's
          // positions only.
          for (int i = 0, n = width < 0 ? row.size() : width; i < n; i++) {
            Checksum.add(touch(row.get(i, Object.class)));
          }
          rows[0]++;
        });
    return new Timing(loaded - start, System.nanoTime() - loaded, rows[0]);
  }

  /**
   * Loads the table and reads some columns of the rows of one partition: Iceberg's scan gets {@code
   * partition.<field> = value} to skip the manifests that cannot match, and the rows of other
   * partitions it still returns are dropped, as a query's filter drops them.
   */
  Timing readPartition(MetadataTableType type, List<String> columns, String field, Object value) {
    long start = System.nanoTime();
    Table table = catalog.loadTable(identifier);
    long loaded = System.nanoTime();
    long[] rows = {0};
    List<String> read = new ArrayList<>(columns);
    read.add("partition");
    Table metadataTable = MetadataTableUtils.createMetadataTableInstance(table, type);
    TableScan scan =
        metadataTable.newScan().select(read).filter(Expressions.equal("partition." + field, value));
    int partition = position(scan.schema(), "partition");
    Types.StructType partitionType = scan.schema().findType("partition").asStructType();
    int fieldPosition = partitionType.fields().indexOf(partitionType.field(field));
    int[] positions =
        columns.stream().mapToInt(column -> position(scan.schema(), column)).toArray();
    forEachRow(
        metadataTable,
        scan,
        row -> {
          Object found = row.get(partition, StructLike.class).get(fieldPosition, Object.class);
          if (found != null
              && value.equals(found instanceof CharSequence text ? text.toString() : found)) {
            for (int position : positions) {
              Checksum.add(touch(row.get(position, Object.class)));
            }
            rows[0]++;
          }
        });
    return new Timing(loaded - start, System.nanoTime() - loaded, rows[0]);
  }

  /**
   * The seed's {@code history} ⋈ {@code snapshots} query, joined here: both metadata tables read,
   * joined on {@code snapshot_id}, ordered by {@code made_current_at}, each output value touched.
   */
  Timing historyJoinSnapshots() {
    long start = System.nanoTime();
    Table table = catalog.loadTable(identifier);
    long loaded = System.nanoTime();

    Schema snapshotsSchema =
        MetadataTableUtils.createMetadataTableInstance(table, MetadataTableType.SNAPSHOTS).schema();
    int sId = position(snapshotsSchema, "snapshot_id");
    int sOperation = position(snapshotsSchema, "operation");
    int sSummary = position(snapshotsSchema, "summary");
    Map<Long, Object[]> snapshots = new HashMap<>();
    forEachRow(
        table,
        MetadataTableType.SNAPSHOTS,
        row -> {
          Map<?, ?> summary = row.get(sSummary, Map.class);
          Object appId = summary == null ? null : summary.get("spark.app.id");
          snapshots.put(
              row.get(sId, Long.class),
              new Object[] {
                string(row.get(sOperation, Object.class)), appId == null ? null : appId.toString()
              });
        });

    Schema historySchema =
        MetadataTableUtils.createMetadataTableInstance(table, MetadataTableType.HISTORY).schema();
    int hMadeCurrentAt = position(historySchema, "made_current_at");
    int hId = position(historySchema, "snapshot_id");
    int hAncestor = position(historySchema, "is_current_ancestor");
    List<Object[]> joined = new ArrayList<>();
    forEachRow(
        table,
        MetadataTableType.HISTORY,
        row -> {
          Long id = row.get(hId, Long.class);
          Object[] snapshot = snapshots.get(id);
          if (snapshot != null) {
            joined.add(
                new Object[] {
                  row.get(hMadeCurrentAt, Long.class),
                  snapshot[0],
                  id,
                  row.get(hAncestor, Boolean.class),
                  snapshot[1]
                });
          }
        });
    joined.sort(Comparator.comparing(row -> (Long) row[0]));
    for (Object[] row : joined) {
      for (Object value : row) {
        Checksum.add(touch(value));
      }
    }
    return new Timing(loaded - start, System.nanoTime() - loaded, joined.size());
  }

  private static void forEachRow(Table table, MetadataTableType type, Consumer<StructLike> action) {
    forEachRow(table, type, null, action);
  }

  private static void forEachRow(
      Table table, MetadataTableType type, List<String> columns, Consumer<StructLike> action) {
    Table metadataTable = MetadataTableUtils.createMetadataTableInstance(table, type);
    forEachRow(
        metadataTable,
        columns == null ? metadataTable.newScan() : metadataTable.newScan().select(columns),
        action);
  }

  private static void forEachRow(Table metadataTable, TableScan scan, Consumer<StructLike> action) {
    try (CloseableIterable<FileScanTask> tasks = scan.planFiles()) {
      for (FileScanTask task : tasks) {
        try (CloseableIterable<StructLike> rows = ((DataTask) task).rows()) {
          for (StructLike row : rows) {
            action.accept(row);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot read " + metadataTable.name() + ": " + e.getMessage(), e);
    }
  }

  private static int position(Schema schema, String column) {
    return schema.columns().indexOf(schema.findField(column));
  }

  /**
   * Counts the non-null leaves of a value, turning strings and binaries into Java values on the
   * way.
   */
  static long touch(Object value) {
    if (value == null) {
      return 0;
    }
    if (value instanceof StructLike struct) {
      long n = 0;
      for (int i = 0; i < struct.size(); i++) {
        n += touch(struct.get(i, Object.class));
      }
      return n;
    }
    if (value instanceof Map<?, ?> map) {
      long n = 0;
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        n += touch(entry.getKey()) + touch(entry.getValue());
      }
      return n;
    }
    if (value instanceof Collection<?> list) {
      long n = 0;
      for (Object element : list) {
        n += touch(element);
      }
      return n;
    }
    if (value instanceof CharSequence chars) {
      return chars.toString().isEmpty() ? 0 : 1;
    }
    if (value instanceof ByteBuffer buffer) {
      byte[] bytes = new byte[buffer.remaining()];
      buffer.duplicate().get(bytes);
      return bytes.length == 0 ? 0 : 1;
    }
    return 1;
  }

  private static String string(Object value) {
    return value == null ? null : value.toString();
  }

  /** Keeps the JIT from dropping reads whose values nobody uses. */
  static final class Checksum {
    private static volatile long sum;

    private Checksum() {}

    static void add(long n) {
      sum += n;
    }

    static long value() {
      return sum;
    }
  }
}
