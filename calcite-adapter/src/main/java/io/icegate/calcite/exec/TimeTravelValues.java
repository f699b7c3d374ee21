package io.icegate.calcite.exec;

import io.icegate.calcite.parser.SqlTimeTravel;
import io.icegate.calcite.parser.TimeTravelKind;
import io.icegate.metadata.TimeTravel;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.OptionalLong;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Turns the value of a time-travel clause into a {@link TimeTravel}, with Spark's rules: a version
 * is a snapshot id when it reads as a number, else a branch or tag; a timestamp is cast as Spark
 * casts it (a string in the session's time zone, a number as seconds since the epoch, any other
 * constant expression evaluated first).
 */
final class TimeTravelValues {
  /** Evaluates a constant expression such as {@code current_timestamp - INTERVAL '1' DAY}. */
  interface ConstantEvaluator {
    /** The value in Calcite's representation, and its type. */
    Constant evaluate(SqlNode expression) throws NotNativeException;
  }

  /** A constant's value and type. */
  record Constant(Object value, RelDataType type) {}

  private final ZoneId zone;
  private final ConstantEvaluator evaluator;

  TimeTravelValues(ZoneId zone, ConstantEvaluator evaluator) {
    this.zone = zone;
    this.evaluator = evaluator;
  }

  TimeTravel of(SqlTimeTravel clause) throws NotNativeException {
    SqlNode value = clause.value();
    return clause.kind() == TimeTravelKind.VERSION ? version(value) : timestamp(value);
  }

  private static TimeTravel version(SqlNode value) throws NotNativeException {
    if (value instanceof SqlNumericLiteral number) {
      return TimeTravel.version(number.getValueAs(BigDecimal.class).toPlainString());
    } else if (value instanceof SqlCharStringLiteral string) {
      return TimeTravel.version(string.getValueAs(String.class));
    }
    throw new NotNativeException("the version " + value + " is not a literal");
  }

  TimeTravel timestamp(SqlNode value) throws NotNativeException {
    if (value instanceof SqlNumericLiteral number) {
      return TimeTravel.asOfMillis(
          SparkTimestamps.fromSeconds(number.getValueAs(BigDecimal.class)));
    } else if (value instanceof SqlCharStringLiteral string) {
      return TimeTravel.asOfMillis(parse(string.getValueAs(String.class)));
    } else if (value instanceof SqlLiteral literal && literal.getTypeName() == SqlTypeName.NULL) {
      throw new NotNativeException("TIMESTAMP AS OF NULL names no time");
    }
    Constant constant = evaluator.evaluate(value);
    return TimeTravel.asOfMillis(millis(constant, value));
  }

  /** The instant of an evaluated constant, by its type. */
  private long millis(Constant constant, SqlNode expression) throws NotNativeException {
    Object value = constant.value();
    if (value == null) {
      throw new NotNativeException("TIMESTAMP AS OF " + expression + " is null");
    }
    return switch (constant.type().getSqlTypeName()) {
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> ((Number) value).longValue();
      // A wall-clock time (Calcite keeps it as if in UTC) is read in the session's zone, as Spark
      // reads one.
      case TIMESTAMP ->
          LocalDateTime.ofEpochSecond(
                  Math.floorDiv(((Number) value).longValue(), 1000L), 0, ZoneOffset.UTC)
              .plusNanos(Math.floorMod(((Number) value).longValue(), 1000L) * 1_000_000L)
              .atZone(zone)
              .toInstant()
              .toEpochMilli();
      case DATE ->
          LocalDate.ofEpochDay(((Number) value).longValue())
              .atStartOfDay(zone)
              .toInstant()
              .toEpochMilli();
      case CHAR, VARCHAR -> parse(value.toString());
      case TINYINT, SMALLINT, INTEGER, BIGINT, DECIMAL, FLOAT, REAL, DOUBLE ->
          SparkTimestamps.fromSeconds(new BigDecimal(value.toString()));
      default ->
          throw new NotNativeException(
              "TIMESTAMP AS OF " + expression + " is a " + constant.type() + ", not a time");
    };
  }

  private long parse(String text) throws NotNativeException {
    OptionalLong millis = SparkTimestamps.parse(text, zone);
    if (millis.isEmpty()) {
      throw new NotNativeException("TIMESTAMP AS OF '" + text + "' is not a timestamp Spark reads");
    }
    return millis.getAsLong();
  }
}
