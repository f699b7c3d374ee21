package io.icegate.calcite.parser;

/**
 * Decodes string literals with Spark 3.5's rules, so that a value Icegate passes on to Spark is the
 * value Spark itself would have read from the same text.
 *
 * <p>Spark quotes strings with {@code '} or {@code "}, escapes with a backslash ({@code \n}, {@code
 * \t}, {@code \\}, {@code \'}, {@code \u0041}, {@code \U0001F600}, octal {@code \101}, ...) and
 * concatenates adjacent literals, so {@code 'it''s'} reads as {@code its}, not as standard SQL's
 * {@code it's}.
 */
public final class SparkStringLiterals {
  private SparkStringLiterals() {}

  /**
   * Decodes {@code text}: one or more quoted strings written next to each other, as one token of
   * the lexer holds them.
   *
   * @throws IllegalArgumentException if Spark would not read {@code text} as adjacent string
   *     literals
   */
  public static String decode(String text) {
    StringBuilder value = new StringBuilder(text.length());
    int i = 0;
    do {
      i = decodeOne(text, i, value);
    } while (i < text.length());
    return value.toString();
  }

  /**
   * Decodes the quoted string starting at {@code start}; returns the index after its closing quote.
   */
  private static int decodeOne(String text, int start, StringBuilder value) {
    char quote = text.charAt(start);
    if (quote != '\'' && quote != '"') {
      throw unreadable(text);
    }
    int i = start + 1;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == quote) {
        return i + 1;
      }
      if (c == '\\' && i + 1 < text.length()) {
        i = appendEscape(text, i, value);
      } else {
        value.append(c);
        i++;
      }
    }
    throw unreadable(text);
  }

  /**
   * Appends the escape sequence starting with the backslash at {@code i}; returns the index after
   * it.
   */
  private static int appendEscape(String text, int i, StringBuilder value) {
    char next = text.charAt(i + 1);
    if (next == 'u' && isHex(text, i + 2, 4)) {
      value.append((char) Integer.parseInt(text.substring(i + 2, i + 6), 16));
      return i + 6;
    }
    if (next == 'U' && isHex(text, i + 2, 8)) {
      appendCodePoint(Long.parseLong(text.substring(i + 2, i + 10), 16), value);
      return i + 10;
    }
    if (isOctalEscape(text, i + 1)) {
      value.append((char) Integer.parseInt(text.substring(i + 1, i + 4), 8));
      return i + 4;
    }
    switch (next) {
      case '0' -> value.append('\u0000');
      case 'b' -> value.append('\b');
      case 'n' -> value.append('\n');
      case 'r' -> value.append('\r');
      case 't' -> value.append('\t');
      case 'Z' -> value.append('\u001A');
      // Spark keeps these two escaped (MySQL's rule), so that LIKE patterns keep their meaning.
      case '%' -> value.append("\\%");
      case '_' -> value.append("\\_");
      default -> value.append(next);
    }
    return i + 2;
  }

  /** Appends a 32-bit code point the way Spark does, as a surrogate pair beyond the basic plane. */
  private static void appendCodePoint(long codePoint, StringBuilder value) {
    if (codePoint < 0x10000) {
      value.append((char) (codePoint & 0xFFFF));
    } else {
      value.append((char) ((codePoint - 0x10000) / 0x400 + 0xD800));
      value.append((char) ((codePoint - 0x10000) % 0x400 + 0xDC00));
    }
  }

  private static boolean isHex(String text, int from, int count) {
    if (from + count > text.length()) {
      return false;
    }
    for (int i = from; i < from + count; i++) {
      if (Character.digit(text.charAt(i), 16) < 0) {
        return false;
      }
    }
    return true;
  }

  /** Spark's octal escape is exactly three digits, the first 0 or 1. */
  private static boolean isOctalEscape(String text, int from) {
    return from + 3 <= text.length()
        && (text.charAt(from) == '0' || text.charAt(from) == '1')
        && isOctalDigit(text.charAt(from + 1))
        && isOctalDigit(text.charAt(from + 2));
  }

  private static boolean isOctalDigit(char c) {
    return c >= '0' && c <= '7';
  }

  private static IllegalArgumentException unreadable(String text) {
    return new IllegalArgumentException(
        "Cannot read string literal "
            + text
            + ": Spark would not read it as quoted strings (is a quote escaped with a backslash by"
            + " mistake?)");
  }
}
