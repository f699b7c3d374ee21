package io.icegate.gateway.options;

import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.Token;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.parser.ParserUtils;
import org.apache.spark.sql.catalyst.parser.SqlBaseLexer;
import org.apache.spark.sql.catalyst.parser.UpperCaseCharStream;

/**
 * The options clauses of a statement, as Spark 4 writes them ({@code FROM t WITH ('k' = 'v')},
 * {@code INSERT INTO t WITH ('k' = 'v') SELECT ...}), found with Spark's own lexer: string
 * literals, comments and quoted names cannot fake or hide one. A clause is {@code WITH} followed by
 * {@code (}: a common table expression is {@code WITH name AS (...)}, never {@code WITH (}.
 */
public final class OptionsClauses {
  /**
   * One clause: where it is in the text, the last token before it, and its options in order.
   *
   * @param start index of WITH
   * @param end index after the closing parenthesis
   * @param before start index of the last token before WITH (the table name, or the end of its
   *     time-travel clause)
   * @param insertTarget the table name of {@code INSERT INTO|OVERWRITE [TABLE] name} when the
   *     clause follows one, as written
   */
  public record Clause(
      int start, int end, int before, Optional<String> insertTarget, Map<String, String> options) {}

  /** A statement's clauses, and its text with each clause replaced by blanks (same positions). */
  public record Found(String sql, String withoutClauses, List<Clause> clauses) {}

  private OptionsClauses() {}

  /**
   * The options clauses of a statement that Spark 3.5's parser refuses as written, or empty: a
   * statement Spark reads as it is has none (whatever {@code WITH (} means in it).
   */
  public static Optional<Found> find(SparkSession session, String sql) {
    // Only a shortcut: the lexer below decides.
    if (!sql.toUpperCase(Locale.ROOT).contains("WITH")) {
      return Optional.empty();
    }
    List<Token> tokens = tokens(sql);
    boolean candidate = false;
    for (int i = 1; i + 1 < tokens.size() && !candidate; i++) {
      candidate =
          tokens.get(i).getType() == SqlBaseLexer.WITH
              && tokens.get(i + 1).getType() == SqlBaseLexer.LEFT_PAREN;
    }
    if (!candidate || sparkParses(session, sql)) {
      return Optional.empty();
    }
    return find(sql);
  }

  private static boolean sparkParses(SparkSession session, String sql) {
    try {
      session.sessionState().sqlParser().parsePlan(sql);
      return true;
    } catch (Exception e) {
      // Spark's ParseException, or the policy's refusal, which the statement meets again later.
      return false;
    }
  }

  /**
   * The options clauses of {@code sql}, or empty when it has none.
   *
   * @throws GatewayException when a clause is not {@code WITH ( key [=] value, ... )} with literal
   *     keys and values
   */
  public static Optional<Found> find(String sql) {
    List<Token> tokens = tokens(sql);
    List<Clause> clauses = new ArrayList<>();
    for (int i = 0; i + 1 < tokens.size(); i++) {
      if (tokens.get(i).getType() == SqlBaseLexer.WITH
          && tokens.get(i + 1).getType() == SqlBaseLexer.LEFT_PAREN
          && i > 0) {
        clauses.add(clause(sql, tokens, i));
      }
    }
    if (clauses.isEmpty()) {
      return Optional.empty();
    }
    StringBuilder blanked = new StringBuilder(sql);
    for (Clause clause : clauses) {
      for (int k = clause.start(); k < clause.end(); k++) {
        if (blanked.charAt(k) != '\n') {
          blanked.setCharAt(k, ' ');
        }
      }
    }
    return Optional.of(new Found(sql, blanked.toString(), List.copyOf(clauses)));
  }

  private static Clause clause(String sql, List<Token> tokens, int with) {
    Map<String, String> options = new LinkedHashMap<>();
    int i = with + 2;
    while (true) {
      Token key = at(tokens, i, sql, with);
      StringBuilder name = new StringBuilder();
      if (isString(key)) {
        name.append(string(key));
        i++;
      } else if (isWord(key)) {
        // Spark's propertyKey: identifier (. identifier)*
        name.append(word(key));
        i++;
        while (at(tokens, i, sql, with).getType() == SqlBaseLexer.DOT
            && isWord(at(tokens, i + 1, sql, with))) {
          name.append('.').append(word(tokens.get(i + 1)));
          i += 2;
        }
      } else {
        throw malformed(sql, with, "an option name (a string such as 'split-size')", key);
      }
      if (at(tokens, i, sql, with).getType() == SqlBaseLexer.EQ) {
        i++;
      }
      Token value = at(tokens, i, sql, with);
      String text;
      if (isString(value)) {
        text = string(value);
        i++;
      } else if (value.getType() == SqlBaseLexer.TRUE || value.getType() == SqlBaseLexer.FALSE) {
        text = value.getText().toLowerCase(Locale.ROOT);
        i++;
      } else if (value.getType() == SqlBaseLexer.MINUS && isNumber(at(tokens, i + 1, sql, with))) {
        text = "-" + tokens.get(i + 1).getText();
        i += 2;
      } else if (isNumber(value)) {
        text = value.getText();
        i++;
      } else if (value.getType() == SqlBaseLexer.QUESTION
          || value.getType() == SqlBaseLexer.COLON) {
        throw new GatewayException(
            ErrorCode.NOT_SUPPORTED,
            "Option '"
                + name
                + "' takes a literal value: parameters are not read in an options clause"
                + " (WITH (...) at position "
                + (tokens.get(with).getStartIndex() + 1)
                + ")");
      } else {
        throw malformed(sql, with, "a literal value for option '" + name + "'", value);
      }
      String previous = putNew(options, name.toString(), text);
      if (previous != null) {
        throw new GatewayException(
            ErrorCode.DUPLICATE_ARGUMENT,
            "Option '"
                + name
                + "' is given twice in the options clause at position "
                + (tokens.get(with).getStartIndex() + 1));
      }
      Token next = at(tokens, i, sql, with);
      if (next.getType() == SqlBaseLexer.RIGHT_PAREN) {
        Token before = tokens.get(with - 1);
        Optional<Integer> target = insertTargetStart(tokens, with);
        return new Clause(
            tokens.get(with).getStartIndex(),
            next.getStopIndex() + 1,
            before.getStartIndex(),
            target.map(
                t -> sql.substring(tokens.get(t).getStartIndex(), before.getStopIndex() + 1)),
            options);
      }
      if (next.getType() != SqlBaseLexer.COMMA) {
        throw malformed(sql, with, "',' or ')'", next);
      }
      i++;
    }
  }

