package io.icegate.calcite.parser;

import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Builds the exceptions Icegate's grammar throws for input it reads but refuses.
 *
 * <p>The generated parser turns a {@link CalciteContextException} into a {@code SqlParseException}
 * that keeps the position and the cause's message, so every refusal reaches the caller the same way
 * a syntax error does.
 */
public final class ParseFailures {
  private ParseFailures() {}

  /**
   * A failure at {@code pos} with {@code message}, to which the position is appended for people to
   * read.
   */
  public static CalciteContextException at(SqlParserPos pos, String message) {
    String located =
        message + " (at line " + pos.getLineNum() + ", column " + pos.getColumnNum() + ")";
    return new CalciteContextException(
        located,
        new IllegalArgumentException(located),
        pos.getLineNum(),
        pos.getColumnNum(),
        pos.getEndLineNum(),
        pos.getEndColumnNum());
  }
}
