package io.icegate.jdbc.wire;

import static io.icegate.jdbc.testing.Columns.INT;
import static io.icegate.jdbc.testing.Columns.STRING;
import static io.icegate.jdbc.testing.Columns.column;
import static io.icegate.jdbc.wire.SameValues.assertSameFrame;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.jdbc.testing.WarnedSignatures;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.calcite.avatica.AvaticaSeverity;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.proto.Responses;
import org.apache.calcite.avatica.remote.ProtobufTranslation;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;
import org.junit.jupiter.api.Test;

/**
 * Responses read through {@link FrameDecodingTranslation} must come out as Avatica's own
 * translation reads them: frames decoded value for value, and every other field (rpc metadata,
 * missingStatement and missingResults, signatures, update counts) untouched.
 */
class FrameDecodingTranslationTest {

  private static final ProtobufTranslation AVATICA = new ProtobufTranslationImpl();
  private static final ProtobufTranslation ICEGATE = new FrameDecodingTranslation();

  private static final Service.RpcMetadataResponse METADATA =
      new Service.RpcMetadataResponse("http://gateway:8765");
  private static final Meta.Signature SIGNATURE =
      Meta.Signature.create(
          List.of(column(0, "id", INT), column(1, "name", STRING), column(2, "tags", STRING)),
          "select",
          List.of(),
          Meta.CursorFactory.LIST,
          Meta.StatementType.SELECT);
  private static final Meta.Frame FRAME =
      new Meta.Frame(
          4,
          false,
          List.of(
              Arrays.asList(1, "one", List.of("a", new byte[] {1})),
              Arrays.asList(2, null, List.of()),
              Arrays.asList(3, "three", null)));

  @Test
  void fetchResponsesKeepTheirFlagsAndMetadata() throws IOException {
    for (boolean missingStatement : new boolean[] {false, true}) {
      for (boolean missingResults : new boolean[] {false, true}) {
        assertSameFetch(
            new Service.FetchResponse(FRAME, missingStatement, missingResults, METADATA));
      }
    }
    assertSameFetch(new Service.FetchResponse(FRAME, false, false, null));
    assertSameFetch(new Service.FetchResponse(null, true, false, METADATA)); // no frame at all
    assertSameFetch(new Service.FetchResponse(Meta.Frame.EMPTY, false, false, METADATA));
  }

  @Test
  void executeResponsesDecodeEveryFirstFrame() throws IOException {
    Service.ExecuteResponse response =
        new Service.ExecuteResponse(
            List.of(
                new Service.ResultSetResponse("c1", 7, true, SIGNATURE, FRAME, -1, METADATA),
                new Service.ResultSetResponse("c1", 8, false, null, null, 3, METADATA),
                new Service.ResultSetResponse(
                    null, 9, false, SIGNATURE, Meta.Frame.EMPTY, -1, null)),
            false,
            METADATA);
    Service.ExecuteResponse decoded = (Service.ExecuteResponse) assertSameExecute(response);
    assertThat(decoded.results.get(0).firstFrame).isNotNull();
    assertThat(decoded.results.get(1).firstFrame).isNull();

    assertSameExecute(new Service.ExecuteResponse(List.of(), true, METADATA));
    assertSameExecute(
        new Service.ExecuteResponse(
            List.of(new Service.ResultSetResponse("c1", 7, true, SIGNATURE, FRAME, -1, METADATA)),
            false,
            null));
  }

  @Test
  void warningsInTheSignatureComeWithTheFirstFrameAndAvaticaSkipsThem() throws IOException {
    Meta.Signature warned = WarnedSignatures.of(SIGNATURE, List.of("first", "second ✓", ""));
    Service.ExecuteResponse response =
        (Service.ExecuteResponse)
            assertSameExecute(
                new Service.ExecuteResponse(
                    List.of(
                        new Service.ResultSetResponse("c1", 7, false, warned, FRAME, -1, METADATA),
                        new Service.ResultSetResponse(
                            "c1", 8, false, SIGNATURE, FRAME, -1, METADATA)),
                    false,
                    METADATA));
    assertThat(WarnedFrame.warningsOf(response.results.get(0).firstFrame))
        .containsExactly("first", "second ✓", "");
    assertThat(WarnedFrame.warningsOf(response.results.get(1).firstFrame)).isEmpty();
  }

  @Test
  void resultSetResponsesDecodeTheirFirstFrame() throws IOException {
    assertSameResultSet(
        new Service.ResultSetResponse("c1", 7, true, SIGNATURE, FRAME, -1, METADATA));
    assertSameResultSet(
        new Service.ResultSetResponse("c1", 7, false, SIGNATURE, null, -1, METADATA));
    assertSameResultSet(new Service.ResultSetResponse(null, 0, false, null, null, 12, null));
  }

