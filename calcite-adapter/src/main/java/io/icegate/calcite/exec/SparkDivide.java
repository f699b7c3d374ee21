package io.icegate.calcite.exec;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlBinaryOperator;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.type.InferTypes;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorScope;

/**
 * Spark's {@code /}: a {@code DOUBLE} when both sides are integers (Calcite's {@code /} divides
 * integers as integers, {@code 7 / 2 = 3}), and null when dividing by zero (Calcite throws). It is
 * typed here and runs as Calcite's {@code SAFE_DIVIDE}, which computes exactly that ({@link
 * SparkConvertlets}).
 */
final class SparkDivide extends SqlBinaryOperator {
  static final SparkDivide OPERATOR = new SparkDivide();

  private SparkDivide() {
    super(
        "/",
        SqlKind.DIVIDE,
        60,
        true,
        ReturnTypes.DOUBLE_IF_INTEGERS.orElse(ReturnTypes.QUOTIENT_FORCE_NULLABLE),
        InferTypes.FIRST_KNOWN,
        OperandTypes.DIVISION_OPERATOR);
  }

  /**
   * Types the call with this operator's rules. Calcite's own derivation looks the operator up again
   * by its name, {@code /}, and would put Calcite's division back.
   */
  @Override
  public RelDataType deriveType(SqlValidator validator, SqlValidatorScope scope, SqlCall call) {
    for (SqlNode operand : call.getOperandList()) {
      validator.deriveType(scope, operand);
    }
    return validateOperands(validator, scope, call);
  }
}
