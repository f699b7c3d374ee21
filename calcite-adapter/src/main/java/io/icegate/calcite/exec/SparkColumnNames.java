package io.icegate.calcite.exec;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlBinaryOperator;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlPostfixOperator;
import org.apache.calcite.sql.SqlPrefixOperator;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlCase;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.NlsString;

/**
 * Names result columns as Spark does, where Calcite's would differ: an unaliased expression is
 * named after its text in Spark ({@code count(1)}, {@code summary[spark.app.id]}, {@code (a + b)},
 * {@code CAST(x AS STRING)}), and {@code EXPR$n} in Calcite; and Spark keeps duplicate names
 * ({@code SELECT *} over a join), where Calcite makes them unique ({@code snapshot_id0}).
 *
 * <p>Spark's naming ({@code toPrettySQL}) is followed for the common shapes: column references
 * (without table qualifiers), literals, function calls, operators, subscripts, {@code CAST}, {@code
 * CASE}. Other shapes get Calcite's SQL text.
 */
final class SparkColumnNames {
  private static final Pattern UNIQUIFIED = Pattern.compile("(.*?)(\\d+)");

  private SparkColumnNames() {}

  /**
   * The name Spark gives the unaliased select item {@code expression}.
   *
   * @param qualifiers lower-case names of the tables in scope, dropped from column references as
   *     Spark does
   */
  static String of(SqlNode expression, Set<String> qualifiers) {
    return new SparkColumnNames.Namer(qualifiers).name(expression);
  }

  /**
   * The output names of {@code validated} (a validated query) as Spark gives them: {@code names}
   * (Calcite's, unique) with the suffix Calcite added to a repeated name taken off again.
   *
   * @param given the aliases written in, or given to, the select lists before validation; a name
   *     among them is the user's (or Spark's) and kept as it is
   */
  static List<String> restoreDuplicates(SqlNode validated, List<String> names, Set<String> given) {
    SqlSelect select = firstSelect(validated);
    if (select == null || select.getSelectList().size() != names.size()) {
      return names;
    }
    List<String> restored = new ArrayList<>(names.size());
    for (int i = 0; i < names.size(); i++) {
      String name = names.get(i);
      String base = uniquifiedFrom(name, select.getSelectList().get(i), given);
      restored.add(base != null && containsIgnoreCase(restored, base) ? base : name);
    }
    return restored;
  }

  /** The name {@code name} was made unique from, when Calcite made it so; else null. */
  private static String uniquifiedFrom(String name, SqlNode item, Set<String> given) {
    if (given.contains(name)) {
      return null;
    }
    Matcher matcher = UNIQUIFIED.matcher(name);
    if (!matcher.matches()) {
      return null;
    }
    String base = matcher.group(1);
    SqlNode expression = item.getKind() == SqlKind.AS ? ((SqlCall) item).operand(0) : item;
    if (expression instanceof SqlIdentifier identifier) {
      return identifier.names.get(identifier.names.size() - 1).equalsIgnoreCase(base) ? base : null;
    }
    return given.contains(base) ? base : null;
  }

  private static boolean containsIgnoreCase(List<String> names, String name) {
    return names.stream().anyMatch(name::equalsIgnoreCase);
  }

  /** The select list that names a query's columns: the first one of a set operation. */
  private static SqlSelect firstSelect(SqlNode query) {
    if (query instanceof SqlSelect select) {
      return select;
    } else if (query instanceof SqlCall call && query.getKind() == SqlKind.WITH) {
      return firstSelect(call.operand(1));
    } else if (query instanceof SqlCall call && query.getKind() == SqlKind.ORDER_BY) {
      return firstSelect(call.operand(0));
    } else if (query instanceof SqlCall call && query.isA(SqlKind.SET_QUERY)) {
      return firstSelect(call.operand(0));
    }
    return null;
  }

  /** Spark's {@code toPrettySQL} for the shapes metadata queries use. */
  private record Namer(Set<String> qualifiers) {
    String name(SqlNode node) {
      if (node instanceof SqlIdentifier identifier) {
        return column(identifier);
      } else if (node instanceof SqlLiteral literal) {
        return literal(literal);
      } else if (node instanceof SqlDataTypeSpec type) {
        return SparkCastTypes.sparkName(type);
      } else if (node instanceof SqlCase caseCall) {
        return caseExpression(caseCall);
      } else if (node instanceof SqlBasicCall call) {
        return call(call);
      }
      return node.toString();
    }

