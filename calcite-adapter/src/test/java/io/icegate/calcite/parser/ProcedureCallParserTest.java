package io.icegate.calcite.parser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.calcite.testing.SpecificationExamples;
import java.math.BigDecimal;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlUnknownLiteral;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.junit.jupiter.api.Test;

/** CALL: names, named and positional arguments, every kind of value, and what is refused. */
class ProcedureCallParserTest {

  @Test
  void readsNamedArgumentsInAnyOrder() throws SqlParseException {
    SqlIcebergCall call =
        call("CALL cat.system.cherrypick_snapshot(snapshot_id => 1, table => 'my_table')");

    assertThat(call.catalog()).contains("cat");
    assertThat(call.procedureName()).isEqualTo("cherrypick_snapshot");
    assertThat(call.hasNamedArguments()).isTrue();
    assertThat(call.arguments())
        .extracting(argument -> argument.name().orElseThrow())
        .containsExactly("snapshot_id", "table");
    assertThat(value(call, 0)).isEqualTo(1L);
    assertThat(value(call, 1)).isEqualTo("my_table");
  }

  @Test
  void readsPositionalArguments() throws SqlParseException {
    SqlIcebergCall call = call("CALL system.fast_forward('my_table', 'main', 'audit-branch')");

    assertThat(call.catalog()).isEmpty();
    assertThat(call.hasNamedArguments()).isFalse();
    assertThat(call.arguments()).noneMatch(SqlProcedureArgument::isNamed);
    assertThat(call.arguments())
        .extracting(argument -> SqlLiteral.unchain(argument.value()).toValue())
        .containsExactly("my_table", "main", "audit-branch");
  }

  @Test
  void readsACallWithoutArguments() throws SqlParseException {
    assertThat(call("call cat.system.expire_snapshots()").arguments()).isEmpty();
  }

  @Test
  void keepsNamesAsWrittenAndAcceptsQuotedOnes() throws SqlParseException {
    SqlIcebergCall call =
        call("CALL My_Cat.`system`.Expire_Snapshots(`Table` => 'db.t', `my arg` => 1)");

    assertThat(call.procedure().names).containsExactly("My_Cat", "system", "Expire_Snapshots");
    assertThat(call.arguments())
        .extracting(argument -> argument.name().orElseThrow())
        .containsExactly("Table", "my arg");
  }

  @Test
  void acceptsACatalogNamedLikeAReservedWordAsSparkDoes() throws SqlParseException {
    for (String catalog : List.of("second", "year", "user", "table")) {
      SqlIcebergCall call = call("CALL " + catalog + ".system.expire_snapshots(table => 'db.t')");
      assertThat(call.catalog()).as(catalog).contains(catalog);
      assertThat(call.procedureName()).isEqualTo("expire_snapshots");
    }
    assertThat(IcegateSqlParser.parse("EXPLAIN CALL second.system.expire_snapshots('db.t')"))
        .isInstanceOf(SqlExplainIcebergCall.class);
  }

  @Test
  void acceptsReservedWordsThatIcebergUsesAsArgumentNames() throws SqlParseException {
    SqlIcebergCall call =
        call(
            "CALL c.system.p(table => 1, ref => 2, to => 3, where => 4, timestamp => 5, "
                + "options => 6, map => 7, version => 8, system => 9)");

    assertThat(call.arguments())
        .extracting(argument -> argument.name().orElseThrow())
        .containsExactly(
            "table", "ref", "to", "where", "timestamp", "options", "map", "version", "system");
  }

  /**
   * Every argument name in the specification's tables can be passed by name, reserved word or not.
   */
  @Test
  void acceptsEveryArgumentNameOfTheSpecification() throws SqlParseException {
    Matcher rows =
        Pattern.compile("(?m)^\\| ([a-z_]+) \\|").matcher(SpecificationExamples.procedureTables());
    StringBuilder arguments = new StringBuilder();
    int count = 0;
    while (rows.find()) {
      arguments.append(count++ == 0 ? "" : ", ").append(rows.group(1)).append(" => 1");
    }

    assertThat(count).isGreaterThan(80);
    assertThat(call("CALL c.system.p(" + arguments + ")").arguments()).hasSize(count);
  }

  @Test
  void refusesMixedArgumentsNamingTheProcedure() {
    assertThatThrownBy(
            () ->
                IcegateSqlParser.parse(
                    "CALL cat.system.rollback_to_snapshot(table => 'db.t',\n  1)"))
        .isInstanceOf(SqlParseException.class)
        .hasMessage(
            "Cannot call cat.system.rollback_to_snapshot: named and positional arguments cannot be"
                + " mixed (argument 1 is named 'table', argument 2 is positional) (at line 2,"
                + " column 3)")
        .extracting(e -> ((SqlParseException) e).getPos())
        .isEqualTo(new SqlParserPos(2, 3, 2, 3));
  }

