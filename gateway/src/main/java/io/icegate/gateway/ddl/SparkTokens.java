package io.icegate.gateway.ddl;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Spark's lexical rules (blanks, comments, back-quoted names, strings) for the few statement shapes
 * {@link DdlTranslations} recognises. Throws {@link IllegalStateException} on an unterminated quote
 * or comment.
 */
final class SparkTokens {
  private final String sql;
  private int pos;

  SparkTokens(String sql) {
    this.sql = sql;
  }

  boolean keyword(String word) {
    skipBlanks();
    int end = pos + word.length();
    if (end <= sql.length()
        && sql.regionMatches(true, pos, word, 0, word.length())
        && (end == sql.length() || !isWordChar(sql.charAt(end)))) {
      pos = end;
      return true;
    }
    return false;
  }

  /** A dotted name of back-quoted or plain identifiers; empty when there is none. */
  List<String> name() {
    List<String> parts = new ArrayList<>();
    do {
      skipBlanks();
      Optional<String> part = identifier();
      if (part.isEmpty()) {
        return List.of();
      }
      parts.add(part.get());
      skipBlanks();
    } while (consume('.'));
    return parts;
  }

  private Optional<String> identifier() {
    if (consume('`')) {
      StringBuilder name = new StringBuilder();
      while (true) {
        if (pos >= sql.length()) {
          throw new IllegalStateException("unterminated identifier");
        }
        char c = sql.charAt(pos++);
        if (c == '`') {
          if (!consume('`')) {
            return Optional.of(name.toString());
          }
        }
        name.append(c);
      }
    }
    int start = pos;
    while (pos < sql.length() && isWordChar(sql.charAt(pos))) {
      pos++;
    }
    return start == pos ? Optional.empty() : Optional.of(sql.substring(start, pos));
  }

  /**
   * A type name with optional precision and scale, e.g. {@code double} or {@code decimal(10, 2)}.
   */
  Optional<String> primitiveType() {
    skipBlanks();
    int start = pos;
    while (pos < sql.length() && Character.isLetter(sql.charAt(pos))) {
      pos++;
    }
    if (start == pos) {
      return Optional.empty();
    }
    String name = sql.substring(start, pos);
    skipBlanks();
    if (!consume('(')) {
      return Optional.of(name);
    }
    StringBuilder args = new StringBuilder();
    while (pos < sql.length() && sql.charAt(pos) != ')') {
      char c = sql.charAt(pos++);
      if (!Character.isDigit(c) && c != ',' && !Character.isWhitespace(c)) {
        return Optional.empty();
      }
      if (!Character.isWhitespace(c)) {
        args.append(c);
      }
    }
    return consume(')') ? Optional.of(name + "(" + args + ")") : Optional.empty();
  }

  /**
   * A string literal in single or double quotes with Spark's backslash escapes; adjacent ones
   * concatenate.
   */
  Optional<String> string() {
    skipBlanks();
    if (pos >= sql.length() || (sql.charAt(pos) != '\'' && sql.charAt(pos) != '"')) {
      return Optional.empty();
    }
    StringBuilder value = new StringBuilder();
    while (pos < sql.length() && (sql.charAt(pos) == '\'' || sql.charAt(pos) == '"')) {
      char quote = sql.charAt(pos++);
      while (true) {
        if (pos >= sql.length()) {
          throw new IllegalStateException("unterminated string");
        }
        char c = sql.charAt(pos++);
        if (c == quote) {
          break;
        }
        if (c == '\\' && pos < sql.length()) {
          value.append(unescape(sql.charAt(pos++)));
        } else {
          value.append(c);
        }
      }
      skipBlanks();
    }
    return Optional.of(value.toString());
  }

  private static char unescape(char c) {
    return switch (c) {
      case 'n' -> '\n';
      case 't' -> '\t';
      case 'r' -> '\r';
      case 'b' -> '\b';
      case '0' -> '\0';
      default -> c;
    };
  }

  /**
   * Where the statement's trailing semicolons start (blanks and comments after them allowed),
   * reading quotes and comments as Spark does, or -1 when it does not end with one.
   */
  int trailingSemicolonsStart() {
    int semicolonsStart = -1;
    while (true) {
      skipBlanks();
      if (pos >= sql.length()) {
        return semicolonsStart;
      }
      char c = sql.charAt(pos);
      if (c == '\'' || c == '"') {
        string();
      } else if (c == '`') {
        identifier();
      } else {
        pos++;
      }
      if (c == ';') {
        semicolonsStart = semicolonsStart < 0 ? pos - 1 : semicolonsStart;
      } else {
        semicolonsStart = -1;
      }
    }
  }

  /**
   * Where a second statement starts (its first token after a semicolon that ends the first),
   * reading quotes and comments as Spark does, or -1 when there is none.
   */
  int secondStatementStart() {
    boolean sawToken = false;
    boolean afterSemicolon = false;
    while (true) {
      skipBlanks();
      if (pos >= sql.length()) {
        return -1;
      }
      char c = sql.charAt(pos);
      if (c == ';') {
        pos++;
        afterSemicolon = sawToken;
        continue;
      }
      if (afterSemicolon) {
        return pos;
      }
      sawToken = true;
      if (c == '\'' || c == '"') {
        string();
      } else if (c == '`') {
        identifier();
      } else {
        pos++;
      }
    }
  }

  boolean atEnd() {
    skipBlanks();
    while (consume(';')) {
      skipBlanks();
    }
    return pos == sql.length();
  }

  private boolean consume(char c) {
    if (pos < sql.length() && sql.charAt(pos) == c) {
      pos++;
      return true;
    }
    return false;
  }

  private void skipBlanks() {
    while (pos < sql.length()) {
      if (Character.isWhitespace(sql.charAt(pos))) {
        pos++;
      } else if (sql.startsWith("--", pos)) {
        int end = sql.indexOf('\n', pos);
        pos = end < 0 ? sql.length() : end + 1;
      } else if (sql.startsWith("/*", pos)) {
        int end = sql.indexOf("*/", pos + 2);
        if (end < 0) {
          throw new IllegalStateException("unterminated comment");
        }
        pos = end + 2;
      } else {
        return;
      }
    }
  }

  private static boolean isWordChar(char c) {
    return Character.isLetterOrDigit(c) || c == '_';
  }
}
