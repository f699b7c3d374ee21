package io.icegate.jdbc.wire;

import static io.icegate.jdbc.wire.FetchResponses.ARRAY;
import static io.icegate.jdbc.wire.FetchResponses.AVATICA;
import static io.icegate.jdbc.wire.FetchResponses.DEPRECATED;
import static io.icegate.jdbc.wire.FetchResponses.ELEMENT;
import static io.icegate.jdbc.wire.FetchResponses.HAS_ARRAY;
import static io.icegate.jdbc.wire.FetchResponses.NUMBER;
import static io.icegate.jdbc.wire.FetchResponses.SCALAR;
import static io.icegate.jdbc.wire.FetchResponses.STRING;
import static io.icegate.jdbc.wire.FetchResponses.TYPE;
import static io.icegate.jdbc.wire.FetchResponses.assertReadTheSame;
import static io.icegate.jdbc.wire.FetchResponses.assertSameFetch;
import static io.icegate.jdbc.wire.FetchResponses.everyKindOfValue;
import static io.icegate.jdbc.wire.FetchResponses.fetchWithColumn;
import static io.icegate.jdbc.wire.FetchResponses.fuzzedValue;
import static io.icegate.jdbc.wire.FetchResponses.group;
import static io.icegate.jdbc.wire.FetchResponses.lean;
import static io.icegate.jdbc.wire.FetchResponses.nested;
import static io.icegate.jdbc.wire.FetchResponses.outcome;
import static io.icegate.jdbc.wire.FetchResponses.randomResponse;
import static io.icegate.jdbc.wire.FetchResponses.randomRow;
import static io.icegate.jdbc.wire.FetchResponses.rewrap;
import static io.icegate.jdbc.wire.FetchResponses.scalar;
import static io.icegate.jdbc.wire.FetchResponses.stringValue;
import static io.icegate.jdbc.wire.FetchResponses.unwrap;
import static io.icegate.jdbc.wire.FetchResponses.wire;
import static io.icegate.jdbc.wire.FetchResponses.withTrailing;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.proto.Responses;
import org.apache.calcite.avatica.remote.Service;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Fetch responses read from their bytes by {@link FetchResponseReader} (through {@link
 * FrameDecodingTranslation}) must come out exactly as Avatica's own translation reads them: same
 * rows, value classes, flags, offset, done and rpc metadata, or, for bytes Avatica rejects, a
 * failure of the same kind. Responses are serialized as Avatica's server does, both as Avatica
 * encodes frames (every cell also in the deprecated {@code value} field) and as the gateway does
 * (without it), then also scrambled, fuzzed, truncated and corrupted.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES) // a reader that loops on bad bytes fails, not hangs
class FetchResponseReaderTest {

  @Test
  void responsesAreWrappedAsAvaticasServerWrapsThem() throws IOException {
    Random random = new Random(1);
    for (int i = 0; i < 50; i++) {
      byte[] bytes = AVATICA.serializeResponse(randomResponse(random));
      assertThat(wire(Responses.FetchResponse.parseFrom(unwrap(bytes)))).isEqualTo(bytes);
    }
  }

  @Test
  void randomResponsesReadAsAvaticaDoes() throws IOException {
    Random random = new Random(20240102);
    int rows = 0;
    for (int i = 0; i < 500; i++) {
      Service.FetchResponse response = randomResponse(random);
      byte[] full = AVATICA.serializeResponse(response);
      byte[] lean = lean(full);
      assertThat(lean.length).isLessThanOrEqualTo(full.length);

      Service.FetchResponse fromFull = assertReadTheSame(full);
      Service.FetchResponse fromLean = assertReadTheSame(lean);
      assertThat(fromFull).as("Avatica reads what Avatica wrote").isNotNull();
      assertSameFetch(fromFull, fromLean);
      for (Object row : fromFull.frame.rows) {
        rows++;
      }
    }
    assertThat(rows).as("rows compared").isGreaterThan(2000);
  }

