package io.icegate.gateway.options;

import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.iceberg.SnapshotRef;
import org.apache.iceberg.Table;
import org.apache.iceberg.spark.SparkReadOptions;
import org.apache.iceberg.spark.SparkWriteOptions;
import org.apache.iceberg.spark.source.SparkTable;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.analysis.PosParameterizedQuery;
import org.apache.spark.sql.catalyst.analysis.RelationTimeTravel;
import org.apache.spark.sql.catalyst.analysis.UnresolvedRelation;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.SubqueryExpression;
import org.apache.spark.sql.catalyst.plans.QueryPlan;
import org.apache.spark.sql.catalyst.plans.logical.AppendData;
import org.apache.spark.sql.catalyst.plans.logical.Command;
import org.apache.spark.sql.catalyst.plans.logical.InsertIntoStatement;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.OverwriteByExpression;
import org.apache.spark.sql.catalyst.plans.logical.OverwritePartitionsDynamic;
import org.apache.spark.sql.catalyst.plans.logical.SubqueryAlias;
import org.apache.spark.sql.catalyst.plans.logical.UnresolvedWith;
import org.apache.spark.sql.catalyst.plans.logical.V2WriteCommand;
import org.apache.spark.sql.catalyst.trees.CurrentOrigin;
import org.apache.spark.sql.catalyst.trees.Origin;
import org.apache.spark.sql.execution.CommandExecutionMode;
import org.apache.spark.sql.execution.command.ExplainCommand;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import scala.Tuple2;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.AbstractPartialFunction;

/**
 * Runs a statement with options clauses as Spark 4 would, on Spark 3.5: Spark parses the statement
 * without its clauses, each read clause's options go to its table's relation (as {@code
 * spark.read().options(...).table(t)} sets them) and an INSERT's to its write (as {@code
 * df.writeTo(t).options(...)}), then Spark analyzes and runs the plan, with the statement policy's
 * checks, as for any statement. Spark still decides what INSERT means (by position; OVERWRITE per
 * {@code spark.sql.sources.partitionOverwriteMode}). Options reach Iceberg tables only.
 */
public final class OptionsStatement {
  private OptionsStatement() {}

  /** A read clause and the relation of the parsed plan it names. */
  private record Read(OptionsClauses.Clause clause, UnresolvedRelation relation, String table) {}

  /**
   * The statement as a Dataset: a query not yet run (its rows stream as any query's), or a write
   * already run, as {@code session.sql} gives them.
   *
   * @param parameters values of the statement's {@code ?} markers, in order, as Spark takes them
   */
  public static Dataset<Row> run(
      SparkSession session, OptionsClauses.Found found, List<Object> parameters) {
    LogicalPlan parsed = parse(session, found.withoutClauses());
    if (parsed instanceof ExplainCommand explain) {
      // EXPLAIN plans what the statement would run, options and all, and runs nothing.
      LogicalPlan planned = planned(session, explain.logicalPlan(), found, parameters);
      return Dataset.ofRows(session, explain.copy(planned, explain.mode()));
    }
    return Dataset.ofRows(session, planned(session, parsed, found, parameters));
  }

  /** The analyzed plan of a query or INSERT, its clauses' options given to its reads and write. */
  private static LogicalPlan planned(
      SparkSession session,
      LogicalPlan parsed,
      OptionsClauses.Found found,
      List<Object> parameters) {
    if (parsed instanceof Command
        || !(parsed instanceof InsertIntoStatement) && isCommand(parsed)) {
      throw new GatewayException(
          ErrorCode.NOT_SUPPORTED,
          "An options clause WITH (...) is read in queries and in INSERT INTO or INSERT OVERWRITE"
              + " (and their EXPLAIN),"
              + " not in "
              + parsed.nodeName());
    }
    Map<UnresolvedRelation, Map<String, String>> readOptions = new IdentityHashMap<>();
    List<Read> reads = new ArrayList<>();
    Optional<OptionsClauses.Clause> write = Optional.empty();
    for (OptionsClauses.Clause clause : found.clauses()) {
      if (clause.insertTarget().isPresent()) {
        write = Optional.of(clause);
        continue;
      }
      UnresolvedRelation relation = relationBefore(parsed, clause);
      String table = String.join(".", list(relation.multipartIdentifier()));
      IcebergOptions.check(clause.options(), IcebergOptions.Use.READ, table);
      if (readOptions.put(relation, clause.options()) != null) {
        throw notAfterTable(clause);
      }
      reads.add(new Read(clause, relation, table));
    }
    String target = "";
    if (write.isPresent()) {
      if (!(parsed instanceof InsertIntoStatement insert
          && insert.table() instanceof UnresolvedRelation relation)) {
        throw new GatewayException(
            ErrorCode.NOT_SUPPORTED,
            "An options clause after INSERT INTO or INSERT OVERWRITE is read in an INSERT of one"
                + " table, not in "
                + parsed.nodeName());
      }
      target = String.join(".", list(relation.multipartIdentifier()));
      List<String> written = list(parseName(session, write.get().insertTarget().get()));
      if (!written.equals(list(relation.multipartIdentifier()))) {
        throw notAfterTable(write.get());
      }
      IcebergOptions.check(write.get().options(), IcebergOptions.Use.WRITE, target);
    }

    LogicalPlan plan = withReadOptions(session, parsed, readOptions, cteNames(parsed));
    if (!parameters.isEmpty()) {
      Expression[] values =
          parameters.stream().map(v -> functions.lit(v).expr()).toArray(Expression[]::new);
      plan = new PosParameterizedQuery(plan, values);
    }
    LogicalPlan analyzed =
        session.sessionState().executePlan(plan, CommandExecutionMode.SKIP()).analyzed();
    List<DataSourceV2Relation> resolved = v2Relations(analyzed);
    for (Read read : reads) {
      checkRead(read, resolved);
    }
    return write.isEmpty() ? analyzed : withWriteOptions(analyzed, write.get().options(), target);
  }

