package io.icegate.gateway.error;

import io.icegate.gateway.error.ClientErrors.ClientError;
import java.math.BigInteger;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.SparkThrowable;

/**
 * Failures a value the user gave causes, which Spark 3.5 raises without a SQLState of their own: a
 * date with a field out of range under ANSI mode ({@code make_date(2024, 2, 30)}: 22008), and a
 * number that does not parse into its type where Spark or Iceberg read one from text (an option's
 * value, such as a changelog view's {@code end-snapshot-id}: 22003 when it is a number too large,
 * 22018 when it is no number). Without this they read as the gateway's defect (XX000) or a system
 * error (58000).
 */
final class ValueErrors {
  private static final Pattern NUMBER_INPUT = Pattern.compile("^For input string: \"(.*)\"");

  private ValueErrors() {}

  static Optional<ClientError> describe(Throwable chain, Throwable specific) {
    for (Throwable c = chain; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (isInvalidDate(c)) {
        return Optional.of(
            new ClientError(
                ErrorCode.DATETIME_OUT_OF_RANGE,
                ErrorCode.DATETIME_OUT_OF_RANGE.sqlState(),
                ClientErrors.clean(c.getMessage())));
      }
    }
    if (specific instanceof NumberFormatException number && number.getMessage() != null) {
      Matcher input = NUMBER_INPUT.matcher(number.getMessage());
      if (input.find()) {
        String text = input.group(1);
        boolean tooLarge = text.matches("[+-]?\\d+") && !fitsInALong(text);
        ErrorCode code = tooLarge ? ErrorCode.NUMERIC_OUT_OF_RANGE : ErrorCode.INVALID_ARGUMENT;
        String message =
            tooLarge
                ? "A number the statement gave is out of range: "
                    + text
                    + " does not fit in a 64-bit integer (snapshot ids, and timestamps in"
                    + " milliseconds, do: at most 9223372036854775807)"
                : "A value the statement gave is not a number: '" + text + "'";
        return Optional.of(new ClientError(code, tooLarge ? "22003" : "22018", message));
      }
    }
    return Optional.empty();
  }

  /** Spark 3.5's ANSI refusal of a date with a field out of range (no SQLState of its own). */
  private static boolean isInvalidDate(Throwable t) {
    return t instanceof SparkThrowable spark
        && (spark.getSqlState() == null || spark.getSqlState().isBlank())
        && t.getClass().getSimpleName().equals("SparkDateTimeException")
        && t.getMessage() != null
        && t.getMessage().startsWith("Invalid date");
  }

  private static boolean fitsInALong(String digits) {
    BigInteger value = new BigInteger(digits);
    return value.bitLength() < 64;
  }
}
