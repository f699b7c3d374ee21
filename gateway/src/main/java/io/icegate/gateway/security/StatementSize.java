package io.icegate.gateway.security;

import io.icegate.gateway.config.Setting;
import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * Refuses, before any parser sees it, a statement longer or more deeply nested than the gateway
 * accepts. Parsing and analysis run on the request's thread and no cancel or timeout reaches them
 * (they start no Spark job): a megabyte of SQL or a thousand nested parentheses would hold a
 * thread, and a core, for tens of seconds.
 */
public final class StatementSize {
  private StatementSize() {}

  /**
   * @throws GatewayException (54000) when {@code sql} has more than {@code maxChars} characters,
   *     (54001) when its parentheses or bracketed comments nest deeper than {@code maxDepth}
   */
  public static void check(String sql, int maxChars, int maxDepth) {
    if (sql.length() > maxChars) {
      throw new GatewayException(
          ErrorCode.STATEMENT_TOO_LONG,
          "Cannot run a statement of "
              + sql.length()
              + " characters: the gateway accepts at most "
              + maxChars
              + " ("
              + Setting.MAX_STATEMENT_CHARS.key()
              + "); split it, or load large data from files");
    }
    int depth = deepestNesting(sql);
    if (depth > maxDepth) {
      throw new GatewayException(
          ErrorCode.STATEMENT_TOO_COMPLEX,
          "Cannot run the statement: it nests parentheses"
              + " or comments "
              + depth
              + " deep, and the gateway accepts at most "
              + maxDepth
              + " ("
              + Setting.MAX_NESTING.key()
              + "); simplify it");
    }
  }

  /**
   * Refuses a parsed statement with more query blocks ({@code SELECT}s, in subqueries, set
   * operations and {@code WITH} entries) than {@code maxBlocks}: Spark's analysis of a long chain
   * of common table expressions takes seconds per few hundred, on the request's thread, where no
   * cancel reaches it.
   *
   * @throws GatewayException (54001) when there are more
   */
  public static void checkQueryBlocks(SqlNode statement, int maxBlocks) {
    int[] blocks = {0};
    statement.accept(
        new SqlBasicVisitor<Void>() {
          @Override
          public Void visit(SqlCall call) {
            if (call instanceof SqlSelect) {
              blocks[0]++;
            }
            return super.visit(call);
          }
        });
    if (blocks[0] > maxBlocks) {
      throw new GatewayException(
          ErrorCode.STATEMENT_TOO_COMPLEX,
          "Cannot run the statement: it has "
              + blocks[0]
              + " query blocks (SELECTs), and the gateway accepts at most "
              + maxBlocks
              + " ("
              + Setting.MAX_QUERY_BLOCKS.key()
              + "); simplify it");
    }
  }

  /**
   * The deepest nesting of parentheses and of bracketed comments, outside string literals and
   * quoted names.
   */
  static int deepestNesting(String sql) {
    int parens = 0;
    int comments = 0;
    int deepest = 0;
    int n = sql.length();
    for (int i = 0; i < n; i++) {
      char c = sql.charAt(i);
      char next = i + 1 < n ? sql.charAt(i + 1) : 0;
      if (comments > 0) {
        if (c == '/' && next == '*') {
          comments++;
          i++;
        } else if (c == '*' && next == '/') {
          comments--;
          i++;
        }
      } else if (c == '/' && next == '*') {
        comments = 1;
        i++;
      } else if (c == '-' && next == '-') {
        while (i < n && sql.charAt(i) != '\n') {
          i++;
        }
      } else if (c == '\'' || c == '"' || c == '`') {
        i = endOfQuoted(sql, i, c);
      } else if (c == '(') {
        parens++;
      } else if (c == ')') {
        parens = Math.max(0, parens - 1);
      }
      deepest = Math.max(deepest, Math.max(parens, comments));
    }
    return deepest;
  }

  /**
   * The index of the quote that closes the literal or name opened at {@code start} (or the end).
   */
  private static int endOfQuoted(String sql, int start, char quote) {
    for (int i = start + 1; i < sql.length(); i++) {
      char c = sql.charAt(i);
      if (c == '\\' && quote != '`') {
        i++;
      } else if (c == quote) {
        return i;
      }
    }
    return sql.length();
  }
}
