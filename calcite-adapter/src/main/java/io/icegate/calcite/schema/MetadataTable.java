package io.icegate.calcite.schema;

import static java.util.Objects.requireNonNull;

import io.icegate.metadata.MetadataRedaction;
import io.icegate.metadata.MetadataRelation;
import io.icegate.metadata.MetadataTableKind;
import io.icegate.metadata.MetadataTables;
import io.icegate.metadata.TimeTravel;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.UnaryOperator;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.ProjectableFilterableTable;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.iceberg.Table;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.ExpressionParser;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * One metadata table of one Iceberg table ({@code demo.db.t.files}), read at the current snapshot
 * or at the one a time-travel clause names, as a Calcite table.
 *
 * <p>Rows stream from {@link MetadataRelation#rows(int[], Expression)}: Calcite pulls them one at a
 * time, and closing its enumerator (at the end, or when a LIMIT is reached or the result is closed)
 * releases the open manifest. Only the columns the query uses are read: Calcite pushes the
 * projection down and Iceberg's scan selects them, so a manifest's other fields are skipped, not
 * decoded. Calcite filters the rows; a files or entries table also gives Iceberg the conditions on
 * its partition fields, so that it skips the manifests that cannot match.
 *
 * <p>The relation is opened once per instance, on {@link #relation()} or the first scan, so that a
 * statement reads one consistent view and time-travel errors and warnings surface before any row is
 * read. An instance therefore belongs to one statement (see {@link IcebergSchemas}); a compiled
 * plan finds it by its {@link #path()} in the schema tree it runs with, so the same plan can run
 * for the next statement's tables.
 */
public final class MetadataTable extends AbstractTable
    implements ProjectableFilterableTable, ScannedTable {
  private final List<String> path;
  private final Table table;
  private final MetadataTableKind kind;
  private final TimeTravel timeTravel;
  private final MetadataRedaction redaction;
  private final org.apache.iceberg.Schema schema;
  private @Nullable MetadataRelation relation;

  /**
   * @param redaction what of the metadata table the session's user may not see (see {@link
   *     IcebergCatalogs#redaction})
   */
  MetadataTable(
      List<String> path,
      Table table,
      MetadataTableKind kind,
      TimeTravel timeTravel,
      MetadataRedaction redaction) {
    this.path = List.copyOf(path);
    this.table = requireNonNull(table, "table is null");
    this.kind = requireNonNull(kind, "kind is null");
    this.timeTravel = requireNonNull(timeTravel, "timeTravel is null");
    this.redaction = requireNonNull(redaction, "redaction is null");
    this.schema = redaction.schema();
  }

  /**
   * Where the table is in its statement's schema tree: {@code [demo, db, t, files]}, or a
   * time-travel path.
   */
  public List<String> path() {
    return path;
  }

  /**
   * The columns, as Iceberg defines them less what the redaction removes; two tables with equal
   * schemas have equal row types.
   */
  public org.apache.iceberg.Schema schema() {
    return schema;
  }

  /** The data table whose metadata this is. */
  public Table table() {
    return table;
  }

  public MetadataTableKind kind() {
    return kind;
  }

  public TimeTravel timeTravel() {
    return timeTravel;
  }

  /** The full name, as in {@code demo.db.t.files}. */
  public String name() {
    return table.name() + "." + kind.tableName();
  }

  /**
   * Opens the relation (once): resolves time travel and prepares the scan, reading no rows yet.
   *
   * @throws io.icegate.metadata.MetadataTableException when time travel is refused or names no
   *     snapshot, or the table is computed by Spark
   */
  public synchronized MetadataRelation relation() {
    if (relation == null) {
      relation = MetadataTables.open(table, kind, timeTravel);
    }
    return relation;
  }

  @Override
  public RelDataType getRowType(RelDataTypeFactory typeFactory) {
    return IcebergTypes.rowType(typeFactory, schema);
  }

  @Override
  public Schema.TableType getJdbcTableType() {
    return Schema.TableType.SYSTEM_TABLE;
  }

  /**
   * Calcite's entry point, which makes it plan a scan of this table; plans run {@link
   * #scan(DataContext, int[], String)} instead (see {@code MetadataTableScan}), and the filters are
   * applied above the scan.
   */
  @Override
  public Enumerable<@Nullable Object[]> scan(
      DataContext root, List<RexNode> filters, int @Nullable [] projects) {
    return scan(root, projects, null);
  }

  /**
   * The rows of some columns (null: all), with Iceberg's filter to skip a files or entries table's
   * manifests by ({@code partitionFilter}, as {@code ExpressionParser} writes it; null for none).
   * The filter prunes manifests, not rows: the plan filters the rows it returns.
   */
  @Override
  public Enumerable<@Nullable Object[]> scan(
      DataContext root, int @Nullable [] projects, @Nullable String partitionFilter) {
    MetadataRelation opened = relation();
    int[] shown = projects != null ? projects.clone() : allColumns();
    int[] columns = redaction.sourceColumns(shown);
    Expression filter =
        partitionFilter == null
            ? Expressions.alwaysTrue()
            : ExpressionParser.fromJson(partitionFilter);
    List<UnaryOperator<Object>> all = CalciteValues.fields(schema.asStruct());
    List<UnaryOperator<Object>> converters = Arrays.stream(shown).mapToObj(all::get).toList();
    AtomicBoolean cancelled = DataContext.Variable.CANCEL_FLAG.get(root);
    AtomicBoolean cancel = cancelled != null ? cancelled : new AtomicBoolean();
    return new AbstractEnumerable<>() {
      @Override
      public Enumerator<@Nullable Object[]> enumerator() {
        CloseableIterable<List<Object>> rows = opened.rows(columns, filter);
        return new RowEnumerator(
            redaction.redacts()
                ? CloseableIterable.transform(rows, row -> redaction.apply(shown, row))
                : rows,
            converters,
            cancel);
      }
    };
  }

  /**
   * The values of one column, bare rather than in one-element arrays: Calcite's enumerable
   * operators take a one-column input as a sequence of values ({@code JavaRowFormat.SCALAR}).
   */
  @Override
  public Enumerable<@Nullable Object> scanColumn(
      DataContext root, int column, @Nullable String partitionFilter) {
    return scan(root, new int[] {column}, partitionFilter).select(row -> row[0]);
  }

  private int[] allColumns() {
    int[] columns = new int[schema.columns().size()];
    for (int i = 0; i < columns.length; i++) {
      columns[i] = i;
    }
    return columns;
  }

  @Override
  public String toString() {
    return name() + (timeTravel.isNone() ? "" : " at " + timeTravel);
  }
}
