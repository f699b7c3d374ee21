package io.icegate.jdbc.wire;

import io.icegate.jdbc.IcegatePreparedStatement;
import io.icegate.protocol.WireExtension;
import org.apache.calcite.avatica.Meta;

/**
 * The signature of a prepared statement whose gateway reads timestamp parameters as microseconds
 * ({@link WireExtension#MICROS_PARAMETERS_FIELD_NUMBER}), which {@link IcegatePreparedStatement}
 * then sends so.
 */
public final class MicrosParametersSignature extends Meta.Signature {

  MicrosParametersSignature(Meta.Signature signature) {
    super(
        signature.columns,
        signature.sql,
        signature.parameters,
        signature.internalParameters,
        signature.cursorFactory,
        signature.statementType);
  }

  @Override
  public Meta.Signature setCursorFactory(Meta.CursorFactory cursorFactory) {
    return new MicrosParametersSignature(super.setCursorFactory(cursorFactory));
  }
}
