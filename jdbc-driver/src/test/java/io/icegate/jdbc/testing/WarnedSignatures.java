package io.icegate.jdbc.testing;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnknownFieldSet;
import io.icegate.protocol.WireExtension;
import java.util.List;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;

/** Signatures carrying warnings on the wire, as the gateway sends them ({@link WireExtension}). */
public final class WarnedSignatures {

  private WarnedSignatures() {}

  public static Meta.Signature of(Meta.Signature signature, List<String> warnings) {
    return new Meta.Signature(
        signature.columns,
        signature.sql,
        signature.parameters,
        signature.internalParameters,
        signature.cursorFactory,
        signature.statementType) {
      @Override
      public Common.Signature toProto() {
        UnknownFieldSet.Field.Builder field = UnknownFieldSet.Field.newBuilder();
        warnings.forEach(warning -> field.addLengthDelimited(ByteString.copyFromUtf8(warning)));
        return super.toProto().toBuilder()
            .mergeUnknownFields(
                UnknownFieldSet.newBuilder()
                    .addField(WireExtension.WARNINGS_FIELD_NUMBER, field.build())
                    .build())
            .build();
      }
    };
  }
}
