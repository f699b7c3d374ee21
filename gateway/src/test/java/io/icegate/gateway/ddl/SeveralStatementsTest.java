package io.icegate.gateway.ddl;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.gateway.error.GatewayException;
import java.util.List;
import org.junit.jupiter.api.Test;

class SeveralStatementsTest {
  @Test
  void oneStatementPassesWhateverItsSemicolonsQuotesAndComments() {
    for (String sql :
        List.of(
            "SELECT 1",
            "SELECT 1;",
            "SELECT 1 ; ;  -- done",
            ";SELECT 1",
            "SELECT ';' AS s",
            "SELECT \"a;b\", `c;d` FROM t",
            "SELECT 1 -- ; SELECT 2",
            "SELECT 1 /* ; SELECT 2 */",
            "SELECT 'it\\'s; fine'",
            "SELECT 'unterminated; SELECT 2")) {
      assertThatCode(() -> SeveralStatements.check(sql)).as(sql).doesNotThrowAnyException();
    }
  }

  @Test
  void aSecondStatementIsRefusedWithWhereItStarts() {
    assertThatThrownBy(() -> SeveralStatements.check("SELECT 1; SELECT 2"))
        .isInstanceOf(GatewayException.class)
        .hasMessageContaining("line 1, column 11 (SELECT 2)");
    assertThatThrownBy(
            () -> SeveralStatements.check("SELECT * FROM t WHERE name = 'x';\n  DROP TABLE t; --'"))
        .hasMessageContaining("line 2, column 3 (DROP TABLE t; --')");
    assertThatThrownBy(() -> SeveralStatements.check("SET a=1; SELECT 2"))
        .hasMessageContaining("several statements");
  }
}
