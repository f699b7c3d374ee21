package io.icegate.jdbc.wire;

import static io.icegate.jdbc.wire.SameValues.assertSameFrame;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.proto.Responses;
import org.junit.jupiter.api.Test;

/**
 * {@link FrameDecoder} must produce exactly what Avatica's {@link Meta.Frame#fromProto} produces:
 * frames are encoded with Avatica's own {@link Meta.Frame#toProto}, as the server does, decoded
 * both ways and compared value by value, Java classes included. Every frame is also serialized in a
 * fetch response and read from its bytes by {@link FetchResponseReader}, which must agree too.
 */
class FrameDecoderTest {

  private static final long MILLIS = 1_704_164_645_120L; // 2024-01-02T03:04:05.120Z
  private static final int DAY = 19_724; // 2024-01-02

  /** One of each value a row can hold, as a server-side row would contain it. */
  private static List<Object> everyKindOfValue() {
    return Arrays.asList(
        (byte) -7,
        (short) 300,
        42,
        Long.MIN_VALUE,
        1.5f,
        Float.NaN,
        2.25d,
        Double.NaN,
        new BigDecimal("12.50"),
        new BigDecimal("-0.000001"),
        new BigDecimal("123"),
        new BigDecimal("1E+5"),
        BigDecimal.ZERO,
        "text",
        "",
        "ünïcødé ❄ \uD83E\uDDCA",
        'c',
        new byte[] {1, 2, (byte) 0xFF},
        new byte[0],
        true,
        false,
        new Timestamp(MILLIS),
        new java.sql.Date(MILLIS),
        new Time(MILLIS),
        OffsetDateTime.of(2024, 1, 2, 3, 4, 5, 0, ZoneOffset.ofHours(2)),
        DAY,
        MILLIS,
        null,
        List.of(1, 2, 3),
        List.of(),
        Arrays.asList("x", null),
        Arrays.asList(null, "y"),
        List.of(new byte[] {9}, new byte[0]),
        // a struct: its fields in order
        Arrays.asList(DAY, MILLIS, new BigDecimal("12.50"), List.of("a", "b"), null),
        // a map: a list of [key, value] pairs
        List.of(List.of("k", List.of(1, 2)), Arrays.asList("e", null)),
        List.of(List.of(), List.of(List.of())),
        List.of(List.of(1L, 2.5d, "mixed", true, (short) 1, (byte) 2, 3f, 'z')));
  }

  @Test
  void everyKindOfValueDecodesAsAvaticaDoes() {
    List<Object> row = everyKindOfValue();
    Common.Frame frame = new Meta.Frame(0, true, List.of(row, row)).toProto();

    assertDecodeTheSame(frame);
    List<?> decoded = (List<?>) FrameDecoder.decode(frame).rows.iterator().next();
    // Spot checks that the comparison is not vacuous: what Avatica's encoding turns values into.
    assertThat(decoded.get(0)).isEqualTo((byte) -7);
    assertThat(decoded.get(17)).isEqualTo(new byte[] {1, 2, (byte) 0xFF});
    assertThat(decoded.get(22)).isEqualTo((int) MILLIS); // a java.sql.Date travels as int millis
    assertThat(decoded.get(21)).isEqualTo(MILLIS);
    assertThat(decoded.get(27)).isNull();
    assertThat(decoded.get(28)).isEqualTo(List.of(1, 2, 3));
  }

  @Test
  void randomFramesDecodeAsAvaticaDoes() {
    Random random = new Random(20240102);
    for (int i = 0; i < 300; i++) {
      assertDecodeTheSame(randomFrame(random).toProto());
    }
  }

