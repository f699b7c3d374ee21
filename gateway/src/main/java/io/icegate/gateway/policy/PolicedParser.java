package io.icegate.gateway.policy;

import io.icegate.gateway.access.RestrictedReads;
import io.icegate.gateway.parser.CheckedParser;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.parser.ParserInterface;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * Spark's parser (with Iceberg's extensions) followed by the policy's checks of the parse tree.
 * Spark parses the body of a view, temporary or persisted, when a statement reads it, through this
 * same parser, so the check sees it before analysis, where some work already happens (a time-travel
 * sub-query runs while it is analyzed).
 */
final class PolicedParser extends CheckedParser {
  private final SparkSession session;

  PolicedParser(SparkSession session, ParserInterface delegate) {
    super(delegate);
    this.session = session;
  }

  @Override
  protected void checkPlan(LogicalPlan plan) {
    SessionPolicies.of(session)
        .ifPresent(policy -> new PlanChecks(policy, session, true).check(plan));
  }

  /** The access rules' hidden and masked columns and row filters around each read (if any). */
  @Override
  protected LogicalPlan rewritePlan(LogicalPlan plan) {
    return SessionPolicies.of(session).isPresent() ? RestrictedReads.rewrite(session, plan) : plan;
  }

  @Override
  protected void checkExpression(Expression expression) {
    SessionPolicies.of(session)
        .ifPresent(policy -> new PlanChecks(policy, session, true).checkExpression(expression));
  }
}
