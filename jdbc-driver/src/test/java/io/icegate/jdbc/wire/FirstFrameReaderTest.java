package io.icegate.jdbc.wire;

import static io.icegate.jdbc.testing.Columns.INT;
import static io.icegate.jdbc.testing.Columns.STRING;
import static io.icegate.jdbc.testing.Columns.column;
import static io.icegate.jdbc.wire.FetchResponses.ARRAY;
import static io.icegate.jdbc.wire.FetchResponses.AVATICA;
import static io.icegate.jdbc.wire.FetchResponses.HAS_ARRAY;
import static io.icegate.jdbc.wire.FetchResponses.ICEGATE;
import static io.icegate.jdbc.wire.FetchResponses.everyKindOfValue;
import static io.icegate.jdbc.wire.FetchResponses.group;
import static io.icegate.jdbc.wire.FetchResponses.leanFrame;
import static io.icegate.jdbc.wire.FetchResponses.nested;
import static io.icegate.jdbc.wire.FetchResponses.outcome;
import static io.icegate.jdbc.wire.FetchResponses.pick;
import static io.icegate.jdbc.wire.FetchResponses.randomRow;
import static io.icegate.jdbc.wire.FetchResponses.scalar;
import static io.icegate.jdbc.wire.FetchResponses.stringValue;
import static io.icegate.jdbc.wire.SameValues.assertSameFrame;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import com.google.protobuf.Message;
import io.icegate.jdbc.testing.WarnedSignatures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.proto.Responses;
import org.apache.calcite.avatica.remote.Service;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Execute and result set responses, whose first frames {@link FirstFrameReader} reads from the
 * bytes, must come out of {@link FrameDecodingTranslation} exactly as before it did: as protobuf's
 * generated parser and {@link FrameDecoder} read them ({@link #previously}), and so, where they
 * decode, as Avatica's own translation reads them. The responses are encoded as Avatica's server
 * does and as the gateway does (without the deprecated copy of each cell), then also scrambled,
 * truncated, corrupted and nested past protobuf's limit; failures must be of the same class, with
 * the same message.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES) // a reader that loops on bad bytes fails, not hangs
class FirstFrameReaderTest {

  private static final Meta.Signature SIGNATURE =
      Meta.Signature.create(
          List.of(column(0, "id", INT), column(1, "name", STRING)),
          "select",
          List.of(),
          Meta.CursorFactory.LIST,
          Meta.StatementType.SELECT);

  @Test
  void randomResponsesReadAsAvaticaDoes() throws IOException {
    Random random = new Random(5);
    int rows = 0;
    for (int i = 0; i < 400; i++) {
      boolean execute = i % 4 != 0;
      byte[] full =
          AVATICA.serializeResponse(execute ? randomExecute(random) : randomResultSet(random));
      for (byte[] bytes : List.of(full, lean(full))) {
        Service.Response read = assertReadTheSame(bytes);
        assertThat(read).as("Avatica reads what Avatica wrote").isNotNull();
        for (Service.ResultSetResponse result : results(read)) {
          if (result.firstFrame != null) {
            for (Object row : result.firstFrame.rows) {
              rows++;
            }
          }
        }
      }
    }
    assertThat(rows).as("rows compared").isGreaterThan(4000);
  }

  @Test
  void everyKindOfValueReadsAsAvaticaDoes() throws IOException {
    List<Object> row = everyKindOfValue();
    Meta.Frame frame = new Meta.Frame(0, false, List.of(row, List.of(), row));
    byte[] bytes =
        AVATICA.serializeResponse(
            new Service.ExecuteResponse(
                List.of(new Service.ResultSetResponse("c1", 7, true, SIGNATURE, frame, -1, null)),
                false,
                null));
    for (byte[] encoded : List.of(bytes, lean(bytes))) {
      Service.ExecuteResponse read = (Service.ExecuteResponse) assertReadTheSame(encoded);
      List<?> decoded = (List<?>) read.results.get(0).firstFrame.rows.iterator().next();
      // Spot checks that the comparison is not vacuous.
      assertThat(decoded).hasSameSizeAs(row);
      assertThat(decoded.get(13)).isEqualTo(new byte[] {-1, 0, 1});
      assertThat(decoded.get(19)).isEqualTo(List.of(List.of("k", List.of(1, 2))));
    }
  }

  @Test
  void scrambledResponsesReadAsAvaticaDoes() throws IOException {
    Random random = new Random(98);
    WireScrambler scrambler = new WireScrambler(random, 0.15);
    int read = 0;
    for (int i = 0; i < 300; i++) {
      boolean execute = i % 3 != 0;
      Service.Response response = execute ? randomExecute(random) : randomResultSet(random);
      byte[] full = AVATICA.serializeResponse(response);
      for (byte[] bytes : List.of(full, lean(full))) {
        byte[] scrambled =
            rewrap(
                scrambler.scramble(
                    unwrap(bytes).toByteArray(),
                    execute
                        ? WireScrambler.Kind.EXECUTE_RESPONSE
                        : WireScrambler.Kind.RESULT_SET_RESPONSE),
                response);
        Service.Response expected = assertReadTheSame(scrambled);
        if (expected != null) {
          read++;
          // Nothing the scrambler does changes what the response says.
          assertSameResponse(AVATICA.parseResponse(bytes), expected);
        }
      }
    }
    assertThat(read).as("scrambled responses read").isEqualTo(600);
  }

  @Test
  void truncatedResponsesFailAsBefore() throws IOException {
    Random random = new Random(21);
    for (int i = 0; i < 3; i++) {
      byte[] full =
          AVATICA.serializeResponse(
              new Service.ExecuteResponse(
                  List.of(
                      new Service.ResultSetResponse(
                          "c1",
                          7,
                          true,
                          SIGNATURE,
                          new Meta.Frame(0, false, List.of(everyKindOfValue(), randomRow(random))),
                          -1,
                          new Service.RpcMetadataResponse("http://gateway:8765")),
                      new Service.ResultSetResponse("c1", 8, false, null, null, 3, null)),
                  false,
                  null));
      for (byte[] bytes : List.of(full, lean(full))) {
        byte[] message = unwrap(bytes).toByteArray();
        int failed = 0;
        for (int length = 0; length < message.length; length++) {
          // A valid envelope around a cut message, so the cut is in the response's own bytes.
          if (assertReadTheSame(rewrap(Arrays.copyOf(message, length), EXECUTE)) == null) {
            failed++;
          }
        }
        assertThat(failed).as("cuts that fail").isGreaterThan(message.length * 8 / 10);
        for (int length = 0; length < bytes.length; length += 1 + random.nextInt(5)) {
          assertReadTheSame(Arrays.copyOf(bytes, length));
        }
      }
    }
  }

  @Test
  void corruptedResponsesFailOrReadAsBefore() throws IOException {
    Random random = new Random(31);
    int failed = 0;
    for (int i = 0; i < 3000; i++) {
      boolean execute = random.nextBoolean();
      Service.Response response = execute ? randomExecute(random) : randomResultSet(random);
      byte[] full = AVATICA.serializeResponse(response);
      byte[] message = unwrap(random.nextBoolean() ? full : lean(full)).toByteArray();
      if (message.length == 0) {
        continue;
      }
      for (int flips = 1 + random.nextInt(3); flips > 0; flips--) {
        int at = random.nextInt(message.length);
        message[at] = random.nextBoolean() ? (byte) random.nextInt() : (byte) (message[at] ^ 0x80);
      }
      if (assertReadTheSame(rewrap(message, response)) == null) {
        failed++;
      }
    }
    assertThat(failed).as("corrupted responses that fail").isBetween(300, 2900);
  }

  /**
   * A first frame sits a message deeper than a fetched one; protobuf's nesting limit must hit at
   * the same depth, in the frame, in an unknown group beside it and in the signature.
   */
  @Test
  void nestingFailsAtProtobufsLimit() {
    int limit = WireCursor.RECURSION_LIMIT;
    for (int nesting = limit - 8; nesting < limit + 3; nesting++) {
      List<ProtoBytes> columns =
          List.of(
              new ProtoBytes().varint(HAS_ARRAY, 1).message(ARRAY, nested(nesting)),
              scalar(stringValue(new byte[] {'x'})).raw(group(nesting)));
      for (ProtoBytes column : columns) {
        assertReadTheSame(executeWithColumn(column));
      }
      ProtoBytes deepSignature =
          new ProtoBytes()
              .message(
                  Responses.ResultSetResponse.SIGNATURE_FIELD_NUMBER,
                  new ProtoBytes().raw(group(nesting)));
      // Then a frame cut short: what fails first tells where the limit was hit.
      ProtoBytes deepSignatureThenCut =
          new ProtoBytes()
              .raw(FetchResponses.toInts(deepSignature.toByteArray()))
              .lengthDelimited(Responses.ResultSetResponse.FIRST_FRAME_FIELD_NUMBER)
              .raw(40);
      for (ProtoBytes result :
          List.of(new ProtoBytes().raw(group(nesting)), deepSignature, deepSignatureThenCut)) {
        assertReadTheSame(
            rewrap(
                new ProtoBytes()
                    .message(Responses.ExecuteResponse.RESULTS_FIELD_NUMBER, result)
                    .toByteArray(),
                EXECUTE));
        assertReadTheSame(rewrap(result.toByteArray(), RESULT_SET));
      }
    }
    assertThat(
            assertReadTheSame(
                executeWithColumn(
                    new ProtoBytes().varint(HAS_ARRAY, 1).message(ARRAY, nested(limit - 8)))))
        .isNotNull();
    assertThat(
            assertReadTheSame(
                executeWithColumn(
                    new ProtoBytes().varint(HAS_ARRAY, 1).message(ARRAY, nested(limit - 2)))))
        .isNull();
  }

  /** The first value that cannot be decoded fails, after what Avatica reads of the rest. */
  @Test
  void undecodableValuesFailAsBefore() {
    ProtoBytes unhandled =
        scalar(new ProtoBytes().varint(FetchResponses.TYPE, Common.Rep.STRUCT_VALUE));
    ProtoBytes badDecimal =
        scalar(
            new ProtoBytes()
                .varint(FetchResponses.TYPE, Common.Rep.BIG_DECIMAL_VALUE)
                .bytes(FetchResponses.STRING, "1.2.3".getBytes(StandardCharsets.UTF_8)));
    ProtoBytes emptyMetadata =
        new ProtoBytes()
            .message(Responses.ResultSetResponse.METADATA_FIELD_NUMBER, new ProtoBytes());
    List<String> outcomes = new ArrayList<>();
    for (ProtoBytes column : List.of(unhandled, badDecimal)) {
      for (boolean metadata : new boolean[] {false, true}) {
        ProtoBytes result = resultWithColumn(column);
        if (metadata) {
          result =
              new ProtoBytes()
                  .raw(FetchResponses.toInts(result.toByteArray()))
                  .raw(FetchResponses.toInts(emptyMetadata.toByteArray()));
        }
        byte[] bytes =
            rewrap(
                new ProtoBytes()
                    .message(Responses.ExecuteResponse.RESULTS_FIELD_NUMBER, result)
                    .toByteArray(),
                EXECUTE);
        outcomes.add(outcome(() -> ICEGATE.parseResponse(bytes)).getClass().getSimpleName());
        assertReadTheSame(bytes);
      }
    }
    // Avatica's reading of the rest (here an rpc metadata without address) fails first.
    assertThat(outcomes)
        .containsExactly(
            "RuntimeException",
            "NullPointerException",
            "NumberFormatException",
            "NullPointerException");
  }

  // ---- comparing ----

  private static final String EXECUTE = Responses.ExecuteResponse.class.getName();
  private static final String RESULT_SET = Responses.ResultSetResponse.class.getName();

  /**
   * Reads the bytes as before and with {@link FrameDecodingTranslation} and asserts the same
   * outcome, and where they read, also as Avatica does; returns the response read, or null when all
   * failed.
   */
  private static Service.Response assertReadTheSame(byte[] bytes) {
    Object before = outcome(() -> previously(bytes));
    Object actual = outcome(() -> ICEGATE.parseResponse(bytes));
    if (before instanceof Exception failure) {
      assertThat(actual).as("failure like %s", failure).isInstanceOf(Exception.class);
      assertThat(actual.getClass()).as("failure of %s", failure).isEqualTo(failure.getClass());
      assertThat(((Exception) actual).getMessage()).isEqualTo(failure.getMessage());
      return null;
    }
    assertThat(actual).as("read where it was read before").isInstanceOf(Service.Response.class);
    assertSameResponse((Service.Response) before, (Service.Response) actual);
    assertSameWarnings((Service.Response) before, (Service.Response) actual);
    Object avatica = outcome(() -> AVATICA.parseResponse(bytes));
    assertThat(avatica).as("Avatica reads it too").isInstanceOf(Service.Response.class);
    assertSameResponse((Service.Response) avatica, (Service.Response) actual);
    return (Service.Response) actual;
  }

  private static void assertSameResponse(Service.Response expected, Service.Response actual) {
    assertThat(actual.getClass()).isEqualTo(expected.getClass());
    if (!(expected instanceof Service.ExecuteResponse
        || expected instanceof Service.ResultSetResponse)) {
      assertThat(actual).isEqualTo(expected); // a cut name: some other response
      return;
    }
    List<Service.ResultSetResponse> expectedResults = results(expected);
    List<Service.ResultSetResponse> actualResults = results(actual);
    assertThat(actualResults).hasSameSizeAs(expectedResults);
    for (int i = 0; i < expectedResults.size(); i++) {
      assertSameResultSet(expectedResults.get(i), actualResults.get(i));
    }
    if (expected instanceof Service.ExecuteResponse execute) {
      assertThat(((Service.ExecuteResponse) actual).missingStatement)
          .isEqualTo(execute.missingStatement);
      assertThat(((Service.ExecuteResponse) actual).rpcMetadata).isEqualTo(execute.rpcMetadata);
    }
  }

  private static void assertSameResultSet(
      Service.ResultSetResponse expected, Service.ResultSetResponse actual) {
    if (expected.firstFrame == null) {
      assertThat(actual.firstFrame).isNull();
    } else {
      assertSameFrame(expected.firstFrame, actual.firstFrame);
    }
    assertThat(actual.connectionId).isEqualTo(expected.connectionId);
    assertThat(actual.statementId).isEqualTo(expected.statementId);
    assertThat(actual.ownStatement).isEqualTo(expected.ownStatement);
    assertThat(actual.signature).isEqualTo(expected.signature);
    assertThat(actual.updateCount).isEqualTo(expected.updateCount);
    assertThat(actual.rpcMetadata).isEqualTo(expected.rpcMetadata);
  }

  private static void assertSameWarnings(Service.Response expected, Service.Response actual) {
    if (!(expected instanceof Service.ExecuteResponse
        || expected instanceof Service.ResultSetResponse)) {
      return;
    }
    List<Service.ResultSetResponse> expectedResults = results(expected);
    List<Service.ResultSetResponse> actualResults = results(actual);
    for (int i = 0; i < expectedResults.size(); i++) {
      assertThat(WarnedFrame.warningsOf(actualResults.get(i).firstFrame))
          .isEqualTo(WarnedFrame.warningsOf(expectedResults.get(i).firstFrame));
    }
  }

  private static List<Service.ResultSetResponse> results(Service.Response response) {
    return response instanceof Service.ExecuteResponse execute
        ? execute.results
        : List.of((Service.ResultSetResponse) response);
  }

  /**
   * How {@link FrameDecodingTranslation} read these responses before {@link FirstFrameReader}:
   * parsed whole by protobuf, the rest read by Avatica, then the frames decoded by {@link
   * FrameDecoder}.
   */
  private static Service.Response previously(byte[] bytes) throws IOException {
    Common.WireMessage wire = Common.WireMessage.parseFrom(bytes);
    if (wire.getName().equals(EXECUTE)) {
      Responses.ExecuteResponse message =
          Responses.ExecuteResponse.parseFrom(wire.getWrappedMessage());
      Responses.ExecuteResponse.Builder withoutFrames = message.toBuilder();
      withoutFrames
          .getResultsBuilderList()
          .forEach(Responses.ResultSetResponse.Builder::clearFirstFrame);
      Service.ExecuteResponse rest =
          (Service.ExecuteResponse) AVATICA.parseResponse(wire(withoutFrames.build()));
      List<Service.ResultSetResponse> results = new ArrayList<>();
      for (int i = 0; i < rest.results.size(); i++) {
        results.add(previouslyWithFirstFrame(rest.results.get(i), message.getResults(i)));
      }
      return new Service.ExecuteResponse(results, rest.missingStatement, rest.rpcMetadata);
    }
    if (!wire.getName().equals(RESULT_SET)) {
      return AVATICA.parseResponse(bytes);
    }
    Responses.ResultSetResponse message =
        Responses.ResultSetResponse.parseFrom(wire.getWrappedMessage());
    return previouslyWithFirstFrame(
        (Service.ResultSetResponse)
            AVATICA.parseResponse(wire(message.toBuilder().clearFirstFrame().build())),
        message);
  }

  private static Service.ResultSetResponse previouslyWithFirstFrame(
      Service.ResultSetResponse rest, Responses.ResultSetResponse message) {
    if (!message.hasFirstFrame()) {
      return rest;
    }
    Meta.Frame frame =
        WarnedFrame.of(FrameDecoder.decode(message.getFirstFrame()), message.getSignature());
    return new Service.ResultSetResponse(
        rest.connectionId,
        rest.statementId,
        rest.ownStatement,
        rest.signature,
        frame,
        rest.updateCount,
        rest.rpcMetadata);
  }

  // ---- responses ----

  private static Service.ExecuteResponse randomExecute(Random random) {
    List<Service.ResultSetResponse> results = new ArrayList<>();
    for (int i = random.nextInt(5) == 0 ? 0 : 1 + random.nextInt(3); i > 0; i--) {
      results.add(randomResultSet(random));
    }
    return new Service.ExecuteResponse(results, random.nextInt(5) == 0, randomMetadata(random));
  }

  private static Service.ResultSetResponse randomResultSet(Random random) {
    Meta.Frame frame = null;
    if (random.nextInt(6) != 0) {
      List<Object> rows = new ArrayList<>();
      for (int r = random.nextInt(4) == 0 ? 0 : random.nextInt(16); r > 0; r--) {
        rows.add(randomRow(random));
      }
      frame = new Meta.Frame(pick(random, 0L, 1L, 1L << 40), random.nextBoolean(), rows);
    }
    Meta.Signature signature =
        pick(random, null, SIGNATURE, WarnedSignatures.of(SIGNATURE, List.of("first", "second ✓")));
    return new Service.ResultSetResponse(
        pick(random, null, "c1", "ü"),
        random.nextInt(50),
        random.nextBoolean(),
        signature,
        frame,
        pick(random, -1L, 0L, 3L),
        randomMetadata(random));
  }

  private static Service.RpcMetadataResponse randomMetadata(Random random) {
    return random.nextInt(3) == 0
        ? null
        : new Service.RpcMetadataResponse(pick(random, "http://gateway:8765", "ü:1"));
  }

  /** The same response as the gateway encodes it: no deprecated copy of the cells. */
  private static byte[] lean(byte[] avaticaBytes) throws IOException {
    Common.WireMessage wire = Common.WireMessage.parseFrom(avaticaBytes);
    if (wire.getName().equals(EXECUTE)) {
      Responses.ExecuteResponse.Builder execute =
          Responses.ExecuteResponse.parseFrom(wire.getWrappedMessage()).toBuilder();
      execute.getResultsBuilderList().forEach(FirstFrameReaderTest::lean);
      return wire(execute.build());
    }
    Responses.ResultSetResponse.Builder resultSet =
        Responses.ResultSetResponse.parseFrom(wire.getWrappedMessage()).toBuilder();
    lean(resultSet);
    return wire(resultSet.build());
  }

  private static void lean(Responses.ResultSetResponse.Builder result) {
    if (result.hasFirstFrame()) {
      result.setFirstFrame(leanFrame(Meta.Frame.fromProto(result.getFirstFrame())));
    }
  }

  private static ProtoBytes resultWithColumn(ProtoBytes column) {
    ProtoBytes row =
        new ProtoBytes()
            .message(Common.Row.VALUE_FIELD_NUMBER, scalar(stringValue(new byte[] {'o', 'k'})))
            .message(Common.Row.VALUE_FIELD_NUMBER, column);
    return new ProtoBytes()
        .message(
            Responses.ResultSetResponse.FIRST_FRAME_FIELD_NUMBER,
            new ProtoBytes()
                .varint(Common.Frame.OFFSET_FIELD_NUMBER, 5)
                .message(Common.Frame.ROWS_FIELD_NUMBER, row))
        .varint(Responses.ResultSetResponse.STATEMENT_ID_FIELD_NUMBER, 3);
  }

  private static byte[] executeWithColumn(ProtoBytes column) {
    return rewrap(
        new ProtoBytes()
            .message(Responses.ExecuteResponse.RESULTS_FIELD_NUMBER, resultWithColumn(column))
            .toByteArray(),
        EXECUTE);
  }

  private static ByteString unwrap(byte[] bytes) throws IOException {
    return Common.WireMessage.parseFrom(bytes).getWrappedMessage();
  }

  private static byte[] wire(Message message) {
    return rewrap(message.toByteArray(), message.getClass().getName());
  }

  private static byte[] rewrap(byte[] message, Service.Response like) {
    return rewrap(message, like instanceof Service.ExecuteResponse ? EXECUTE : RESULT_SET);
  }

  private static byte[] rewrap(byte[] message, String name) {
    return Common.WireMessage.newBuilder()
        .setName(name)
        .setWrappedMessage(ByteString.copyFrom(message))
        .build()
        .toByteArray();
  }
}
