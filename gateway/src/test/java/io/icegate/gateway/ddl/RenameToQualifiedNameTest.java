package io.icegate.gateway.ddl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RenameToQualifiedNameTest {
  @Test
  void theSpecificationsExampleIsRecognised() {
    assertThat(
            RenameToQualifiedName.recognise(
                "ALTER TABLE prod.db.sample RENAME TO prod.db.new_name"))
        .contains(
            new RenameToQualifiedName(
                false, List.of("prod", "db", "sample"), List.of("prod", "db", "new_name")));
  }

  @Test
  void viewsQuotedNamesCommentsAndSemicolonsAreRead() {
    assertThat(
            RenameToQualifiedName.recognise(
                "/* x */ alter view `a-b`.v -- old\n rename to `c``d`.v2;"))
        .contains(new RenameToQualifiedName(true, List.of("a-b", "v"), List.of("c`d", "v2")));
  }

  @Test
  void theRewrittenStatementQuotesEveryPartAndDropsTheTargetCatalog() {
    RenameToQualifiedName rename =
        RenameToQualifiedName.recognise("ALTER VIEW v RENAME TO demo.`my db`.`x``y`").orElseThrow();
    assertThat(rename.withoutTargetCatalog(List.of("demo", "db", "v")))
        .isEqualTo("ALTER VIEW `demo`.`db`.`v` RENAME TO `my db`.`x``y`");
  }

  @Test
  void otherShapesAreLeftToSpark() {
    for (String sql :
        List.of(
            "ALTER TABLE t RENAME COLUMN a TO b",
            "ALTER TABLE t RENAME TO",
            "ALTER TABLE t RENAME TO a.b extra",
            "ALTER TABLE t PARTITION (p=1) RENAME TO PARTITION (p=2)",
            "ALTER TABLE `t RENAME TO a.b",
            "ALTER INDEX t RENAME TO a.b")) {
      assertThat(RenameToQualifiedName.recognise(sql)).as(sql).isEqualTo(Optional.empty());
    }
  }
}
