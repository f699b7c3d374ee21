package io.icegate.gateway.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Options clauses found with Spark's lexer, and the statement left for Spark's parser. */
class OptionsClausesTest {
  @Test
  void aReadClauseIsBlankedInPlaceWithItsOptionsInOrder() {
    String sql = "SELECT * FROM db.t WITH ('split-size' = '1024', 'b' 2, c.d = true) x";
    OptionsClauses.Found found = OptionsClauses.find(sql).orElseThrow();
    assertThat(found.withoutClauses())
        .hasSameSizeAs(sql)
        .isEqualTo(
            "SELECT * FROM db.t "
                + " ".repeat(sql.indexOf(") x") + 1 - sql.indexOf("WITH"))
                + " x");
    OptionsClauses.Clause clause = found.clauses().get(0);
    assertThat(clause.options())
        .containsExactly(
            Map.entry("split-size", "1024"), Map.entry("b", "2"), Map.entry("c.d", "true"));
    assertThat(clause.before()).isEqualTo(sql.indexOf("db.t") + 3);
    assertThat(clause.insertTarget()).isEmpty();
  }

  @Test
  void anInsertClauseNamesItsTarget() {
    for (String head :
        List.of(
            "INSERT INTO demo.db.t",
            "INSERT INTO TABLE demo.db.t",
            "insert overwrite demo.db.t",
            "INSERT OVERWRITE TABLE demo.db.t")) {
      String sql = head + " WITH ('snapshot-property.job' = 'n') SELECT 1";
      OptionsClauses.Clause clause = OptionsClauses.find(sql).orElseThrow().clauses().get(0);
      assertThat(clause.insertTarget()).as(sql).contains("demo.db.t");
      assertThat(clause.options()).containsExactly(Map.entry("snapshot-property.job", "n"));
    }
  }

  @Test
  void stringsCommentsAndCommonTableExpressionsHoldNoClause() {
    assertThat(OptionsClauses.find("SELECT 'FROM t WITH (\\'a\\' = 1)' AS s")).isEmpty();
    assertThat(OptionsClauses.find("SELECT 1 -- FROM t WITH ('a' = 1)\n")).isEmpty();
    assertThat(OptionsClauses.find("SELECT 1 /* t WITH ('a' = 1) */")).isEmpty();
    assertThat(OptionsClauses.find("INSERT INTO t WITH c AS (SELECT 1) SELECT * FROM c")).isEmpty();
    assertThat(OptionsClauses.find("SELECT `WITH (` FROM t")).isEmpty();
  }

  @Test
  void escapesInKeysAndValuesAreSparks() {
    Optional<OptionsClauses.Found> found =
        OptionsClauses.find("SELECT * FROM t WITH ('snapshot-property.note' = 'it\\'s \\\\x')");
    assertThat(found.orElseThrow().clauses().get(0).options())
        .containsExactly(Map.entry("snapshot-property.note", "it's \\x"));
  }

  @Test
  void malformedClausesAreSyntaxErrorsAndParametersAreRefused() {
    assertFails("SELECT * FROM t WITH ('a' = 'b'", ErrorCode.SYNTAX_ERROR, "is not closed");
    assertFails("SELECT * FROM t WITH ('a' = 'b' 'c')", ErrorCode.SYNTAX_ERROR, "',' or ')'");
    assertFails("SELECT * FROM t WITH (1 = 'b')", ErrorCode.SYNTAX_ERROR, "an option name");
    assertFails("SELECT * FROM t WITH ('a' = x)", ErrorCode.SYNTAX_ERROR, "a literal value");
    assertFails("SELECT * FROM t WITH ('a' = ?)", ErrorCode.NOT_SUPPORTED, "parameters");
    assertFails(
        "SELECT * FROM t WITH ('a' = '1', 'A' = '2')", ErrorCode.DUPLICATE_ARGUMENT, "twice");
  }

  private static void assertFails(String sql, ErrorCode code, String part) {
    assertThatThrownBy(() -> OptionsClauses.find(sql))
        .isInstanceOf(GatewayException.class)
        .hasMessageContaining(part)
        .satisfies(e -> assertThat(((GatewayException) e).errorCode()).isEqualTo(code));
  }
}
