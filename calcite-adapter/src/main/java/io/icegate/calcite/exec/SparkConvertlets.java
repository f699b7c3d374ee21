package io.icegate.calcite.exec;

import java.math.BigDecimal;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.EnumSet;
import java.util.OptionalLong;
import java.util.Set;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql2rel.SqlRexContext;
import org.apache.calcite.sql2rel.SqlRexConvertlet;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;
import org.apache.calcite.sql2rel.StandardConvertletTable;
import org.apache.calcite.util.TimestampString;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Calcite's standard conversion to row expressions, except where Spark's meaning differs:
 *
 * <ul>
 *   <li>an array subscript {@code a[i]} counts from 0 in Spark ({@code partition_summaries[0]} is
 *       the first) and from 1 in standard SQL, so on arrays the index is moved by one (both give
 *       null out of range; map subscripts such as {@code summary['spark.app.id']} are the same in
 *       both);
 *   <li>Spark's division ({@link SparkDivide}) runs as Calcite's {@code SAFE_DIVIDE}, except on
 *       decimals;
 *   <li>a string literal cast to a timestamp (also where Calcite casts one to compare it with a
 *       timestamp column: {@code committed_at > '2024-01-01'}) is read as Spark reads it, in the
 *       session's time zone ({@link SparkTimestamps});
 *   <li>casts whose result Calcite computes differently are refused, so Spark answers: booleans,
 *       floating point numbers, timestamps, binary and nested values to strings (Calcite writes
 *       {@code TRUE} and a time zone where Spark writes {@code true} and none), timestamps to and
 *       from numbers (Spark counts seconds, Calcite milliseconds), and strings that are not
 *       literals to timestamps (Spark reads more forms).
 * </ul>
 *
 * <p>A refusal is an {@link UnsupportedOperationException}, which the planner reports as "not
 * native".
 */
final class SparkConvertlets implements SqlRexConvertletTable {
  /** Types whose text Spark and Calcite write differently. */
  private static final Set<SqlTypeName> TEXT_DIFFERS =
      EnumSet.of(
          SqlTypeName.BOOLEAN,
          SqlTypeName.REAL,
          SqlTypeName.FLOAT,
          SqlTypeName.DOUBLE,
          SqlTypeName.TIMESTAMP,
          SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE,
          SqlTypeName.TIME,
          SqlTypeName.BINARY,
          SqlTypeName.VARBINARY,
          SqlTypeName.ROW,
          SqlTypeName.ARRAY,
          SqlTypeName.MAP);

  private static final Set<SqlTypeName> TIMESTAMPS =
      EnumSet.of(SqlTypeName.TIMESTAMP, SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE);

  private final ZoneId zone;

  /**
   * @param zone the session's time zone, in which timestamp strings are read
   */
  SparkConvertlets(ZoneId zone) {
    this.zone = zone;
  }

  @Override
  public @Nullable SqlRexConvertlet get(SqlCall call) {
    if (call.getOperator() == SqlStdOperatorTable.ITEM) {
      return SparkConvertlets::subscript;
    } else if (call.getOperator() == SparkDivide.OPERATOR) {
      return SparkConvertlets::divide;
    } else if (call.getKind() == SqlKind.CAST) {
      return this::cast;
    }
    return StandardConvertletTable.INSTANCE.get(call);
  }

  private static RexNode subscript(SqlRexContext cx, SqlCall call) {
    RelDataType container = cx.getValidator().getValidatedNodeType(call.operand(0));
    if (container.getSqlTypeName() != SqlTypeName.ARRAY) {
      return standard(cx, call);
    }
    RexBuilder rexBuilder = cx.getRexBuilder();
    RexNode index = cx.convertExpression(call.operand(1));
    RexNode oneBased =
        rexBuilder.makeCall(
            SqlStdOperatorTable.PLUS, index, rexBuilder.makeExactLiteral(BigDecimal.ONE));
    return rexBuilder.makeCall(
        SqlStdOperatorTable.ITEM, cx.convertExpression(call.operand(0)), oneBased);
  }

  private static RexNode divide(SqlRexContext cx, SqlCall call) {
    if (cx.getValidator().getValidatedNodeType(call).getSqlTypeName() == SqlTypeName.DECIMAL) {
      // SAFE_DIVIDE gives up (null) on a quotient without a finite expansion, such as 1.0 / 3,
      // which Spark rounds.
      throw new UnsupportedOperationException(
          "Cannot divide decimals as Spark does: Calcite's division gives no rounded quotient");
    }
    return cx.getRexBuilder()
        .makeCall(
            SqlLibraryOperators.SAFE_DIVIDE,
            cx.convertExpression(call.operand(0)),
            cx.convertExpression(call.operand(1)));
  }

  private RexNode cast(SqlRexContext cx, SqlCall call) {
    SqlNode operand = call.operand(0);
    RelDataType target = cx.getValidator().getValidatedNodeType(call);
    SqlTypeName from = cx.getValidator().getValidatedNodeType(operand).getSqlTypeName();
    SqlTypeName to = target.getSqlTypeName();
    if (TIMESTAMPS.contains(to) && operand instanceof SqlCharStringLiteral literal) {
      return timestampLiteral(cx.getRexBuilder(), literal.getValueAs(String.class), target);
    }
    if (SqlTypeFamily.CHARACTER.getTypeNames().contains(to) && TEXT_DIFFERS.contains(from)) {
      throw new UnsupportedOperationException(
          "Cannot cast " + from + " to a string as Spark does: Calcite writes it differently");
    }
    boolean timestampAndNumber =
        (TIMESTAMPS.contains(from) && SqlTypeFamily.NUMERIC.getTypeNames().contains(to))
            || (SqlTypeFamily.NUMERIC.getTypeNames().contains(from) && TIMESTAMPS.contains(to));
    if (timestampAndNumber) {
      throw new UnsupportedOperationException(
          "Cannot cast between " + from + " and " + to + " as Spark does: Spark counts seconds");
    }
    if (TIMESTAMPS.contains(to) && SqlTypeFamily.CHARACTER.getTypeNames().contains(from)) {
      throw new UnsupportedOperationException(
          "Cannot read strings as timestamps as Spark does: only string literals are read"
              + " natively");
    }
    return standard(cx, call);
  }

  /**
   * The instant (or, without zone, the wall-clock time) a timestamp string names, as Spark reads
   * it.
   */
  private RexNode timestampLiteral(RexBuilder rexBuilder, String text, RelDataType target) {
    boolean withZone = target.getSqlTypeName() == SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE;
    // A wall-clock time is kept as if in UTC, so read one in UTC to keep its fields.
    OptionalLong millis = SparkTimestamps.parse(text, withZone ? zone : ZoneOffset.UTC);
    if (millis.isEmpty()) {
      throw new UnsupportedOperationException(
          "Cannot read '" + text + "' as a timestamp as Spark does");
    }
    TimestampString timestamp = TimestampString.fromMillisSinceEpoch(millis.getAsLong());
    int precision = target.getPrecision();
    RexNode literal =
        withZone
            ? rexBuilder.makeTimestampWithLocalTimeZoneLiteral(timestamp, precision)
            : rexBuilder.makeTimestampLiteral(timestamp, precision);
    return literal.getType().equals(target) ? literal : rexBuilder.makeCast(target, literal);
  }

  private static RexNode standard(SqlRexContext cx, SqlCall call) {
    SqlRexConvertlet convertlet = StandardConvertletTable.INSTANCE.get(call);
    return convertlet == null
        ? StandardConvertletTable.INSTANCE.convertCall(cx, call)
        : convertlet.convertCall(cx, call);
  }
}