  /** The server will stop sending the deprecated {@code value} copy of every cell. */
  @Test
  void framesWithoutTheDeprecatedValueFieldDecodeTheSame() {
    Random random = new Random(7);
    List<Meta.Frame> frames = new ArrayList<>();
    frames.add(new Meta.Frame(10, false, List.of(everyKindOfValue())));
    for (int i = 0; i < 100; i++) {
      frames.add(randomFrame(random));
    }
    for (Meta.Frame frame : frames) {
      Common.Frame full = frame.toProto();
      Common.Frame lean = withoutDeprecatedValues(full);
      assertThat(lean.getSerializedSize()).isLessThanOrEqualTo(full.getSerializedSize());

      assertDecodeTheSame(lean);
      assertSameFrame(Meta.Frame.fromProto(full), FrameDecoder.decode(lean));
    }
  }

  /** Calcite 1.5 servers set only the {@code value} field. */
  @Test
  void oldStyleColumnsDecodeAsAvaticaDoes() {
    Random random = new Random(15);
    for (int i = 0; i < 100; i++) {
      Common.Frame.Builder frame = randomFrame(random).toProto().toBuilder();
      for (Common.Row.Builder row : frame.getRowsBuilderList()) {
        for (Common.ColumnValue.Builder column : row.getValueBuilderList()) {
          column.clearScalarValue().clearHasArrayValue().clearArrayValue();
        }
      }
      assertDecodeTheSame(frame.build());
    }
  }

  /** Reps Avatica's encoder never writes but other servers (or older Avaticas) may. */
  @Test
  void valuesOnlyOtherEncodersWriteDecodeAsAvaticaDoes() {
    List<Common.TypedValue> values =
        List.of(
            typed(Common.Rep.PRIMITIVE_BOOLEAN).setBoolValue(true).build(),
            typed(Common.Rep.PRIMITIVE_BYTE).setNumberValue(-3).build(),
            typed(Common.Rep.PRIMITIVE_CHAR).setStringValue("q").build(),
            typed(Common.Rep.PRIMITIVE_SHORT)
                .setNumberValue(70_000)
                .build(), // narrowed as Avatica does
            typed(Common.Rep.PRIMITIVE_INT).setNumberValue(1L << 40).build(),
            typed(Common.Rep.PRIMITIVE_LONG).setNumberValue(-1).build(),
            typed(Common.Rep.PRIMITIVE_FLOAT).setNumberValue(Float.floatToIntBits(-2.5f)).build(),
            typed(Common.Rep.PRIMITIVE_DOUBLE).setDoubleValue(1e300).build(),
            typed(Common.Rep.NUMBER).setNumberValue(99).build(),
            typed(Common.Rep.JAVA_UTIL_DATE).setNumberValue(MILLIS).build(),
            typed(Common.Rep.JAVA_SQL_TIME).setNumberValue(3_600_000).build(),
            typed(Common.Rep.OBJECT).setNull(true).build(),
            typed(Common.Rep.NULL).setNumberValue(5).setStringValue("ignored").build(),
            typed(Common.Rep.STRING).build(),
            // Decimals before CALCITE-1103: unscaled bytes with the scale in number_value.
            typed(Common.Rep.BIG_DECIMAL)
                .setNumberValue(2)
                .setBytesValue(ByteString.copyFrom(BigInteger.valueOf(-12345).toByteArray()))
                .build(),
            typed(Common.Rep.BIG_DECIMAL).setStringValue("3.14").build(),
            // Byte strings from clients before CALCITE-1103: base64 text only.
            typed(Common.Rep.BYTE_STRING).setStringValue("AQI=").build(),
            typed(Common.Rep.BYTE_STRING).setComponentType(Common.Rep.BIG_INTEGER).build(),
            // A java.sql.Array in a row travels as a scalar ARRAY: Avatica gives TypedValues back.
            typed(Common.Rep.ARRAY)
                .setComponentType(Common.Rep.INTEGER)
                .addArrayValue(typed(Common.Rep.INTEGER).setNumberValue(1))
                .addArrayValue(
                    typed(Common.Rep.BYTE_STRING).setBytesValue(ByteString.copyFromUtf8("hi")))
                .addArrayValue(typed(Common.Rep.NULL).setNull(true))
                .build(),
            typed(Common.Rep.LONG).setNumberValue(4).setComponentTypeValue(1234).build());
    for (Common.TypedValue value : values) {
      assertEveryPlacementDecodesTheSame(value);
    }
  }

