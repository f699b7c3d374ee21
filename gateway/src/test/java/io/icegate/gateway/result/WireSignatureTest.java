package io.icegate.gateway.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.icegate.protocol.WireExtension;
import java.sql.Types;
import java.util.List;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.proto.Responses;
import org.apache.calcite.avatica.remote.LocalService;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;
import org.junit.jupiter.api.Test;

/**
 * A result's signature takes the statement's warnings to the client in Icegate's wire extension,
 * through Avatica's own server code, and Avatica's client reads it as the plain signature.
 */
class WireSignatureTest {
  private static final List<ColumnMetaData> COLUMNS =
      List.of(
          ColumnMetaData.dummy(
              ColumnMetaData.scalar(Types.BIGINT, "bigint", ColumnMetaData.Rep.LONG), true));

  @Test
  void warningsGoInTheExtensionFieldInOrder() {
    Common.Signature proto =
        signature(List.of("Time travel ignored on demo.db.t.snapshots", "second ✓")).toProto();
    assertThat(
            proto
                .getUnknownFields()
                .getField(WireExtension.WARNINGS_FIELD_NUMBER)
                .getLengthDelimitedList())
        .extracting(ByteString::toStringUtf8)
        .containsExactly("Time travel ignored on demo.db.t.snapshots", "second ✓");
    // Avatica's client reads the signature as if there were no extension.
    assertThat(Meta.Signature.fromProto(proto))
        .isEqualTo(Meta.Signature.fromProto(plain().toProto()));
  }

  @Test
  void withoutWarningsTheSignatureIsAvaticasToTheByte() {
    assertThat(signature(List.of()).toProto().toByteArray())
        .isEqualTo(plain().toProto().toByteArray());
  }

  /**
   * A prepare's signature says whether timestamp parameters are read in microseconds, through
   * Avatica's server.
   */
  @Test
  void aPrepareSaysTimestampParametersAreReadInMicroseconds() throws Exception {
    for (boolean micros : List.of(true, false)) {
      Meta.StatementHandle handle =
          new Meta.StatementHandle(
              "c",
              1,
              new WireSignature(
                  List.of(),
                  "SELECT ?",
                  List.of(),
                  null,
                  Meta.CursorFactory.LIST,
                  null,
                  List.of(),
                  micros));
      byte[] bytes =
          new ProtobufTranslationImpl()
              .serializeResponse(new Service.PrepareResponse(handle, null));
      Responses.PrepareResponse sent =
          Responses.PrepareResponse.parseFrom(
              Common.WireMessage.parseFrom(bytes).getWrappedMessage());
      assertThat(
              sent.getStatement()
                  .getSignature()
                  .getUnknownFields()
                  .hasField(WireExtension.MICROS_PARAMETERS_FIELD_NUMBER))
          .as("micros %s", micros)
          .isEqualTo(micros);
      assertThat(
              sent.getStatement()
                  .getSignature()
                  .getUnknownFields()
                  .hasField(WireExtension.WARNINGS_FIELD_NUMBER))
          .isFalse();
    }
  }

  @Test
  void avaticasServerSendsTheWarningsOfAnExecuteResponse() throws Exception {
    Meta.Frame first = new WireFrame(0, true, List.of(List.of(1L)), false);
    for (Meta.CursorFactory cursorFactory :
        List.of(Meta.CursorFactory.LIST, Meta.CursorFactory.ARRAY)) {
      Meta.Signature signature =
          new WireSignature(
              COLUMNS,
              "SELECT 1",
              List.of(),
              null,
              cursorFactory,
              Meta.StatementType.SELECT,
              List.of("careful"));
      Service.ResultSetResponse response =
          new LocalService(null)
              .toResponse(Meta.MetaResultSet.create("c", 1, false, signature, first));
      // Why the signature carries them: Avatica's server sends a first frame of its own making, not
      // the gateway's.
      assertThat(response.firstFrame).isNotInstanceOf(WireFrame.class);
      byte[] bytes = new ProtobufTranslationImpl().serializeResponse(response);

      Responses.ResultSetResponse sent =
          Responses.ResultSetResponse.parseFrom(
              Common.WireMessage.parseFrom(bytes).getWrappedMessage());
      assertThat(
              sent.getSignature()
                  .getUnknownFields()
                  .getField(WireExtension.WARNINGS_FIELD_NUMBER)
                  .getLengthDelimitedList())
          .extracting(ByteString::toStringUtf8)
          .containsExactly("careful");
      Service.ResultSetResponse read =
          (Service.ResultSetResponse) new ProtobufTranslationImpl().parseResponse(bytes);
      assertThat(read.firstFrame.rows).containsExactly(List.of(1L));
    }
  }

  private static WireSignature signature(List<String> warnings) {
    return new WireSignature(
        COLUMNS,
        "SELECT 1",
        List.of(),
        null,
        Meta.CursorFactory.LIST,
        Meta.StatementType.SELECT,
        warnings);
  }

  private static Meta.Signature plain() {
    return new Meta.Signature(
        COLUMNS, "SELECT 1", List.of(), null, Meta.CursorFactory.LIST, Meta.StatementType.SELECT);
  }
}
