package io.icegate.jdbc.wire;

import static io.icegate.jdbc.wire.WireTags.LENGTH_DELIMITED;
import static io.icegate.jdbc.wire.WireTags.TYPE_BITS;
import static io.icegate.jdbc.wire.WireTags.VARINT;

import com.google.protobuf.CodedInputStream;
import io.icegate.protocol.CompactRowReader;
import io.icegate.protocol.CompactRows;
import io.icegate.protocol.WireExtension;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;

/**
 * Reads the {@code Frame} of a response straight from the bytes into a {@link Meta.Frame}, as
 * Avatica's {@code Meta.Frame.fromProto} decodes it: rows as lists of their columns' values. Rows
 * the gateway sent in {@link CompactRows}' encoding decode to the same lists.
 *
 * <p>One reader serves one response, whose frame field protobuf would merge should it come more
 * than once: rows add up, and offset and done are the last ones sent. A value that cannot be
 * decoded is remembered, the first in row and column order, for {@link #frame} to throw.
 */
final class FrameReader {

  private static final int OFFSET = Common.Frame.OFFSET_FIELD_NUMBER << TYPE_BITS | VARINT;
  private static final int DONE = Common.Frame.DONE_FIELD_NUMBER << TYPE_BITS | VARINT;
  private static final int ROWS = Common.Frame.ROWS_FIELD_NUMBER << TYPE_BITS | LENGTH_DELIMITED;
  private static final int COMPACT_ROWS =
      WireExtension.COMPACT_ROWS_FIELD_NUMBER << TYPE_BITS | LENGTH_DELIMITED;
  private static final int COLUMN = Common.Row.VALUE_FIELD_NUMBER << TYPE_BITS | LENGTH_DELIMITED;

  /** Compact rows' values in Avatica's encoding decode as the same values in Avatica's rows do. */
  private static final CompactRowReader.AvaticaValues AVATICA_VALUES =
      new CompactRowReader.AvaticaValues() {
        @Override
        public Object column(Common.TypedValue value) {
          return TypedValueDecoder.decode(value);
        }

        @Override
        public Object element(Common.TypedValue value) {
          return FrameDecoder.element(value);
        }
      };

  private final WireCursor cursor;
  private long offset;
  private boolean done;
  private final List<Object> rows = new ArrayList<>();
  private DecodeFailure failure;

  /** Rows of a frame have the same columns: each row's list is sized like the one before. */
  private int columns;

  FrameReader(WireCursor cursor) {
    this.cursor = cursor;
  }

  /** Reads a frame whose tag was just read in a message at {@code depth}. */
  void read(int depth) throws IOException {
    CodedInputStream in = cursor.in;
    int outerLimit = cursor.enter(depth);
    int own = depth + 1;
    fields:
    while (true) {
      int tag = in.readTag();
      switch (tag) {
        case 0:
          break fields;
        case OFFSET:
          offset = in.readUInt64();
          break;
        case DONE:
          done = in.readBool();
          break;
        case ROWS:
          rows.add(row(own));
          break;
        case COMPACT_ROWS:
          CompactRowReader.read(in.readByteArray(), rows, AVATICA_VALUES);
          break;
        default:
          if (!cursor.skipUnknown(tag, own)) {
            break fields;
          }
      }
    }
    cursor.leave(outerLimit);
  }

  private List<Object> row(int depth) throws IOException {
    CodedInputStream in = cursor.in;
    int outerLimit = cursor.enter(depth);
    int own = depth + 1;
    List<Object> row = new ArrayList<>(columns);
    fields:
    while (true) {
      int tag = in.readTag();
      switch (tag) {
        case 0:
          break fields;
        case COLUMN:
          Object value = ColumnValueReader.read(cursor, own);
          if (failure == null && value instanceof DecodeFailure valueFailure) {
            failure = valueFailure;
          }
          row.add(value);
          break;
        default:
          if (!cursor.skipUnknown(tag, own)) {
            break fields;
          }
      }
    }
    cursor.leave(outerLimit);
    columns = row.size();
    return row;
  }

  /**
   * The frame read (an empty, unfinished one if none was sent, as Avatica decodes the default
   * frame), or the failure of the first value that could not be decoded.
   */
  Meta.Frame frame() {
    if (failure != null) {
      throw failure.exception();
    }
    return new Meta.Frame(offset, done, rows);
  }
}
