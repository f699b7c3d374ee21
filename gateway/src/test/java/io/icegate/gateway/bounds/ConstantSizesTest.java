package io.icegate.gateway.bounds;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.catalyst.expressions.StringRepeat;
import org.apache.spark.sql.catalyst.parser.CatalystSqlParser$;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

class ConstantSizesTest {
  private final ConstantSizes sizes = new ConstantSizes(PlanBounds.DEFAULT_MAX_CONSTANT_BYTES);

  @Test
  void functionsThatMakeHugeConstantsAreRefusedBeforeTheyRun() {
    refused("repeat('x', 2000000000)", "repeat", "1,907 MB");
    refused("rpad('a', 100000000, 'b')", "rpad", "381 MB");
    refused("lpad('a', 100000000)", "lpad", "381 MB");
    refused("space(100000000)", "space", "95 MB");
    refused("sequence(1, 700000000)", "sequence", "16,021 MB");
    refused("sequence(700000000, 1, -1)", "sequence", "16,021 MB");
    refused("array_repeat('abc', 100000000)", "array_repeat", "762 MB");
    refused("size(array_repeat(1, 2e9))", "array_repeat", "15,258 MB");
  }

  @Test
  void aConstantMadeOfSmallerOnesCountsThemAll() {
    refused("concat(repeat('x', 40000000), repeat('y', 40000000))", "concat", "76 MB");
    refused("repeat('x', length(repeat('y', 2000000000)))", "repeat", "1,907 MB");
    refused("upper(repeat('x', 1000000000)) = 'x'", "repeat", "953 MB");
  }

  @Test
  void higherOrderFunctionsRunInTheExecutorsButTheirConstantsDoNot() {
    // Spark 3.5 never folds a higher-order function; the constant in its lambda it does fold.
    passes("transform(sequence(1, 1000), x -> repeat('x', 1000))");
    passes("transform(a, x -> repeat(x, 1000000))");
    refused("transform(a, x -> repeat('x', 2000000000))", "repeat", "1,907 MB");
  }

  @Test
  void manyConstantsUnderTheLimitCountTogether() throws Exception {
    ConstantSizes statement = new ConstantSizes(PlanBounds.DEFAULT_MAX_CONSTANT_BYTES);
    org.apache.spark.sql.catalyst.plans.logical.LogicalPlan plan =
        org.apache.spark.sql.catalyst.parser.CatalystSqlParser$.MODULE$.parsePlan(
            "SELECT repeat('x', 30000000) a, repeat('y', 30000000) b, repeat('z', 30000000) c");

    assertThatThrownBy(() -> statement.check(plan))
        .isInstanceOf(GatewayException.class)
        .hasMessageContaining("its constants together would be about 85 MB")
        .hasMessageContaining("icegate.limits.max-constant-bytes");
  }

  @Test
  void smallConstantsAndValuesOfRowsPass() {
    passes("repeat('x', 1000)");
    passes("sequence(1, 1000000)");
    passes("concat(repeat('x', 30000000), 'y')");
    // Computed from a row's column by the executors, bounded by their memory.
    passes("repeat(name, 2000000000)");
    passes("sequence(1, n)");
    passes("array_repeat(x, 2000000000)");
    // Dates and timestamps: Spark refuses more than 2^31 elements before it makes any.
    passes("sequence(DATE '2000-01-01', DATE '2030-01-01', INTERVAL 1 DAY)");
  }

  @Test
  void resolvedExpressionsAreEstimatedByTheirClass() {
    Expression repeat =
        new StringRepeat(
            Literal.create(UTF8String.fromString("xyz"), DataTypes.StringType),
            Literal.create(1_000_000_000, DataTypes.IntegerType));
    assertThatThrownBy(() -> sizes.check(repeat))
        .isInstanceOf(GatewayException.class)
        .hasMessageContaining("the constant repeat(...) would be about 2,861 MB");
  }

  private void refused(String expression, String function, String size) {
    assertThatThrownBy(() -> sizes.check(parse(expression)))
        .as(expression)
        .isInstanceOfSatisfying(
            GatewayException.class,
            e ->
                org.assertj.core.api.Assertions.assertThat(e.errorCode())
                    .isEqualTo(ErrorCode.VALUE_TOO_LARGE))
        .hasMessageContaining("the constant " + function + "(...) would be about " + size)
        .hasMessageContaining("the largest the gateway computes is 64 MB")
        .hasMessageContaining("icegate.limits.max-constant-bytes");
  }

  private void passes(String expression) {
    assertThatCode(() -> sizes.check(parse(expression))).as(expression).doesNotThrowAnyException();
  }

  private static Expression parse(String expression) {
    try {
      return CatalystSqlParser$.MODULE$.parseExpression(expression);
    } catch (Exception e) {
      throw new IllegalArgumentException(expression, e);
    }
  }
}