  @Test
  void valuesAvaticaRejectsFailTheSameWay() {
    List<Common.TypedValue> values =
        List.of(
            typed(Common.Rep.BIG_INTEGER)
                .setBytesValue(ByteString.copyFrom(new byte[] {1}))
                .build(),
            typed(Common.Rep.LONG)
                .setNumberValue(1)
                .setComponentType(Common.Rep.BIG_INTEGER)
                .build(),
            typed(Common.Rep.OBJECT).setStringValue("not null").build(),
            typed(Common.Rep.STRUCT).build(),
            typed(Common.Rep.MULTISET).build(),
            Common.TypedValue.newBuilder().setTypeValue(99).build(),
            typed(Common.Rep.CHARACTER).setStringValue("").build(),
            typed(Common.Rep.BIG_DECIMAL).setStringValue("").build(),
            typed(Common.Rep.BIG_DECIMAL).setNumberValue(1).build());
    for (Common.TypedValue value : values) {
      assertEveryPlacementDecodesTheSame(value);
    }
    Common.TypedValue one = typed(Common.Rep.INTEGER).setNumberValue(1).build();
    assertDecodeTheSame(
        frameOf(
            Common.ColumnValue.newBuilder()
                .setScalarValue(one)
                .setHasArrayValue(true)
                .addArrayValue(one)
                .build()));
    assertDecodeTheSame(frameOf(Common.ColumnValue.getDefaultInstance()));
  }

  @Test
  void emptyFramesDecodeAsAvaticaDoes() {
    assertDecodeTheSame(Common.Frame.getDefaultInstance());
    assertDecodeTheSame(Meta.Frame.EMPTY.toProto());
    assertDecodeTheSame(Meta.Frame.MORE.toProto());
    assertDecodeTheSame(new Meta.Frame(5, false, List.of(List.of(), List.of())).toProto());
  }

  /**
   * Compares decoded values, or the failures when Avatica rejects the frame, of {@link
   * FrameDecoder} and of {@link FetchResponseReader} reading the frame's bytes.
   */
  static void assertDecodeTheSame(Common.Frame frame) {
    Supplier<Meta.Frame> avatica = () -> Meta.Frame.fromProto(frame);
    assertDecodeTheSame(frame, avatica, () -> FrameDecoder.decode(frame));
    assertDecodeTheSame(frame, avatica, () -> readFromBytes(frame));
  }

  private static void assertDecodeTheSame(
      Common.Frame frame, Supplier<Meta.Frame> avatica, Supplier<Meta.Frame> icegate) {
    RuntimeException expectedFailure = failure(avatica);
    RuntimeException actualFailure = failure(icegate);
    if (expectedFailure == null) {
      assertThat(actualFailure).as("failure decoding %s", frame).isNull();
      assertSameFrame(avatica.get(), icegate.get());
    } else {
      assertThat(actualFailure).as("failure like %s", expectedFailure).isNotNull();
      assertThat(actualFailure.getClass()).isEqualTo(expectedFailure.getClass());
      assertThat(actualFailure.getMessage()).isEqualTo(expectedFailure.getMessage());
    }
  }

  private static Meta.Frame readFromBytes(Common.Frame frame) {
    try {
      return FetchResponseReader.read(
              Responses.FetchResponse.newBuilder().setFrame(frame).build().toByteString())
          .frame;
    } catch (IOException e) {
      throw new AssertionError("a frame built by protobuf must parse", e);
    }
  }

