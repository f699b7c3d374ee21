package io.icegate.jdbc.wire;

import static io.icegate.jdbc.wire.SameValues.assertSameFrame;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import com.google.protobuf.Message;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.proto.Responses;
import org.apache.calcite.avatica.remote.ProtobufTranslation;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;
import org.apache.calcite.avatica.remote.TypedValue;

/**
 * Builders, encoders and random generators of FetchResponse bytes for {@link
 * FetchResponseReaderTest}.
 */
final class FetchResponses {
  static final ProtobufTranslation AVATICA = new ProtobufTranslationImpl();
  static final ProtobufTranslation ICEGATE = new FrameDecodingTranslation();

  static final int SCALAR = Common.ColumnValue.SCALAR_VALUE_FIELD_NUMBER;
  static final int ARRAY = Common.ColumnValue.ARRAY_VALUE_FIELD_NUMBER;
  static final int HAS_ARRAY = Common.ColumnValue.HAS_ARRAY_VALUE_FIELD_NUMBER;
  static final int DEPRECATED = Common.ColumnValue.VALUE_FIELD_NUMBER;
  static final int TYPE = Common.TypedValue.TYPE_FIELD_NUMBER;
  static final int STRING = Common.TypedValue.STRING_VALUE_FIELD_NUMBER;
  static final int NUMBER = Common.TypedValue.NUMBER_VALUE_FIELD_NUMBER;
  static final int ELEMENT = Common.TypedValue.ARRAY_VALUE_FIELD_NUMBER;

  private FetchResponses() {}

  static Service.FetchResponse assertReadTheSame(byte[] bytes) {
    Object expected = outcome(() -> AVATICA.parseResponse(bytes));
    Object actual = outcome(() -> ICEGATE.parseResponse(bytes));
    if (expected instanceof Exception failure) {
      assertThat(actual).as("failure like %s", failure).isInstanceOf(Exception.class);
      assertThat(actual.getClass()).as("failure of %s", failure).isEqualTo(failure.getClass());
      assertThat(((Exception) actual).getMessage()).isEqualTo(failure.getMessage());
      return null;
    }
    assertThat(actual).as("read where Avatica reads").isInstanceOf(Service.FetchResponse.class);
    assertSameFetch((Service.Response) expected, (Service.Response) actual);
    return (Service.FetchResponse) expected;
  }

  static void assertSameFetch(Service.Response expectedResponse, Service.Response actualResponse) {
    Service.FetchResponse expected = (Service.FetchResponse) expectedResponse;
    Service.FetchResponse actual = (Service.FetchResponse) actualResponse;
    assertSameFrame(expected.frame, actual.frame);
    assertThat(actual.missingStatement).isEqualTo(expected.missingStatement);
    assertThat(actual.missingResults).isEqualTo(expected.missingResults);
    assertThat(actual.rpcMetadata).isEqualTo(expected.rpcMetadata);
  }

  static Object outcome(Callable<?> parse) {
    try {
      return parse.call();
    } catch (Exception e) {
      return e;
    }
  }

  // ---- encoding ----

  /** The same response as the gateway encodes it: no deprecated copy, one value field a cell. */
  static byte[] lean(byte[] avaticaBytes) throws IOException {
    Responses.FetchResponse full = Responses.FetchResponse.parseFrom(unwrap(avaticaBytes));
    if (!full.hasFrame()) {
      return wire(full);
    }
    return wire(
        full.toBuilder().setFrame(leanFrame(Meta.Frame.fromProto(full.getFrame()))).build());
  }

