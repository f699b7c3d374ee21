package io.icegate.jdbc;

import static io.icegate.jdbc.CompactRows.AVATICA;
import static io.icegate.jdbc.CompactRows.BYTE;
import static io.icegate.jdbc.CompactRows.BYTES;
import static io.icegate.jdbc.CompactRows.DECIMAL;
import static io.icegate.jdbc.CompactRows.DOUBLE;
import static io.icegate.jdbc.CompactRows.FALSE;
import static io.icegate.jdbc.CompactRows.FLOAT;
import static io.icegate.jdbc.CompactRows.INTEGER;
import static io.icegate.jdbc.CompactRows.LIST;
import static io.icegate.jdbc.CompactRows.LONG;
import static io.icegate.jdbc.CompactRows.NEW_STRING;
import static io.icegate.jdbc.CompactRows.NULL;
import static io.icegate.jdbc.CompactRows.SAME_STRING;
import static io.icegate.jdbc.CompactRows.SHORT;
import static io.icegate.jdbc.CompactRows.STRING;
import static io.icegate.jdbc.CompactRows.TRUE;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnsafeByteOperations;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.remote.TypedValue;

/**
 * Writes a frame's rows in {@link CompactRows}' encoding; the gateway's side of {@link CompactRowReader}. Rows are
 * lists of column values as Avatica's frames hold them; a value the encoding has no tag for is written as Avatica's
 * own encoder makes it.
 *
 * <p>Which strings are numbered is this writer's choice: short ones (map keys, counts, names), up to a number per
 * frame, since those are the ones that come again; a long one (a file path) is rarely repeated and would only fill
 * the table.
 */
public final class CompactRowWriter {
  /** Strings up to this many chars are numbered when first sent. */
  static final int NUMBERED_MAX_CHARS = 48;
  /** A frame numbers at most this many strings; later new ones are sent whole. */
  static final int NUMBERED_MAX = 1 << 14;

  private final Map<String, Integer> numbers = new HashMap<>();
  private byte[] bytes = new byte[1 << 12];
  private int position;

  /** The bytes of {@code rows}, each a list of its columns' values; one writer writes one frame. */
  public ByteString write(List<Object> rows) {
    writeVarint(rows.size());
    for (Object row : rows) {
      List<?> cells = (List<?>) row;
      int columns = cells.size();
      writeVarint(columns);
      for (int c = 0; c < columns; c++) {
        writeValue(cells.get(c));
      }
    }
    return UnsafeByteOperations.unsafeWrap(bytes, 0, position);
  }

  private void writeValue(Object value) {
    ensure(11);
    if (value == null) {
      bytes[position++] = NULL;
    } else if (value instanceof String s) {
      writeString(s);
    } else if (value instanceof Long l) {
      bytes[position++] = LONG;
      writeVarint(zigZag(l));
    } else if (value instanceof Integer n) {
      bytes[position++] = INTEGER;
      writeVarint(zigZag(n));
    } else if (value instanceof List<?> list) {
      bytes[position++] = LIST;
      int size = list.size();
      writeVarint(size);
      if (list instanceof RandomAccess) {
        for (int i = 0; i < size; i++) {
          writeValue(list.get(i));
        }
      } else {
        for (Object element : list) {
          writeValue(element);
        }
      }
    } else if (value instanceof Double d) {
      bytes[position++] = DOUBLE;
      writeFixed(Double.doubleToRawLongBits(d), 8);
    } else if (value instanceof Boolean b) {
      bytes[position++] = b ? TRUE : FALSE;
    } else if (value instanceof BigDecimal d) {
      bytes[position++] = DECIMAL;
      writeText(d.toString());
    } else if (value instanceof byte[] b) {
      bytes[position++] = BYTES;
      writeBytes(b);
    } else if (value instanceof Float f) {
      bytes[position++] = FLOAT;
      writeFixed(Float.floatToIntBits(f) & 0xFFFFFFFFL, 4); // as RowEncoder writes it
    } else if (value instanceof Short s) {
      bytes[position++] = SHORT;
      writeVarint(zigZag(s));
    } else if (value instanceof Byte b) {
      bytes[position++] = BYTE;
      bytes[position++] = b;
    } else {
      bytes[position++] = AVATICA;
      Common.TypedValue.Builder avatica = Common.TypedValue.newBuilder();
      TypedValue.toProto(avatica, value);
      writeBytes(avatica.build().toByteArray());
    }
  }

  private void writeString(String s) {
    if (s.length() > NUMBERED_MAX_CHARS) {
      bytes[position++] = STRING;
      writeText(s);
      return;
    }
    Integer number = numbers.get(s);
    if (number != null) {
      bytes[position++] = SAME_STRING;
      writeVarint(number);
    } else if (numbers.size() < NUMBERED_MAX) {
      numbers.put(s, numbers.size());
      bytes[position++] = NEW_STRING;
      writeText(s);
    } else {
      bytes[position++] = STRING;
      writeText(s);
    }
  }

  /** A string's UTF-8 length and bytes (the JDK encodes an ASCII string by copying its bytes in one piece). */
  private void writeText(String s) {
    writeBytes(s.getBytes(StandardCharsets.UTF_8));
  }

  private void writeBytes(byte[] value) {
    ensure(5 + value.length);
    writeVarint(value.length);
    System.arraycopy(value, 0, bytes, position, value.length);
    position += value.length;
  }

  private void writeVarint(long value) {
    ensure(10);
    while ((value & ~0x7FL) != 0) {
      bytes[position++] = (byte) ((value & 0x7F) | 0x80);
      value >>>= 7;
    }
    bytes[position++] = (byte) value;
  }

  private void writeFixed(long value, int size) {
    ensure(size);
    for (int i = 0; i < size; i++) {
      bytes[position++] = (byte) (value >>> (8 * i));
    }
  }

  private static long zigZag(long n) {
    return (n << 1) ^ (n >> 63);
  }

  private void ensure(int more) {
    if (bytes.length - position < more) {
      bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, position + more));
    }
  }
}
