package io.icegate.protocol;

import static io.icegate.protocol.CompactRows.AVATICA;
import static io.icegate.protocol.CompactRows.BYTE;
import static io.icegate.protocol.CompactRows.BYTES;
import static io.icegate.protocol.CompactRows.DECIMAL;
import static io.icegate.protocol.CompactRows.DOUBLE;
import static io.icegate.protocol.CompactRows.FALSE;
import static io.icegate.protocol.CompactRows.FLOAT;
import static io.icegate.protocol.CompactRows.INTEGER;
import static io.icegate.protocol.CompactRows.LIST;
import static io.icegate.protocol.CompactRows.LONG;
import static io.icegate.protocol.CompactRows.NEW_STRING;
import static io.icegate.protocol.CompactRows.NULL;
import static io.icegate.protocol.CompactRows.SAME_STRING;
import static io.icegate.protocol.CompactRows.SHORT;
import static io.icegate.protocol.CompactRows.STRING;
import static io.icegate.protocol.CompactRows.TIMESTAMP;
import static io.icegate.protocol.CompactRows.TRUE;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.remote.TypedValue;

/**
 * Writes a frame's rows in {@link CompactRows}' encoding; the gateway's side of {@link
 * CompactRowReader}. Rows are lists of column values as Avatica's frames hold them; a value the
 * encoding has no tag for is written as Avatica's own encoder makes it.
 *
 * <p>Varints, zig-zag numbers, fixed-width floats and UTF-8 text are written by protobuf's {@link
 * CodedOutputStream}, as the rest of the frame is.
 *
 * <p>Which strings are numbered is this writer's choice: short ones (map keys, counts, names), up
 * to a number per frame, since those are the ones that come again; a long one (a file path) is
 * rarely repeated and would only fill the table.
 */
public final class CompactRowWriter {
  /** Strings up to this many chars are numbered when first sent. */
  static final int NUMBERED_MAX_CHARS = 48;

  /** A frame numbers at most this many strings; later new ones are sent whole. */
  static final int NUMBERED_MAX = 1 << 14;

  private final Map<String, Integer> numbers = new HashMap<>();
  private final ByteString.Output bytes = ByteString.newOutput(1 << 12);
  private final CodedOutputStream out = CodedOutputStream.newInstance(bytes, 1 << 12);

  /** The bytes of {@code rows}, each a list of its columns' values; one writer writes one frame. */
  public ByteString write(List<Object> rows) {
    try {
      out.writeUInt32NoTag(rows.size());
      for (Object row : rows) {
        List<?> cells = (List<?>) row;
        int columns = cells.size();
        out.writeUInt32NoTag(columns);
        for (int c = 0; c < columns; c++) {
          writeValue(cells.get(c));
        }
      }
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot encode a result frame", e); // in memory: does not happen
    }
    return bytes.toByteString();
  }

  private void writeValue(Object value) throws IOException {
    if (value == null) {
      out.writeRawByte(NULL);
    } else if (value instanceof String s) {
      writeString(s);
    } else if (value instanceof Long l) {
      out.writeRawByte(LONG);
      out.writeSInt64NoTag(l);
    } else if (value instanceof Integer n) {
      out.writeRawByte(INTEGER);
      out.writeSInt64NoTag(n);
    } else if (value instanceof MapEntries entries) {
      // The bytes of its list of [key, value] pairs, without making the pairs.
      out.writeRawByte(LIST);
      out.writeUInt32NoTag(entries.size());
      for (Map.Entry<?, ?> entry : entries.map().entrySet()) {
        out.writeRawByte(LIST);
        out.writeUInt32NoTag(2);
        writeValue(entry.getKey());
        writeValue(entry.getValue());
      }
    } else if (value instanceof List<?> list) {
      out.writeRawByte(LIST);
      out.writeUInt32NoTag(list.size());
      if (list instanceof RandomAccess) {
        for (int i = 0, size = list.size(); i < size; i++) {
          writeValue(list.get(i));
        }
      } else {
        for (Object element : list) {
          writeValue(element);
        }
      }
    } else if (value instanceof WallClockMicros t) {
      out.writeRawByte(TIMESTAMP);
      out.writeSInt64NoTag(t.micros());
    } else if (value instanceof Double d) {
      out.writeRawByte(DOUBLE);
      out.writeFixed64NoTag(Double.doubleToRawLongBits(d));
    } else if (value instanceof Boolean b) {
      out.writeRawByte(b ? TRUE : FALSE);
    } else if (value instanceof BigDecimal d) {
      out.writeRawByte(DECIMAL);
      out.writeStringNoTag(d.toString());
    } else if (value instanceof byte[] b) {
      out.writeRawByte(BYTES);
      out.writeByteArrayNoTag(b);
    } else if (value instanceof Float f) {
      out.writeRawByte(FLOAT);
      out.writeFixed32NoTag(Float.floatToIntBits(f)); // as RowEncoder writes it
    } else if (value instanceof Short s) {
      out.writeRawByte(SHORT);
      out.writeSInt64NoTag(s);
    } else if (value instanceof Byte b) {
      out.writeRawByte(BYTE);
      out.writeRawByte(b);
    } else {
      out.writeRawByte(AVATICA);
      Common.TypedValue.Builder avatica = Common.TypedValue.newBuilder();
      TypedValue.toProto(avatica, value);
      out.writeByteArrayNoTag(avatica.build().toByteArray());
    }
  }

  private void writeString(String s) throws IOException {
    Integer number = s.length() > NUMBERED_MAX_CHARS ? null : numbers.get(s);
    if (number != null) {
      out.writeRawByte(SAME_STRING);
      out.writeUInt32NoTag(number);
      return;
    }
    if (s.length() <= NUMBERED_MAX_CHARS && numbers.size() < NUMBERED_MAX) {
      numbers.put(s, numbers.size());
      out.writeRawByte(NEW_STRING);
    } else {
      out.writeRawByte(STRING);
    }
    out.writeStringNoTag(s);
  }
}
