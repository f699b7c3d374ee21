package io.icegate.jdbc.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import org.apache.calcite.avatica.util.ByteString;
import org.junit.jupiter.api.Test;

class NestedValueFormatterTest {

  private static String format(Object raw, String type) {
    return NestedValueFormatter.format(raw, SparkTypeName.parse(type));
  }

  private static long wallClock(int hour, int minute, int second, int millis) {
    return LocalDateTime.of(2024, 1, 2, hour, minute, second, millis * 1_000_000)
        .toInstant(ZoneOffset.UTC)
        .toEpochMilli();
  }

  @Test
  void arraysLookLikeSparkShow() {
    assertThat(format(Arrays.asList(1, 2, null), "array<int>")).isEqualTo("[1, 2, null]");
    assertThat(format(List.of(), "array<int>")).isEqualTo("[]");
    assertThat(format(List.of(List.of("a", "b"), List.of()), "array<array<string>>"))
        .isEqualTo("[[a, b], []]");
  }

  @Test
  void mapsLookLikeSparkShow() {
    assertThat(format(List.of(List.of("a", 1), Arrays.asList("b", null)), "map<string,int>"))
        .isEqualTo("{a -> 1, b -> null}");
    assertThat(format(List.of(List.of(1, List.of(List.of(2, "x")))), "map<int,map<int,string>>"))
        .isEqualTo("{1 -> {2 -> x}}");
  }

  @Test
  void structsLookLikeSparkShow() {
    assertThat(format(List.of(1, "x"), "struct<a:int,b:string>")).isEqualTo("{1, x}");
    assertThat(
            format(
                Arrays.asList(null, List.of(List.of(1, 2.5d))),
                "struct<a:int,b:array<struct<c:int,d:double>>>"))
        .isEqualTo("{null, [{1, 2.5}]}");
  }

  @Test
  void datesAndTimestampsUseSparksLayout() {
    int day = (int) LocalDate.of(2024, 1, 2).toEpochDay();
    assertThat(format(List.of(day), "array<date>")).isEqualTo("[2024-01-02]");
    assertThat(
            format(
                List.of(
                    wallClock(3, 4, 5, 123),
                    wallClock(3, 4, 5, 0),
                    wallClock(3, 4, 5, 100),
                    wallClock(0, 0, 0, 10)),
                "array<timestamp>"))
        .isEqualTo(
            "[2024-01-02 03:04:05.123, 2024-01-02 03:04:05, 2024-01-02 03:04:05.1,"
                + " 2024-01-02 00:00:00.01]");
    assertThat(format(List.of(-1L), "array<timestamp_ntz>")).isEqualTo("[1969-12-31 23:59:59.999]");
  }

  @Test
  void binaryIsHexInBrackets() {
    byte[] bytes = {1, 2, (byte) 0xFF};
    assertThat(format(List.of(bytes, new ByteString(new byte[0])), "array<binary>"))
        .isEqualTo("[[01 02 FF], []]");
  }

  @Test
  void numbersFollowTheirDeclaredType() {
    assertThat(
            format(
                List.of(new BigDecimal("0.0000001"), new BigDecimal("12.50")),
                "array<decimal(10,7)>"))
        .isEqualTo("[0.0000001, 12.50]");
    assertThat(format(List.of(1.5d, Double.NaN), "array<float>")).isEqualTo("[1.5, NaN]");
    assertThat(format(List.of(1, 2L), "array<double>")).isEqualTo("[1.0, 2.0]");
    assertThat(format(List.of(true), "array<boolean>")).isEqualTo("[true]");
  }

  @Test
  void rejectsValuesOfTheWrongShape() {
    assertThatThrownBy(() -> format(List.of(1), "map<int,int>"))
        .isInstanceOf(WireValueException.class)
        .hasMessage(
            "Cannot read a value of type map<int,int>: expected each entry to be a"
                + " [key, value] list");
  }
}