    /** A column as Spark shows it inside an expression: without the table, with struct fields. */
    private String column(SqlIdentifier identifier) {
      if (identifier.isStar()) {
        return "*";
      }
      List<String> names = identifier.names;
      boolean qualified =
          names.size() > 1 && qualifiers.contains(names.get(0).toLowerCase(Locale.ROOT));
      return String.join(".", qualified ? names.subList(1, names.size()) : names);
    }

    private static String literal(SqlLiteral literal) {
      if (literal.getTypeName() == SqlTypeName.NULL) {
        return "NULL";
      } else if (literal instanceof SqlCharStringLiteral) {
        return literal.getValueAs(NlsString.class).getValue();
      } else if (literal instanceof SqlNumericLiteral number) {
        return number.getValueAs(BigDecimal.class).toPlainString();
      } else if (literal.getTypeName() == SqlTypeName.BOOLEAN) {
        return String.valueOf(literal.booleanValue());
      }
      return literal.toString();
    }

    private String call(SqlBasicCall call) {
      List<SqlNode> operands = call.getOperandList();
      SqlKind kind = call.getKind();
      switch (kind) {
        case ITEM:
          return name(operands.get(0)) + "[" + name(operands.get(1)) + "]";
        case CAST:
          return "CAST(" + name(operands.get(0)) + " AS " + name(operands.get(1)) + ")";
        case NOT_EQUALS:
          return "(NOT (" + name(operands.get(0)) + " = " + name(operands.get(1)) + "))";
        case OTHER:
          if (call.getOperator().getName().equals("||")) {
            return "concat(" + names(operands) + ")";
          }
          break;
        default:
          break;
      }
      if (call.getOperator() instanceof SqlFunction function) {
        // Spark reads count(*) as count(1), and names it so.
        boolean countStar = function.getName().equalsIgnoreCase("COUNT") && isStar(operands);
        String arguments = countStar ? "1" : names(operands);
        String distinct = call.getFunctionQuantifier() != null ? "DISTINCT " : "";
        return function.getName().toLowerCase(Locale.ROOT) + "(" + distinct + arguments + ")";
      } else if (call.getOperator() instanceof SqlBinaryOperator operator && operands.size() == 2) {
        String symbol = operator.getName().toUpperCase(Locale.ROOT);
        return "(" + name(operands.get(0)) + " " + symbol + " " + name(operands.get(1)) + ")";
      } else if (call.getOperator() instanceof SqlPrefixOperator operator && operands.size() == 1) {
        return "("
            + operator.getName().toUpperCase(Locale.ROOT)
            + " "
            + name(operands.get(0))
            + ")";
      } else if (call.getOperator() instanceof SqlPostfixOperator operator
          && operands.size() == 1) {
        return "("
            + name(operands.get(0))
            + " "
            + operator.getName().toUpperCase(Locale.ROOT)
            + ")";
      }
      return call.toString();
    }

    private String caseExpression(SqlCase caseCall) {
      StringBuilder text = new StringBuilder("CASE");
      if (caseCall.getValueOperand() != null) {
        text.append(' ').append(name(caseCall.getValueOperand()));
      }
      SqlNodeList whens = caseCall.getWhenOperands();
      SqlNodeList thens = caseCall.getThenOperands();
      for (int i = 0; i < whens.size(); i++) {
        text.append(" WHEN ")
            .append(name(whens.get(i)))
            .append(" THEN ")
            .append(name(thens.get(i)));
      }
      if (caseCall.getElseOperand() != null) {
        text.append(" ELSE ").append(name(caseCall.getElseOperand()));
      }
      return text.append(" END").toString();
    }

    private String names(List<SqlNode> operands) {
      List<String> names = new ArrayList<>();
      for (SqlNode operand : operands) {
        names.add(name(operand));
      }
      return String.join(", ", names);
    }

    private static boolean isStar(List<SqlNode> operands) {
      return operands.size() == 1 && operands.get(0) instanceof SqlIdentifier id && id.isStar();
    }
  }
}
