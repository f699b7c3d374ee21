package io.icegate.calcite.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.SetOp;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;

/**
 * Which result columns Spark declares nullable, where its rules are looser than Calcite's.
 *
 * <p>Spark calls these nullable whatever their input: aggregates other than counting ones (over a
 * group, Calcite knows {@code max} of a non-null column is not null; Spark does not look), and
 * division and remainder (null for a zero divisor). Enclosing expressions inherit it as they
 * inherit nullability from their operands ({@code max(x) + 1}), except those that never return null
 * ({@code IS NULL}, {@code count}) or need every operand null ({@code coalesce}). Only the declared
 * column types change; Calcite plans and computes with its own types, which give the same values.
 */
final class SparkNullability {
  private static final Set<SqlKind> NULLABLE_AGGREGATES =
      Set.of(
          SqlKind.MIN,
          SqlKind.MAX,
          SqlKind.SUM,
          SqlKind.SUM0,
          SqlKind.AVG,
          SqlKind.STDDEV_POP,
          SqlKind.STDDEV_SAMP,
          SqlKind.VAR_POP,
          SqlKind.VAR_SAMP,
          SqlKind.ANY_VALUE,
          SqlKind.FIRST_VALUE,
          SqlKind.LAST_VALUE,
          SqlKind.NTH_VALUE,
          SqlKind.LAG,
          SqlKind.LEAD,
          SqlKind.BIT_AND,
          SqlKind.BIT_OR,
          SqlKind.BIT_XOR,
          SqlKind.MODE,
          SqlKind.COVAR_POP,
          SqlKind.COVAR_SAMP,
          SqlKind.PERCENTILE_CONT,
          SqlKind.PERCENTILE_DISC);
  private static final Set<SqlKind> NULLABLE_OPERATORS = Set.of(SqlKind.DIVIDE, SqlKind.MOD);

  /** Operators whose result is never null, whatever their operands. */
  private static final Set<SqlKind> NEVER_NULL =
      Set.of(
          SqlKind.IS_NULL,
          SqlKind.IS_NOT_NULL,
          SqlKind.IS_TRUE,
          SqlKind.IS_NOT_TRUE,
          SqlKind.IS_FALSE,
          SqlKind.IS_NOT_FALSE,
          SqlKind.IS_DISTINCT_FROM,
          SqlKind.IS_NOT_DISTINCT_FROM,
          SqlKind.EXISTS);

  private SparkNullability() {}

  /**
   * For each output column of {@code rel}, whether Spark's plan of the same query would call it
   * nullable.
   */
  static List<Boolean> columns(RelNode rel) {
    if (rel instanceof Project project) {
      List<Boolean> input = columns(project.getInput());
      return project.getProjects().stream().map(expression -> nullable(expression, input)).toList();
    }
    if (rel instanceof Filter || rel instanceof Sort) {
      return columns(rel.getInput(0));
    }
    if (rel instanceof Aggregate aggregate) {
      return aggregate(aggregate);
    }
    if (rel instanceof Join || rel instanceof Correlate) {
      List<Boolean> both = new ArrayList<>(columns(rel.getInput(0)));
      both.addAll(columns(rel.getInput(1)));
      return orDeclared(rel, both);
    }
    if (rel instanceof SetOp setOp) {
      List<Boolean> any = new ArrayList<>(declared(rel));
      for (RelNode input : setOp.getInputs()) {
        List<Boolean> columns = columns(input);
        for (int i = 0; i < any.size(); i++) {
          any.set(i, any.get(i) || columns.get(i));
        }
      }
      return any;
    }
    return declared(rel);
  }

  private static List<Boolean> aggregate(Aggregate aggregate) {
    List<Boolean> input = columns(aggregate.getInput());
    List<Boolean> result = new ArrayList<>();
    for (int key : aggregate.getGroupSet()) {
      result.add(input.get(key));
    }
    for (AggregateCall call : aggregate.getAggCallList()) {
      result.add(
          call.getType().isNullable()
              || NULLABLE_AGGREGATES.contains(call.getAggregation().getKind()));
    }
    return orDeclared(aggregate, result);
  }

  private static boolean nullable(RexNode expression, List<Boolean> input) {
    if (expression.getType().isNullable()) {
      return true;
    }
    if (expression instanceof RexInputRef ref) {
      return input.get(ref.getIndex());
    }
    if (expression instanceof RexFieldAccess access) {
      return nullable(access.getReferenceExpr(), input);
    }
    if (expression instanceof RexOver over) {
      return NULLABLE_AGGREGATES.contains(over.getAggOperator().getKind());
    }
    if (!(expression instanceof RexCall call)) {
      return false;
    }
    SqlKind kind = call.getKind();
    if (NULLABLE_OPERATORS.contains(kind)) {
      return true;
    }
    if (NEVER_NULL.contains(kind)) {
      return false;
    }
    if (kind == SqlKind.COALESCE) {
      return call.getOperands().stream().allMatch(operand -> nullable(operand, input));
    }
    if (kind == SqlKind.CASE) {
      // WHEN conditions are at even positions before the ELSE value; only the values can make it
      // null. Calcite
      // writes coalesce(a, b) as CASE WHEN a IS NOT NULL THEN a ELSE b: such a value is not null
      // there.
      List<RexNode> operands = call.getOperands();
      for (int i = 1; i < operands.size(); i += 2) {
        RexNode value = operands.get(i);
        if (!checkedNotNull(operands.get(i - 1), value) && nullable(value, input)) {
          return true;
        }
      }
      return nullable(operands.get(operands.size() - 1), input);
    }
    return call.getOperands().stream().anyMatch(operand -> nullable(operand, input));
  }

  private static boolean checkedNotNull(RexNode condition, RexNode value) {
    return condition.isA(SqlKind.IS_NOT_NULL)
        && RexUtil.removeCast(((RexCall) condition).getOperands().get(0))
            .equals(RexUtil.removeCast(value));
  }

  private static List<Boolean> declared(RelNode rel) {
    return rel.getRowType().getFieldList().stream()
        .map(field -> field.getType().isNullable())
        .toList();
  }

  private static List<Boolean> orDeclared(RelNode rel, List<Boolean> columns) {
    List<RelDataTypeField> fields = rel.getRowType().getFieldList();
    List<Boolean> result = new ArrayList<>();
    for (int i = 0; i < fields.size(); i++) {
      result.add(fields.get(i).getType().isNullable() || (i < columns.size() && columns.get(i)));
    }
    return result;
  }
}