  /** The server will stop sending the deprecated {@code value} copy of every cell. */
  @Test
  void framesWithoutTheDeprecatedValueFieldReadTheSame() throws IOException {
    Common.Frame lean = FrameDecoderTest.withoutDeprecatedValues(FRAME.toProto());
    Responses.FetchResponse fetchMessage =
        Responses.FetchResponse.parseFrom(
            unwrap(new Service.FetchResponse(FRAME, false, true, METADATA)));
    byte[] fetch = wire(fetchMessage.toBuilder().setFrame(lean).build());
    Responses.ExecuteResponse executeMessage =
        Responses.ExecuteResponse.parseFrom(
            unwrap(
                new Service.ExecuteResponse(
                    List.of(
                        new Service.ResultSetResponse(
                            "c1", 7, true, SIGNATURE, FRAME, -1, METADATA)),
                    false,
                    METADATA)));
    Responses.ExecuteResponse.Builder leanExecute = executeMessage.toBuilder();
    leanExecute.getResultsBuilder(0).setFirstFrame(lean);
    byte[] execute = wire(leanExecute.build());

    Service.FetchResponse fetched = (Service.FetchResponse) ICEGATE.parseResponse(fetch);
    assertSameFetch((Service.FetchResponse) AVATICA.parseResponse(fetch), fetched);
    assertSameFrame(Meta.Frame.fromProto(FRAME.toProto()), fetched.frame);
    assertSameExecute(
        (Service.ExecuteResponse) AVATICA.parseResponse(execute),
        (Service.ExecuteResponse) ICEGATE.parseResponse(execute));
  }

  @Test
  void responsesWithoutFramesAreAvaticas() throws IOException {
    List<Service.Response> responses =
        List.of(
            new Service.OpenConnectionResponse(METADATA),
            new Service.CloseStatementResponse(METADATA),
            new Service.PrepareResponse(new Meta.StatementHandle("c1", 3, SIGNATURE), METADATA),
            new Service.ErrorResponse(
                List.of("trace"), "boom", 1003, "42P01", AvaticaSeverity.ERROR, METADATA),
            new Service.SyncResultsResponse(true, false, METADATA));
    for (Service.Response response : responses) {
      byte[] bytes = AVATICA.serializeResponse(response);
      assertThat(ICEGATE.parseResponse(bytes)).isEqualTo(AVATICA.parseResponse(bytes));
    }
  }

  private static void assertSameFetch(Service.FetchResponse response) throws IOException {
    byte[] bytes = AVATICA.serializeResponse(response);
    assertSameFetch(
        (Service.FetchResponse) AVATICA.parseResponse(bytes),
        (Service.FetchResponse) ICEGATE.parseResponse(bytes));
  }

  private static void assertSameFetch(
      Service.FetchResponse expected, Service.FetchResponse actual) {
    assertSameFrame(expected.frame, actual.frame);
    assertThat(actual.missingStatement).isEqualTo(expected.missingStatement);
    assertThat(actual.missingResults).isEqualTo(expected.missingResults);
    assertThat(actual.rpcMetadata).isEqualTo(expected.rpcMetadata);
  }

  private static Service.Response assertSameExecute(Service.ExecuteResponse response)
      throws IOException {
    byte[] bytes = AVATICA.serializeResponse(response);
    Service.ExecuteResponse actual = (Service.ExecuteResponse) ICEGATE.parseResponse(bytes);
    assertSameExecute((Service.ExecuteResponse) AVATICA.parseResponse(bytes), actual);
    return actual;
  }

  private static void assertSameExecute(
      Service.ExecuteResponse expected, Service.ExecuteResponse actual) {
    assertThat(actual.results).hasSameSizeAs(expected.results);
    for (int i = 0; i < expected.results.size(); i++) {
      assertSameResultSet(expected.results.get(i), actual.results.get(i));
    }
    assertThat(actual.missingStatement).isEqualTo(expected.missingStatement);
    assertThat(actual.rpcMetadata).isEqualTo(expected.rpcMetadata);
  }

  private static void assertSameResultSet(Service.ResultSetResponse response) throws IOException {
    byte[] bytes = AVATICA.serializeResponse(response);
    assertSameResultSet(
        (Service.ResultSetResponse) AVATICA.parseResponse(bytes),
        (Service.ResultSetResponse) ICEGATE.parseResponse(bytes));
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

  private static com.google.protobuf.ByteString unwrap(Service.Response response)
      throws IOException {
    return Common.WireMessage.parseFrom(AVATICA.serializeResponse(response)).getWrappedMessage();
  }

  private static byte[] wire(com.google.protobuf.Message message) {
    return Common.WireMessage.newBuilder()
        .setName(message.getClass().getName())
        .setWrappedMessage(message.toByteString())
        .build()
        .toByteArray();
  }
}
