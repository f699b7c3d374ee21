package io.icegate.gateway.ddl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AlterColumnTypeAndCommentTest {
  @Test
  void theSpecificationsExampleIsRecognised() {
    assertThat(
            AlterColumnTypeAndComment.recognise(
                "ALTER TABLE prod.db.sample ALTER COLUMN measurement TYPE double COMMENT 'unit is"
                    + " bytes per second'"))
        .contains(
            new AlterColumnTypeAndComment(
                List.of("prod", "db", "sample"),
                List.of("measurement"),
                "double",
                "unit is bytes per second"));
  }

  @Test
  void keywordsInAnyCaseBlanksCommentsAndSemicolonsAreAllowed() {
    assertThat(
            AlterColumnTypeAndComment.recognise(
                "  -- widen\n"
                    + " alter table t /* x */ alter measurement\n"
                    + "\ttype DOUBLE comment 'doc' ;; "))
        .contains(
            new AlterColumnTypeAndComment(List.of("t"), List.of("measurement"), "DOUBLE", "doc"));
  }

  @Test
  void quotedNamesNestedFieldsAndDecimalsAreRead() {
    assertThat(
            AlterColumnTypeAndComment.recognise(
                "ALTER TABLE `my-db`.`odd``name` ALTER COLUMN `loc`.amount TYPE decimal( 12 , 2 )"
                    + " COMMENT \"it's \\\"x\\\"\""))
        .contains(
            new AlterColumnTypeAndComment(
                List.of("my-db", "odd`name"),
                List.of("loc", "amount"),
                "decimal(12,2)",
                "it's \"x\""));
  }

  @Test
  void escapesAndAdjacentStringsFollowSparksRules() {
    assertThat(
            AlterColumnTypeAndComment.recognise(
                    "ALTER TABLE t ALTER COLUMN c TYPE bigint COMMENT 'a\\'b' 'c'")
                .map(AlterColumnTypeAndComment::comment))
        .contains("a'bc");
  }

  @Test
  void formsSparkAcceptsOrOtherShapesAreLeftToSpark() {
    for (String sql :
        List.of(
            "ALTER TABLE t ALTER COLUMN c TYPE double",
            "ALTER TABLE t ALTER COLUMN c COMMENT 'x'",
            "ALTER TABLE t ALTER COLUMN c COMMENT 'x' TYPE double",
            "ALTER TABLE t ALTER COLUMN c TYPE double COMMENT 'x' FIRST",
            "ALTER TABLE t ALTER COLUMN c TYPE struct<a: int> COMMENT 'x'",
            "ALTER TABLE t ALTER COLUMN c TYPE double COMMENT ?",
            "ALTER TABLE t ALTER COLUMN c TYPE double COMMENT 'unterminated",
            "ALTER VIEW t ALTER COLUMN c TYPE double COMMENT 'x'",
            "ALTER TABLE t CHANGE COLUMN c TYPE double COMMENT 'x'",
            "SELECT 'ALTER TABLE t ALTER COLUMN c TYPE double COMMENT ''x'''",
            "ALTER TABLESPACE t ALTER COLUMN c TYPE double COMMENT 'x'")) {
      assertThat(AlterColumnTypeAndComment.recognise(sql)).as(sql).isEqualTo(Optional.empty());
    }
  }
}
