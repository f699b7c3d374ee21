package io.icegate.procedure.bind;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads a table name given as a string argument ({@code 'db.sample'}, {@code
 * '`parquet`.`/path/to/table`'}) as Spark's {@code parseMultipartIdentifier} does, and resolves it
 * to a catalog as Iceberg's procedures do ({@code Spark3Util.catalogAndIdentifier}).
 */
public final class TableNames {
  private TableNames() {}

  /**
   * The parts of {@code text}: back-ticked parts ({@code ``} is a back-tick) or plain ones of
   * letters, digits and underscores, separated by dots; white space around parts is allowed.
   *
   * @throws IllegalArgumentException with what Spark would not read, for a message
   */
  public static List<String> parse(String text) {
    List<String> parts = new ArrayList<>();
    int i = skipSpaces(text, 0);
    if (i == text.length()) {
      throw new IllegalArgumentException("an empty name is not a table");
    }
    while (true) {
      StringBuilder part = new StringBuilder();
      if (text.charAt(i) == '`') {
        i = readQuoted(text, i, part);
      } else {
        int start = i;
        while (i < text.length() && isPlain(text.charAt(i))) {
          part.append(text.charAt(i++));
        }
        if (i == start) {
          throw new IllegalArgumentException(
              "Spark cannot read a name at '"
                  + text.substring(start)
                  + "'; put parts with other characters than letters, digits and _ in back-ticks,"
                  + " as in '`parquet`.`/path/to/table`'");
        }
        if (part.chars().allMatch(Character::isDigit)) {
          throw new IllegalArgumentException(
              "'" + part + "' is a number, not a name; put it in back-ticks");
        }
      }
      parts.add(part.toString());
      i = skipSpaces(text, i);
      if (i == text.length()) {
        return List.copyOf(parts);
      }
      if (text.charAt(i) != '.') {
        throw new IllegalArgumentException(
            "Spark cannot read a name at '"
                + text.substring(i)
                + "'; put parts with other characters than letters, digits and _ in back-ticks");
      }
      i = skipSpaces(text, i + 1);
      if (i == text.length()) {
        throw new IllegalArgumentException("the name ends with a dot");
      }
    }
  }

  /**
   * Resolves {@code parts} as Iceberg does: one part is a table of {@code defaultCatalog}'s current
   * (or default) namespace; with more, a first part that names a catalog is that catalog, otherwise
   * it is a namespace of {@code defaultCatalog}.
   */
  public static TableName resolve(
      List<String> parts, String defaultCatalog, SessionCatalogs catalogs) {
    String name = parts.get(parts.size() - 1);
    if (parts.size() == 1) {
      List<String> namespace =
          defaultCatalog.equals(catalogs.currentCatalog())
              ? catalogs.currentNamespace()
              : catalogs.defaultNamespace(defaultCatalog);
      return new TableName(defaultCatalog, namespace, name);
    }
    Optional<String> catalog = catalogs.find(parts.get(0));
    return catalog
        .map(found -> new TableName(found, parts.subList(1, parts.size() - 1), name))
        .orElseGet(() -> new TableName(defaultCatalog, parts.subList(0, parts.size() - 1), name));
  }

  private static int readQuoted(String text, int open, StringBuilder part) {
    int i = open + 1;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == '`') {
        if (i + 1 < text.length() && text.charAt(i + 1) == '`') {
          part.append('`');
          i += 2;
          continue;
        }
        return i + 1;
      }
      part.append(c);
      i++;
    }
    throw new IllegalArgumentException("a back-tick is not closed");
  }

  private static boolean isPlain(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  }

  private static int skipSpaces(String text, int i) {
    while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
      i++;
    }
    return i;
  }
}