  /** Built with generated builders, as the gateway's encoder writes cells. */
  static Common.Frame leanFrame(Meta.Frame frame) {
    Common.Frame.Builder builder =
        Common.Frame.newBuilder().setOffset(frame.offset).setDone(frame.done);
    for (Object row : frame.rows) {
      Common.Row.Builder rowBuilder = Common.Row.newBuilder();
      for (Object cell : (List<?>) row) {
        Common.ColumnValue.Builder column = Common.ColumnValue.newBuilder();
        if (cell instanceof List<?> list) {
          column.setHasArrayValue(true);
          list.forEach(element -> column.addArrayValue(leanValue(element)));
        } else {
          column.setScalarValue(leanValue(cell));
        }
        rowBuilder.addValue(column);
      }
      builder.addRows(rowBuilder);
    }
    return builder.build();
  }

  static Common.TypedValue leanValue(Object value) {
    Common.TypedValue.Builder builder = Common.TypedValue.newBuilder();
    TypedValue.toProto(builder, value);
    return withoutBase64(builder).build();
  }

  /** Avatica adds a base64 copy of byte strings for clients before CALCITE-1209. */
  static Common.TypedValue.Builder withoutBase64(Common.TypedValue.Builder value) {
    if (value.getType() == Common.Rep.BYTE_STRING) {
      value.clearStringValue();
    }
    value.getArrayValueBuilderList().forEach(FetchResponses::withoutBase64);
    return value;
  }

  static ByteString unwrap(byte[] bytes) throws IOException {
    return Common.WireMessage.parseFrom(bytes).getWrappedMessage();
  }

  /** Wraps a response as ProtobufTranslationImpl#serializeResponse does. */
  static byte[] wire(Message message) {
    return rewrap(message.toByteArray());
  }

  static byte[] rewrap(byte[] fetchResponse) {
    return Common.WireMessage.newBuilder()
        .setName(Responses.FetchResponse.class.getName())
        .setWrappedMessage(ByteString.copyFrom(fetchResponse))
        .build()
        .toByteArray();
  }

  /**
   * A fetch response whose one row has the column: alone, after an ordinary column, or among
   * several rows.
   */
  static byte[] fetchWithColumn(ProtoBytes column, int placement) {
    int columnField = Common.Row.VALUE_FIELD_NUMBER;
    ProtoBytes ordinary = scalar(stringValue(new byte[] {'o', 'k'}));
    ProtoBytes frame = new ProtoBytes().varint(Common.Frame.OFFSET_FIELD_NUMBER, 5);
    if (placement == 2) {
      frame.message(
          Common.Frame.ROWS_FIELD_NUMBER, new ProtoBytes().message(columnField, ordinary));
    }
    ProtoBytes row = new ProtoBytes();
    if (placement > 0) {
      row.message(columnField, ordinary);
    }
    row.message(columnField, column);
    frame.message(Common.Frame.ROWS_FIELD_NUMBER, row);
    return rewrap(
        new ProtoBytes()
            .message(Responses.FetchResponse.FRAME_FIELD_NUMBER, frame)
            .varint(Responses.FetchResponse.MISSING_RESULTS_FIELD_NUMBER, 1)
            .toByteArray());
  }

  /**
   * A response with the value as the scalar of its one cell, and {@code trailing} at the end of the
   * value (0), column (1), row (2), frame (3) or response (4).
   */
  static byte[] withTrailing(ProtoBytes value, int level, byte[] trailing) {
    byte[] bytes = value.toByteArray();
    int[] fields = {
      SCALAR,
      Common.Row.VALUE_FIELD_NUMBER,
      Common.Frame.ROWS_FIELD_NUMBER,
      Responses.FetchResponse.FRAME_FIELD_NUMBER
    };
    for (int i = 0; i < fields.length; i++) {
      ProtoBytes message = new ProtoBytes().raw(toInts(bytes));
      if (i == level) {
        message.raw(toInts(trailing));
      }
      bytes = new ProtoBytes().message(fields[i], message).toByteArray();
    }
    return level == fields.length
        ? new ProtoBytes().raw(toInts(bytes)).raw(toInts(trailing)).toByteArray()
        : bytes;
  }

