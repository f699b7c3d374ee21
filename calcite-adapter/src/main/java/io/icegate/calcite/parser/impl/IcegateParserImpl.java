package io.icegate.calcite.parser.impl;

import java.io.Reader;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.calcite.sql.parser.SqlParserImplFactory;
import org.apache.calcite.util.SourceStringReader;

/**
 * The parser JavaCC generated from Calcite's template and Icegate's includes ({@link
 * IcegateSqlParserImpl}), finished with the one step the template cannot express: time-travel
 * clauses become {@code SqlTimeTravel} nodes. Create it through {@link #FACTORY}; {@code
 * IcegateSqlParserImpl.FACTORY} would skip that step.
 */
public final class IcegateParserImpl extends IcegateSqlParserImpl {
  /** Creates Icegate's parser; pass it to Calcite as {@code SqlParser.Config#withParserFactory}. */
  public static final SqlParserImplFactory FACTORY =
      new SqlParserImplFactory() {
        @Override
        public SqlAbstractParserImpl getParser(Reader reader) {
          IcegateParserImpl parser = new IcegateParserImpl(reader);
          if (reader instanceof SourceStringReader source) {
            // As the generated factory does: keep the text for error messages, and read it in one
            // buffer.
            String sql = source.getSourceString();
            parser.setOriginalSql(sql);
            parser.jj_input_stream.ReInit(reader, 1, 1, sql.length());
          }
          return parser;
        }
      };

  private IcegateParserImpl(Reader reader) {
    super(reader);
  }

  @Override
  public SqlNode parseSqlStmtEof() throws Exception {
    return TimeTravelResolver.resolve(super.parseSqlStmtEof());
  }

  @Override
  public SqlNodeList parseSqlStmtList() throws Exception {
    return TimeTravelResolver.resolve(super.parseSqlStmtList());
  }

  @Override
  public SqlNode parseSqlExpressionEof() throws Exception {
    return TimeTravelResolver.resolve(super.parseSqlExpressionEof());
  }
}
