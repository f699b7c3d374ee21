package io.icegate.gateway.result;

import java.util.List;
import com.google.protobuf.UnknownFieldSet;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.remote.TypedValue;

/**
 * A frame that encodes itself to protobuf once, when it is made, and more leanly than Avatica's own encoder: each
 * cell is written once (Avatica also repeats it in a field deprecated since Avatica 1.8, which clients since then
 * ignore), and rows are written straight to bytes by {@link RowEncoder}. Encoding eagerly lets the gateway prepare
 * the next frame while the client is still reading the current one.
 */
public final class WireFrame extends Meta.Frame {
  private final Common.Frame proto;

  public WireFrame(long offset, boolean done, List<Object> rows) {
    super(offset, done, rows);
    this.proto = encode(offset, done, rows);
  }

  @Override
  public Common.Frame toProto() {
    return proto;
  }

  private static Common.Frame encode(long offset, boolean done, List<Object> rows) {
    // Rows go in as pre-encoded field-3 entries of the frame: on the wire they are exactly a repeated Row field.
    UnknownFieldSet.Field.Builder encodedRows = UnknownFieldSet.Field.newBuilder();
    RowEncoder encoder = new RowEncoder(WireFrame::avaticaValue);
    for (Object row : rows) {
      encodedRows.addLengthDelimited(encoder.encode((List<?>) row));
    }
    return Common.Frame.newBuilder()
        .setOffset(offset)
        .setDone(done)
        .setUnknownFields(UnknownFieldSet.newBuilder()
            .addField(Common.Frame.ROWS_FIELD_NUMBER, encodedRows.build())
            .build())
        .build();
  }

  /** A value {@link RowEncoder} does not write itself (none that {@link WireValues} makes), as Avatica encodes it. */
  private static Common.TypedValue avaticaValue(Object value) {
    Common.TypedValue.Builder builder = Common.TypedValue.newBuilder();
    TypedValue.toProto(builder, value);
    return builder.build();
  }
}
