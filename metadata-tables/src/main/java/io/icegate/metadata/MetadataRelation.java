package io.icegate.metadata;

import static java.util.Objects.requireNonNull;

import io.icegate.metadata.partitions.PartitionCountsCache;
import io.icegate.metadata.partitions.PartitionsRows;
import io.icegate.metadata.value.ValueConverter;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.iceberg.FileContent;
import org.apache.iceberg.Schema;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableScan;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.CloseableIterator;
import org.apache.iceberg.types.Types;

/**
 * One metadata table of one table, ready to read: its Iceberg schema (the columns, order and types
 * Spark shows), what became of time travel, and its rows as plain Java values (see {@link
 * io.icegate.metadata.value.ValueConverter}).
 */
public final class MetadataRelation {
  private static final String SPLIT_OFFSETS = "split_offsets";
  private static final String FILE_SIZE = "file_size_in_bytes";
  private static final String READABLE_METRICS = "readable_metrics";
  private static final String DATA_FILE = "data_file";
  private static final String STATUS = "status";
  private static final String CONTENT = "content";

  /**
   * A manifest entry's status when its file was removed (Iceberg's spec: 0 existing, 1 added, 2
   * deleted).
   */
  private static final int DELETED = 2;

  private final String name;
  private final MetadataTableKind kind;
  private final Schema schema;
  private final ResolvedTimeTravel timeTravel;
  private final TableScan scan;
  private final Table table;

  /** {@code table}: the data table, whose schema names the columns of {@code readable_metrics}. */
  MetadataRelation(
      String name,
      MetadataTableKind kind,
      Schema schema,
      ResolvedTimeTravel timeTravel,
      TableScan scan,
      Table table) {
    this.name = requireNonNull(name, "name is null");
    this.kind = requireNonNull(kind, "kind is null");
    this.schema = requireNonNull(schema, "schema is null");
    this.timeTravel = requireNonNull(timeTravel, "timeTravel is null");
    this.scan = requireNonNull(scan, "scan is null");
    this.table = requireNonNull(table, "table is null");
  }

  /** The full name, as in {@code demo.db.t.files}. */
  public String name() {
    return name;
  }

  public MetadataTableKind kind() {
    return kind;
  }

  /** The relation's columns exactly as Iceberg defines them; every row has one value per column. */
  public Schema schema() {
    return schema;
  }

  public ResolvedTimeTravel timeTravel() {
    return timeTravel;
  }

  /** The snapshot whose metadata is shown, when time travel selected one. */
  public OptionalLong snapshotId() {
    return timeTravel.snapshotId();
  }

  /** A warning for the user when time travel was given but this table ignores it. */
  public Optional<String> warning() {
    return timeTravel.warning();
  }

  /**
   * The rows, streamed: nothing is read until iteration starts, and only one manifest's rows are
   * open at a time. Each iteration reads afresh, except the tables that show the current metadata
   * ({@code history}, {@code snapshots}, {@code refs}, {@code metadata_log_entries}), whose rows
   * are kept per metadata version (see {@link CurrentMetadataRows}). Close the iterable (or each
   * iterator) to release open manifest readers; an iterator that reaches its end closes itself.
   */
  public CloseableIterable<List<Object>> rows() {
    int[] all = new int[schema.columns().size()];
    Arrays.setAll(all, i -> i);
    return rows(all);
  }

  /**
   * The rows of some of the columns (numbers into {@link #schema()}'s columns, in the order
   * wanted), streamed as {@link #rows()} are; each list holds those columns' values in that order.
   * Iceberg reads only these columns: a manifest's other fields are skipped rather than decoded,
   * and {@code readable_metrics} is only computed when asked for. With no columns, each row is an
   * empty list (for {@code count(*)}).
   *
   * @throws IllegalArgumentException when a number is not a column of the schema
   */
  public CloseableIterable<List<Object>> rows(int[] columns) {
    return rows(columns, Expressions.alwaysTrue());
  }

