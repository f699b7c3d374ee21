package io.icegate.gateway.parser;

import org.apache.spark.sql.catalyst.FunctionIdentifier;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.parser.ParseException;
import org.apache.spark.sql.catalyst.parser.ParserInterface;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/**
 * Spark's parser followed by a check of what it parsed: the plans of statements and views, and
 * expressions. Identifiers, schemas and types pass unchecked. Spark chains one parser per extension
 * (spark.sql.extensions), each wrapping the one before.
 */
public abstract class CheckedParser implements ParserInterface {
  private final ParserInterface delegate;

  protected CheckedParser(ParserInterface delegate) {
    this.delegate = delegate;
  }

  /** Throws if {@code plan}, a parse tree, may not go on to analysis. */
  protected abstract void checkPlan(LogicalPlan plan);

  /** Throws if {@code expression}, as parsed, may not go on to analysis. */
  protected abstract void checkExpression(Expression expression);

  /** The checked parse tree as analysis gets it: unchanged unless a subclass rewrites it. */
  protected LogicalPlan rewritePlan(LogicalPlan plan) {
    return plan;
  }

  @Override
  public final LogicalPlan parsePlan(String sqlText) throws ParseException {
    LogicalPlan plan = delegate.parsePlan(sqlText);
    checkPlan(plan);
    return rewritePlan(plan);
  }

  @Override
  public final LogicalPlan parseQuery(String sqlText) throws ParseException {
    LogicalPlan plan = delegate.parseQuery(sqlText);
    checkPlan(plan);
    return rewritePlan(plan);
  }

  @Override
  public final Expression parseExpression(String sqlText) throws ParseException {
    Expression expression = delegate.parseExpression(sqlText);
    checkExpression(expression);
    return expression;
  }

  @Override
  public final TableIdentifier parseTableIdentifier(String sqlText) throws ParseException {
    return delegate.parseTableIdentifier(sqlText);
  }

  @Override
  public final FunctionIdentifier parseFunctionIdentifier(String sqlText) throws ParseException {
    return delegate.parseFunctionIdentifier(sqlText);
  }

  @Override
  public final scala.collection.immutable.Seq<String> parseMultipartIdentifier(String sqlText)
      throws ParseException {
    return delegate.parseMultipartIdentifier(sqlText);
  }

  @Override
  public final StructType parseTableSchema(String sqlText) throws ParseException {
    return delegate.parseTableSchema(sqlText);
  }

  @Override
  public final DataType parseDataType(String sqlText) throws ParseException {
    return delegate.parseDataType(sqlText);
  }
}
