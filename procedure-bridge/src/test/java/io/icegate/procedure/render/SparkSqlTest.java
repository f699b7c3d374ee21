package io.icegate.procedure.render;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.calcite.parser.SparkStringLiterals;
import io.icegate.procedure.value.SparkTimestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Literals and names as Spark's parser reads them back. */
class SparkSqlTest {
  @Test
  void quotesIdentifiersDoublingBackTicks() {
    assertThat(SparkSql.identifier("demo")).isEqualTo("`demo`");
    assertThat(SparkSql.identifier("a`b")).isEqualTo("`a``b`");
  }

  @Test
  void escapesWhatSparkWouldReadDifferently() {
    assertThat(SparkSql.string("it's")).isEqualTo("'it\\'s'");
    assertThat(SparkSql.string("a\\b")).isEqualTo("'a\\\\b'");
    assertThat(SparkSql.string("line\nnext\ttab\rcr")).isEqualTo("'line\\nnext\\ttab\\rcr'");
    assertThat(SparkSql.string("nul\u0000bell\u0007del\u007f"))
        .isEqualTo("'nul\\u0000bell\\u0007del\\u007F'");
    assertThat(SparkSql.string("${spark.app.name}")).isEqualTo("'\\u0024{spark.app.name}'");
    assertThat(SparkSql.string("`;-- /* */ \"")).isEqualTo("'`;-- /* */ \"'");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "it's",
        "a\\b",
        "\\'",
        "\\n is not a newline",
        "\\u0041",
        "100\\%",
        "\u0000\u00011",
        "\"x\"",
        "emoji \uD83D\uDE00",
        "${x}",
        "$",
        "'; DROP TABLE t; --",
        "/* */",
        "\\"
      })
  void readsBackAsTheSameValue(String value) {
    assertThat(SparkStringLiterals.decode(SparkSql.string(value))).isEqualTo(value);
  }

  @Test
  void writesLongsAsBigints() {
    assertThat(SparkSql.bigint(1)).isEqualTo("1L");
    assertThat(SparkSql.bigint(Long.MIN_VALUE)).isEqualTo("-9223372036854775808L");
  }

  @Test
  void writesTimestampsAsTheyWereGiven() {
    assertThat(SparkSql.timestamp(SparkTimestamp.local(LocalDateTime.parse("2021-06-30T00:00:00"))))
        .isEqualTo("TIMESTAMP '2021-06-30 00:00:00'");
    assertThat(
            SparkSql.timestamp(
                SparkTimestamp.local(LocalDateTime.parse("2021-06-30T01:02:03.123456789"))))
        .isEqualTo("TIMESTAMP '2021-06-30 01:02:03.123456'");
    assertThat(SparkSql.timestamp(SparkTimestamp.instant(Instant.parse("2021-06-30T00:00:00.5Z"))))
        .isEqualTo("TIMESTAMP '2021-06-30 00:00:00.500000Z'");
  }
}