  /** Every row of {@link #everyKindOfValue}, as both encodings, read through the translation. */
  @Test
  void everyKindOfValueReadsAsAvaticaDoes() throws IOException {
    List<Object> row = everyKindOfValue();
    Service.FetchResponse response =
        new Service.FetchResponse(
            new Meta.Frame(Long.MAX_VALUE, true, List.of(row, List.of(), row)),
            true,
            false,
            new Service.RpcMetadataResponse("http://gateway:8765/ü"));
    byte[] full = AVATICA.serializeResponse(response);
    Service.FetchResponse read = assertReadTheSame(full);
    assertSameFetch(read, assertReadTheSame(lean(full)));
    List<?> decoded = (List<?>) read.frame.rows.iterator().next();
    // Spot checks that the comparison is not vacuous.
    assertThat(decoded).hasSameSizeAs(row);
    assertThat((Double) decoded.get(1)).isNaN();
    assertThat(decoded.get(2)).isEqualTo(-0.0d);
    assertThat(decoded.get(8)).isEqualTo("");
    assertThat(decoded.get(12)).isEqualTo(new byte[0]);
  }

  @Test
  void scrambledResponsesReadAsAvaticaDoes() throws IOException {
    Random random = new Random(99);
    WireScrambler scrambler = new WireScrambler(random, 0.15);
    int read = 0;
    for (int i = 0; i < 400; i++) {
      byte[] full = AVATICA.serializeResponse(randomResponse(random));
      for (byte[] bytes : List.of(full, lean(full))) {
        byte[] scrambled =
            rewrap(
                scrambler.scramble(unwrap(bytes).toByteArray(), WireScrambler.Kind.FETCH_RESPONSE));
        Service.FetchResponse expected = assertReadTheSame(scrambled);
        if (expected != null) {
          read++;
          // Nothing the scrambler does changes what the response says.
          assertSameFetch(AVATICA.parseResponse(bytes), expected);
        }
      }
    }
    assertThat(read).as("scrambled responses read").isEqualTo(800);
  }

  /** Values with any type and any fields set, where a column can hold them. */
  @Test
  void fuzzedValuesReadAsAvaticaDoes() {
    Random random = new Random(4);
    int failures = 0;
    List<Supplier<Common.ColumnValue>> placements =
        List.of(
            () -> Common.ColumnValue.newBuilder().setScalarValue(fuzzedValue(random, 0)).build(),
            () ->
                Common.ColumnValue.newBuilder()
                    .setHasArrayValue(true)
                    .addArrayValue(fuzzedValue(random, 0))
                    .addArrayValue(fuzzedValue(random, 0))
                    .build(),
            () ->
                Common.ColumnValue.newBuilder()
                    .setHasArrayValue(true)
                    .addArrayValue(
                        Common.TypedValue.newBuilder()
                            .setType(Common.Rep.ARRAY)
                            .addArrayValue(fuzzedValue(random, 1)))
                    .build(),
            () ->
                Common.ColumnValue.newBuilder()
                    .addValue(fuzzedValue(random, 0))
                    .setScalarValue(fuzzedValue(random, 0))
                    .build(),
            () -> Common.ColumnValue.newBuilder().addValue(fuzzedValue(random, 0)).build(),
            () ->
                Common.ColumnValue.newBuilder()
                    .addValue(fuzzedValue(random, 0))
                    .addValue(fuzzedValue(random, 0))
                    .build());
    for (int i = 0; i < 3000; i++) {
      Common.ColumnValue column = placements.get(i % placements.size()).get();
      Common.Frame frame =
          Common.Frame.newBuilder()
              .setOffset(i)
              .addRows(
                  Common.Row.newBuilder()
                      .addValue(column)
                      .addValue(
                          Common.ColumnValue.newBuilder().setScalarValue(fuzzedValue(random, 0))))
              .build();
      if (assertReadTheSame(wire(Responses.FetchResponse.newBuilder().setFrame(frame).build()))
          == null) {
        failures++;
      }
    }
    // Both outcomes are exercised: values that decode, and values Avatica rejects.
    assertThat(failures).isBetween(300, 2700);
  }

