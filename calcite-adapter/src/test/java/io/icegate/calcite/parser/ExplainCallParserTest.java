package io.icegate.calcite.parser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.calcite.sql.SqlExplain;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.junit.jupiter.api.Test;

/** EXPLAIN CALL: a parse-tree node around the CALL, beside Calcite's own EXPLAIN PLAN FOR. */
class ExplainCallParserTest {

  @Test
  void wrapsTheCall() throws SqlParseException {
    SqlNode node =
        IcegateSqlParser.parse(
            "explain CALL demo.system.expire_snapshots(table => 'db.t', retain_last => 5);");

    assertThat(node).isInstanceOf(SqlExplainIcebergCall.class);
    assertThat(node.getKind()).isEqualTo(SqlKind.EXPLAIN);
    SqlIcebergCall call = ((SqlExplainIcebergCall) node).call();
    assertThat(call.catalog()).contains("demo");
    assertThat(call.procedureName()).isEqualTo("expire_snapshots");
    assertThat(call.arguments()).hasSize(2);
    assertThat(node.toString())
        .isEqualTo(
            "EXPLAIN CALL `demo`.`system`.`expire_snapshots` (`table` => 'db.t', `retain_last` =>"
                + " 5)");
  }

  @Test
  void keepsCalcitesExplainPlan() throws SqlParseException {
    assertThat(IcegateSqlParser.parse("EXPLAIN PLAN FOR SELECT 1")).isInstanceOf(SqlExplain.class);
  }

  @Test
  void refusesWhatCallRefuses() {
    assertThatThrownBy(() -> IcegateSqlParser.parse("EXPLAIN CALL cat.system.p(a => 1, 2)"))
        .isInstanceOf(SqlParseException.class)
        .hasMessage(
            "Cannot call cat.system.p: named and positional arguments cannot be mixed "
                + "(argument 1 is named 'a', argument 2 is positional) (at line 1, column 35)");
  }
}
