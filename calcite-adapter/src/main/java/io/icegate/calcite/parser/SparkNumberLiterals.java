package io.icegate.calcite.parser;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Map;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Builds numeric literals with Spark's type suffixes: {@code 1L} (BIGINT), {@code 1S} (SMALLINT),
 * {@code 1Y} (TINYINT), {@code 1.5BD} (DECIMAL), {@code 1.5D} (DOUBLE), {@code 1.5F} (FLOAT).
 *
 * <p>The literal keeps Calcite's exact or approximate kind; the SQL type itself is decided later
 * from the procedure's declaration, so the suffix only has to be checked here.
 */
public final class SparkNumberLiterals {
  /** Integer suffixes with the range Spark accepts for each. */
  private static final Map<String, long[]> INTEGER_RANGES =
      Map.of(
          "L", new long[] {Long.MIN_VALUE, Long.MAX_VALUE},
          "S", new long[] {Short.MIN_VALUE, Short.MAX_VALUE},
          "Y", new long[] {Byte.MIN_VALUE, Byte.MAX_VALUE});

  private SparkNumberLiterals() {}

  /** Whether {@code word} is one of Spark's numeric suffixes. */
  public static boolean isSuffix(String word) {
    String upper = word.toUpperCase(Locale.ROOT);
    return INTEGER_RANGES.containsKey(upper)
        || upper.equals("BD")
        || upper.equals("D")
        || upper.equals("F");
  }

  /**
   * The literal for {@code number}, negated if {@code negative}, with Spark's {@code suffix} (or
   * none).
   *
   * @throws IllegalArgumentException if the number does not fit the suffix's type
   */
  public static SqlLiteral create(
      SqlNumericLiteral number, boolean negative, String suffix, SqlParserPos pos) {
    BigDecimal magnitude = number.getValueAs(BigDecimal.class);
    String upper = suffix == null ? "" : suffix.toUpperCase(Locale.ROOT);
    long[] range = INTEGER_RANGES.get(upper);
    if (range != null) {
      checkInteger(number, negative, suffix, range);
    }
    boolean approximate =
        upper.equals("D") || upper.equals("F") || (suffix == null && !number.isExact());
    SqlNumericLiteral unsigned =
        approximate
            ? SqlLiteral.createApproxNumeric(magnitude.toString(), pos)
            : SqlLiteral.createExactNumeric(magnitude.toPlainString(), pos);
    return negative ? SqlLiteral.createNegative(unsigned, pos) : unsigned;
  }

  private static void checkInteger(
      SqlNumericLiteral number, boolean negative, String suffix, long[] range) {
    String written = (negative ? "-" : "") + number.toValue() + suffix;
    if (!number.isExact() || !number.isInteger()) {
      throw new IllegalArgumentException(
          "Cannot read " + written + ": the " + suffix + " suffix needs a whole number");
    }
    BigDecimal value = number.getValueAs(BigDecimal.class);
    if (negative) {
      value = value.negate();
    }
    if (value.compareTo(BigDecimal.valueOf(range[0])) < 0
        || value.compareTo(BigDecimal.valueOf(range[1])) > 0) {
      throw new IllegalArgumentException(
          "Cannot read " + written + ": it must be between " + range[0] + " and " + range[1]);
    }
  }
}
