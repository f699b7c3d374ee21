package io.icegate.calcite.parser;

import static java.util.Objects.requireNonNull;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * One argument of a {@link SqlIcebergCall}: {@code name => value}, or a bare value in a positional
 * call.
 *
 * <p>Its position spans the whole argument ({@code name => value}); the value keeps its own. A
 * value is a literal (character, exact or approximate numeric, boolean, NULL, or an unknown-typed
 * literal such as {@code TIMESTAMP '...'}), a {@code SqlDynamicParam} for JDBC's {@code ?}, or a
 * call of {@code MAP_VALUE_CONSTRUCTOR} / {@code ARRAY_VALUE_CONSTRUCTOR} whose operands are values
 * again.
 */
public final class SqlProcedureArgument extends SqlCall {
  /** The operator of every procedure argument. */
  public static final SqlOperator OPERATOR =
      new SqlSpecialOperator("PROCEDURE_ARGUMENT", SqlKind.OTHER) {
        @Override
        public SqlCall createCall(
            @Nullable SqlLiteral functionQualifier,
            SqlParserPos pos,
            @Nullable SqlNode... operands) {
          return new SqlProcedureArgument(
              pos, (SqlIdentifier) operands[0], requireNonNull(operands[1], "value"));
        }
      };

  private final @Nullable SqlIdentifier name;
  private final SqlNode value;

  /**
   * @param name the argument's name, or null for a positional argument
   */
  public SqlProcedureArgument(SqlParserPos pos, @Nullable SqlIdentifier name, SqlNode value) {
    super(pos);
    this.name = name;
    this.value = requireNonNull(value, "value is null");
  }

  /** The name as written (original spelling), if the argument is named. */
  public Optional<String> name() {
    return name == null ? Optional.empty() : Optional.of(name.getSimple());
  }

  public boolean isNamed() {
    return name != null;
  }

  public SqlNode value() {
    return value;
  }

  @Override
  public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override
  public List<@Nullable SqlNode> getOperandList() {
    return Arrays.asList(name, value);
  }

  @Override
  public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    if (name != null) {
      name.unparse(writer, 0, 0);
      writer.keyword("=>");
    }
    value.unparse(writer, 0, 0);
  }
}
