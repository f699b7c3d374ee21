package io.icegate.gateway.policy;

import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.FunctionIdentifier;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.parser.ParseException;
import org.apache.spark.sql.catalyst.parser.ParserInterface;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/**
 * Spark's parser (with Iceberg's extensions) followed by the policy's checks of the parse tree.
 * Spark parses the body of a view, temporary or persisted, when a statement reads it, through this
 * same parser, so the check sees it before analysis, where some work already happens (a time-travel
 * sub-query runs while it is analyzed).
 */
final class PolicedParser implements ParserInterface {
  private final SparkSession session;
  private final ParserInterface delegate;

  PolicedParser(SparkSession session, ParserInterface delegate) {
    this.session = session;
    this.delegate = delegate;
  }

  @Override
  public LogicalPlan parsePlan(String sqlText) throws ParseException {
    return checked(delegate.parsePlan(sqlText));
  }

  @Override
  public LogicalPlan parseQuery(String sqlText) throws ParseException {
    return checked(delegate.parseQuery(sqlText));
  }

  @Override
  public Expression parseExpression(String sqlText) throws ParseException {
    Expression expression = delegate.parseExpression(sqlText);
    SessionPolicies.of(session)
        .ifPresent(policy -> new PlanChecks(policy, session, true).checkExpression(expression));
    return expression;
  }

  private LogicalPlan checked(LogicalPlan plan) {
    SessionPolicies.of(session)
        .ifPresent(policy -> new PlanChecks(policy, session, true).check(plan));
    return plan;
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
