package io.icegate.jdbc.wire;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.Message;
import com.google.protobuf.UnsafeByteOperations;
import io.icegate.protocol.WireExtension;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.proto.Responses;
import org.apache.calcite.avatica.remote.ProtobufTranslation;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;

/**
 * Avatica's protobuf translation, except for the responses that carry rows, which is where a client
 * streaming a large result spends its time.
 *
 * <p>Frames are read straight from the bytes, without building protobuf messages for their rows and
 * cells: a fetch (every frame after the first) whole by {@link FetchResponseReader}, and the first
 * frames of execute and result set responses by {@link FirstFrameReader}, which hands everything
 * else in those responses (rpc metadata, the missingStatement flag, signatures, update counts) to
 * Avatica: the response, minus its frames, goes to {@link ProtobufTranslationImpl} and the decoded
 * frames are put back in. That costs re-encoding a message of a few dozen bytes per response. A
 * first frame also takes along the gateway's warnings for the execution, sent in the signature, if
 * any ({@link WarnedFrame}). A prepare response is Avatica's, its signature marked when the gateway
 * reads timestamp parameters as microseconds ({@link MicrosParametersSignature}).
 */
public final class FrameDecodingTranslation implements ProtobufTranslation {

  private static final String FETCH = Responses.FetchResponse.class.getName();
  private static final String EXECUTE = Responses.ExecuteResponse.class.getName();
  private static final String RESULT_SET = Responses.ResultSetResponse.class.getName();
  private static final String PREPARE = Responses.PrepareResponse.class.getName();

  private final ProtobufTranslation avatica = new ProtobufTranslationImpl();

  @Override
  public byte[] serializeResponse(Service.Response response) throws IOException {
    return avatica.serializeResponse(response);
  }

  @Override
  public byte[] serializeRequest(Service.Request request) throws IOException {
    return avatica.serializeRequest(request);
  }

  @Override
  public Service.Request parseRequest(byte[] bytes) throws IOException {
    return avatica.parseRequest(bytes);
  }

  @Override
  public Service.Response parseResponse(byte[] bytes) throws IOException {
    CodedInputStream input = UnsafeByteOperations.unsafeWrap(bytes).newCodedInput();
    // As Avatica does: the wrapped message then points into bytes instead of being copied.
    input.enableAliasing(true);
    Common.WireMessage wire = Common.WireMessage.parseFrom(input);
    String name = wire.getName();
    if (FETCH.equals(name)) {
      return FetchResponseReader.read(wire.getWrappedMessage());
    }
    if (EXECUTE.equals(name)) {
      return execute(FirstFrameReader.execute(wire.getWrappedMessage()));
    }
    if (RESULT_SET.equals(name)) {
      return resultSet(FirstFrameReader.resultSet(wire.getWrappedMessage()));
    }
    if (PREPARE.equals(name)) {
      return prepare(
          (Service.PrepareResponse) avatica.parseResponse(bytes),
          Responses.PrepareResponse.parseFrom(wire.getWrappedMessage()));
    }
    return avatica.parseResponse(bytes);
  }

  /**
   * Marks the statement's signature when the gateway reads its timestamp parameters as
   * microseconds.
   */
  private static Service.PrepareResponse prepare(
      Service.PrepareResponse response, Responses.PrepareResponse message) {
    if (response.statement == null
        || response.statement.signature == null
        || !message
            .getStatement()
            .getSignature()
            .getUnknownFields()
            .hasField(WireExtension.MICROS_PARAMETERS_FIELD_NUMBER)) {
      return response;
    }
    Meta.StatementHandle handle =
        new Meta.StatementHandle(
            response.statement.connectionId,
            response.statement.id,
            new MicrosParametersSignature(response.statement.signature));
    return new Service.PrepareResponse(handle, response.rpcMetadata);
  }

  private Service.ExecuteResponse execute(FirstFrameReader.Execute response) throws IOException {
    Service.ExecuteResponse rest = (Service.ExecuteResponse) avaticaParse(response.rest());
    List<Service.ResultSetResponse> results = new ArrayList<>(rest.results.size());
    for (int i = 0; i < rest.results.size(); i++) {
      results.add(
          withFirstFrame(
              rest.results.get(i), response.rest().getResults(i), response.firstFrames().get(i)));
    }
    return new Service.ExecuteResponse(results, rest.missingStatement, rest.rpcMetadata);
  }

  private Service.ResultSetResponse resultSet(FirstFrameReader.ResultSet response)
      throws IOException {
    return withFirstFrame(
        (Service.ResultSetResponse) avaticaParse(response.rest()),
        response.rest(),
        response.firstFrame());
  }

  /** The frame's values are decoded (or fail) only now, after Avatica has read the rest. */
  private static Service.ResultSetResponse withFirstFrame(
      Service.ResultSetResponse rest, Responses.ResultSetResponse message, FrameReader firstFrame) {
    if (firstFrame == null) {
      return rest;
    }
    Meta.Frame frame = WarnedFrame.of(firstFrame.frame(), message.getSignature());
    return new Service.ResultSetResponse(
        rest.connectionId,
        rest.statementId,
        rest.ownStatement,
        rest.signature,
        frame,
        rest.updateCount,
        rest.rpcMetadata);
  }

  /** Lets Avatica read a response whose frames were taken out, wrapped as the server sends it. */
  private Service.Response avaticaParse(Message response) throws IOException {
    return avatica.parseResponse(
        Common.WireMessage.newBuilder()
            .setName(response.getClass().getName())
            .setWrappedMessage(response.toByteString())
            .build()
            .toByteArray());
  }
}