  @Test
  void truncatedResponsesFailAsAvaticaDoes() throws IOException {
    Random random = new Random(12);
    for (int i = 0; i < 3; i++) {
      byte[] full =
          AVATICA.serializeResponse(
              new Service.FetchResponse(
                  new Meta.Frame(7, false, List.of(everyKindOfValue(), randomRow(random))),
                  false,
                  true,
                  new Service.RpcMetadataResponse("http://gateway:8765")));
      for (byte[] bytes : List.of(full, lean(full))) {
        byte[] message = unwrap(bytes).toByteArray();
        int failed = 0;
        for (int length = 0; length < message.length; length++) {
          // A valid envelope around a cut message, so the cut is in the frame's bytes.
          if (assertReadTheSame(rewrap(Arrays.copyOf(message, length))) == null) {
            failed++;
          }
        }
        assertThat(failed).as("cuts that fail").isGreaterThan(message.length * 9 / 10);
        for (int length = 0; length < bytes.length; length += 1 + random.nextInt(5)) {
          assertReadTheSame(Arrays.copyOf(bytes, length));
        }
      }
    }
  }

  @Test
  void corruptedResponsesFailOrReadAsAvaticaDoes() throws IOException {
    Random random = new Random(13);
    int failed = 0;
    for (int i = 0; i < 4000; i++) {
      byte[] full =
          AVATICA.serializeResponse(
              new Service.FetchResponse(
                  new Meta.Frame(3, true, List.of(randomRow(random), randomRow(random))),
                  false,
                  false,
                  null));
      byte[] message = unwrap(random.nextBoolean() ? full : lean(full)).toByteArray();
      for (int flips = 1 + random.nextInt(3); flips > 0; flips--) {
        int at = random.nextInt(message.length);
        message[at] = random.nextBoolean() ? (byte) random.nextInt() : (byte) (message[at] ^ 0x80);
      }
      if (assertReadTheSame(rewrap(message)) == null) {
        failed++;
      }
    }
    assertThat(failed).as("corrupted responses that fail").isBetween(400, 3900);
  }

  @Test
  void malformedValuesFailAsAvaticaDoes() {
    byte[] invalidUtf8 = {'o', (byte) 0xC3, '('};
    byte[] encodedSurrogate = {(byte) 0xED, (byte) 0xA0, (byte) 0x80};
    ProtoBytes okString =
        new ProtoBytes()
            .varint(TYPE, Common.Rep.STRING_VALUE)
            .bytes(STRING, "ok".getBytes(StandardCharsets.UTF_8));
    List<ProtoBytes> columns =
        List.of(
            // strings that are not UTF-8: as a scalar, in the deprecated copy, as a nested element
            scalar(stringValue(invalidUtf8)),
            scalar(stringValue(encodedSurrogate)),
            new ProtoBytes()
                .message(DEPRECATED, stringValue(invalidUtf8))
                .message(SCALAR, okString),
            new ProtoBytes()
                .varint(HAS_ARRAY, 1)
                .message(
                    ARRAY,
                    new ProtoBytes()
                        .varint(TYPE, Common.Rep.ARRAY_VALUE)
                        .message(ELEMENT, stringValue(invalidUtf8))),
            // a varint of eleven bytes
            scalar(
                new ProtoBytes()
                    .varint(TYPE, Common.Rep.LONG_VALUE)
                    .tag(NUMBER, 0)
                    .raw(0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01)),
            // wire types 6 and 7 do not exist
            scalar(new ProtoBytes().varint(TYPE, Common.Rep.LONG_VALUE).tag(NUMBER, 6).raw(0)),
            new ProtoBytes().message(SCALAR, okString).tag(25, 7).raw(0),
            // field number 0
            scalar(new ProtoBytes().raw(0, 0).varint(TYPE, Common.Rep.LONG_VALUE)),
            scalar(new ProtoBytes().raw(WireFormat.WIRETYPE_LENGTH_DELIMITED, 0)),
            // end-group tags that close nothing, or close another group
            scalar(okString).tag(30, WireFormat.WIRETYPE_END_GROUP),
            scalar(
                new ProtoBytes()
                    .varint(TYPE, Common.Rep.STRING_VALUE)
                    .tag(30, WireFormat.WIRETYPE_END_GROUP)
                    .bytes(STRING, new byte[] {'x'})),
            scalar(
                new ProtoBytes()
                    .tag(30, WireFormat.WIRETYPE_START_GROUP)
                    .varint(1, 1)
                    .tag(31, WireFormat.WIRETYPE_END_GROUP)),
            scalar(
                new ProtoBytes()
                    .varint(TYPE, Common.Rep.LONG_VALUE)
                    .tag(30, WireFormat.WIRETYPE_START_GROUP)
                    .varint(1, 1)),
            // lengths that are negative, or run past the enclosing message
            scalar(
                new ProtoBytes()
                    .varint(TYPE, Common.Rep.STRING_VALUE)
                    .lengthDelimited(STRING)
                    .raw(0xFF, 0xFF, 0xFF, 0xFF, 0x0F)),
            new ProtoBytes().lengthDelimited(SCALAR).raw(0xFF, 0xFF, 0xFF, 0xFF, 0x0F),
            new ProtoBytes().lengthDelimited(SCALAR).raw(40).varint(TYPE, Common.Rep.LONG_VALUE),
            scalar(
                new ProtoBytes()
                    .varint(TYPE, Common.Rep.STRING_VALUE)
                    .lengthDelimited(STRING)
                    .raw(9, 'a')),
            // a double cut short
            scalar(
                new ProtoBytes()
                    .varint(TYPE, Common.Rep.DOUBLE_VALUE)
                    .tag(Common.TypedValue.DOUBLE_VALUE_FIELD_NUMBER, WireFormat.WIRETYPE_FIXED64)
                    .raw(1, 2, 3)));
    for (ProtoBytes column : columns) {
      for (int placement = 0; placement < 3; placement++) {
        byte[] bytes = fetchWithColumn(column, placement);
        assertThat(assertReadTheSame(bytes)).as("Avatica rejects this").isNull();
      }
    }
    // Stray end-group tags in every message around the cells.
    byte[] endGroup = new ProtoBytes().tag(30, WireFormat.WIRETYPE_END_GROUP).toByteArray();
    for (int message = 0; message <= 4; message++) {
      assertThat(assertReadTheSame(rewrap(withTrailing(okString, message, endGroup)))).isNull();
    }
  }

