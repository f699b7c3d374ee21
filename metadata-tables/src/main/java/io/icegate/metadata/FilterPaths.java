package io.icegate.metadata;

import org.apache.iceberg.expressions.BoundPredicate;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.ExpressionVisitors;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.expressions.Literal;
import org.apache.iceberg.expressions.NamedReference;
import org.apache.iceberg.expressions.UnboundPredicate;

/**
 * Moves a filter over a struct's fields to where the struct is nested: {@code partition.category =
 * 'a'} over a files table becomes {@code data_file.partition.category = 'a'} over the entries table
 * it is read through.
 */
final class FilterPaths {
  private FilterPaths() {}

  /**
   * {@code filter} with {@code struct} and a dot before each column it names.
   *
   * @throws IllegalArgumentException when it is bound, or names something other than a column
   */
  static Expression under(String struct, Expression filter) {
    return ExpressionVisitors.visit(filter, new Prefixing(struct + "."));
  }

  private static final class Prefixing extends ExpressionVisitors.ExpressionVisitor<Expression> {
    private final String prefix;

    Prefixing(String prefix) {
      this.prefix = prefix;
    }

    @Override
    public Expression alwaysTrue() {
      return Expressions.alwaysTrue();
    }

    @Override
    public Expression alwaysFalse() {
      return Expressions.alwaysFalse();
    }

    @Override
    public Expression not(Expression result) {
      return Expressions.not(result);
    }

    @Override
    public Expression and(Expression leftResult, Expression rightResult) {
      return Expressions.and(leftResult, rightResult);
    }

    @Override
    public Expression or(Expression leftResult, Expression rightResult) {
      return Expressions.or(leftResult, rightResult);
    }

    @Override
    public <T> Expression predicate(UnboundPredicate<T> predicate) {
      if (!(predicate.term() instanceof NamedReference<?> column)) {
        throw new IllegalArgumentException(
            "Cannot move a filter on " + predicate.term() + ": not a column");
      }
      String name = prefix + column.name();
      return switch (predicate.op()) {
        case IS_NULL, NOT_NULL, IS_NAN, NOT_NAN -> Expressions.predicate(predicate.op(), name);
        case IN, NOT_IN ->
            Expressions.predicate(
                predicate.op(), name, predicate.literals().stream().map(Literal::value).toList());
        default -> Expressions.predicate(predicate.op(), name, predicate.literal());
      };
    }

    @Override
    public <T> Expression predicate(BoundPredicate<T> predicate) {
      throw new IllegalArgumentException("Cannot move a bound filter: " + predicate);
    }
  }
}
