package io.icegate.gateway.bounds;

import org.apache.spark.sql.catalyst.FunctionIdentifier;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.parser.ParseException;
import org.apache.spark.sql.catalyst.parser.ParserInterface;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/**
 * Spark's parser followed by the check of constant sizes on the parse tree ({@link ConstantSizes}):
 * Spark computes the rows of {@code VALUES} as it resolves them, before any check of the analyzed
 * plan could run. A view's body passes here too when a statement reads it.
 */
final class BoundedParser implements ParserInterface {
  private final ParserInterface delegate;

  BoundedParser(ParserInterface delegate) {
    this.delegate = delegate;
  }

  @Override
  public LogicalPlan parsePlan(String sqlText) throws ParseException {
    LogicalPlan plan = delegate.parsePlan(sqlText);
    new ConstantSizes(PlanBounds.maxConstantBytes()).check(plan);
    return plan;
  }

  @Override
  public LogicalPlan parseQuery(String sqlText) throws ParseException {
    LogicalPlan plan = delegate.parseQuery(sqlText);
    new ConstantSizes(PlanBounds.maxConstantBytes()).check(plan);
    return plan;
  }

  @Override
  public Expression parseExpression(String sqlText) throws ParseException {
    Expression expression = delegate.parseExpression(sqlText);
    new ConstantSizes(PlanBounds.maxConstantBytes()).check(expression);
    return expression;
  }

  @Override
  public TableIdentifier parseTableIdentifier(String sqlText) throws ParseException {
    return delegate.parseTableIdentifier(sqlText);
  }

  @Override
  public FunctionIdentifier parseFunctionIdentifier(String sqlText) throws ParseException {
    return delegate.parseFunctionIdentifier(sqlText);
  }

  @Override
  public scala.collection.immutable.Seq<String> parseMultipartIdentifier(String sqlText)
      throws ParseException {
    return delegate.parseMultipartIdentifier(sqlText);
  }

  @Override
  public StructType parseTableSchema(String sqlText) throws ParseException {
    return delegate.parseTableSchema(sqlText);
  }

  @Override
  public DataType parseDataType(String sqlText) throws ParseException {
    return delegate.parseDataType(sqlText);
  }
}