  private static boolean isCommand(LogicalPlan plan) {
    // A multi-table INSERT is a Union of InsertIntoStatements; an EXPLAIN or CTAS a Command.
    Deque<LogicalPlan> pending = new ArrayDeque<>();
    pending.push(plan);
    while (!pending.isEmpty()) {
      LogicalPlan node = pending.pop();
      if (node instanceof Command || node instanceof InsertIntoStatement) {
        return true;
      }
      list(node.children()).forEach(pending::push);
    }
    return false;
  }

  /**
   * The relation whose part of the statement holds the token right before the clause, as Spark's
   * parser records it: the table's name, or its name and time travel; the innermost when several
   * do.
   */
  private static UnresolvedRelation relationBefore(
      LogicalPlan parsed, OptionsClauses.Clause clause) {
    UnresolvedRelation best = null;
    int bestStart = -1;
    for (LogicalPlan node : nodes(parsed)) {
      UnresolvedRelation relation;
      if (node instanceof UnresolvedRelation named) {
        relation = named;
      } else if (node instanceof RelationTimeTravel travel
          && travel.relation() instanceof UnresolvedRelation named) {
        relation = named;
      } else {
        continue;
      }
      if (parsed instanceof InsertIntoStatement insert && insert.table() == relation) {
        continue;
      }
      Origin origin = node.origin();
      if (origin.startIndex().isEmpty() || origin.stopIndex().isEmpty()) {
        continue;
      }
      int start = (Integer) origin.startIndex().get();
      int stop = (Integer) origin.stopIndex().get();
      if (start <= clause.before() && clause.before() <= stop && start > bestStart) {
        best = relation;
        bestStart = start;
      }
    }
    if (best == null) {
      throw notAfterTable(clause);
    }
    return best;
  }

  private static GatewayException notAfterTable(OptionsClauses.Clause clause) {
    return new GatewayException(
        ErrorCode.SYNTAX_ERROR,
        "The options clause WITH (...) at position "
            + (clause.start() + 1)
            + " does not follow a table name: write FROM table [time travel] WITH ('key' ="
            + " 'value') [alias], or INSERT INTO table WITH ('key' = 'value') SELECT ...");
  }

  /** Each options clause's relation resolved to an Iceberg table, and its refs and snapshots. */
  private static void checkRead(Read read, List<DataSourceV2Relation> resolved) {
    Map<String, String> options = read.clause().options();
    DataSourceV2Relation found = null;
    for (DataSourceV2Relation relation : resolved) {
      if (relation.options().asCaseSensitiveMap().equals(options)) {
        if (!(relation.table() instanceof SparkTable)) {
          throw notIceberg(read.table(), "a table of another format");
        }
        found = relation;
      }
    }
    if (found == null) {
      throw notIceberg(
          read.table(), "a view, a common table expression or a table of another format");
    }
    Table table = ((SparkTable) found.table()).table();
    for (Map.Entry<String, String> option : options.entrySet()) {
      String name = option.getKey().toLowerCase(java.util.Locale.ROOT);
      String value = option.getValue();
      switch (name) {
        case SparkReadOptions.BRANCH -> checkRef(table, name, value, true, read.table());
        case SparkReadOptions.TAG -> checkRef(table, name, value, false, read.table());
        case SparkReadOptions.SNAPSHOT_ID,
            SparkReadOptions.START_SNAPSHOT_ID,
            SparkReadOptions.END_SNAPSHOT_ID ->
            checkSnapshot(table, name, value, read.table());
        default -> {}
      }
    }
  }

