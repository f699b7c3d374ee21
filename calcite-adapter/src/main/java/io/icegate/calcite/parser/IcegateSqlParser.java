package io.icegate.calcite.parser;

import io.icegate.calcite.parser.impl.IcegateParserImpl;
import java.util.List;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.avatica.util.Quoting;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserImplFactory;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.validate.SqlConformanceEnum;

/**
 * Parses Spark SQL with Iceberg's extensions into Calcite parse trees, so the gateway can decide
 * what to do with a statement before anything runs.
 *
 * <p>What it reads: the SQL that Calcite's grammar reads (queries, DML), with Spark's lexical
 * rules, plus
 *
 * <ul>
 *   <li>{@code CALL [catalog.]system.procedure(...)} as a {@link SqlIcebergCall}, and {@code
 *       EXPLAIN CALL ...} as a {@link SqlExplainIcebergCall};
 *   <li>{@code VERSION AS OF}, {@code TIMESTAMP AS OF}, {@code FOR SYSTEM_VERSION AS OF} and {@code
 *       FOR SYSTEM_TIME AS OF} after a table name as a {@link SqlTimeTravel};
 *   <li>metadata tables ({@code prod.db.table.snapshots}), map subscripts ({@code
 *       summary['spark.app.id']}) and struct fields ({@code readable_metrics.id.lower_bound},
 *       {@code partition.dt}).
 * </ul>
 *
 * <p><b>Contract for what it cannot read.</b> Much of Spark SQL is not Calcite SQL: DDL ({@code
 * CREATE TABLE ... USING iceberg}, {@code ALTER TABLE ... ADD PARTITION FIELD}), {@code SHOW},
 * {@code USE}, Spark-only syntax. Every such statement fails here with a {@link SqlParseException}
 * that carries the position of the first token it could not read ({@link
 * SqlParseException#getPos()}). That failure is not an error for the gateway: it sends such a
 * statement to Spark as the user wrote it. Only a statement this parser reads can go elsewhere (a
 * CALL to the procedure bridge, a metadata query to the native path). A statement that Icegate's
 * own rules refuse (a CALL mixing named and positional arguments, time travel on a table being
 * written) fails the same way, with a message that says what is wrong; the gateway may show it or
 * let Spark answer.
 *
 * <p>Lexical rules, as Spark's: identifiers quoted with back-ticks ({@code `a``b`} is {@code a`b});
 * unquoted identifiers keep their spelling and are compared case-insensitively later ({@link
 * #CONFIG} is case-insensitive); strings in single or double quotes with backslash escapes,
 * adjacent strings concatenated (exactly Spark's rules in CALL arguments and VERSION AS OF;
 * elsewhere a single-quoted string without an escaped quote follows standard SQL, see {@link
 * SparkStringLiterals}); {@code --} and {@code /* *}{@code /} comments; one trailing {@code ;}.
 *
 * <p>Thread-safe: every call creates its own parser.
 */
public final class IcegateSqlParser {
  /** Creates Icegate's parser; for Calcite APIs that take a {@code SqlParserImplFactory}. */
  public static final SqlParserImplFactory FACTORY = IcegateParserImpl.FACTORY;

  /** Calcite's parser configuration for Icegate: the factory above and Spark's lexical rules. */
  public static final SqlParser.Config CONFIG =
      SqlParser.config()
          .withParserFactory(FACTORY)
          .withQuoting(Quoting.BACK_TICK)
          // Keep names as written: Spark compares them case-insensitively but reports them as
          // spelled.
          .withQuotedCasing(Casing.UNCHANGED)
          .withUnquotedCasing(Casing.UNCHANGED)
          .withCaseSensitive(false)
          // Lenient where Spark is: != and %, LIMIT a, b, SELECT without FROM, ...
          .withConformance(SqlConformanceEnum.BABEL)
          // Spark has no limit, and paths are identifiers there (parquet.`/a/long/path`).
          .withIdentifierMaxLength(Integer.MAX_VALUE);

  private IcegateSqlParser() {}

  /**
   * Parses one statement; a trailing {@code ;} is allowed.
   *
   * @throws SqlParseException if the text is not exactly one statement this parser reads (see the
   *     class comment: such statements go to Spark unparsed)
   */
  public static SqlNode parse(String sql) throws SqlParseException {
    List<SqlNode> statements = parseAll(sql);
    if (statements.size() != 1) {
      SqlParserPos pos =
          statements.isEmpty() ? new SqlParserPos(1, 1) : statements.get(1).getParserPosition();
      throw new SqlParseException(
          "Cannot parse "
              + (statements.isEmpty()
                  ? "an empty statement"
                  : statements.size() + " statements as one")
              + " (at line "
              + pos.getLineNum()
              + ", column "
              + pos.getColumnNum()
              + ")",
          pos,
          null,
          null,
          null);
    }
    return statements.get(0);
  }

  /**
   * Parses a script of statements separated by {@code ;}.
   *
   * @throws SqlParseException if any statement is not one this parser reads
   */
  public static List<SqlNode> parseAll(String sql) throws SqlParseException {
    SqlNodeList statements = SqlParser.create(sql, CONFIG).parseStmtList();
    return List.copyOf(statements.getList());
  }
}
