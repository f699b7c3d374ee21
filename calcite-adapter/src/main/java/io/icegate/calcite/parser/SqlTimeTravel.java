package io.icegate.calcite.parser;

import static java.util.Objects.requireNonNull;

import java.util.List;
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
 * A table read at a version or a point in time: {@code t VERSION AS OF 123}, {@code t VERSION AS OF
 * 'tag'}, {@code t TIMESTAMP AS OF '2021-09-20 08:00:00'}, {@code t FOR SYSTEM_TIME AS OF
 * 1632124800}, ...
 *
 * <p>It stands where the table name stood in the FROM clause; an alias, if any, wraps it in {@code
 * AS}. It is a call of its own operator, not a plain identifier, so that nothing downstream can
 * read the current table by mistake: Calcite's validator refuses it until the adapter resolves it.
 */
public final class SqlTimeTravel extends SqlCall {
  /** The operator of every time-travel node. */
  public static final SqlOperator OPERATOR =
      new SqlSpecialOperator("TIME_TRAVEL", SqlKind.OTHER) {
        @Override
        public SqlCall createCall(
            @Nullable SqlLiteral functionQualifier,
            SqlParserPos pos,
            @Nullable SqlNode... operands) {
          SqlLiteral kind = (SqlLiteral) requireNonNull(operands[1], "kind");
          return new SqlTimeTravel(
              pos,
              (SqlIdentifier) requireNonNull(operands[0], "table"),
              kind.getValueAs(TimeTravelKind.class),
              requireNonNull(operands[2], "value"));
        }
      };

  private SqlIdentifier table;
  private final TimeTravelKind kind;
  private SqlNode value;

  /**
   * @param table the table's (possibly qualified) name, a metadata table's name included
   * @param value for VERSION a numeric or string literal or a dynamic parameter; for TIMESTAMP an
   *     expression
   */
  public SqlTimeTravel(SqlParserPos pos, SqlIdentifier table, TimeTravelKind kind, SqlNode value) {
    super(pos);
    this.table = requireNonNull(table, "table is null");
    this.kind = requireNonNull(kind, "kind is null");
    this.value = requireNonNull(value, "value is null");
  }

  public SqlIdentifier table() {
    return table;
  }

  public TimeTravelKind kind() {
    return kind;
  }

  /** The version or timestamp, as written. */
  public SqlNode value() {
    return value;
  }

  @Override
  public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override
  public List<SqlNode> getOperandList() {
    return List.of(table, SqlLiteral.createSymbol(kind, getParserPosition()), value);
  }

  @Override
  public void setOperand(int i, @Nullable SqlNode operand) {
    switch (i) {
      case 0 -> table = (SqlIdentifier) requireNonNull(operand, "table");
      case 2 -> value = requireNonNull(operand, "value");
      default ->
          throw new UnsupportedOperationException(
              "Cannot replace operand " + i + " of a time-travel clause");
    }
  }

  @Override
  public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    table.unparse(writer, leftPrec, 0);
    writer.keyword(kind.keywords());
    value.unparse(writer, 0, rightPrec);
  }
}
