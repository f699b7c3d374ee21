package io.icegate.procedure.bind;

import io.icegate.procedure.Reason;
import java.math.BigDecimal;
import java.sql.Array;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlUnknownLiteral;
import org.apache.calcite.sql.type.SqlTypeName;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Turns an argument's parse tree into a plain Java value, before it is checked against the
 * argument's type: strings as {@code String}, exact numbers as {@code BigDecimal}, approximate ones
 * as {@code Double}, booleans, {@code null} for NULL, {@code TIMESTAMP '...'} as a {@code
 * SparkTimestamp}, {@code DATE '...'} as a {@code LocalDate}, {@code map(...)} as a {@code Map},
 * {@code array(...)} as a {@code List}, and {@code ?} as the JDBC parameter's value (a {@code
 * java.sql.Array} as a {@code List}).
 */
final class ValueReader {
  private final List<?> parameters;

  /**
   * @param parameters the values of the statement's {@code ?}s, in order
   */
  ValueReader(List<?> parameters) {
    this.parameters = parameters;
  }

  @Nullable Object read(SqlNode node) {
    if (node instanceof SqlDynamicParam parameter) {
      return parameter(parameter.getIndex());
    }
    if (node instanceof SqlUnknownLiteral literal) {
      return typedLiteral(literal.tag, literal.getValue());
    }
    if (node instanceof SqlNumericLiteral number) {
      BigDecimal value = number.getValueAs(BigDecimal.class);
      if (!number.isExact() && Double.isInfinite(value.doubleValue())) {
        // Out of range for Spark too; read on, it would be Infinity.
        throw new ValueProblem(
            Reason.WRONG_TYPE, "is " + number + ", a number beyond a double's range");
      }
      return number.isExact() ? value : (Object) value.doubleValue();
    }
    if (node instanceof SqlLiteral literal) {
      return literal(literal);
    }
    if (node.getKind() == SqlKind.MAP_VALUE_CONSTRUCTOR) {
      return map(((SqlBasicCall) node).getOperandList());
    }
    if (node.getKind() == SqlKind.ARRAY_VALUE_CONSTRUCTOR) {
      List<Object> elements = new ArrayList<>();
      for (SqlNode element : ((SqlBasicCall) node).getOperandList()) {
        elements.add(read(element));
      }
      return elements;
    }
    throw new ValueProblem(
        Reason.WRONG_TYPE, "is " + node + ", which is not a value a procedure takes");
  }

  private @Nullable Object literal(SqlLiteral literal) {
    SqlTypeName type = literal.getTypeName();
    return switch (type) {
      case NULL -> null;
      case BOOLEAN -> literal.booleanValue();
      case CHAR -> literal.getValueAs(String.class);
      case TIMESTAMP, DATE -> typedLiteral(type.getName(), literal.toValue());
      default ->
          throw new ValueProblem(
              Reason.WRONG_TYPE, "is " + literal + ", which is not a value a procedure " + "takes");
    };
  }

  private Object typedLiteral(String tag, @Nullable String text) {
    String value = text == null ? "" : text;
    return switch (tag) {
      case "TIMESTAMP" ->
          TimestampText.parse(value)
              .orElseThrow(
                  () ->
                      new ValueProblem(
                          Reason.WRONG_TYPE,
                          "is TIMESTAMP '"
                              + value
                              + "', which is not a timestamp Spark can read; write it as TIMESTAMP "
                              + "'2021-06-30 00:00:00'"));
      case "DATE" -> {
        try {
          yield LocalDate.parse(value.strip());
        } catch (java.time.DateTimeException e) {
          throw new ValueProblem(
              Reason.WRONG_TYPE,
              "is DATE '" + value + "', which is not a date; write it as " + "DATE '2021-06-30'");
        }
      }
      default ->
          throw new ValueProblem(
              Reason.WRONG_TYPE,
              "is a " + tag + " literal, which is not a value a " + "procedure takes");
    };
  }

  private Map<Object, Object> map(List<SqlNode> keysAndValues) {
    Map<Object, Object> map = new LinkedHashMap<>();
    for (int i = 0; i + 1 < keysAndValues.size(); i += 2) {
      Object key = read(keysAndValues.get(i));
      if (map.containsKey(key)) {
        throw new ValueProblem(
            Reason.INVALID_VALUE,
            "has key "
                + ValueDescriptions.quote(key)
                + " twice in its map (Spark refuses duplicate map keys)");
      }
      map.put(key, read(keysAndValues.get(i + 1)));
    }
    return map;
  }

  private @Nullable Object parameter(int index) {
    if (index >= parameters.size()) {
      throw new ValueProblem(
          Reason.MISSING_PARAMETER_VALUE,
          "is JDBC parameter "
              + (index + 1)
              + ", which has no value ("
              + parameters.size()
              + " set)");
    }
    Object value = parameters.get(index);
    if (value instanceof Array array) {
      try {
        return elements(array.getArray());
      } catch (SQLException e) {
        // The driver's message may name its classes; the SQLState is enough to say what happened.
        throw new ValueProblem(
            Reason.WRONG_TYPE,
            "is JDBC parameter "
                + (index + 1)
                + ", an array whose elements "
                + "cannot be read (SQLState "
                + e.getSQLState()
                + ")");
      }
    }
    // A byte[] is JDBC's binary value (setBytes), not an array.
    return value != null && value.getClass().isArray() && !(value instanceof byte[])
        ? elements(value)
        : value;
  }

  /** The elements of a Java array, primitive ones boxed. */
  private static List<Object> elements(Object array) {
    List<Object> elements = new ArrayList<>();
    for (int i = 0; i < java.lang.reflect.Array.getLength(array); i++) {
      elements.add(java.lang.reflect.Array.get(array, i));
    }
    return elements;
  }
}
