package io.icegate.procedure.render;

import io.icegate.procedure.bind.BoundArgument;
import io.icegate.procedure.bind.BoundCall;
import io.icegate.procedure.spec.ArgumentType;
import io.icegate.procedure.value.SparkTimestamp;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Writes the statement Spark runs for a bound call, from its typed values and never from the user's
 * text: the catalog and every name back-ticked, every given argument by name (so that positional
 * order cannot matter), omitted ones left to the procedure's defaults.
 */
public final class CallRenderer {
  private CallRenderer() {}

  /** {@code CALL `catalog`.`system`.`procedure`(`name` => value, ...)}. */
  public static String render(BoundCall call) {
    StringJoiner arguments = new StringJoiner(", ", "(", ")");
    for (BoundArgument argument : call.arguments()) {
      if (argument.isGiven()) {
        arguments.add(
            SparkSql.identifier(argument.name())
                + " => "
                + value(argument.parameter().type(), argument.value()));
      }
    }
    return "CALL "
        + SparkSql.identifier(call.catalog())
        + "."
        + SparkSql.identifier("system")
        + "."
        + SparkSql.identifier(call.procedure().name())
        + arguments;
  }

  /** A bound value of {@code type} as a Spark literal. */
  public static String value(ArgumentType type, Object value) {
    return switch (type) {
      case STRING -> SparkSql.string((String) value);
      case LONG, SNAPSHOT_ID_OR_REF -> SparkSql.bigint(longValue(type, value));
      case INT, BOOLEAN -> value.toString();
      case TIMESTAMP -> SparkSql.timestamp((SparkTimestamp) value);
      case STRING_MAP -> {
        StringJoiner entries = new StringJoiner(", ", "map(", ")");
        ((Map<?, ?>) value)
            .forEach(
                (key, entry) ->
                    entries.add(
                        SparkSql.string((String) key) + ", " + SparkSql.string((String) entry)));
        yield entries.toString();
      }
      case STRING_ARRAY, LONG_ARRAY -> {
        ArgumentType element =
            type == ArgumentType.STRING_ARRAY ? ArgumentType.STRING : ArgumentType.LONG;
        StringJoiner elements = new StringJoiner(", ", "array(", ")");
        ((List<?>) value).forEach(item -> elements.add(value(element, item)));
        yield elements.toString();
      }
    };
  }

  private static long longValue(ArgumentType type, Object value) {
    if (value instanceof Long number) {
      return number;
    }
    // A branch or tag name: TableChecks resolves it to a snapshot id first.
    throw new IllegalStateException(
        "Cannot render " + type + " " + value + " before it is resolved to a snapshot id");
  }
}
