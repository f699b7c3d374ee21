package io.icegate.gateway.result;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnknownFieldSet;
import io.icegate.protocol.WireExtension;
import java.util.List;
import java.util.Map;
import org.apache.calcite.avatica.AvaticaParameter;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;

/**
 * The signature of one execution's result, which also takes the execution's warnings to the client,
 * in Icegate's extension of the wire ({@link WireExtension#WARNINGS_FIELD_NUMBER}); stock Avatica
 * clients skip them. A prepared statement's signature may say that its timestamp parameters are
 * read as microseconds ({@link WireExtension#MICROS_PARAMETERS_FIELD_NUMBER}).
 *
 * <p>The signature carries them, not the first frame, because Avatica's {@code LocalService} sends
 * the first frame of an execute response as a new plain {@code Meta.Frame} of the same rows, while
 * it sends the signature the gateway made (or, should it change the cursor factory, the copy {@link
 * #setCursorFactory} makes).
 */
public final class WireSignature extends Meta.Signature {
  private final List<String> warnings;
  private final boolean microsParameters;

  public WireSignature(
      List<ColumnMetaData> columns,
      String sql,
      List<AvaticaParameter> parameters,
      Map<String, Object> internalParameters,
      Meta.CursorFactory cursorFactory,
      Meta.StatementType statementType,
      List<String> warnings) {
    this(
        columns,
        sql,
        parameters,
        internalParameters,
        cursorFactory,
        statementType,
        warnings,
        false);
  }

  /**
   * @param microsParameters whether the statement's timestamp parameters are read as microseconds
   */
  public WireSignature(
      List<ColumnMetaData> columns,
      String sql,
      List<AvaticaParameter> parameters,
      Map<String, Object> internalParameters,
      Meta.CursorFactory cursorFactory,
      Meta.StatementType statementType,
      List<String> warnings,
      boolean microsParameters) {
    super(columns, sql, parameters, internalParameters, cursorFactory, statementType);
    this.warnings = List.copyOf(warnings);
    this.microsParameters = microsParameters;
  }

  @Override
  public Common.Signature toProto() {
    Common.Signature proto = super.toProto();
    if (warnings.isEmpty() && !microsParameters) {
      return proto;
    }
    UnknownFieldSet.Builder extension = UnknownFieldSet.newBuilder();
    if (!warnings.isEmpty()) {
      // A repeated string is written as length-delimited UTF-8 entries, one per warning.
      UnknownFieldSet.Field.Builder encoded = UnknownFieldSet.Field.newBuilder();
      warnings.forEach(warning -> encoded.addLengthDelimited(ByteString.copyFromUtf8(warning)));
      extension.addField(WireExtension.WARNINGS_FIELD_NUMBER, encoded.build());
    }
    if (microsParameters) {
      extension.addField(
          WireExtension.MICROS_PARAMETERS_FIELD_NUMBER,
          UnknownFieldSet.Field.newBuilder().addVarint(1).build());
    }
    return proto.toBuilder().mergeUnknownFields(extension.build()).build();
  }

  @Override
  public Meta.Signature setCursorFactory(Meta.CursorFactory cursorFactory) {
    return new WireSignature(
        columns,
        sql,
        parameters,
        internalParameters,
        cursorFactory,
        statementType,
        warnings,
        microsParameters);
  }
}
