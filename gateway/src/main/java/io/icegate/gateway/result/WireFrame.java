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
    for (Object row : rows) {
      encodedRows.addLengthDelimited(RowEncoder.encode((List<?>) row, WireFrame::column));
    }
    return Common.Frame.newBuilder()
        .setOffset(offset)
        .setDone(done)
        .setUnknownFields(UnknownFieldSet.newBuilder()
            .addField(Common.Frame.ROWS_FIELD_NUMBER, encodedRows.build())
            .build())
        .build();
  }

  /** One cell as a column message: the path for lists and the rarer scalar types. */
  static Common.ColumnValue column(Object cell) {
    Common.ColumnValue.Builder column = Common.ColumnValue.newBuilder();
    if (cell instanceof List<?> list) {
      column.setHasArrayValue(true);
      for (Object element : list) {
        Common.TypedValue.Builder nested = Common.TypedValue.newBuilder();
        // Nested values are rare; Avatica's own encoder handles every shape of them.
        TypedValue.toProto(nested, element);
        column.addArrayValue(nested);
      }
    } else {
      // RowEncoder writes the common scalars itself; Avatica's own encoder handles the rest (binary among them).
      Common.TypedValue.Builder value = Common.TypedValue.newBuilder();
      TypedValue.toProto(value, cell);
      column.setScalarValue(value);
    }
    return column.build();
  }
}
