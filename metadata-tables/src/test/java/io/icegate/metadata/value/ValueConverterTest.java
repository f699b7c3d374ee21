package io.icegate.metadata.value;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.apache.iceberg.Schema;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.util.UUIDUtil;
import org.junit.jupiter.api.Test;

class ValueConverterTest {
  @Test
  void numbersBooleansDecimalsDatesAndTimesPassThrough() {
    for (Object[] typeAndValue :
        new Object[][] {
          {Types.BooleanType.get(), true},
          {Types.IntegerType.get(), 7},
          {Types.LongType.get(), 7L},
          {Types.FloatType.get(), 1.5f},
          {Types.DoubleType.get(), 2.5d},
          {Types.DecimalType.of(9, 2), new BigDecimal("12.34")},
          {Types.DateType.get(), 18_628},
          {Types.TimeType.get(), 3_600_000_000L},
          {Types.TimestampType.withZone(), 1_609_459_200_000_000L},
          {Types.TimestampType.withoutZone(), 1_609_459_200_000_000L},
          {Types.TimestampNanoType.withZone(), 1_609_459_200_000_000_000L},
        }) {
      Type type = (Type) typeAndValue[0];
      assertThat(ValueConverter.forType(type).convert(typeAndValue[1]))
          .as(type.toString())
          .isSameAs(typeAndValue[1]);
      assertThat(ValueConverter.forType(type).convert(null)).as(type.toString()).isNull();
    }
  }

  @Test
  void anyCharSequenceBecomesAString() {
    ValueConverter strings = ValueConverter.forType(Types.StringType.get());

    assertThat(strings.convert(CharBuffer.wrap("lower"))).isEqualTo("lower");
    assertThat(strings.convert(new StringBuilder("built"))).isEqualTo("built");
    assertThat(strings.convert(null)).isNull();
  }

  @Test
  void bytesAreCopiedFromTheBuffersRemainingBytesLeavingItsPosition() {
    ByteBuffer buffer = ByteBuffer.wrap(new byte[] {9, 1, 2, 3});
    buffer.position(1);

    for (Type type : List.of(Types.BinaryType.get(), Types.FixedType.ofLength(3))) {
      assertThat(ValueConverter.forType(type).convert(buffer)).isEqualTo(new byte[] {1, 2, 3});
    }
    assertThat(buffer.position()).isEqualTo(1);
    byte[] array = {4, 5};
    Object copy = ValueConverter.forType(Types.BinaryType.get()).convert(array);
    assertThat(copy).isEqualTo(array).isNotSameAs(array);
  }

  @Test
  void uuidsStayUuidsAndSixteenBytesBecomeOne() {
    UUID uuid = UUID.fromString("f79c3e09-677c-4bbd-a479-3f349cb785e7");
    ValueConverter uuids = ValueConverter.forType(Types.UUIDType.get());

    assertThat(uuids.convert(uuid)).isSameAs(uuid);
    assertThat(uuids.convert(UUIDUtil.convertToByteBuffer(uuid))).isEqualTo(uuid);
    assertThat(uuids.convert(UUIDUtil.convert(uuid))).isEqualTo(uuid);
  }

  @Test
  void mapsKeepTheirOrderWithConvertedKeysAndValues() {
    Map<Integer, ByteBuffer> bounds = new TreeMap<>();
    bounds.put(2, ByteBuffer.wrap(new byte[] {2}));
    bounds.put(1, ByteBuffer.wrap(new byte[] {1}));
    Object converted =
        ValueConverter.forType(
                Types.MapType.ofOptional(1, 2, Types.IntegerType.get(), Types.BinaryType.get()))
            .convert(bounds);

    assertThat(converted).isInstanceOf(Map.class);
    @SuppressWarnings("unchecked")
    Map<Integer, byte[]> map = (Map<Integer, byte[]>) converted;
    assertThat(map.keySet()).containsExactly(1, 2);
    assertThat(map.get(2)).isEqualTo(new byte[] {2});
  }

  @Test
  void structsBecomeListsInFieldOrderConvertedByTheirDeclaredTypes() {
    Types.StructType summary =
        Types.StructType.of(
            required(10, "contains_null", Types.BooleanType.get()),
            optional(11, "lower_bound", Types.StringType.get()));
    Schema schema =
        new Schema(
            required(1, "path", Types.StringType.get()),
            optional(2, "summaries", Types.ListType.ofRequired(3, summary)),
            optional(4, "key_metadata", Types.BinaryType.get()));
    StructLike row =
        new ArrayStruct(
            CharBuffer.wrap("p"),
            List.of(new ArrayStruct(false, CharBuffer.wrap("a")), new ArrayStruct(true, null)),
            null);

    List<Object> converted = StructConverter.forSchema(schema).row(row);

    assertThat(converted)
        .containsExactly("p", List.of(List.of(false, "a"), Arrays.asList(true, null)), null);
    assertThat(StructConverter.forSchema(schema).convert(null)).isNull();
  }

  @Test
  void aValueInAFormIcebergDoesNotUseIsAnError() {
    assertThatThrownBy(() -> ValueConverter.forType(Types.BinaryType.get()).convert("text"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("Cannot convert a java.lang.String to binary: not a form Iceberg uses");
    assertThatThrownBy(
            () ->
                ValueConverter.forType(Types.ListType.ofOptional(1, Types.IntegerType.get()))
                    .convert(3))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("Cannot convert a java.lang.Integer to list: not a form Iceberg uses");
    assertThatThrownBy(() -> ValueConverter.forType(Types.UUIDType.get()).convert(3L))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("Cannot convert a java.lang.Long to uuid: not a form Iceberg uses");
  }

  @Test
  void aStructOfTheWrongWidthIsAnError() {
    Types.StructType type = Types.StructType.of(required(1, "a", Types.IntegerType.get()));

    assertThatThrownBy(() -> ValueConverter.forType(type).convert(new ArrayStruct(1, 2)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "Cannot convert a struct to struct<1: a: required int>: it has 2 fields, the type 1");
    assertThatThrownBy(() -> ValueConverter.forType(type).convert(List.of(1)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("Cannot convert a java.util.");
  }
}