  /** Orders and repeats no encoder writes, but which protobuf reads, and so Avatica. */
  @Test
  void fieldsInAnyOrderReadAsAvaticaDoes() {
    ProtoBytes one = new ProtoBytes().varint(TYPE, Common.Rep.INTEGER_VALUE).sint64(NUMBER, 1);
    ProtoBytes elementsFirst =
        new ProtoBytes()
            .message(ELEMENT, one)
            .message(ELEMENT, one)
            .varint(TYPE, Common.Rep.ARRAY_VALUE);
    ProtoBytes typeAfterElements =
        new ProtoBytes()
            .varint(TYPE, Common.Rep.ARRAY_VALUE)
            .message(ELEMENT, one)
            .varint(TYPE, Common.Rep.INTEGER_VALUE)
            .sint64(NUMBER, 5);
    ProtoBytes typeAgainAfterElements =
        new ProtoBytes()
            .varint(TYPE, Common.Rep.ARRAY_VALUE)
            .message(ELEMENT, one)
            .varint(TYPE, Common.Rep.ARRAY_VALUE)
            .message(ELEMENT, one);
    ProtoBytes lastValueWins =
        new ProtoBytes()
            .varint(TYPE, Common.Rep.STRING_VALUE)
            .bytes(STRING, new byte[] {'a'})
            .sint64(NUMBER, 3)
            .varint(TYPE, Common.Rep.LONG_VALUE)
            .bytes(STRING, new byte[] {'b'});
    // Varints wider than their field: bools are true if any bit is set, enums keep 32 bits.
    ProtoBytes wide =
        new ProtoBytes()
            .varint(TYPE, 1L << 32 | Common.Rep.BOOLEAN_VALUE)
            .varint(Common.TypedValue.BOOL_VALUE_FIELD_NUMBER, 1L << 33);
    List<ProtoBytes> values =
        List.of(
            one,
            elementsFirst,
            typeAfterElements,
            typeAgainAfterElements,
            lastValueWins,
            new ProtoBytes().sint64(NUMBER, -9).varint(TYPE, Common.Rep.SHORT_VALUE),
            wide);
    List<Object> decoded = new ArrayList<>();
    for (ProtoBytes value : values) {
      List<ProtoBytes> columns =
          List.of(
              new ProtoBytes().message(SCALAR, value),
              new ProtoBytes().message(ARRAY, value).varint(HAS_ARRAY, 1),
              new ProtoBytes()
                  .message(
                      ARRAY,
                      new ProtoBytes().varint(TYPE, Common.Rep.ARRAY_VALUE).message(ELEMENT, value))
                  .varint(HAS_ARRAY, 1)
                  .message(DEPRECATED, value),
              // has_array_value sent, then cleared: a scalar after all
              new ProtoBytes()
                  .varint(HAS_ARRAY, 1)
                  .message(ARRAY, value)
                  .varint(HAS_ARRAY, 0)
                  .message(SCALAR, value),
              new ProtoBytes().varint(HAS_ARRAY, 1L << 40).message(ARRAY, value),
              new ProtoBytes().varint(HAS_ARRAY, 1L << 40).message(SCALAR, value),
              // a scalar sent in two parts, which protobuf merges
              new ProtoBytes()
                  .message(SCALAR, new ProtoBytes().varint(TYPE, Common.Rep.ARRAY_VALUE))
                  .message(SCALAR, value));
      for (ProtoBytes column : columns) {
        Service.FetchResponse read = assertReadTheSame(fetchWithColumn(column, 0));
        decoded.add(read == null ? null : ((List<?>) read.frame.rows.iterator().next()).get(0));
      }
    }
    // Spot checks: the type after the elements counts, and so do the last values.
    int placements = decoded.size() / values.size();
    assertThat(decoded.get(2 * placements + 1)).isEqualTo(List.of(5));
    assertThat(decoded.get(3 * placements + 1)).isEqualTo(List.of(List.of(1, 1)));
    assertThat(decoded.get(4 * placements)).isEqualTo(3L);
    assertThat(decoded.get(5 * placements)).isEqualTo((short) -9);
    assertThat(decoded.get(6 * placements)).isEqualTo(true);
    assertThat(decoded.get(4)).as("has_array_value above 32 bits").isEqualTo(List.of(1));
  }

