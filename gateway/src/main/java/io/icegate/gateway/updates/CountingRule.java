package io.icegate.gateway.updates;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import org.apache.spark.sql.catalyst.expressions.Alias;
import org.apache.spark.sql.catalyst.expressions.And;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.DynamicPruningExpression;
import org.apache.spark.sql.catalyst.expressions.DynamicPruningSubquery;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.If;
import org.apache.spark.sql.catalyst.expressions.In;
import org.apache.spark.sql.catalyst.expressions.Literal$;
import org.apache.spark.sql.catalyst.expressions.NamedExpression;
import org.apache.spark.sql.catalyst.expressions.NamedExpression$;
import org.apache.spark.sql.catalyst.expressions.Not;
import org.apache.spark.sql.catalyst.expressions.Or;
import org.apache.spark.sql.catalyst.expressions.SubqueryExpression$;
import org.apache.spark.sql.catalyst.expressions.aggregate.Count;
import org.apache.spark.sql.catalyst.plans.logical.AppendData;
import org.apache.spark.sql.catalyst.plans.logical.CollectMetrics;
import org.apache.spark.sql.catalyst.plans.logical.DeleteFromTableWithFilters;
import org.apache.spark.sql.catalyst.plans.logical.Filter;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.MergeRows;
import org.apache.spark.sql.catalyst.plans.logical.OverwriteByExpression;
import org.apache.spark.sql.catalyst.plans.logical.OverwritePartitionsDynamic;
import org.apache.spark.sql.catalyst.plans.logical.ReplaceData;
import org.apache.spark.sql.catalyst.plans.logical.RowLevelWrite;
import org.apache.spark.sql.catalyst.plans.logical.Union;
import org.apache.spark.sql.catalyst.plans.logical.V2WriteCommand;
import org.apache.spark.sql.catalyst.plans.logical.WriteDelta;
import org.apache.spark.sql.catalyst.rules.Rule;
import org.apache.spark.sql.catalyst.util.RowDeltaUtils;
import org.apache.spark.sql.connector.write.RowLevelOperation;
import org.apache.spark.sql.connector.write.RowLevelOperationTable;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2ScanRelation;
import org.apache.spark.sql.types.DataTypes;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Puts counting points ({@link CollectMetrics}: Spark's own observed metrics, which pass every row
 * on) into a write's optimized plan where each row's fate is decided, while a statement is being
 * counted ({@link UpdateCounts#run}). Runs last among the optimizer's rules, after filters were
 * pushed into scans and files chosen, so the points change neither.
 *
 * <ul>
 *   <li>INSERT, INSERT OVERWRITE, an insert-only MERGE: the rows written.
 *   <li>MERGE: the joined rows that take one of the statement's own WHEN clauses (not the rows a
 *       copy-on-write table carries over unchanged).
 *   <li>DELETE and UPDATE on merge-on-read: the rows the write takes as deletes or updates.
 *   <li>DELETE and UPDATE on copy-on-write: the rows of the table's scan that meet the condition;
 *       with a subquery in the condition (evaluated as a join by then), the rows a delete did not
 *       keep, the rows of an update's updated branch.
 * </ul>
 */
final class CountingRule extends Rule<LogicalPlan> {
  static final String POINT_PREFIX = "icegate_rows_";

  @Override
  public LogicalPlan apply(LogicalPlan plan) {
    Tally tally = UpdateCounts.armed();
    if (tally == null || hasPoints(plan)) {
      return plan;
    }
    Points points = new Points(tally);
    LogicalPlan counted;
    if (plan instanceof AppendData
        || plan instanceof OverwriteByExpression
        || plan instanceof OverwritePartitionsDynamic) {
      V2WriteCommand write = (V2WriteCommand) plan;
      counted =
          (LogicalPlan)
              write.withNewQuery(points.add(write.query(), Literal$.MODULE$.TrueLiteral(), 1));
    } else if (plan instanceof ReplaceData || plan instanceof WriteDelta) {
      RowLevelWrite write = (RowLevelWrite) plan;
      tally.changes(target((LogicalPlan) write.originalTable()));
      counted = rowLevel(write, points);
    } else {
      if (plan instanceof DeleteFromTableWithFilters delete) {
        // Counted from the snapshot it commits; its count tells about the rows it deleted.
        tally.changes(target(delete.table()));
      }
      return plan;
    }
    if (counted == null) {
      return plan;
    }
    tally.rewrote(points.made);
    return counted;
  }

  /** The table a write changes, as catalog, namespace and name; empty when not known. */
  private static List<String> target(LogicalPlan table) {
    if (table instanceof DataSourceV2Relation relation
        && relation.catalog().isDefined()
        && relation.identifier().isDefined()) {
      List<String> parts = new ArrayList<>();
      parts.add(relation.catalog().get().name());
      parts.addAll(List.of(relation.identifier().get().namespace()));
      parts.add(relation.identifier().get().name());
      return parts;
    }
    return List.of();
  }

  private static LogicalPlan rowLevel(RowLevelWrite write, Points points) {
    boolean groupBased = write instanceof ReplaceData;
    LogicalPlan query = write.query();
    RowLevelOperation.Command command = write.operation().command();
    LogicalPlan counted;
    if (command == RowLevelOperation.Command.MERGE) {
      counted = mergeRows(query, groupBased, points);
    } else {
      counted = deleteOrUpdate(write, groupBased, command, points);
    }
    if (counted == null) {
      points.tally.cannotCount("the gateway does not recognise the plan of this " + command);
      return null;
    }
    return (LogicalPlan) write.withNewQuery(counted);
  }

  private static LogicalPlan mergeRows(LogicalPlan query, boolean groupBased, Points points) {
    return replaceOne(
        query,
        MergeRows.class::isInstance,
        node -> {
          MergeRows merge = (MergeRows) node;
          List<MergeRows.Instruction> matched = list(merge.matchedInstructions());
          List<MergeRows.Instruction> bySource = list(merge.notMatchedBySourceInstructions());
          if (groupBased) {
            // The last matched and not-matched-by-source instructions copy rows over unchanged.
            if (!isCarryOver(matched) || !isCarryOver(bySource)) {
              return null;
            }
            matched = matched.subList(0, matched.size() - 1);
            bySource = bySource.subList(0, bySource.size() - 1);
          }
          Expression source = merge.isSourceRowPresent();
          Expression target = merge.isTargetRowPresent();
          Expression taken =
              new Or(
                  new Or(
                      new And(new And(source, target), anyOf(matched)),
                      new And(
                          new And(source, new Not(target)),
                          anyOf(list(merge.notMatchedInstructions())))),
                  new And(new And(new Not(source), target), anyOf(bySource)));
          return merge.withNewChildren(seq(List.of(points.add(merge.child(), taken, 1))));
        });
  }

  private static LogicalPlan deleteOrUpdate(
      RowLevelWrite write, boolean groupBased, RowLevelOperation.Command command, Points points) {
    Expression condition = write.condition();
    LogicalPlan query = write.query();
    if (!groupBased) {
      // Each deleted row, and each updated one (as an update, or as the delete of a delete and
      // insert pair), is one row of the write with that operation: counted where the write takes
      // them, whatever the optimizer did to the condition on the way (pruned partition columns,
      // nested fields).
      Attribute operation = attribute(query, RowDeltaUtils.OPERATION_COLUMN());
      if (operation == null) {
        return null;
      }
      Expression changes =
          new In(
              operation,
              seq(
                  List.of(
                      Literal$.MODULE$.apply(RowDeltaUtils.DELETE_OPERATION()),
                      Literal$.MODULE$.apply(RowDeltaUtils.UPDATE_OPERATION()))));
      return points.add(query, changes, 1);
    }
    Predicate<LogicalPlan> tableScan =
        node ->
            node instanceof DataSourceV2ScanRelation scan
                && scan.relation().table() instanceof RowLevelOperationTable;
    if (hasDetachedRuntimeFilter(query, tableScan)) {
      // A runtime filter not right above the scan (over a projection, say): a point could come
      // between them, and Spark would no longer push the filter into the scan.
      return null;
    }
    if (!SubqueryExpression$.MODULE$.hasSubquery(condition)) {
      return atScan(query, tableScan, points, condition);
    }
    if (command == RowLevelOperation.Command.DELETE) {
      LogicalPlan scanned = atScan(query, tableScan, points, Literal$.MODULE$.TrueLiteral());
      return scanned == null ? null : points.add(scanned, Literal$.MODULE$.TrueLiteral(), -1);
    }
    return replaceOne(
        query,
        Union.class::isInstance,
        union -> {
          List<LogicalPlan> branches = new ArrayList<>(list(union.children()));
          branches.set(0, points.add(branches.get(0), Literal$.MODULE$.TrueLiteral(), 1));
          return union.withNewChildren(seq(branches));
        });
  }

  /** Whether a filter with a runtime (dynamic pruning) conjunct sits anywhere but on the scan. */
  private static boolean hasDetachedRuntimeFilter(
      LogicalPlan node, Predicate<LogicalPlan> tableScan) {
    if (node instanceof Filter filter
        && !tableScan.test(filter.child())
        && conjuncts(filter.condition()).stream().anyMatch(CountingRule::isRuntimeFilter)) {
      return true;
    }
    for (LogicalPlan child : list(node.children())) {
      if (hasDetachedRuntimeFilter(child, tableScan)) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code query} with a point counting the rows of the table's scan that meet {@code condition},
   * as the scan returns them: above the scan and the runtime filter that chooses its files, which
   * must stay together for Spark to push that filter into the scan (else a copy-on-write write
   * replaces every file, though it read only some); the filter's other conjuncts go above the
   * point.
   */
  private static LogicalPlan atScan(
      LogicalPlan query, Predicate<LogicalPlan> tableScan, Points points, Expression condition) {
    return replaceOne(
        query,
        node ->
            tableScan.test(node) || node instanceof Filter filter && tableScan.test(filter.child()),
        node -> {
          LogicalPlan scan = node instanceof Filter filter ? filter.child() : node;
          if (!condition.references().subsetOf(scan.outputSet())) {
            return null;
          }
          if (!(node instanceof Filter filter)) {
            return points.add(scan, condition, 1);
          }
          List<Expression> pruning = new ArrayList<>();
          List<Expression> rest = new ArrayList<>();
          for (Expression conjunct : conjuncts(filter.condition())) {
            (isRuntimeFilter(conjunct) ? pruning : rest).add(conjunct);
          }
          LogicalPlan below = pruning.isEmpty() ? scan : new Filter(and(pruning), scan);
          LogicalPlan counted = points.add(below, condition, 1);
          return rest.isEmpty() ? counted : new Filter(and(rest), counted);
        });
  }

  private static boolean isRuntimeFilter(Expression conjunct) {
    return conjunct instanceof DynamicPruningExpression
        || conjunct instanceof DynamicPruningSubquery;
  }

  private static List<Expression> conjuncts(Expression condition) {
    if (condition instanceof And and) {
      List<Expression> all = new ArrayList<>(conjuncts(and.left()));
      all.addAll(conjuncts(and.right()));
      return all;
    }
    return List.of(condition);
  }

  private static Expression and(List<Expression> conjuncts) {
    Expression all = conjuncts.get(0);
    for (Expression conjunct : conjuncts.subList(1, conjuncts.size())) {
      all = new And(all, conjunct);
    }
    return all;
  }

  private static boolean isCarryOver(List<MergeRows.Instruction> instructions) {
    return !instructions.isEmpty()
        && instructions.get(instructions.size() - 1) instanceof MergeRows.Keep keep
        && Literal$.MODULE$.TrueLiteral().equals(keep.condition());
  }

  private static Expression anyOf(List<MergeRows.Instruction> instructions) {
    Expression any = Literal$.MODULE$.FalseLiteral();
    for (MergeRows.Instruction instruction : instructions) {
      any = new Or(any, instruction.condition());
    }
    return any;
  }

  /**
   * {@code plan} with the one node {@code target} selects replaced by {@code replace}'s answer;
   * null if there is not exactly one such node, or {@code replace} answers null.
   */
  private static LogicalPlan replaceOne(
      LogicalPlan plan, Predicate<LogicalPlan> target, Function<LogicalPlan, LogicalPlan> replace) {
    int[] found = {0};
    boolean[] refused = {false};
    LogicalPlan replaced = replace(plan, target, replace, found, refused);
    return found[0] == 1 && !refused[0] ? replaced : null;
  }

  private static LogicalPlan replace(
      LogicalPlan node,
      Predicate<LogicalPlan> target,
      Function<LogicalPlan, LogicalPlan> replace,
      int[] found,
      boolean[] refused) {
    if (target.test(node)) {
      found[0]++;
      LogicalPlan replaced = replace.apply(node);
      if (replaced == null) {
        refused[0] = true;
        return node;
      }
      return replaced;
    }
    List<LogicalPlan> children = list(node.children());
    List<LogicalPlan> rebuilt = new ArrayList<>(children.size());
    boolean changed = false;
    for (LogicalPlan child : children) {
      LogicalPlan next = replace(child, target, replace, found, refused);
      changed |= next != child;
      rebuilt.add(next);
    }
    return changed ? node.withNewChildren(seq(rebuilt)) : node;
  }

  private static boolean hasPoints(LogicalPlan plan) {
    if (plan instanceof CollectMetrics metrics && metrics.name().startsWith(POINT_PREFIX)) {
      return true;
    }
    for (LogicalPlan child : list(plan.children())) {
      if (hasPoints(child)) {
        return true;
      }
    }
    return false;
  }

  private static Attribute attribute(LogicalPlan plan, String name) {
    for (Attribute attribute : list(plan.output())) {
      if (attribute.name().equals(name)) {
        return attribute;
      }
    }
    return null;
  }

  /** The points made in one rewrite. */
  private static final class Points {
    private final Tally tally;
    private final List<Tally.Point> made = new ArrayList<>();

    Points(Tally tally) {
      this.tally = tally;
    }

    /** {@code child} behind a point counting its rows for which {@code condition} is true. */
    LogicalPlan add(LogicalPlan child, Expression condition, int sign) {
      String name = tally.pointName(made.size());
      made.add(new Tally.Point(name, sign));
      NamedExpression rows =
          new Alias(
              // Count, not count_if: this late, Spark no longer replaces count_if with what it
              // runs.
              new Count(
                      seq(
                          List.of(
                              new If(
                                  condition,
                                  Literal$.MODULE$.apply(1),
                                  Literal$.MODULE$.create(null, DataTypes.IntegerType)))))
                  .toAggregateExpression(),
              "rows",
              NamedExpression$.MODULE$.newExprId(),
              seq(List.of()),
              Option.empty(),
              seq(List.of()));
      return new CollectMetrics(name, seq(List.of(rows)), child, 0L);
    }
  }

  private static <T> List<T> list(scala.collection.Seq<T> seq) {
    return CollectionConverters.asJava(seq);
  }

  private static <T> scala.collection.immutable.Seq<T> seq(List<T> list) {
    return CollectionConverters.asScala(list).toList();
  }

  @SuppressWarnings("unchecked")
  static <E extends Throwable> E sneaky(Throwable e) throws E {
    throw (E) e;
  }
}