  private static LogicalPlan withWriteOptions(
      LogicalPlan analyzed, Map<String, String> options, String target) {
    if (!(analyzed instanceof V2WriteCommand command
        && command.table() instanceof DataSourceV2Relation relation
        && relation.table() instanceof SparkTable sparkTable)) {
      throw notIceberg(target, "a view or a table of another format");
    }
    Table table = sparkTable.table();
    for (Map.Entry<String, String> option : options.entrySet()) {
      String name = option.getKey().toLowerCase(java.util.Locale.ROOT);
      if (name.equals(SparkWriteOptions.VALIDATE_FROM_SNAPSHOT_ID)) {
        checkSnapshot(table, name, option.getValue(), target);
      }
    }
    if (analyzed instanceof AppendData append) {
      return append.copy(
          append.table(),
          append.query(),
          merged(append.writeOptions(), options),
          append.isByName(),
          append.write(),
          append.analyzedQuery());
    }
    if (analyzed instanceof OverwriteByExpression overwrite) {
      scala.collection.immutable.Map<String, String> writeOptions =
          merged(overwrite.writeOptions(), options);
      return overwrite.copy(
          overwrite.table(),
          overwrite.deleteExpr(),
          overwrite.query(),
          writeOptions,
          overwrite.isByName(),
          overwrite.write(),
          overwrite.analyzedQuery());
    }
    if (analyzed instanceof OverwritePartitionsDynamic overwrite) {
      scala.collection.immutable.Map<String, String> writeOptions =
          merged(overwrite.writeOptions(), options);
      return overwrite.copy(
          overwrite.table(),
          overwrite.query(),
          writeOptions,
          overwrite.isByName(),
          overwrite.write());
    }
    throw notIceberg(target, "not written by an INSERT of Iceberg's");
  }

  private static scala.collection.immutable.Map<String, String> merged(
      scala.collection.immutable.Map<String, String> given, Map<String, String> options) {
    Map<String, String> all = new LinkedHashMap<>(CollectionConverters.asJava(given));
    all.putAll(options);
    return scala.collection.immutable.Map$.MODULE$.from(CollectionConverters.asScala(all));
  }

  private static void checkRef(
      Table table, String option, String name, boolean branch, String tableName) {
    SnapshotRef ref = table.refs().get(name);
    if (ref == null || ref.isBranch() != branch) {
      throw new GatewayException(
          ErrorCode.UNDEFINED_OBJECT,
          "Option '"
              + option
              + "' names "
              + (branch ? "branch" : "tag")
              + " '"
              + name
              + "', which table "
              + tableName
              + " does not have"
              + (ref == null ? "" : " (it is a " + (branch ? "tag" : "branch") + ")")
              + (branch ? "; create it with ALTER TABLE ... CREATE BRANCH" : ""));
    }
  }

  private static void checkSnapshot(Table table, String option, String value, String tableName) {
    long id = Long.parseLong(value.strip());
    if (table.snapshot(id) == null) {
      throw new GatewayException(
          ErrorCode.UNDEFINED_OBJECT,
          "Option '"
              + option
              + "' names snapshot "
              + id
              + ", which table "
              + tableName
              + " does not have (its snapshots table lists those it has)");
    }
  }

  private static GatewayException notIceberg(String table, String what) {
    return new GatewayException(
        ErrorCode.WRONG_OBJECT_TYPE,
        "Options in WITH (...) are read by Iceberg tables, and "
            + table
            + " is not one ("
            + what
            + ")");
  }

  /**
   * The parsed plan with each relation of {@code options} carrying its options, resolved on its own
   * (with its time travel): Spark 3.5's analyzer loads a table once per statement and gives every
   * later read of it the first read's options, so two reads with other options must not meet there.
   * A name that a common table expression of the statement may take is left to the analyzer, which
   * drops the options (and the check after analysis refuses them).
   */
  private static LogicalPlan withReadOptions(
      SparkSession session,
      LogicalPlan plan,
      Map<UnresolvedRelation, Map<String, String>> options,
      Set<String> cteNames) {
    if (options.isEmpty()) {
      return plan;
    }
    return plan.transformUpWithSubqueries(
        new AbstractPartialFunction<LogicalPlan, LogicalPlan>() {
          @Override
          public boolean isDefinedAt(LogicalPlan node) {
            return node instanceof UnresolvedRelation && options.containsKey(node)
                || node instanceof RelationTimeTravel travel
                    && options.containsKey(travel.relation())
                || node instanceof UnresolvedWith;
          }

          @Override
          public LogicalPlan apply(LogicalPlan node) {
            if (node instanceof RelationTimeTravel travel) {
              UnresolvedRelation relation = (UnresolvedRelation) travel.relation();
              if (mayBeCte(relation, cteNames)) {
                return travel;
              }
              return alone(
                  session,
                  travel.copy(
                      withOptions(relation, options.get(relation)),
                      travel.timestamp(),
                      travel.version()));
            }
            if (node instanceof UnresolvedRelation relation) {
              LogicalPlan given = withOptions(relation, options.get(relation));
              return mayBeCte(relation, cteNames) ? given : alone(session, given);
            }
            UnresolvedWith with = (UnresolvedWith) node;
            // The common table expressions are inner children, which transforms pass by.
            List<Tuple2<String, SubqueryAlias>> ctes = new ArrayList<>();
            for (Tuple2<String, SubqueryAlias> cte : list(with.cteRelations())) {
              ctes.add(
                  new Tuple2<>(
                      cte._1(),
                      (SubqueryAlias) withReadOptions(session, cte._2(), options, cteNames)));
            }
            return with.copy(with.child(), CollectionConverters.asScala(ctes).toList());
          }
        });
  }

