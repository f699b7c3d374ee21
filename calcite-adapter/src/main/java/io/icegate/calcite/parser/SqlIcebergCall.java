package io.icegate.calcite.parser;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Iceberg's {@code CALL [catalog.]system.procedure(arguments)}, with all-named or all-positional
 * arguments.
 *
 * <p>The parser guarantees the shape (a {@code system} namespace, no mixing of named and positional
 * arguments, maps with keys and values in pairs); what the procedure accepts is the procedure
 * bridge's to check.
 */
public final class SqlIcebergCall extends SqlCall {
  /** The namespace every Iceberg procedure lives in. */
  public static final String SYSTEM_NAMESPACE = "system";

  /** The operator of every Iceberg CALL. */
  public static final SqlOperator OPERATOR =
      new SqlSpecialOperator("CALL", SqlKind.PROCEDURE_CALL) {
        @Override
        public SqlCall createCall(
            @Nullable SqlLiteral functionQualifier,
            SqlParserPos pos,
            @Nullable SqlNode... operands) {
          SqlNodeList arguments = (SqlNodeList) requireNonNull(operands[1], "arguments");
          return new SqlIcebergCall(
              pos,
              (SqlIdentifier) requireNonNull(operands[0], "procedure"),
              arguments.stream().map(SqlProcedureArgument.class::cast).toList());
        }
      };

  private final SqlIdentifier procedure;
  private final List<SqlProcedureArgument> arguments;

  private SqlIcebergCall(
      SqlParserPos pos, SqlIdentifier procedure, List<SqlProcedureArgument> arguments) {
    super(pos);
    this.procedure = requireNonNull(procedure, "procedure is null");
    this.arguments = List.copyOf(arguments);
  }

  /**
   * A CALL of {@code procedure} with {@code arguments}.
   *
   * @throws org.apache.calcite.runtime.CalciteContextException if named and positional arguments
   *     are mixed
   */
  public static SqlIcebergCall create(
      SqlParserPos pos, SqlIdentifier procedure, List<SqlProcedureArgument> arguments) {
    checkProcedureName(procedure);
    if (!arguments.isEmpty()) {
      SqlProcedureArgument first = arguments.get(0);
      for (int i = 1; i < arguments.size(); i++) {
        SqlProcedureArgument argument = arguments.get(i);
        if (argument.isNamed() != first.isNamed()) {
          throw ParseFailures.at(
              argument.getParserPosition(),
              "Cannot call "
                  + procedure
                  + ": named and positional arguments cannot be mixed (argument 1 is "
                  + describe(first)
                  + ", argument "
                  + (i + 1)
                  + " is "
                  + describe(argument)
                  + ")");
        }
      }
    }
    return new SqlIcebergCall(pos, procedure, arguments);
  }

  /**
   * Checks that {@code procedure} is {@code [catalog.]system.name}, as Iceberg names its
   * procedures.
   */
  public static void checkProcedureName(SqlIdentifier procedure) {
    List<String> names = procedure.names;
    boolean valid =
        !procedure.isStar()
            && (names.size() == 2 || names.size() == 3)
            && names.get(names.size() - 2).toLowerCase(Locale.ROOT).equals(SYSTEM_NAMESPACE);
    if (!valid) {
      throw ParseFailures.at(
          procedure.getParserPosition(),
          "Cannot call "
              + procedure
              + ": an Iceberg procedure is named [catalog.]system.<procedure>, for example "
              + "CALL my_catalog.system.expire_snapshots(...)");
    }
  }

  /**
   * {@code map(k1, v1, k2, v2, ...)} as Calcite's map constructor, once its arguments are known to
   * pair up.
   */
  public static SqlNode map(SqlParserPos pos, List<SqlNode> keysAndValues) {
    if (keysAndValues.size() % 2 != 0) {
      throw ParseFailures.at(
          pos,
          "Cannot read map(...): it takes keys and values in pairs, but has "
              + keysAndValues.size()
              + " arguments");
    }
    return SqlStdOperatorTable.MAP_VALUE_CONSTRUCTOR.createCall(pos, keysAndValues);
  }

  private static String describe(SqlProcedureArgument argument) {
    return argument.name().map(name -> "named '" + name + "'").orElse("positional");
  }

  /** The procedure's name as written: {@code [catalog, system, name]} or {@code [system, name]}. */
  public SqlIdentifier procedure() {
    return procedure;
  }

  /** The catalog, if the call names one. */
  public Optional<String> catalog() {
    return procedure.names.size() == 3 ? Optional.of(procedure.names.get(0)) : Optional.empty();
  }

  /** The procedure's own name (the last part), as written. */
  public String procedureName() {
    return procedure.names.get(procedure.names.size() - 1);
  }

  public List<SqlProcedureArgument> arguments() {
    return arguments;
  }

  /** Whether the arguments are passed by name (true for a call without arguments too). */
  public boolean hasNamedArguments() {
    return arguments.isEmpty() || arguments.get(0).isNamed();
  }

  @Override
  public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override
  public List<SqlNode> getOperandList() {
    return List.of(procedure, new SqlNodeList(arguments, getParserPosition()));
  }

  @Override
  public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("CALL");
    procedure.unparse(writer, 0, 0);
    SqlWriter.Frame frame = writer.startList("(", ")");
    for (SqlProcedureArgument argument : arguments) {
      writer.sep(",");
      argument.unparse(writer, 0, 0);
    }
    writer.endList(frame);
  }
}