  /**
   * The rows of some columns as {@link #rows(int[])} gives them, with {@code filter} (over this
   * relation's columns) given to Iceberg's scan of a files or entries table ({@link
   * MetadataTableKind#partitionPath()}): Iceberg skips the manifests whose partitions cannot match
   * it. It may still return rows that do not match (it prunes manifests, not rows): the caller
   * filters them. Other tables ignore it. The filter must bind to the schema (Iceberg binds it when
   * the rows are read).
   */
  public CloseableIterable<List<Object>> rows(int[] columns, Expression filter) {
    requireNonNull(filter, "filter is null");
    List<Types.NestedField> all = schema.columns();
    TreeSet<Integer> distinct = new TreeSet<>();
    for (int column : columns) {
      if (column < 0 || column >= all.size()) {
        throw new IllegalArgumentException(
            String.format(
                "Cannot read column %d of %s: it has %d columns", column, name, all.size()));
      }
      distinct.add(column);
    }
    if (kind == MetadataTableKind.PARTITIONS) {
      // Summed here from each manifest's counts, kept between statements (see PartitionsRows).
      return CloseableIterable.transform(
          new PartitionsRows(table, snapshotId(), PartitionCountsCache.shared()),
          converter(schema, columns, -1));
    }
    if (CurrentMetadataRows.keeps(kind)) {
      // Rows of the table's current metadata, kept between statements (see CurrentMetadataRows).
      int[] picked = columns.clone(); // read when iteration starts
      CloseableIterable<List<Object>> kept =
          new KeptRows(() -> CurrentMetadataRows.of(table, kind, this::readEveryColumn));
      return isEveryColumnInOrder(columns, all.size())
          ? kept
          : CloseableIterable.transform(kept, row -> pick(row, picked));
    }
    // The files and entries tables' readable_metrics is computed here (see ReadableMetrics).
    int metricsColumn =
        kind.isFilesTable() || kind.isEntriesTable()
            ? all.indexOf(schema.findField(READABLE_METRICS))
            : -1;
    boolean metrics = metricsColumn >= 0 && distinct.contains(metricsColumn);
    if (kind.isFilesTable()) {
      return fileRows(columns, distinct, metrics ? metricsColumn : -1, filter);
    }
    // Every column in order reads the scan as it is; else Iceberg's scan selects what is needed.
    boolean narrow = metrics || !isEveryColumnInOrder(columns, all.size());
    TableScan selected = narrow ? scan.select(names(distinct, metricsColumn)) : scan;
    if (!kind.partitionPath().isEmpty() && filter.op() != Expression.Operation.TRUE) {
      selected = selected.filter(filter);
    }
    return new TaskRows(
        name, selected, converter(selected.schema(), columns, metrics ? metricsColumn : -1));
  }

  /**
   * A files table's rows, read through its entries table (the scan {@link MetadataTables#open}
   * gives a files table): the {@code data_file} structs of the entries not DELETED (for data_files
   * and delete_files, in the manifests of that content).
   *
   * <p>iceberg-core's files tables read the same manifests, chosen the same way, but copy each data
   * file with its six metric maps before handing it out (its manifest reader reuses one object per
   * manifest): half of its time reading 10,000 files (54 against 27 ms in a probe). An entry's file
   * is converted where it lies, before the next is read.
   */
  private CloseableIterable<List<Object>> fileRows(
      int[] columns, Set<Integer> distinct, int metricsColumn, Expression filter) {
    Set<String> names = new LinkedHashSet<>();
    names.add(STATUS);
    Expression content = contentFilter();
    names(distinct, metricsColumn).forEach(column -> names.add(DATA_FILE + "." + column));
    TableScan selected = scan.select(names);
    Expression scanFilter =
        filter.op() == Expression.Operation.TRUE
            ? content
            : Expressions.and(FilterPaths.under(DATA_FILE, filter), content);
    if (scanFilter.op() != Expression.Operation.TRUE) {
      selected = selected.filter(scanFilter);
    }
    Schema read = selected.schema();
    int status = read.columns().indexOf(read.findField(STATUS));
    int dataFile = read.columns().indexOf(read.findField(DATA_FILE));
    Types.StructType file = read.findField(DATA_FILE).type().asStructType();
    Function<StructLike, List<Object>> convertFile =
        converter(new Schema(file.fields()), columns, metricsColumn);
    Function<StructLike, List<Object>> converter =
        entry -> {
          if (entry.get(status, Integer.class) == DELETED) {
            return null;
          }
          return convertFile.apply(entry.get(dataFile, StructLike.class));
        };
    return new TaskRows(name, selected, converter);
  }

  /**
   * What limits a files table to data or delete files, over its entries table's columns: Iceberg
   * reads only the manifests of that content for it (a manifest holds data files or delete files,
   * never both), as iceberg-core's data_files and delete_files tables read only data or delete
   * manifests. Rows are not checked again: Iceberg applies it to manifests through the scan's
   * filter, which this class never tells the scan to ignore ({@code ignoreResiduals}).
   */
  private Expression contentFilter() {
    String content = DATA_FILE + "." + CONTENT;
    return switch (kind) {
      case DATA_FILES, ALL_DATA_FILES -> Expressions.equal(content, FileContent.DATA.id());
      case DELETE_FILES, ALL_DELETE_FILES -> Expressions.notEqual(content, FileContent.DATA.id());
      default -> Expressions.alwaysTrue();
    };
  }

