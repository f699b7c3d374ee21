package io.icegate.calcite.exec;

import static java.util.Objects.requireNonNull;

import io.icegate.calcite.parser.IcegateSqlParser;
import io.icegate.calcite.parser.SqlTimeTravel;
import io.icegate.calcite.parser.TableReference;
import io.icegate.calcite.parser.TableReferences;
import io.icegate.calcite.schema.IcebergCatalogs;
import io.icegate.calcite.schema.IcebergSchemas;
import io.icegate.calcite.schema.MetadataTable;
import io.icegate.calcite.schema.SnapshotDiffTable;
import io.icegate.metadata.MetadataTableException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.iceberg.types.Types;

/**
 * Runs queries on Iceberg metadata tables on Calcite over iceberg-core, without Spark.
 *
 * <p>A statement runs natively when it is a query ({@code SELECT}, {@code WITH}, set operations,
 * {@code VALUES}...) whose every table reference is a metadata table that iceberg-core reads (all
 * but {@code position_deletes} and {@code changes}), optionally with time travel, and that Calcite
 * validates and plans with Spark's meaning (known functions, known columns). For anything else
 * {@link #prepare} throws {@link NotNativeException} and the caller runs the statement on Spark,
 * which gives the same answer.
 *
 * <p>Preparing reads current metadata: it loads each referenced table once (all references to one
 * table see one snapshot), resolves time travel (a timestamp string in the session's time zone, as
 * Spark's {@code spark.sql.session.timeZone}), and plans. A statement the native path answers with
 * an error throws {@link MetadataTableException} unchanged (an unknown metadata table, snapshot,
 * branch or tag, a time before the first snapshot, time travel on an {@code all_*} table); its
 * {@code reason()} picks the SQLState.
 *
 * <p>{@code icegate.system.snapshot_diff(table, from, to)} in a FROM clause is read here too (see
 * {@link SnapshotDiffCalls}), as a table of the statement; a statement that uses it but that the
 * native path does not take is refused with a {@link MetadataTableException}, since Spark cannot
 * read it either.
 *
 * <p>Cheap to create and immutable; create one per statement or keep one per session.
 */
public final class MetadataQueryEngine {
  private final IcebergCatalogs catalogs;
  private final ZoneId sessionZone;

  /**
   * @param catalogs the session's catalogs, with its current catalog and namespace
   * @param sessionZone the session's time zone: for timestamp strings in time travel and SQL, and
   *     for showing {@code timestamp} values as wall-clock times in casts
   */
  public MetadataQueryEngine(IcebergCatalogs catalogs, ZoneId sessionZone) {
    this.catalogs = requireNonNull(catalogs, "catalogs is null");
    this.sessionZone = requireNonNull(sessionZone, "sessionZone is null");
  }

  /** Statements of this process whose compiled plan was reused (for metrics). */
  public static long planCacheHits() {
    return PlanCache.hits();
  }

  /** Statements of this process planned anew. */
  public static long planCacheMisses() {
    return PlanCache.misses();
  }

  /**
   * Whether {@link #prepare} would take {@code statement}: true also when the native path answers
   * it with a {@link MetadataTableException}. Prepares the statement and drops it, so call {@link
   * #prepare} directly to run it.
   */
  public boolean canRunNatively(SqlNode statement) {
    try {
      prepare(statement);
      return true;
    } catch (MetadataTableException e) {
      return true;
    } catch (NotNativeException e) {
      return false;
    }
  }

  /**
   * Parses {@code sql} with Icegate's parser and prepares it.
   *
   * @throws NotNativeException also when the parser does not read the statement
   */
  public NativeQuery prepare(String sql) throws NotNativeException {
    SqlNode statement;
    try {
      statement = IcegateSqlParser.parse(sql);
    } catch (SqlParseException e) {
      throw new NotNativeException("Icegate's parser does not read it: " + e.getMessage(), e);
    }
    return prepare(statement);
  }

  /**
   * Prepares {@code statement} to run natively. The statement is not changed.
   *
   * @throws NotNativeException when Spark should run it
   * @throws MetadataTableException when the native path answers it with an error
   */
  public NativeQuery prepare(SqlNode statement) throws NotNativeException {
    requireNonNull(statement, "statement is null");
    boolean snapshotDiff = SnapshotDiffCalls.uses(statement);
    try {
      return prepareChecked(statement);
    } catch (NotNativeException e) {
      // Spark cannot resolve a catalog's table function: its answer would be a confusing error.
      if (snapshotDiff) {
        throw SnapshotDiffCalls.refusal(e.getMessage());
      }
      throw e;
    }
  }