  @Test
  void refusesAProcedureOutsideTheSystemNamespace() {
    assertThatThrownBy(() -> IcegateSqlParser.parse("CALL cat.db.expire_snapshots('t')"))
        .isInstanceOf(SqlParseException.class)
        .hasMessage(
            "Cannot call cat.db.expire_snapshots: an Iceberg procedure is named"
                + " [catalog.]system.<procedure>, for example CALL"
                + " my_catalog.system.expire_snapshots(...) (at line 1, column 6)");
    assertThatThrownBy(() -> IcegateSqlParser.parse("CALL expire_snapshots('t')"))
        .isInstanceOf(SqlParseException.class)
        .hasMessageStartingWith("Cannot call expire_snapshots: an Iceberg procedure is named");
  }

  @Test
  void readsEveryKindOfValue() throws SqlParseException {
    SqlIcebergCall call =
        call(
            "CALL c.system.p(a => 'text', b => 9223372036854775807, c => -1.50, d => 1e3, e =>"
                + " true, f => FALSE, g => NULL, h => TIMESTAMP '2021-06-30 00:00:00.000', i =>"
                + " DATE '2021-06-30', j => \"double quoted\")");

    assertThat(value(call, 0)).isEqualTo("text");
    assertThat(value(call, 1)).isEqualTo(Long.MAX_VALUE);
    assertThat(((SqlNumericLiteral) call.arguments().get(2).value()).getValueAs(BigDecimal.class))
        .isEqualByComparingTo("-1.50");
    assertThat(((SqlNumericLiteral) call.arguments().get(3).value()).isExact()).isFalse();
    assertThat(value(call, 4)).isEqualTo(true);
    assertThat(value(call, 5)).isEqualTo(false);
    assertThat(((SqlLiteral) call.arguments().get(6).value()).getTypeName().getName())
        .isEqualTo("NULL");
    SqlUnknownLiteral timestamp = (SqlUnknownLiteral) call.arguments().get(7).value();
    assertThat(timestamp.tag).isEqualTo("TIMESTAMP");
    assertThat(timestamp.getValue()).isEqualTo("2021-06-30 00:00:00.000");
    assertThat(((SqlUnknownLiteral) call.arguments().get(8).value()).tag).isEqualTo("DATE");
    assertThat(value(call, 9)).isEqualTo("double quoted");
  }

  @Test
  void readsSparkNumberSuffixes() throws SqlParseException {
    SqlIcebergCall call = call("CALL c.system.p(1L, -2S, 3Y, 4.5BD, 6D, 7.5F)");

    assertThat(call.arguments())
        .extracting(argument -> argument.value().toString())
        .containsExactly("1", "-2", "3", "4.5", "6E0", "7.5E0");
    assertThat(((SqlNumericLiteral) call.arguments().get(4).value()).isExact()).isFalse();
  }

  @Test
  void refusesASuffixThatDoesNotFit() {
    assertThatThrownBy(() -> IcegateSqlParser.parse("CALL c.system.p(128Y)"))
        .isInstanceOf(SqlParseException.class)
        .hasMessage("Cannot read 128Y: it must be between -128 and 127 (at line 1, column 17)");
    assertThatThrownBy(() -> IcegateSqlParser.parse("CALL c.system.p(1.5L)"))
        .isInstanceOf(SqlParseException.class)
        .hasMessage("Cannot read 1.5L: the L suffix needs a whole number (at line 1, column 17)");
  }

  @Test
  void readsMapsAndArraysInEverySpelling() throws SqlParseException {
    SqlIcebergCall call =
        call(
            "CALL c.system.p(a => map('k1', 'v1', 'k2', 'v2'), b => array(1, 2), "
                + "c => ARRAY[3], d => ARRAY('x'), e => array(), f => map())");

    SqlBasicCall map = (SqlBasicCall) call.arguments().get(0).value();
    assertThat(map.getKind()).isEqualTo(SqlKind.MAP_VALUE_CONSTRUCTOR);
    assertThat(map.getOperandList())
        .extracting(SqlNode::toString)
        .containsExactly("'k1'", "'v1'", "'k2'", "'v2'");
    for (int i = 1; i <= 4; i++) {
      assertThat(call.arguments().get(i).value().getKind())
          .isEqualTo(SqlKind.ARRAY_VALUE_CONSTRUCTOR);
    }
    assertThat(((SqlBasicCall) call.arguments().get(1).value()).getOperandList()).hasSize(2);
    assertThat(((SqlBasicCall) call.arguments().get(4).value()).getOperandList()).isEmpty();
    assertThat(call.arguments().get(5).value().getKind()).isEqualTo(SqlKind.MAP_VALUE_CONSTRUCTOR);
  }