  /** The first value that cannot be decoded fails, unless the bytes are malformed anywhere. */
  @Test
  void undecodableValuesFailAsAvaticaDoesAndAfterMalformedBytes() {
    ProtoBytes unhandled = scalar(new ProtoBytes().varint(TYPE, Common.Rep.STRUCT_VALUE));
    ProtoBytes badDecimal =
        scalar(
            new ProtoBytes()
                .varint(TYPE, Common.Rep.BIG_DECIMAL_VALUE)
                .bytes(STRING, "1.2.3".getBytes(StandardCharsets.UTF_8)));
    ProtoBytes both =
        new ProtoBytes().message(SCALAR, stringValue(new byte[] {'x'})).varint(HAS_ARRAY, 1);
    ProtoBytes malformed = scalar(stringValue(new byte[] {(byte) 0xFF}));
    ProtoBytes fine = scalar(stringValue(new byte[] {'x'}));
    List<List<ProtoBytes>> rows =
        List.of(
            List.of(fine, unhandled, badDecimal),
            List.of(badDecimal, unhandled),
            List.of(both, badDecimal),
            List.of(fine, unhandled, malformed),
            List.of(badDecimal, fine, malformed),
            List.of(
                new ProtoBytes()
                    .varint(HAS_ARRAY, 1)
                    .message(ARRAY, stringValue(new byte[0]))
                    .message(ARRAY, new ProtoBytes().varint(TYPE, Common.Rep.CHARACTER_VALUE)),
                both),
            // elements of a column that proves to be a scalar are not decoded, so cannot fail
            List.of(
                new ProtoBytes()
                    .message(ARRAY, new ProtoBytes().varint(TYPE, Common.Rep.STRUCT_VALUE))
                    .message(SCALAR, stringValue(new byte[] {'x'})),
                fine));
    List<String> outcomes = new ArrayList<>();
    for (List<ProtoBytes> row : rows) {
      ProtoBytes rowBytes = new ProtoBytes();
      row.forEach(column -> rowBytes.message(Common.Row.VALUE_FIELD_NUMBER, column));
      byte[] bytes =
          rewrap(
              new ProtoBytes()
                  .message(
                      Responses.FetchResponse.FRAME_FIELD_NUMBER,
                      new ProtoBytes().message(Common.Frame.ROWS_FIELD_NUMBER, rowBytes))
                  .toByteArray());
      outcomes.add(outcome(() -> AVATICA.parseResponse(bytes)).getClass().getSimpleName());
      assertReadTheSame(bytes);
    }
    assertThat(outcomes)
        .containsExactly(
            "RuntimeException",
            "NumberFormatException",
            "IllegalArgumentException",
            "InvalidProtocolBufferException",
            "InvalidProtocolBufferException",
            "StringIndexOutOfBoundsException",
            "FetchResponse");
  }