  /** A key already given, compared without case as Spark's options compare. */
  private static String putNew(Map<String, String> options, String key, String value) {
    for (String given : options.keySet()) {
      if (given.equalsIgnoreCase(key)) {
        return given;
      }
    }
    options.put(key, value);
    return null;
  }

  /**
   * The index of the first name token when the tokens before {@code with} are {@code INSERT INTO
   * [TABLE] a.b.c} or {@code INSERT OVERWRITE [TABLE] a.b.c}.
   */
  private static Optional<Integer> insertTargetStart(List<Token> tokens, int with) {
    int i = with - 1;
    if (!isWord(tokens.get(i))) {
      return Optional.empty();
    }
    while (i >= 2 && tokens.get(i - 1).getType() == SqlBaseLexer.DOT && isWord(tokens.get(i - 2))) {
      i -= 2;
    }
    int first = i;
    int k = i - 1;
    if (k >= 0 && tokens.get(k).getType() == SqlBaseLexer.TABLE) {
      k--;
    }
    if (k >= 1
        && (tokens.get(k).getType() == SqlBaseLexer.INTO
            || tokens.get(k).getType() == SqlBaseLexer.OVERWRITE)
        && tokens.get(k - 1).getType() == SqlBaseLexer.INSERT) {
      return Optional.of(first);
    }
    return Optional.empty();
  }

  private static Token at(List<Token> tokens, int i, String sql, int with) {
    if (i >= tokens.size()) {
      throw new GatewayException(
          ErrorCode.SYNTAX_ERROR,
          "The options clause WITH (...) at position "
              + (tokens.get(with).getStartIndex() + 1)
              + " is not closed: write WITH ('key' = 'value', ...)");
    }
    return tokens.get(i);
  }

  private static GatewayException malformed(String sql, int with, String expected, Token found) {
    return new GatewayException(
        ErrorCode.SYNTAX_ERROR,
        "The options clause WITH (...) needs "
            + expected
            + " at position "
            + (found.getStartIndex() + 1)
            + ", not '"
            + found.getText()
            + "'; write WITH ('key' = 'value', ...)");
  }

  private static boolean isString(Token token) {
    return token.getType() == SqlBaseLexer.STRING_LITERAL
        || token.getType() == SqlBaseLexer.DOUBLEQUOTED_STRING;
  }

  private static String string(Token token) {
    return ParserUtils.unescapeSQLString(token.getText());
  }

  private static boolean isNumber(Token token) {
    int type = token.getType();
    return type == SqlBaseLexer.INTEGER_VALUE
        || type == SqlBaseLexer.DECIMAL_VALUE
        || type == SqlBaseLexer.EXPONENT_VALUE
        || type == SqlBaseLexer.BIGINT_LITERAL;
  }

  /** An identifier, quoted or not, or a keyword (Spark's non-reserved words name tables too). */
  private static boolean isWord(Token token) {
    int type = token.getType();
    if (type == SqlBaseLexer.IDENTIFIER || type == SqlBaseLexer.BACKQUOTED_IDENTIFIER) {
      return true;
    }
    String literal = SqlBaseLexer.VOCABULARY.getLiteralName(type);
    return literal != null && literal.matches("'[A-Z_]+'");
  }

  private static String word(Token token) {
    String text = token.getText();
    return token.getType() == SqlBaseLexer.BACKQUOTED_IDENTIFIER
        ? text.substring(1, text.length() - 1).replace("``", "`")
        : text;
  }

  /** The statement's tokens on the default channel (no blanks, no comments), as Spark lexes it. */
  private static List<Token> tokens(String sql) {
    SqlBaseLexer lexer = new SqlBaseLexer(new UpperCaseCharStream(CharStreams.fromString(sql)));
    lexer.removeErrorListeners();
    List<Token> visible = new ArrayList<>();
    for (Token token : lexer.getAllTokens()) {
      if (token.getChannel() == Token.DEFAULT_CHANNEL) {
        visible.add(token);
      }
    }
    return visible;
  }
}