  /** As a scalar column, an array element, a nested array element and an old-style column. */
  private static void assertEveryPlacementDecodesTheSame(Common.TypedValue value) {
    assertDecodeTheSame(frameOf(Common.ColumnValue.newBuilder().setScalarValue(value).build()));
    assertDecodeTheSame(
        frameOf(
            Common.ColumnValue.newBuilder()
                .setHasArrayValue(true)
                .addArrayValue(value)
                .addArrayValue(value)
                .build()));
    assertDecodeTheSame(
        frameOf(
            Common.ColumnValue.newBuilder()
                .setHasArrayValue(true)
                .addArrayValue(typed(Common.Rep.ARRAY).addArrayValue(value))
                .build()));
    assertDecodeTheSame(frameOf(Common.ColumnValue.newBuilder().addValue(value).build()));
    assertDecodeTheSame(
        frameOf(Common.ColumnValue.newBuilder().addValue(value).addValue(value).build()));
  }

  static Common.Frame withoutDeprecatedValues(Common.Frame frame) {
    Common.Frame.Builder builder = frame.toBuilder();
    for (Common.Row.Builder row : builder.getRowsBuilderList()) {
      for (Common.ColumnValue.Builder column : row.getValueBuilderList()) {
        column.clearValue();
      }
    }
    return builder.build();
  }

  private static Common.Frame frameOf(Common.ColumnValue column) {
    return Common.Frame.newBuilder()
        .setOffset(3)
        .setDone(true)
        .addRows(Common.Row.newBuilder().addValue(column))
        .build();
  }

  private static Common.TypedValue.Builder typed(Common.Rep rep) {
    return Common.TypedValue.newBuilder().setType(rep);
  }

  private static RuntimeException failure(Supplier<?> decode) {
    try {
      decode.get();
      return null;
    } catch (RuntimeException e) {
      return e;
    }
  }

  static Meta.Frame randomFrame(Random random) {
    int columns = 1 + random.nextInt(6);
    int rowCount = random.nextInt(12);
    List<Object> rows = new ArrayList<>();
    for (int r = 0; r < rowCount; r++) {
      List<Object> row = new ArrayList<>();
      for (int c = 0; c < columns; c++) {
        row.add(randomValue(random, 0));
      }
      rows.add(row);
    }
    return new Meta.Frame(random.nextInt(1000), random.nextBoolean(), rows);
  }

  static Object randomValue(Random random, int depth) {
    switch (random.nextInt(depth < 3 ? 19 : 17)) {
      case 0:
        return (byte) random.nextInt();
      case 1:
        return (short) random.nextInt();
      case 2:
        return random.nextInt();
      case 3:
        return random.nextLong();
      case 4:
        return random.nextFloat() * 1e6f - 5e5f;
      case 5:
        return random.nextGaussian() * 1e9;
      case 6:
        return new BigDecimal(new BigInteger(70, random), random.nextInt(20) - 5);
      case 7:
        return randomString(random);
      case 8:
        return (char) ('a' + random.nextInt(26));
      case 9:
        {
          byte[] bytes = new byte[random.nextInt(8)];
          random.nextBytes(bytes);
          return bytes;
        }
      case 10:
        return random.nextBoolean();
      case 11:
        return new Timestamp(random.nextLong() >> 20);
      case 12:
        return new java.sql.Date(random.nextInt() * 1000L);
      case 13:
        return new Time(random.nextInt(86_400_000));
      case 14:
      case 15:
        return null;
      case 16:
        return OffsetDateTime.of(
            2020 + random.nextInt(10),
            1 + random.nextInt(12),
            1,
            0,
            0,
            random.nextInt(60),
            0,
            ZoneOffset.ofHours(random.nextInt(25) - 12));
      default:
        {
          // arrays, structs and map entries all travel as lists
          List<Object> list = new ArrayList<>();
          for (int i = random.nextInt(5); i > 0; i--) {
            list.add(randomValue(random, depth + 1));
          }
          return list;
        }
    }
  }

  static String randomString(Random random) {
    StringBuilder text = new StringBuilder();
    for (int i = random.nextInt(12); i > 0; i--) {
      int kind = random.nextInt(10);
      text.appendCodePoint(
          kind < 7
              ? 'a' + random.nextInt(26)
              : kind < 9 ? 0xE0 + random.nextInt(30) : 0x1F300 + random.nextInt(200));
    }
    return text.toString();
  }
}
