package io.icegate.gateway.ddl;

import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;

/**
 * One statement per execute: text holding a second statement after a semicolon is refused before
 * anything runs, as MySQL's driver does by default, so that text an application joins from its
 * input cannot add a statement of its own ({@code ...'; DROP TABLE t; --}). Trailing semicolons,
 * and semicolons inside quotes and comments, are no second statement.
 */
public final class SeveralStatements {
  private SeveralStatements() {}

  /** Refuses {@code sql} when it holds more than one statement. */
  public static void check(String sql) {
    int second;
    try {
      second = new SparkTokens(sql).secondStatementStart();
    } catch (IllegalStateException e) {
      return; // An unterminated quote or comment: Spark's parser says where.
    }
    if (second < 0) {
      return;
    }
    String before = sql.substring(0, second);
    int line = (int) before.chars().filter(c -> c == '\n').count() + 1;
    int column = second - before.lastIndexOf('\n');
    String start = sql.substring(second).strip().lines().findFirst().orElse("");
    if (start.length() > 40) {
      start = start.substring(0, 40) + "...";
    }
    throw new GatewayException(
        ErrorCode.NOT_SUPPORTED,
        "Cannot run several statements in one execute: a second one starts at line "
            + line
            + ", column "
            + column
            + " ("
            + start
            + "). Icegate runs one statement per execute, so that text joined from input cannot"
            + " add a statement; send each statement on its own, or let the client split the"
            + " script (DBeaver's Execute Script, sqlline's !run, or addBatch for statements"
            + " without results)");
  }
}
