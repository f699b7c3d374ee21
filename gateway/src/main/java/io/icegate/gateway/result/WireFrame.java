package io.icegate.gateway.result;

import com.google.protobuf.UnknownFieldSet;
import io.icegate.protocol.CompactRowWriter;
import io.icegate.protocol.WireExtension;
import java.util.List;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.remote.TypedValue;

/**
 * A frame that encodes itself to protobuf once, when it is made, and more leanly than Avatica's own
 * encoder. For Avatica's clients each cell is written once (Avatica also repeats it in a field
 * deprecated since Avatica 1.8, which clients since then ignore), and rows are written straight to
 * bytes by {@link RowEncoder}; for Icegate's driver, which asked for them, rows go in {@link
 * CompactRowWriter}'s encoding instead. Encoding eagerly lets the gateway prepare the next frame
 * while the client is still reading the current one.
 */
public final class WireFrame extends Meta.Frame {
  private final Common.Frame proto;

  /**
   * @param compact whether to encode the rows in Icegate's compact encoding rather than in
   *     Avatica's
   */
  public WireFrame(long offset, boolean done, List<Object> rows, boolean compact) {
    super(offset, done, rows);
    this.proto =
        Common.Frame.newBuilder()
            .setOffset(offset)
            .setDone(done)
            .setUnknownFields(
                UnknownFieldSet.newBuilder()
                    .addField(
                        compact
                            ? WireExtension.COMPACT_ROWS_FIELD_NUMBER
                            : Common.Frame.ROWS_FIELD_NUMBER,
                        compact ? compactRows(rows) : avaticaRows(rows))
                    .build())
            .build();
  }

  @Override
  public Common.Frame toProto() {
    return proto;
  }

  /**
   * Rows as pre-encoded field-3 entries of the frame: on the wire they are exactly a repeated Row
   * field.
   */
  private static UnknownFieldSet.Field avaticaRows(List<Object> rows) {
    UnknownFieldSet.Field.Builder encodedRows = UnknownFieldSet.Field.newBuilder();
    RowEncoder encoder = new RowEncoder(WireFrame::avaticaValue);
    for (Object row : rows) {
      encodedRows.addLengthDelimited(encoder.encode((List<?>) row));
    }
    return encodedRows.build();
  }

  private static UnknownFieldSet.Field compactRows(List<Object> rows) {
    return UnknownFieldSet.Field.newBuilder()
        .addLengthDelimited(new CompactRowWriter().write(rows))
        .build();
  }

  /**
   * A value {@link RowEncoder} does not write itself (none that {@link SparkRowConverter} makes),
   * as Avatica encodes it.
   */
  private static Common.TypedValue avaticaValue(Object value) {
    Common.TypedValue.Builder builder = Common.TypedValue.newBuilder();
    TypedValue.toProto(builder, value);
    return builder.build();
  }
}
