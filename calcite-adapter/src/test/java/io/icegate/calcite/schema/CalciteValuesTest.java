package io.icegate.calcite.schema;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/** Plain values from metadata-tables in Calcite's internal forms. */
class CalciteValuesTest {
  @Test
  void timesBecomeMilliseconds() {
    assertThat(CalciteValues.forType(Types.TimestampType.withZone()).apply(1_632_124_800_123_999L))
        .isEqualTo(1_632_124_800_123L);
    // Before 1970, truncation goes towards the past, as Spark's does.
    assertThat(CalciteValues.forType(Types.TimestampType.withoutZone()).apply(-1L)).isEqualTo(-1L);
    assertThat(CalciteValues.forType(Types.TimestampNanoType.withZone()).apply(1_500_000_000L))
        .isEqualTo(1500L);
    assertThat(CalciteValues.forType(Types.TimeType.get()).apply(3_600_000_000L))
        .isEqualTo(3_600_000);
    assertThat(CalciteValues.forType(Types.DateType.get()).apply(18_000)).isEqualTo(18_000);
  }

  @Test
  void bytesUuidsAndNulls() {
    UUID uuid = UUID.fromString("f79c3e09-677c-4b8d-a7a8-e0a5d5a8c0f1");
    assertThat(CalciteValues.forType(Types.BinaryType.get()).apply(new byte[] {1, 2}))
        .isEqualTo(new ByteString(new byte[] {1, 2}));
    assertThat(CalciteValues.forType(Types.UUIDType.get()).apply(uuid)).isEqualTo(uuid.toString());
    assertThat(CalciteValues.forType(Types.TimestampType.withZone()).apply(null)).isNull();
    assertThat(CalciteValues.forType(Types.StringType.get())).isSameAs(CalciteValues.IDENTITY);
  }

  @Test
  void structsAreArraysAtTheTopAndListsInsideCollections() {
    Types.StructType bounds =
        Types.StructType.of(
            Types.NestedField.optional(1, "lower", Types.TimestampType.withZone()),
            Types.NestedField.optional(2, "name", Types.StringType.get()));
    Types.MapType map = Types.MapType.ofOptional(4, 5, Types.IntegerType.get(), bounds);
    List<Object> value = Arrays.asList(2_000L, "x");
    Map<Object, Object> entries = new LinkedHashMap<>();
    entries.put(7, value);

    assertThat((Object[]) CalciteValues.forType(bounds).apply(value)).containsExactly(2L, "x");
    assertThat(CalciteValues.forType(Types.ListType.ofOptional(3, bounds)).apply(List.of(value)))
        .isEqualTo(List.of(List.of(2L, "x")));
    assertThat(CalciteValues.forType(map).apply(entries)).isEqualTo(Map.of(7, List.of(2L, "x")));
  }

  @Test
  void collectionsOfPlainValuesAreKeptAsTheyAre() {
    Types.MapType summary =
        Types.MapType.ofRequired(1, 2, Types.StringType.get(), Types.StringType.get());
    assertThat(CalciteValues.forType(summary)).isSameAs(CalciteValues.IDENTITY);
    assertThat(CalciteValues.forType(Types.ListType.ofRequired(1, Types.LongType.get())))
        .isSameAs(CalciteValues.IDENTITY);
  }
}