  static int[] toInts(byte[] bytes) {
    int[] ints = new int[bytes.length];
    for (int i = 0; i < bytes.length; i++) {
      ints[i] = bytes[i] & 0xFF;
    }
    return ints;
  }

  static ProtoBytes scalar(ProtoBytes value) {
    return new ProtoBytes().message(SCALAR, value);
  }

  static ProtoBytes stringValue(byte[] utf8) {
    return new ProtoBytes().varint(TYPE, Common.Rep.STRING_VALUE).bytes(STRING, utf8);
  }

  /** An array element holding arrays {@code levels} deep, an integer at the bottom. */
  static ProtoBytes nested(int levels) {
    ProtoBytes value = new ProtoBytes().varint(TYPE, Common.Rep.INTEGER_VALUE).sint64(NUMBER, 7);
    for (int i = 0; i < levels; i++) {
      value = new ProtoBytes().varint(TYPE, Common.Rep.ARRAY_VALUE).message(ELEMENT, value);
    }
    return value;
  }

  /** An unknown field: groups {@code levels} deep. */
  static int[] group(int levels) {
    ProtoBytes group = new ProtoBytes().varint(40, 1);
    for (int i = 0; i < levels; i++) {
      group =
          new ProtoBytes()
              .tag(40, WireFormat.WIRETYPE_START_GROUP)
              .raw(toInts(group.toByteArray()))
              .tag(40, WireFormat.WIRETYPE_END_GROUP);
    }
    return toInts(group.toByteArray());
  }

  // ---- random responses and values ----

  static Service.FetchResponse randomResponse(Random random) {
    int columns = random.nextInt(7);
    List<Object> rows = new ArrayList<>();
    for (int r = random.nextInt(4) == 0 ? 0 : random.nextInt(16); r > 0; r--) {
      List<Object> row = new ArrayList<>();
      for (int c = 0; c < columns; c++) {
        row.add(edgeValue(random, 0));
      }
      rows.add(row);
    }
    long offset = pick(random, 0L, 1L, 100L, 1L << 40, Long.MAX_VALUE, -1L, random.nextLong());
    Meta.Frame frame = new Meta.Frame(offset, random.nextBoolean(), rows);
    Service.RpcMetadataResponse metadata =
        random.nextInt(3) == 0
            ? null
            : new Service.RpcMetadataResponse(pick(random, "http://gateway:8765", "ü:1", "x"));
    return new Service.FetchResponse(
        random.nextInt(8) == 0 ? null : frame,
        random.nextBoolean(),
        random.nextBoolean(),
        metadata);
  }

  static List<Object> randomRow(Random random) {
    List<Object> row = new ArrayList<>();
    for (int c = random.nextInt(6); c >= 0; c--) {
      row.add(edgeValue(random, 0));
    }
    return row;
  }

  /** Avatica's own random values, and the edges of every kind. */
  static Object edgeValue(Random random, int depth) {
    switch (random.nextInt(10)) {
      case 0:
        return pick(
            random,
            Double.NaN,
            -0.0d,
            0.0d,
            Double.MIN_VALUE,
            Double.MAX_VALUE,
            Double.NEGATIVE_INFINITY,
            -1e-300,
            random.nextDouble() - 0.5);
      case 1:
        return pick(random, Float.NaN, -0.0f, Float.MIN_VALUE, Float.NEGATIVE_INFINITY, -3.5f);
      case 2:
        return pick(
            random,
            Long.MIN_VALUE,
            Long.MAX_VALUE,
            -1L,
            0L,
            Integer.MIN_VALUE,
            -1,
            0,
            Integer.MAX_VALUE,
            Short.MIN_VALUE,
            (short) -1,
            Byte.MIN_VALUE,
            (byte) -1,
            (byte) 0);
      case 3:
        return pick(
            random,
            "",
            "ünïcødé ❄ \uD83E\uDDCA",
            "日本語",
            "a\u0000b",
            "customer-12345",
            FrameDecoderTest.randomString(random));
      case 4:
        return pick(
            random,
            BigDecimal.ZERO,
            new BigDecimal("-0.00"),
            new BigDecimal("1E-40"),
            new BigDecimal("-123456789012345678901234567890.123456789"),
            new BigDecimal("9.99E+99"),
            new BigDecimal(new BigInteger(200, random), 17).negate());
      case 5:
        byte[] bytes = new byte[random.nextInt(3) == 0 ? 0 : random.nextInt(300)];
        random.nextBytes(bytes);
        return bytes;
      case 6:
        return pick(random, null, true, false);
      case 7:
        if (depth < 3) {
          List<Object> list = new ArrayList<>();
          for (int i = random.nextInt(4); i > 0; i--) {
            // lists of values, and pairs (map entries)
            list.add(
                random.nextBoolean()
                    ? edgeValue(random, depth + 1)
                    : Arrays.asList(edgeValue(random, depth + 1), edgeValue(random, depth + 1)));
          }
          return list;
        }
        return null;
      default:
        return FrameDecoderTest.randomValue(random, depth);
    }
  }

