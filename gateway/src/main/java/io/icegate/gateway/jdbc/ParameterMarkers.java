package io.icegate.gateway.jdbc;

/** Counts JDBC {@code ?} parameter markers, skipping quoted text, identifiers and comments. */
final class ParameterMarkers {
  private ParameterMarkers() {}

  static int count(String sql) {
    int count = 0;
    int i = 0;
    int n = sql.length();
    while (i < n) {
      char c = sql.charAt(i);
      if (c == '\'' || c == '"' || c == '`') {
        i = skipQuoted(sql, i, c);
      } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
        int end = sql.indexOf('\n', i);
        i = end < 0 ? n : end + 1;
      } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
        int end = sql.indexOf("*/", i + 2);
        i = end < 0 ? n : end + 2;
      } else {
        if (c == '?') {
          count++;
        }
        i++;
      }
    }
    return count;
  }

  /**
   * Index just past the quoted run starting at {@code start}; Spark escapes with a backslash or a
   * doubled quote.
   */
  private static int skipQuoted(String sql, int start, char quote) {
    int i = start + 1;
    while (i < sql.length()) {
      char c = sql.charAt(i);
      if (c == '\\' && quote != '`') {
        i += 2;
      } else if (c == quote) {
        if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
          i += 2;
        } else {
          return i + 1;
        }
      } else {
        i++;
      }
    }
    return i;
  }
}
