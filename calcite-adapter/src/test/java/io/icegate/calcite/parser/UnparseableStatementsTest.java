package io.icegate.calcite.parser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.stream.Stream;
import org.apache.calcite.sql.parser.SqlParseException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Statements outside Calcite's grammar fail with a positioned SqlParseException, the gateway's
 * signal to send them to Spark unparsed.
 */
class UnparseableStatementsTest {

  /** The DDL specification's one-line ALTER and DROP examples, and the queries page's DDL. */
  static Stream<String> sparkOnlyStatements() {
    return Stream.of(
            SeedExamples.oneLineStatements(SeedExamples.DDL, "ALTER TABLE prod").stream(),
            SeedExamples.oneLineStatements(SeedExamples.DDL, "DROP TABLE prod").stream(),
            SeedExamples.oneLineStatements(SeedExamples.QUERIES, "ALTER TABLE prod").stream(),
            Stream.of(
                "CREATE TABLE prod.db.sample (id bigint, data string) USING iceberg PARTITIONED BY"
                    + " (bucket(16, id))",
                "CREATE TABLE prod.db.orders (\n  id BIGINT,\n  status STRING\n) USING iceberg;",
                "SHOW TBLPROPERTIES prod.db.sample",
                "USE prod.db",
                "CACHE TABLE t",
                "SELECT * FROM t TABLESAMPLE (10 ROWS)"))
        .flatMap(s -> s);
  }

  @Test
  void findsTheExamples() {
    assertThat(sparkOnlyStatements()).hasSizeGreaterThan(30);
  }

  @ParameterizedTest
  @MethodSource("sparkOnlyStatements")
  void failsWithAPosition(String sql) {
    SqlParseException failure =
        catchThrowableOfType(SqlParseException.class, () -> IcegateSqlParser.parse(sql));

    assertThat(failure).as(sql).isNotNull();
    // Calcite's two forms: a token it did not expect, or a bare word taken as an expression (SHOW
    // x, USE x).
    assertThat(failure.getMessage())
        .matches(
            "(?s)((Encountered|Incorrect syntax near the keyword) .* at line \\d+, "
                + "column \\d+\\..*|Non-query expression encountered in illegal context)");
    assertThat(failure.getPos()).isNotNull();
    assertThat(failure.getPos().getLineNum()).isPositive();
    assertThat(failure.getPos().getColumnNum()).isPositive();
  }

  @Test
  void pointsAtTheFirstTokenItCannotRead() {
    SqlParseException failure =
        catchThrowableOfType(
            SqlParseException.class,
            () ->
                IcegateSqlParser.parse(
                    "ALTER TABLE prod.db.sample ADD PARTITION FIELD bucket(16, id)"));

    assertThat(failure.getMessage())
        .startsWith("Encountered \" \"TABLE\" \"TABLE \"\" at line 1, column 7.");
    assertThat(failure.getPos().getLineNum()).isEqualTo(1);
    assertThat(failure.getPos().getColumnNum()).isEqualTo(7);
  }

  @Test
  void refusesTwoStatementsWhereOneIsExpected() {
    SqlParseException failure =
        catchThrowableOfType(
            SqlParseException.class, () -> IcegateSqlParser.parse("SELECT 1;\nSELECT 2"));

    assertThat(failure).hasMessage("Cannot parse 2 statements as one (at line 2, column 1)");
    assertThat(failure.getPos().getLineNum()).isEqualTo(2);
  }

  @Test
  void refusesAnEmptyStatement() {
    SqlParseException failure =
        catchThrowableOfType(
            SqlParseException.class, () -> IcegateSqlParser.parse("  -- nothing\n"));

    assertThat(failure).hasMessage("Cannot parse an empty statement (at line 1, column 1)");
  }

  @Test
  void readsAScript() throws SqlParseException {
    assertThat(
            IcegateSqlParser.parseAll(
                "SELECT 1; CALL c.system.p(1);\nSELECT * FROM t VERSION AS OF 2;"))
        .hasSize(3)
        .element(1)
        .isInstanceOf(SqlIcebergCall.class);
  }
}