  @SafeVarargs
  static <T> T pick(Random random, T... values) {
    return values[random.nextInt(values.length)];
  }

  /** A value of any type (known or not) with any of its fields set. */
  static Common.TypedValue fuzzedValue(Random random, int depth) {
    Common.TypedValue.Builder value = Common.TypedValue.newBuilder();
    Common.Rep[] reps = Common.Rep.values();
    value.setTypeValue(
        random.nextInt(12) == 0
            ? 99
            : reps[random.nextInt(reps.length - 1)]
                .getNumber()); // the last is UNRECOGNIZED, which has no number
    if (random.nextBoolean()) {
      value.setBoolValue(true);
    }
    if (random.nextBoolean()) {
      value.setStringValue(
          pick(
              random,
              "",
              "x",
              "12.50",
              "-1E+3",
              "AQI=",
              "ü",
              FrameDecoderTest.randomString(random)));
    }
    if (random.nextBoolean()) {
      value.setNumberValue(pick(random, 0L, 1L, -1L, 2L, 70_000L, random.nextLong()));
    }
    if (random.nextBoolean()) {
      byte[] bytes = new byte[random.nextInt(4)];
      random.nextBytes(bytes);
      value.setBytesValue(ByteString.copyFrom(bytes));
    }
    if (random.nextBoolean()) {
      value.setDoubleValue(pick(random, -0.0, Double.NaN, 1.5));
    }
    if (random.nextInt(3) == 0) {
      value.setNull(true);
    }
    if (random.nextInt(4) == 0) {
      value.setComponentTypeValue(
          random.nextInt(12) == 0 ? 77 : reps[random.nextInt(reps.length - 1)].getNumber());
    }
    if (random.nextInt(6) == 0) {
      value.setImplicitlyNull(true);
    }
    if (depth < 3 && random.nextInt(4) == 0) {
      for (int i = random.nextInt(3); i > 0; i--) {
        value.addArrayValue(fuzzedValue(random, depth + 1));
      }
    }
    return value.build();
  }

  /** One value of each kind at the edges, positions spot-checked above. */
  static List<Object> everyKindOfValue() {
    return Arrays.asList(
        Long.MIN_VALUE,
        Double.NaN,
        -0.0d,
        Float.NaN,
        -0.0f,
        Integer.MIN_VALUE,
        Short.MIN_VALUE,
        Byte.MIN_VALUE,
        "",
        "ünïcødé ❄ \uD83E\uDDCA",
        new BigDecimal("-12.50"),
        new BigDecimal("1E+5"),
        new byte[0],
        new byte[] {-1, 0, 1},
        true,
        false,
        null,
        List.of(),
        Arrays.asList(null, "x"),
        List.of(List.of("k", List.of(1, 2))),
        List.of(List.of(), List.of(List.of())),
        'c');
  }
}
