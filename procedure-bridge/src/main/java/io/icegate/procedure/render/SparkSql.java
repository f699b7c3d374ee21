package io.icegate.procedure.render;

import io.icegate.procedure.value.SparkTimestamp;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Writes values and names as Spark SQL literals that Spark's default parser reads back to exactly
 * the same value ({@code spark.sql.parser.escapedStringLiterals=false}, Spark's default, which
 * processes backslash escapes).
 */
public final class SparkSql {
  private static final DateTimeFormatter SECONDS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

  private SparkSql() {}

  /** A back-ticked identifier; a back-tick inside is doubled. */
  public static String identifier(String name) {
    return "`" + name.replace("`", "``") + "`";
  }

  /**
   * A single-quoted string literal. Escaped: {@code \} and {@code '} (Spark reads backslash
   * escapes), control characters (as {@code \n}, {@code \t}, {@code \r} or {@code \}{@code uXXXX}),
   * and {@code $}, written as {@code \}{@code u0024} so that Spark's variable substitution (which
   * rewrites {@code ${...}} anywhere in the statement's text, strings included) cannot change the
   * value.
   */
  public static String string(String value) {
    StringBuilder literal = new StringBuilder(value.length() + 2).append('\'');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '\\' -> literal.append("\\\\");
        case '\'' -> literal.append("\\'");
        case '\n' -> literal.append("\\n");
        case '\t' -> literal.append("\\t");
        case '\r' -> literal.append("\\r");
        case '$' -> literal.append("\\u0024");
        default -> {
          if (c < 0x20 || c == 0x7F) {
            literal.append(String.format("\\u%04X", (int) c));
          } else {
            literal.append(c);
          }
        }
      }
    }
    return literal.append('\'').toString();
  }

  /** A bigint literal ({@code 123L}), the type of Iceberg's long arguments. */
  public static String bigint(long value) {
    return value + "L";
  }

  /**
   * A timestamp literal: a wall-clock time as written ({@code TIMESTAMP '2021-06-30 00:00:00'},
   * read in the session's time zone), an instant in UTC ({@code TIMESTAMP '2021-06-30 00:00:00Z'});
   * microseconds when any.
   */
  public static String timestamp(SparkTimestamp timestamp) {
    if (timestamp instanceof SparkTimestamp.Local local) {
      return "TIMESTAMP '" + dateTime(local.dateTime()) + "'";
    }
    SparkTimestamp.Absolute absolute = (SparkTimestamp.Absolute) timestamp;
    return "TIMESTAMP '"
        + dateTime(LocalDateTime.ofInstant(absolute.instant(), ZoneOffset.UTC))
        + "Z'";
  }

  private static String dateTime(LocalDateTime dateTime) {
    String text = SECONDS.format(dateTime);
    int micros = dateTime.getNano() / 1000;
    return micros == 0 ? text : text + String.format(".%06d", micros);
  }
}
