package io.icegate.calcite.parser;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * {@code EXPLAIN CALL [catalog.]system.procedure(arguments)}: what a procedure call would do,
 * without running it.
 *
 * <p>Spark's own {@code EXPLAIN} of a CALL shows only a logical plan node; Icegate answers it with
 * the resolved procedure, every argument with its value or default, and the statement that would
 * run (the procedure bridge's job). Calcite's {@code EXPLAIN PLAN FOR} is a different statement and
 * is left as Calcite reads it.
 */
public final class SqlExplainIcebergCall extends SqlCall {
  /** The operator of every {@code EXPLAIN CALL}. */
  public static final SqlOperator OPERATOR =
      new SqlSpecialOperator("EXPLAIN CALL", SqlKind.EXPLAIN) {
        @Override
        public SqlCall createCall(
            @Nullable SqlLiteral functionQualifier,
            SqlParserPos pos,
            @Nullable SqlNode... operands) {
          return new SqlExplainIcebergCall(
              pos, (SqlIcebergCall) requireNonNull(operands[0], "call"));
        }
      };

  private SqlIcebergCall call;

  public SqlExplainIcebergCall(SqlParserPos pos, SqlIcebergCall call) {
    super(pos);
    this.call = requireNonNull(call, "call is null");
  }

  /** The CALL being explained. */
  public SqlIcebergCall call() {
    return call;
  }

  @Override
  public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override
  public List<SqlNode> getOperandList() {
    return List.of(call);
  }

  @Override
  public void setOperand(int i, @Nullable SqlNode operand) {
    if (i != 0 || !(operand instanceof SqlIcebergCall replacement)) {
      throw new IllegalArgumentException(
          "Cannot set operand " + i + " of EXPLAIN CALL to " + operand);
    }
    this.call = replacement;
  }

  @Override
  public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("EXPLAIN");
    call.unparse(writer, leftPrec, rightPrec);
  }
}
