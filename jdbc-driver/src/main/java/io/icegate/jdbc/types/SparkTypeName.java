package io.icegate.jdbc.types;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Parses Spark type strings in the {@code catalogString} / {@code simpleString} form: {@code int},
 * {@code decimal(10,2)}, {@code array<T>}, {@code map<K,V>}, {@code struct<name:T,...>}, nested to
 * any depth. Field names may be backticked ({@code `a b`:int}, with {@code ``} for a backtick);
 * keywords are case-insensitive and blanks around punctuation are ignored.
 */
final class SparkTypeName {

  private final String text;
  private int pos;

  private SparkTypeName(String text) {
    this.text = text;
  }

  /**
   * Parses a Spark type string.
   *
   * @param text the type string
   * @return the type
   * @throws IllegalArgumentException if {@code text} is not a Spark type string
   */
  public static SparkType parse(String text) {
    if (text == null) {
      throw new IllegalArgumentException("Cannot parse Spark type: no type name");
    }
    SparkTypeName parser = new SparkTypeName(text);
    SparkType type = parser.type();
    parser.skipBlanks();
    if (parser.pos < text.length()) {
      throw parser.error("unexpected '" + text.charAt(parser.pos) + "'");
    }
    return type;
  }

  private SparkType type() {
    skipBlanks();
    String word = word();
    if (word.isEmpty()) {
      throw error(
          pos < text.length()
              ? "expected a type name but found '" + text.charAt(pos) + "'"
              : "expected a type name but the text ended");
    }
    String keyword = word.toLowerCase(Locale.ROOT);
    skipBlanks();
    if (peek('<')) {
      pos++;
      return switch (keyword) {
        case "array" -> arrayRest();
        case "map" -> mapRest();
        case "struct" -> structRest();
        default -> throw error("'" + word + "' takes no type arguments");
      };
    }
    if (keyword.equals("array") || keyword.equals("map") || keyword.equals("struct")) {
      throw error("expected '<' after '" + word + "'");
    }
    return atomicRest(word);
  }

  private SparkType arrayRest() {
    SparkType element = type();
    expect('>');
    return new SparkType.ArrayType(element);
  }

  private SparkType mapRest() {
    SparkType key = type();
    expect(',');
    SparkType value = type();
    expect('>');
    return new SparkType.MapType(key, value);
  }

  private SparkType structRest() {
    List<SparkType.StructField> fields = new ArrayList<>();
    skipBlanks();
    if (peek('>')) {
      pos++;
      return new SparkType.StructType(fields);
    }
    do {
      String name = fieldName();
      expect(':');
      fields.add(new SparkType.StructField(name, type()));
      skipBlanks();
    } while (consume(','));
    expect('>');
    return new SparkType.StructType(fields);
  }

  /** Reads the rest of an atomic type: more words ("interval day to second") and "(10,2)". */
  private SparkType atomicRest(String firstWord) {
    StringBuilder name = new StringBuilder(firstWord);
    while (true) {
      int mark = pos;
      skipBlanks();
      String next = word();
      if (next.isEmpty()) {
        pos = mark;
        break;
      }
      name.append(' ').append(next);
    }
    skipBlanks();
    if (consume('(')) {
      name.append('(');
      while (!peek(')')) {
        if (pos >= text.length()) {
          throw error("expected ')'");
        }
        char c = text.charAt(pos++);
        if (Character.isDigit(c) || c == ',') {
          name.append(c);
        } else if (!Character.isWhitespace(c)) {
          throw error("unexpected '" + c + "' in type parameters");
        }
      }
      pos++;
      name.append(')');
    }
    return new SparkType.AtomicType(name.toString());
  }

  private String fieldName() {
    skipBlanks();
    if (!consume('`')) {
      int start = pos;
      while (pos < text.length() && text.charAt(pos) != ':') {
        pos++;
      }
      String name = text.substring(start, pos).trim();
      if (name.isEmpty()) {
        throw error("expected a field name");
      }
      return name;
    }
    StringBuilder name = new StringBuilder();
    while (true) {
      if (pos >= text.length()) {
        throw error("unterminated backticked field name");
      }
      char c = text.charAt(pos++);
      if (c == '`') {
        if (!consume('`')) {
          return name.toString();
        }
      }
      name.append(c);
    }
  }

  private String word() {
    int start = pos;
    while (pos < text.length()
        && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
      pos++;
    }
    return text.substring(start, pos);
  }

  private void expect(char c) {
    skipBlanks();
    if (!consume(c)) {
      throw error(
          pos < text.length()
              ? "expected '" + c + "' but found '" + text.charAt(pos) + "'"
              : "expected '" + c + "' but the text ended");
    }
  }

  private boolean consume(char c) {
    if (peek(c)) {
      pos++;
      return true;
    }
    return false;
  }

  private boolean peek(char c) {
    return pos < text.length() && text.charAt(pos) == c;
  }

  private void skipBlanks() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
  }

  private IllegalArgumentException error(String problem) {
    return new IllegalArgumentException(
        "Cannot parse Spark type '" + text + "': " + problem + " at position " + pos);
  }
}
