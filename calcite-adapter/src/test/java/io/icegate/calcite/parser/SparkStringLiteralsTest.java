package io.icegate.calcite.parser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Decoding as Spark 3.5 does (each expected value was checked against Spark's own parser). */
class SparkStringLiteralsTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "'plain'             | plain",
        "'it''s'             | its",
        "'a\\\\b'            | a\\b",
        "'a\\'b'             | a'b",
        "'x\\\"y'            | x\"y",
        "'\\u0041\\101'      | AA",
        "'100\\%'            | 100\\%",
        "'a\\qb'             | aqb",
        "'double\"inside'    | double\"inside",
      })
  void decodes(String text, String value) {
    assertThat(SparkStringLiterals.decode(text.strip())).isEqualTo(value);
  }

  @Test
  void decodesControlCharactersAndCodePoints() {
    assertThat(SparkStringLiterals.decode("'a\\nb\\tc\\rd\\0e\\Zf\\bg'"))
        .isEqualTo("a\nb\tc\rd\u0000e\u001Af\bg");
    assertThat(SparkStringLiterals.decode("\"\\U0001F600\"")).isEqualTo("\uD83D\uDE00");
  }

  @Test
  void refusesTextThatIsNotQuotedStrings() {
    assertThatThrownBy(() -> SparkStringLiterals.decode("'a\\'' , '"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot read string literal 'a\\'' , ': Spark would not read it as quoted strings (is a"
                + " quote escaped with a backslash by mistake?)");
  }
}
