package io.icegate.gateway.ddl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TrailingSemicolonTest {
  @Test
  void theSpecificationsExampleLosesItsSemicolon() {
    assertThat(
            TrailingSemicolon.strip(
                "ALTER TABLE prod.db.sample ADD PARTITION FIELD catalog; -- identity transform"))
        .contains("ALTER TABLE prod.db.sample ADD PARTITION FIELD catalog");
  }

  @Test
  void severalSemicolonsBlanksAndCommentsGoToo() {
    assertThat(TrailingSemicolon.strip("alter table t WRITE UNORDERED ; /* end */ ;\n"))
        .contains("alter table t WRITE UNORDERED ");
  }

  @Test
  void semicolonsInsideQuotesAndCommentsAreNotTheEnd() {
    for (String sql :
        List.of(
            "ALTER TABLE t SET TBLPROPERTIES ('k'=';')",
            "ALTER TABLE t SET TBLPROPERTIES (\"k\"='v') -- ;",
            "ALTER TABLE `a;` DROP BRANCH `b;`",
            "ALTER TABLE t SET TBLPROPERTIES ('k'='v') /* ; */",
            "ALTER TABLE t; DROP TABLE u",
            "ALTER TABLE t SET TBLPROPERTIES ('k'='unterminated;",
            "DROP TABLE t;",
            "SELECT 1;")) {
      assertThat(TrailingSemicolon.strip(sql)).as(sql).isEqualTo(Optional.empty());
    }
    assertThat(TrailingSemicolon.strip("ALTER TABLE t SET TBLPROPERTIES ('k'=';');"))
        .contains("ALTER TABLE t SET TBLPROPERTIES ('k'=';')");
  }
}