  private static UnresolvedRelation withOptions(
      UnresolvedRelation relation, Map<String, String> options) {
    return CurrentOrigin.withOrigin(
        relation.origin(),
        () ->
            relation.copy(
                relation.multipartIdentifier(),
                new CaseInsensitiveStringMap(options),
                relation.isStreaming()));
  }

  /** A part of the plan analyzed by itself, in the session (its catalog, namespace, policy). */
  private static LogicalPlan alone(SparkSession session, LogicalPlan part) {
    return session.sessionState().executePlan(part, CommandExecutionMode.SKIP()).analyzed();
  }

  private static boolean mayBeCte(UnresolvedRelation relation, Set<String> cteNames) {
    List<String> name = list(relation.multipartIdentifier());
    return name.size() == 1 && cteNames.contains(name.get(0).toLowerCase(java.util.Locale.ROOT));
  }

  /** The names of every common table expression of the statement, lower-cased. */
  private static Set<String> cteNames(LogicalPlan root) {
    Set<String> names = new java.util.HashSet<>();
    for (LogicalPlan plan : nodes(root)) {
      if (plan instanceof UnresolvedWith with) {
        for (Tuple2<String, SubqueryAlias> cte : list(with.cteRelations())) {
          names.add(cte._1().toLowerCase(java.util.Locale.ROOT));
        }
      }
    }
    return names;
  }

  private static List<DataSourceV2Relation> v2Relations(LogicalPlan root) {
    List<DataSourceV2Relation> found = new ArrayList<>();
    for (LogicalPlan plan : nodes(root)) {
      if (plan instanceof DataSourceV2Relation relation) {
        found.add(relation);
      }
    }
    return found;
  }

  /** Every node of a plan, its inner children and the plans of its subquery expressions. */
  private static List<LogicalPlan> nodes(LogicalPlan root) {
    List<LogicalPlan> all = new ArrayList<>();
    Deque<LogicalPlan> pending = new ArrayDeque<>();
    Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    pending.push(root);
    while (!pending.isEmpty()) {
      LogicalPlan plan = pending.pop();
      if (!seen.add(plan)) {
        continue;
      }
      all.add(plan);
      if (plan instanceof InsertIntoStatement insert) {
        pending.push(insert.table());
      }
      if (plan instanceof V2WriteCommand command && command.table() instanceof LogicalPlan table) {
        pending.push(table);
      }
      list(plan.children()).forEach(pending::push);
      for (QueryPlan<?> inner : list(plan.innerChildren())) {
        if (inner instanceof LogicalPlan logical) {
          pending.push(logical);
        }
      }
      for (Expression expression : list(plan.expressions())) {
        Deque<Expression> expressions = new ArrayDeque<>();
        expressions.push(expression);
        while (!expressions.isEmpty()) {
          Expression e = expressions.pop();
          if (e instanceof SubqueryExpression subquery) {
            pending.push(subquery.plan());
          }
          list(e.children()).forEach(expressions::push);
        }
      }
    }
    return all;
  }

  private static scala.collection.immutable.Seq<String> parseName(
      SparkSession session, String name) {
    try {
      return session.sessionState().sqlParser().parseMultipartIdentifier(name);
    } catch (Exception e) {
      throw OptionsStatement.<RuntimeException>rethrow(e);
    }
  }

  private static LogicalPlan parse(SparkSession session, String sql) {
    try {
      return session.sessionState().sqlParser().parsePlan(sql);
    } catch (Exception e) {
      // Spark's checked ParseException, thrown on as session.sql throws it.
      throw OptionsStatement.<RuntimeException>rethrow(e);
    }
  }

  @SuppressWarnings("unchecked")
  private static <E extends Exception> E rethrow(Exception e) throws E {
    throw (E) e;
  }

  private static <T> List<T> list(scala.collection.Iterable<T> items) {
    return new ArrayList<>(CollectionConverters.asJavaCollection(items));
  }
}