  @Test
  void refusesAMapWithoutPairs() {
    assertThatThrownBy(() -> IcegateSqlParser.parse("CALL c.system.p(m => map('k1', 'v1', 'k2'))"))
        .isInstanceOf(SqlParseException.class)
        .hasMessage(
            "Cannot read map(...): it takes keys and values in pairs, but has 3 arguments "
                + "(at line 1, column 22)");
  }

  @Test
  void refusesExpressionsAsValuesAsIcebergDoes() {
    assertThatThrownBy(() -> IcegateSqlParser.parse("CALL c.system.p(a => 1 + 1)"))
        .isInstanceOf(SqlParseException.class)
        .hasMessageStartingWith("Encountered \" \"+\" \"+ \"\" at line 1, column 24.");
  }

  @Test
  void numbersJdbcParametersInOrder() throws SqlParseException {
    SqlIcebergCall call =
        call("CALL c.system.p(table => ?, snapshot_ids => array(?, ?), options => map('k', ?))");

    SqlBasicCall array = (SqlBasicCall) call.arguments().get(1).value();
    SqlBasicCall map = (SqlBasicCall) call.arguments().get(2).value();
    List<SqlNode> parameters =
        List.of(
            call.arguments().get(0).value(), array.operand(0), array.operand(1), map.operand(1));
    assertThat(parameters)
        .extracting(parameter -> ((SqlDynamicParam) parameter).getIndex())
        .containsExactly(0, 1, 2, 3);
  }

  @Test
  void keepsEachArgumentsPosition() throws SqlParseException {
    SqlIcebergCall call = call("CALL c.system.p(\n  table => 'db.t',\n  retain_last => 10)");

    assertThat(call.arguments().get(0).getParserPosition())
        .isEqualTo(new SqlParserPos(2, 3, 2, 17));
    assertThat(call.arguments().get(1).getParserPosition())
        .isEqualTo(new SqlParserPos(3, 3, 3, 19));
    assertThat(call.arguments().get(1).value().getParserPosition())
        .isEqualTo(new SqlParserPos(3, 18, 3, 19));
  }

  /**
   * Values reach the procedure as Spark would read them: backslash escapes, adjacent strings
   * joined.
   */
  @Test
  void readsStringsWithSparksRules() throws SqlParseException {
    SqlIcebergCall call =
        call(
            "CALL c.system.p('it''s', 'a\\\\b', 'tab\\there', \"say \\\"hi\\\"\", 'x' \"y\" 'z',"
                + " 'semi;colon -- not a comment /* nor this */', '`parquet`.`path/to/table`',"
                + " 'it\\'s')");

    assertThat(call.arguments())
        .extracting(argument -> ((SqlLiteral) argument.value()).getValueAs(String.class))
        .containsExactly(
            "its",
            "a\\b",
            "tab\there",
            "say \"hi\"",
            "xyz",
            "semi;colon -- not a comment /* nor this */",
            "`parquet`.`path/to/table`",
            "it's");
  }

  @Test
  void toleratesATrailingSemicolonAndComments() throws SqlParseException {
    SqlIcebergCall call = call("-- expire\nCALL c.system.expire_snapshots(/* which */ 'db.t');");

    assertThat(call.procedureName()).isEqualTo("expire_snapshots");
  }

  @Test
  void unparsesTheCall() throws SqlParseException {
    assertThat(call("CALL c.system.p(table => 'db.t', ids => array(1, 2))").toString())
        .isEqualTo("CALL `c`.`system`.`p` (`table` => 'db.t', `ids` => ARRAY[1, 2])");
  }

  private static SqlIcebergCall call(String sql) throws SqlParseException {
    return (SqlIcebergCall) IcegateSqlParser.parse(sql);
  }

  /** The Java value of a literal argument: String, Long, Boolean. */
  private static Object value(SqlIcebergCall call, int index) {
    SqlLiteral literal = (SqlLiteral) call.arguments().get(index).value();
    if (literal instanceof SqlNumericLiteral) {
      return literal.getValueAs(Long.class);
    }
    if (literal.getValue() instanceof Boolean b) {
      return b;
    }
    return literal.getValueAs(String.class);
  }
}