  /**
   * Turns a row read in {@code read}'s columns into the values of {@code columns} (numbers into the
   * schema's columns), with {@code readable_metrics} computed here when {@code metricsColumn} (or
   * -1) is among them.
   */
  private Function<StructLike, List<Object>> converter(
      Schema read, int[] columns, int metricsColumn) {
    List<Types.NestedField> all = schema.columns();
    int[] positions = new int[columns.length];
    ValueConverter[] converters = new ValueConverter[columns.length];
    for (int i = 0; i < columns.length; i++) {
      Types.NestedField field = all.get(columns[i]);
      positions[i] =
          columns[i] == metricsColumn
              ? -1
              : read.columns().indexOf(read.findField(field.fieldId()));
      converters[i] = ValueConverter.forType(field.type());
    }
    ReadableMetrics readable =
        metricsColumn >= 0 ? readableMetrics(read, all.get(metricsColumn)) : null;
    // An entries row holds its file's metric maps in its data_file struct; a files row holds them
    // itself.
    int dataFile =
        readable != null && kind.isEntriesTable()
            ? read.columns().indexOf(read.findField(DATA_FILE))
            : -1;
    if (readable != null && kind.isEntriesTable() && dataFile < 0) {
      throw new IllegalStateException(
          "Cannot compute readable_metrics of " + name + ": data_file was not read");
    }
    return row -> {
      Object[] values = new Object[positions.length];
      for (int i = 0; i < values.length; i++) {
        values[i] =
            positions[i] < 0
                ? readable.value(dataFile < 0 ? row : row.get(dataFile, StructLike.class))
                : converters[i].convert(row.get(positions[i], Object.class));
      }
      return Arrays.asList(values);
    };
  }

  /**
   * The columns Iceberg's scan selects to give {@code columns} (numbers into the schema's columns).
   */
  private Set<String> names(Set<Integer> columns, int metricsColumn) {
    List<Types.NestedField> all = schema.columns();
    // Iceberg cannot select nothing; the first column stands in for count(*) and is not handed out.
    Set<String> names = new LinkedHashSet<>();
    for (int column : columns.isEmpty() ? List.of(0) : columns) {
      if (column != metricsColumn) {
        names.add(all.get(column).name());
      }
    }
    if (columns.contains(metricsColumn)) {
      String prefix = kind.isEntriesTable() ? DATA_FILE + "." : "";
      ReadableMetrics.SOURCE_COLUMNS.forEach(column -> names.add(prefix + column));
    }
    // A data file read without its size (taken as -1) treats its split offsets as past the end and
    // drops them.
    if (names.contains(SPLIT_OFFSETS) && schema.findField(FILE_SIZE) != null) {
      names.add(FILE_SIZE);
    }
    return names;
  }

  /**
   * Computes {@code readable_metrics} here rather than in iceberg-core, see {@link
   * ReadableMetrics}.
   */
  private ReadableMetrics readableMetrics(Schema read, Types.NestedField metricsField) {
    Types.StructType file =
        kind.isEntriesTable() ? read.findField(DATA_FILE).type().asStructType() : read.asStruct();
    int[] sources =
        ReadableMetrics.SOURCE_COLUMNS.stream()
            .mapToInt(column -> file.fields().indexOf(file.field(column)))
            .toArray();
    return new ReadableMetrics(table.schema(), metricsField.type().asStructType(), sources);
  }

  /** Rows found when iteration starts, as for the other tables; each iterator looks again. */
  private record KeptRows(Supplier<List<List<Object>>> rows)
      implements CloseableIterable<List<Object>> {
    @Override
    public CloseableIterator<List<Object>> iterator() {
      return CloseableIterator.withClose(rows.get().iterator());
    }

    @Override
    public void close() {}
  }

  /** Every column's rows as Iceberg's scan gives them; only read when the kept rows miss. */
  private CloseableIterable<List<Object>> readEveryColumn() {
    int[] every = new int[schema.columns().size()];
    Arrays.setAll(every, i -> i);
    return new TaskRows(name, scan, converter(scan.schema(), every, -1));
  }

  private static List<Object> pick(List<Object> row, int[] columns) {
    Object[] values = new Object[columns.length];
    for (int i = 0; i < columns.length; i++) {
      values[i] = row.get(columns[i]);
    }
    return Arrays.asList(values);
  }

  private static boolean isEveryColumnInOrder(int[] columns, int width) {
    if (columns.length != width) {
      return false;
    }
    for (int i = 0; i < width; i++) {
      if (columns[i] != i) {
        return false;
      }
    }
    return true;
  }

  @Override
  public String toString() {
    return name;
  }
}
