package io.icegate.gateway.health;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The CALLs {@code table_health} suggests for one table, written as a person would run them: the
 * catalog and every name quoted where it must be, the table as the string the procedures take.
 */
final class SuggestedCalls {
  private static final Pattern PLAIN_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  private static final DateTimeFormatter LITERAL =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS", Locale.ROOT);

  private final String procedures;
  private final String table;

  /**
   * @param namespace the namespace's levels (a level may itself hold a dot)
   */
  SuggestedCalls(String catalog, List<String> namespace, String name) {
    this.procedures = "CALL " + quote(catalog) + ".system.";
    this.table = tableArgument(namespace, name);
  }

  /**
   * {@code expire_snapshots} of what is older than {@code olderThan}, keeping {@code retainLast}.
   */
  String expireSnapshots(Instant olderThan, ZoneId zone, int retainLast) {
    return procedures
        + "expire_snapshots(table => "
        + table
        + ", older_than => TIMESTAMP '"
        + LITERAL.format(olderThan.atZone(zone))
        + "', retain_last => "
        + retainLast
        + ")";
  }

  /** {@code procedure} with the table as its only argument. */
  String onTable(String procedure) {
    return procedures + procedure + "(table => " + table + ")";
  }

  /** The table as a CALL's {@code table} argument: a string literal of the quoted name. */
  static String tableArgument(List<String> namespace, String name) {
    StringBuilder b = new StringBuilder();
    for (String level : namespace) {
      b.append(quote(level)).append('.');
    }
    b.append(quote(name));
    return "'" + b.toString().replace("\\", "\\\\").replace("'", "\\'") + "'";
  }

  private static String quote(String identifier) {
    return PLAIN_NAME.matcher(identifier).matches()
        ? identifier
        : "`" + identifier.replace("`", "``") + "`";
  }
}
