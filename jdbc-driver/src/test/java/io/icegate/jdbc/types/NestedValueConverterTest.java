package io.icegate.jdbc.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.Struct;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.Base64;
import java.util.Calendar;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import org.apache.calcite.avatica.util.ByteString;
import org.junit.jupiter.api.Test;

class NestedValueConverterTest {

  private static final ZoneId PARIS = ZoneId.of("Europe/Paris");
  private static final int JAN_2_2024 = (int) LocalDate.of(2024, 1, 2).toEpochDay();
  // Wall-clock 2024-01-02 03:04:05.123 written as if it were UTC, as Avatica sends timestamps.
  private static final long WALL_CLOCK_MILLIS =
      LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_000_000)
          .atZone(ZoneId.of("UTC"))
          .toInstant()
          .toEpochMilli();

  private final NestedValueConverter converter =
      new NestedValueConverter(
          new TimestampReader(Calendar.getInstance(TimeZone.getTimeZone(PARIS), Locale.ROOT)));

  private Object convert(Object raw, String type) {
    return converter.toJava(raw, SparkTypeName.parse(type));
  }

  @Test
  void convertsArraysElementByElement() {
    assertThat(convert(Arrays.asList(1, 2, null), "array<int>"))
        .isEqualTo(Arrays.asList(1, 2, null));
    assertThat(convert(List.of(List.of(1L), List.of()), "array<array<bigint>>"))
        .isEqualTo(List.of(List.of(1L), List.of()));
  }

  @Test
  void datesAreMidnightInTheConnectionZone() {
    Object value = convert(List.of(JAN_2_2024), "array<date>");

    assertThat((List<?>) value).singleElement().isInstanceOf(Date.class);
    Date date = (Date) ((List<?>) value).get(0);
    assertThat(date.getTime())
        .isEqualTo(LocalDate.of(2024, 1, 2).atStartOfDay(PARIS).toInstant().toEpochMilli());
  }

  @Test
  void timestampsAreWallClockTimeInTheConnectionZone() {
    Object value = convert(List.of(WALL_CLOCK_MILLIS), "array<timestamp>");

    Timestamp timestamp = (Timestamp) ((List<?>) value).get(0);
    assertThat(timestamp.getTime())
        .isEqualTo(
            LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_000_000)
                .atZone(PARIS)
                .toInstant()
                .toEpochMilli());
    assertThat(((List<?>) convert(List.of(WALL_CLOCK_MILLIS), "array<timestamp_ntz>")).get(0))
        .isEqualTo(timestamp);
  }

  @Test
  void mapsKeepTheirOrder() {
    Object value =
        convert(
            List.of(List.of("b", 2), Arrays.asList("a", null), List.of("c", 3)), "map<string,int>");

    assertThat(value).isInstanceOf(LinkedHashMap.class);
    @SuppressWarnings("unchecked")
    Map<Object, Object> map = (Map<Object, Object>) value;
    assertThat(map.keySet()).containsExactly("b", "a", "c");
    assertThat(map).containsEntry("a", null).containsEntry("c", 3);
  }

  @Test
  void structsCarryTheirTypeAndConvertedAttributes() throws Exception {
    Object value =
        convert(
            Arrays.asList(7, null, JAN_2_2024, List.of(List.of("k", List.of(1)))),
            "struct<a:int,b:string,d:date,m:map<string,array<int>>>");

    assertThat(value).isInstanceOf(Struct.class);
    Struct struct = (Struct) value;
    assertThat(struct.getSQLTypeName())
        .isEqualTo("struct<a:int,b:string,d:date,m:map<string,array<int>>>");
    Object[] attributes = struct.getAttributes();
    assertThat(attributes[0]).isEqualTo(7);
    assertThat(attributes[1]).isNull();
    assertThat(attributes[2]).isInstanceOf(Date.class);
    assertThat(attributes[3]).isEqualTo(Map.of("k", List.of(1)));
  }

  @Test
  void arraysOfStructsGiveStructs() throws Exception {
    Object value =
        convert(List.of(List.of(1, "x"), List.of(2, "y")), "array<struct<a:int,b:string>>");

    List<?> structs = (List<?>) value;
    assertThat(structs).hasSize(2).allMatch(Struct.class::isInstance);
    assertThat(((Struct) structs.get(1)).getAttributes()).containsExactly(2, "y");
  }

  @Test
  void binaryArrivesInAnyOfAvaticasEncodings() {
    byte[] bytes = {1, 2, (byte) 0xFF};
    Object value =
        convert(
            List.of(bytes, new ByteString(bytes), Base64.getEncoder().encodeToString(bytes)),
            "array<binary>");

    assertThat((List<?>) value)
        .hasSize(3)
        .allSatisfy(b -> assertThat((byte[]) b).containsExactly(bytes));
  }

  @Test
  void numbersTakeTheClassOfTheirType() {
    assertThat(convert(List.of(1, 2L), "array<bigint>")).isEqualTo(List.of(1L, 2L));
    assertThat(convert(List.of(1), "array<smallint>")).isEqualTo(List.of((short) 1));
    assertThat(convert(List.of(1), "array<tinyint>")).isEqualTo(List.of((byte) 1));
    assertThat(convert(List.of(1.5d), "array<float>")).isEqualTo(List.of(1.5f));
    assertThat(convert(List.of(new BigDecimal("1.50"), 2), "array<decimal(3,2)>"))
        .isEqualTo(List.of(new BigDecimal("1.50"), new BigDecimal("2")));
  }

  @Test
  void nullIsNullAtTheTop() {
    assertThat(convert(null, "map<string,int>")).isNull();
  }

  @Test
  void rejectsValuesOfTheWrongShape() {
    assertThatThrownBy(() -> convert("oops", "array<int>"))
        .isInstanceOf(WireValueException.class)
        .hasMessage("Cannot read a value of type array<int>: expected a list of elements");
    assertThatThrownBy(() -> convert(List.of(List.of("k")), "map<string,int>"))
        .hasMessage(
            "Cannot read a value of type map<string,int>: expected each entry to be a"
                + " [key, value] list");
    assertThatThrownBy(() -> convert(List.of(1), "struct<a:int,b:int>"))
        .hasMessage(
            "Cannot read a value of type struct<a:int,b:int>: expected a list of 2 field values");
    assertThatThrownBy(() -> convert(List.of("x"), "array<date>"))
        .hasMessage("Cannot read a value of type date: expected a number of days since 1970-01-01");
  }

  @Test
  void mapsPrintTheWaySparksShellDoes() {
    SparkMap map = new SparkMap(2);
    map.put("a", 1);
    map.put("b", null);
    org.assertj.core.api.Assertions.assertThat(map).hasToString("{a -> 1, b -> null}");
    java.util.Map<Object, Object> same = new java.util.HashMap<>();
    same.put("b", null);
    same.put("a", 1);
    org.assertj.core.api.Assertions.assertThat(map)
        .as("equal to any map with the same entries")
        .isEqualTo(same);
  }
}
