package io.icegate.gateway.bounds;

import io.icegate.gateway.parser.CheckedParser;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.parser.ParserInterface;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * Spark's parser followed by the check of constant sizes on the parse tree ({@link ConstantSizes}):
 * Spark computes the rows of {@code VALUES} as it resolves them, before any check of the analyzed
 * plan could run. A view's body passes here too when a statement reads it.
 */
final class BoundedParser extends CheckedParser {
  BoundedParser(ParserInterface delegate) {
    super(delegate);
  }

  @Override
  protected void checkPlan(LogicalPlan plan) {
    new ConstantSizes(PlanBounds.maxConstantBytes()).check(plan);
  }

  @Override
  protected void checkExpression(Expression expression) {
    new ConstantSizes(PlanBounds.maxConstantBytes()).check(expression);
  }
}
