package io.icegate.gateway.bounds;

import io.icegate.gateway.config.Setting;
import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.catalyst.plans.logical.CTERelationDef;
import org.apache.spark.sql.catalyst.plans.logical.CTERelationRef;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.rules.Rule;

/**
 * Refuses a statement whose plan grows past a number of nodes while Spark analyzes it. Views are
 * expanded where they are read, so a few short views that each read the one before twice make a
 * plan that doubles with every view, in the gateway's heap. Spark analyzes a view's body on its own
 * before it puts it into the plan that reads it, and this rule runs on each, so the largest plan
 * ever built is about twice the limit. Common table expressions stay references while Spark
 * analyzes, and are put in place of each reference when it checks the plan and again when it
 * optimizes it: each reference counts as the size of its expression, expanded, before that.
 */
final class PlanSize extends Rule<LogicalPlan> {
  @Override
  public LogicalPlan apply(LogicalPlan plan) {
    int limit = PlanBounds.maxPlanNodes();
    Map<Long, CTERelationDef> definitions = new HashMap<>();
    PlanWalk.walk(
        plan,
        node -> {
          if (node instanceof CTERelationDef definition) {
            definitions.put(definition.id(), definition);
          }
        },
        expression -> {});
    Map<Long, Long> expanded = new HashMap<>();
    if (size(plan, definitions, expanded, limit) > limit) {
      throw new GatewayException(
          ErrorCode.STATEMENT_TOO_COMPLEX,
          String.format(
              Locale.ROOT,
              "Cannot plan the statement: its plan has more than %,d nodes once its views and"
                  + " common table expressions are expanded (%s); read fewer views, or views and"
                  + " common table expressions that read one another fewer times",
              limit,
              Setting.MAX_PLAN_NODES.key()));
    }
    return plan;
  }

  /**
   * The nodes of {@code plan} with each CTE reference counted as its expression, expanded; stops
   * counting (and answers more than {@code limit}) once past it.
   */
  private static long size(
      LogicalPlan plan,
      Map<Long, CTERelationDef> definitions,
      Map<Long, Long> expanded,
      long limit) {
    long[] nodes = {0};
    PlanWalk.walk(
        plan,
        node -> {
          if (nodes[0] > limit) {
            return;
          }
          nodes[0]++;
          if (node instanceof CTERelationRef reference) {
            CTERelationDef definition = definitions.get(reference.cteId());
            if (definition != null) {
              Long known = expanded.get(reference.cteId());
              if (known == null) {
                // Before it is known, a definition counts as no more than the limit: no cycles.
                expanded.put(reference.cteId(), limit + 1);
                known = size(definition.child(), definitions, expanded, limit);
                expanded.put(reference.cteId(), known);
              }
              nodes[0] = Math.min(Long.MAX_VALUE / 2, nodes[0] + known);
            }
          }
        },
        expression -> {});
    return nodes[0];
  }
}
