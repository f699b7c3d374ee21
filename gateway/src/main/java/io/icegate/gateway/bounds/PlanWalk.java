package io.icegate.gateway.bounds;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.SubqueryExpression;
import org.apache.spark.sql.catalyst.plans.QueryPlan;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Every plan node of a statement, with the plans inside it: children, commands' inner queries and
 * sub-queries in expressions. A node reached twice (Spark shares subtrees) is visited once.
 */
final class PlanWalk {
  private PlanWalk() {}

  /**
   * Visits each node's plan and its top-level expressions; stops early when {@code visit} throws.
   */
  static void walk(
      LogicalPlan root, Consumer<LogicalPlan> plans, Consumer<Expression> expressions) {
    Deque<LogicalPlan> pending = new ArrayDeque<>();
    Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    pending.push(root);
    while (!pending.isEmpty()) {
      LogicalPlan plan = pending.pop();
      if (!seen.add(plan)) {
        continue;
      }
      plans.accept(plan);
      for (Expression expression : CollectionConverters.asJava(plan.expressions())) {
        expressions.accept(expression);
        subqueries(expression, pending);
      }
      CollectionConverters.asJava(plan.children()).forEach(pending::push);
      for (QueryPlan<?> inner : CollectionConverters.asJava(plan.innerChildren())) {
        if (inner instanceof LogicalPlan logical) {
          pending.push(logical);
        }
      }
    }
  }

  private static void subqueries(Expression root, Deque<LogicalPlan> plans) {
    Deque<Expression> pending = new ArrayDeque<>();
    pending.push(root);
    while (!pending.isEmpty()) {
      Expression e = pending.pop();
      if (e instanceof SubqueryExpression subquery) {
        plans.push(subquery.plan());
      }
      CollectionConverters.asJava(e.children()).forEach(pending::push);
    }
  }
}
