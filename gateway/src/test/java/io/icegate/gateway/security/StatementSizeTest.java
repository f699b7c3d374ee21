package io.icegate.gateway.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import org.junit.jupiter.api.Test;

class StatementSizeTest {
  @Test
  void nestingCountsParenthesesAndCommentsButNotQuotedText() {
    assertThat(StatementSize.deepestNesting("SELECT ((1)) + f((2))")).isEqualTo(2);
    assertThat(
            StatementSize.deepestNesting(
                "SELECT '((((' AS a, `((` AS b, \"(\\\"((\" AS c -- ((((\n"))
        .isZero();
    assertThat(StatementSize.deepestNesting("SELECT 1 /* a /* b /* c */ */ */")).isEqualTo(3);
    assertThat(StatementSize.deepestNesting("SELECT " + "(".repeat(500) + "1" + ")".repeat(500)))
        .isEqualTo(500);
  }

  @Test
  void tooLongOrTooDeepIsRefusedNamingTheSetting() {
    StatementSize.check("SELECT (1)", 100, 5);
    assertThatThrownBy(() -> StatementSize.check("SELECT '" + "x".repeat(200) + "'", 100, 5))
        .isInstanceOfSatisfying(
            GatewayException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.STATEMENT_TOO_LONG))
        .hasMessageContaining("icegate.limits.max-statement-chars");
    assertThatThrownBy(() -> StatementSize.check("SELECT ((((((1))))))", 100, 5))
        .isInstanceOfSatisfying(
            GatewayException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.STATEMENT_TOO_COMPLEX))
        .hasMessageContaining("6 deep")
        .hasMessageContaining("icegate.limits.max-nesting");
  }

  @Test
  void aChainOfManyCommonTableExpressionsIsRefusedByItsQueryBlocks() throws Exception {
    StringBuilder sql = new StringBuilder("WITH c0 AS (SELECT 1 AS id)");
    for (int i = 1; i < 20; i++) {
      sql.append(", c").append(i).append(" AS (SELECT id FROM c").append(i - 1).append(')');
    }
    sql.append(" SELECT id FROM c19");
    org.apache.calcite.sql.SqlNode parsed =
        io.icegate.calcite.parser.IcegateSqlParser.parse(sql.toString());
    StatementSize.checkQueryBlocks(parsed, 21);
    assertThatThrownBy(() -> StatementSize.checkQueryBlocks(parsed, 20))
        .isInstanceOfSatisfying(
            GatewayException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.STATEMENT_TOO_COMPLEX))
        .hasMessageContaining("21 query blocks")
        .hasMessageContaining("icegate.limits.max-query-blocks");
  }
}