  private NativeQuery prepareChecked(SqlNode statement) throws NotNativeException {
    if (!statement.isA(SqlKind.QUERY)) {
      throw new NotNativeException("it is not a query but " + statement.getKind());
    }
    if (hasParameters(statement)) {
      // The native path has no way to bind them yet; Spark's path does.
      throw new NotNativeException("it has JDBC parameters (?)");
    }
    List<TableReference> references = TableReferences.in(statement);
    List<SqlCall> diffCalls = SnapshotDiffCalls.tableCalls(statement);
    if (references.isEmpty() && diffCalls.isEmpty()) {
      throw new NotNativeException("it reads no metadata table");
    }
    IcebergSchemas schemas = IcebergSchemas.of(catalogs);
    QueryPlanner planner = new QueryPlanner(schemas.root(), sessionZone);
    MetadataTableResolver resolver = new MetadataTableResolver(schemas);
    TimeTravelValues timeTravel = new TimeTravelValues(sessionZone, planner::evaluate);
    Map<SqlNode, SqlNode> replacements = new IdentityHashMap<>();
    List<MetadataTable> tables = new ArrayList<>();
    if (!catalogs.allowsQueriesInTimeTravel()) {
      // Evaluating one would read its tables before they are checked: Spark's path refuses it.
      for (TableReference reference : references) {
        if (reference.timeTravel().isPresent()
            && holdsQuery(reference.timeTravel().get().value())) {
          throw new NotNativeException("a time travel's value is a sub-query");
        }
      }
    }
    for (TableReference reference : references) {
      if (reference.access() != TableReference.Access.READ) {
        throw new NotNativeException("it writes " + String.join(".", reference.name()));
      }
      MetadataTableResolver.Resolved resolved = resolver.resolve(reference.name());
      SqlNode written =
          reference.timeTravel().<SqlNode>map(clause -> clause).orElse(reference.identifier());
      MetadataTable table;
      if (reference.timeTravel().isPresent()) {
        catalogs.checkRead(
            resolved.catalog(),
            resolved.namespace(),
            resolved.tableName(),
            resolved.metadataName(),
            true);
        SqlTimeTravel clause = reference.timeTravel().get();
        table = schemas.addTimeTravel(resolved.table(), resolved.kind(), timeTravel.of(clause));
      } else {
        table = resolved.table().metadataTable(resolved.kind());
      }
      tables.add(table);
      replacements.put(written, new SqlIdentifier(table.path(), written.getParserPosition()));
    }
    List<Types.StructType> tableSchemas = new ArrayList<>();
    tables.forEach(table -> tableSchemas.add(table.schema().asStruct()));
    for (SqlCall call : diffCalls) {
      SnapshotDiffTable diff =
          schemas.addSnapshotDiff(SnapshotDiffCalls.read(call, schemas, timeTravel, sessionZone));
      tableSchemas.add(diff.schema().asStruct());
      replacements.put(call, new SqlIdentifier(diff.path(), call.getParserPosition()));
    }
    List<String> warnings = openAll(tables);
    SparkSqlRewriter.Rewritten rewritten;
    try {
      rewritten = SparkSqlRewriter.rewrite(statement, replacements);
    } catch (RuntimeException e) {
      // A node Calcite cannot copy through its operator: a construct the native path has not met.
      throw new NotNativeException("Cannot rewrite it for Calcite: " + e.getMessage(), e);
    }
    QueryPlanner.Plan plan = planner.plan(rewritten.statement(), rewritten.aliases(), tableSchemas);
    return new NativeQuery(plan, warnings, planner);
  }

  /**
   * Runs {@code sql} natively: {@link #prepare(String)}, then {@link NativeQuery#execute()}.
   *
   * @throws NotNativeException when Spark should run it
   */
  public MetadataQueryResult execute(String sql) throws NotNativeException {
    return prepare(sql).execute();
  }

  /**
   * Runs {@code statement} natively: {@link #prepare(SqlNode)}, then {@link NativeQuery#execute()}.
   */
  public MetadataQueryResult execute(SqlNode statement) throws NotNativeException {
    return prepare(statement).execute();
  }

  private static boolean hasParameters(SqlNode statement) {
    boolean[] found = {false};
    statement.accept(
        new SqlBasicVisitor<Void>() {
          @Override
          public Void visit(SqlDynamicParam param) {
            found[0] = true;
            return null;
          }
        });
    return found[0];
  }

  /**
   * Resolves every table's time travel now, so errors come before rows; returns the warnings, each
   * once.
   */
  private static List<String> openAll(List<MetadataTable> tables) {
    Set<String> warnings = new LinkedHashSet<>();
    for (MetadataTable table : tables) {
      table.relation().warning().ifPresent(warnings::add);
    }
    return List.copyOf(warnings);
  }

  /** Whether {@code node} is or holds a query (a sub-query). */
  private static boolean holdsQuery(SqlNode node) {
    if (node == null) {
      return false;
    }
    if (node.isA(SqlKind.QUERY)) {
      return true;
    }
    if (node instanceof SqlCall call) {
      for (SqlNode operand : call.getOperandList()) {
        if (holdsQuery(operand)) {
          return true;
        }
      }
    }
    if (node instanceof org.apache.calcite.sql.SqlNodeList list) {
      for (SqlNode item : list) {
        if (holdsQuery(item)) {
          return true;
        }
      }
    }
    return false;
  }
}
