package io.icegate.gateway.bounds;

import io.icegate.gateway.config.Setting;
import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import java.util.Locale;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.rules.Rule;

/**
 * Refuses a statement whose plan grows past a number of nodes while Spark analyzes it. Views and
 * common table expressions are expanded where they are read, so a few short views that each read
 * the one before twice make a plan that doubles with every view, in the gateway's heap. Spark
 * analyzes a view's body on its own before it puts it into the plan that reads it, and this rule
 * runs on each, so the largest plan ever built is about twice the limit.
 */
final class PlanSize extends Rule<LogicalPlan> {
  @Override
  public LogicalPlan apply(LogicalPlan plan) {
    int limit = PlanBounds.maxPlanNodes();
    int[] nodes = {0};
    PlanWalk.walk(
        plan,
        node -> {
          if (++nodes[0] > limit) {
            throw new GatewayException(
                ErrorCode.STATEMENT_TOO_COMPLEX,
                String.format(
                    Locale.ROOT,
                    "Cannot plan the statement: its plan has more than %,d nodes once its views"
                        + " and common table expressions are expanded (%s); read fewer views,"
                        + " or views that read one another fewer times",
                    limit,
                    Setting.MAX_PLAN_NODES.key()));
          }
        },
        expression -> {});
    return plan;
  }
}