  @Test
  void metadataReadsAsAvaticaReadsIt() {
    int metadata = Responses.FetchResponse.METADATA_FIELD_NUMBER;
    int address = Responses.RpcMetadata.SERVER_ADDRESS_FIELD_NUMBER;
    byte[] gateway = "http://gateway".getBytes(StandardCharsets.UTF_8);
    List<ProtoBytes> responses =
        List.of(
            new ProtoBytes().message(metadata, new ProtoBytes().bytes(address, gateway)),
            // empty address: Avatica's constructor fails on the null it then passes
            new ProtoBytes().message(metadata, new ProtoBytes()),
            // sent twice: protobuf merges, the last address set wins
            new ProtoBytes()
                .message(metadata, new ProtoBytes().bytes(address, gateway))
                .message(metadata, new ProtoBytes().bytes(address, new byte[] {'b'})),
            new ProtoBytes()
                .message(metadata, new ProtoBytes().bytes(address, gateway))
                .message(metadata, new ProtoBytes()),
            new ProtoBytes().message(metadata, new ProtoBytes().bytes(address, new byte[] {-1})),
            new ProtoBytes()
                .varint(Responses.FetchResponse.MISSING_RESULTS_FIELD_NUMBER, 1L << 32)
                .varint(Responses.FetchResponse.MISSING_STATEMENT_FIELD_NUMBER, 1)
                .varint(Responses.FetchResponse.MISSING_STATEMENT_FIELD_NUMBER, 0));
    List<String> outcomes = new ArrayList<>();
    for (ProtoBytes response : responses) {
      byte[] bytes = rewrap(response.toByteArray());
      outcomes.add(outcome(() -> AVATICA.parseResponse(bytes)).getClass().getSimpleName());
      assertReadTheSame(bytes);
    }
    assertThat(outcomes)
        .containsExactly(
            "FetchResponse",
            "NullPointerException",
            "FetchResponse",
            "FetchResponse",
            "InvalidProtocolBufferException",
            "FetchResponse");
  }

  /**
   * Protobuf refuses messages nested deeper than its recursion limit: so must the reader, at the
   * same depth, wherever the nesting is (array elements, the deprecated copy, a scalar it leaves to
   * protobuf, unknown groups).
   */
  @Test
  void nestingFailsAtProtobufsLimit() {
    int limit = WireCursor.RECURSION_LIMIT;
    for (int nesting = limit - 8; nesting < limit + 3; nesting++) {
      ProtoBytes value = nested(nesting);
      List<ProtoBytes> columns =
          List.of(
              new ProtoBytes().varint(HAS_ARRAY, 1).message(ARRAY, value),
              new ProtoBytes().message(DEPRECATED, value).message(SCALAR, stringValue(new byte[0])),
              new ProtoBytes().message(SCALAR, value),
              new ProtoBytes().message(SCALAR, stringValue(new byte[0])).message(SCALAR, value),
              scalar(new ProtoBytes().varint(TYPE, Common.Rep.LONG_VALUE).raw(group(nesting))));
      for (ProtoBytes column : columns) {
        assertReadTheSame(fetchWithColumn(column, 0));
      }
    }
    // The limit is reached within the range tried.
    assertThat(
            assertReadTheSame(
                fetchWithColumn(
                    new ProtoBytes().varint(HAS_ARRAY, 1).message(ARRAY, nested(limit - 8)), 0)))
        .isNotNull();
    assertThat(
            assertReadTheSame(
                fetchWithColumn(
                    new ProtoBytes().varint(HAS_ARRAY, 1).message(ARRAY, nested(limit)), 0)))
        .isNull();
  }

  // ---- comparing ----

  /**
   * Reads the bytes with Avatica's translation and with Icegate's and asserts the same outcome;
   * returns Avatica's response, or null when both failed.
   */
}
