package io.icegate.gateway.result;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.UnsafeByteOperations;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.function.Function;
import org.apache.calcite.avatica.proto.Common;

/**
 * Writes result rows straight to protobuf bytes in the layout of Avatica's {@code Common.Row},
 * without building a message object per cell: byte for byte what Avatica's {@code
 * Meta.Frame.toProto} writes, less the deprecated copy of each cell. Every value {@link
 * SparkRowConverter} produces takes the direct path, nested ones included: lists (arrays, structs,
 * and maps as lists of [key, value] lists) at any depth, and binary with the base64 copy Avatica
 * adds for old clients. Any other value is built as a message by the fallback (Avatica's own
 * encoder) and copied in.
 *
 * <p>A row is written in two passes over its values: the first computes the size of every message
 * (each length comes before its message) and keeps, in the order the second pass meets them, those
 * sizes and the bytes of text values; the second writes. Like protobuf's generated code for proto3,
 * fields holding their default value are not written.
 *
 * <p>One encoder serves one frame, on one thread.
 */
final class RowEncoder {
  private static final int COLUMN = Common.Row.VALUE_FIELD_NUMBER;
  private static final int COLUMN_ELEMENT = Common.ColumnValue.ARRAY_VALUE_FIELD_NUMBER;
  private static final int HAS_ARRAY = Common.ColumnValue.HAS_ARRAY_VALUE_FIELD_NUMBER;
  private static final int SCALAR = Common.ColumnValue.SCALAR_VALUE_FIELD_NUMBER;
  private static final int TYPE = Common.TypedValue.TYPE_FIELD_NUMBER;
  private static final int BOOL = Common.TypedValue.BOOL_VALUE_FIELD_NUMBER;
  private static final int STRING = Common.TypedValue.STRING_VALUE_FIELD_NUMBER;
  private static final int NUMBER = Common.TypedValue.NUMBER_VALUE_FIELD_NUMBER;
  private static final int BYTES = Common.TypedValue.BYTES_VALUE_FIELD_NUMBER;
  private static final int DOUBLE = Common.TypedValue.DOUBLE_VALUE_FIELD_NUMBER;
  private static final int NULL = Common.TypedValue.NULL_FIELD_NUMBER;
  private static final int ELEMENT = Common.TypedValue.ARRAY_VALUE_FIELD_NUMBER;
  private static final int COMPONENT_TYPE = Common.TypedValue.COMPONENT_TYPE_FIELD_NUMBER;

  private static final int HAS_ARRAY_SIZE = CodedOutputStream.computeBoolSize(HAS_ARRAY, true);
  private static final int NULL_SIZE = CodedOutputStream.computeBoolSize(NULL, true);
  private static final int TRUE_SIZE = CodedOutputStream.computeBoolSize(BOOL, true);
  private static final int DOUBLE_SIZE = CodedOutputStream.computeDoubleSize(DOUBLE, 0);

  /**
   * Avatica's encoder for values the direct path does not know; only Avatica's encoding says what
   * they become.
   */
  private final Function<Object, Common.TypedValue> fallback;

  /**
   * Sizes of the row's messages (columns and values) and lists' component types, in writing order.
   */
  private int[] sizes = new int[64];

  private int sized;
  private int read;

  /**
   * UTF-8 of strings and decimals, base64 of binary values, fallback messages: in writing order.
   */
  private Object[] payloads = new Object[16];

  private int stored;
  private int taken;

  RowEncoder(Function<Object, Common.TypedValue> fallback) {
    this.fallback = fallback;
  }

  /** One row as the bytes of a {@code Common.Row}. */
  ByteString encode(List<?> cells) {
    sized = 0;
    stored = 0;
    int rowSize = 0;
    for (Object cell : cells) {
      rowSize += lengthDelimitedSize(COLUMN, columnSize(cell));
    }
    byte[] bytes = new byte[rowSize];
    CodedOutputStream out = CodedOutputStream.newInstance(bytes);
    read = 0;
    taken = 0;
    try {
      for (Object cell : cells) {
        writeColumn(out, cell);
      }
      out.checkNoSpaceLeft();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot encode a result row", e);
    }
    Arrays.fill(payloads, 0, stored, null); // let the row's values go
    return UnsafeByteOperations.unsafeWrap(bytes);
  }

  // ---- first pass: sizes ----

  /**
   * A cell as Avatica's {@code parseColumn} makes it: a list's elements as array values, anything
   * else a scalar.
   */
  private int columnSize(Object cell) {
    int slot = reserve();
    int size;
    if (cell instanceof List<?> list) {
      size = HAS_ARRAY_SIZE;
      for (Object element : list) {
        size += lengthDelimitedSize(COLUMN_ELEMENT, valueSize(element));
      }
    } else {
      size = lengthDelimitedSize(SCALAR, valueSize(cell));
    }
    sizes[slot] = size;
    return size;
  }

  /** The size of a {@code TypedValue} as Avatica's {@code TypedValue.toProto} fills it. */
  private int valueSize(Object value) {
    int slot = reserve();
    int size;
    if (value == null) {
      size = typeSize(Common.Rep.NULL_VALUE) + NULL_SIZE;
    } else if (value instanceof String s) {
      size =
          typeSize(Common.Rep.STRING_VALUE)
              + textSize(STRING, store(s.getBytes(StandardCharsets.UTF_8)));
    } else if (value instanceof Long l) {
      size = numberSize(Common.Rep.LONG_VALUE, l);
    } else if (value instanceof Integer n) {
      size = numberSize(Common.Rep.INTEGER_VALUE, n);
    } else if (value instanceof List<?> list) {
      size = listSize(list);
    } else if (value instanceof Double d) {
      size =
          typeSize(Common.Rep.DOUBLE_VALUE)
              + (Double.doubleToRawLongBits(d) == 0 ? 0 : DOUBLE_SIZE);
    } else if (value instanceof Boolean b) {
      size = typeSize(Common.Rep.BOOLEAN_VALUE) + (b ? TRUE_SIZE : 0);
    } else if (value instanceof BigDecimal d) {
      size =
          typeSize(Common.Rep.BIG_DECIMAL_VALUE)
              + textSize(STRING, store(d.toString().getBytes(StandardCharsets.UTF_8)));
    } else if (value instanceof byte[] b) {
      // Avatica sends the bytes twice: as base64 text for clients before CALCITE-1209, and as
      // bytes.
      size =
          typeSize(Common.Rep.BYTE_STRING_VALUE)
              + textSize(STRING, store(Base64.getEncoder().encode(b)))
              + textSize(BYTES, b);
    } else if (value instanceof Float f) {
      size = numberSize(Common.Rep.FLOAT_VALUE, Float.floatToIntBits(f));
    } else if (value instanceof Short s) {
      size = numberSize(Common.Rep.SHORT_VALUE, s);
    } else if (value instanceof Byte b) {
      size = numberSize(Common.Rep.BYTE_VALUE, b);
    } else {
      size = ((Common.TypedValue) store(fallback.apply(value))).getSerializedSize();
    }
    sizes[slot] = size;
    return size;
  }

  /**
   * A list is an ARRAY whose component type is that of its first element, or OBJECT when it is
   * empty or its first element null.
   */
  private int listSize(List<?> list) {
    int componentSlot = reserve();
    int component = Common.Rep.OBJECT_VALUE;
    int size = typeSize(Common.Rep.ARRAY_VALUE);
    boolean first = true;
    for (Object element : list) {
      size += lengthDelimitedSize(ELEMENT, valueSize(element));
      if (first) {
        first = false;
        int rep = repOf(element);
        if (rep != Common.Rep.NULL_VALUE) {
          component = rep;
        }
      }
    }
    sizes[componentSlot] = component;
    return size
        + (component == 0 ? 0 : CodedOutputStream.computeEnumSize(COMPONENT_TYPE, component));
  }

  /** The type of the value just sized. */
  private int repOf(Object value) {
    if (value == null) {
      return Common.Rep.NULL_VALUE;
    } else if (value instanceof String) {
      return Common.Rep.STRING_VALUE;
    } else if (value instanceof Long) {
      return Common.Rep.LONG_VALUE;
    } else if (value instanceof Integer) {
      return Common.Rep.INTEGER_VALUE;
    } else if (value instanceof List) {
      return Common.Rep.ARRAY_VALUE;
    } else if (value instanceof Double) {
      return Common.Rep.DOUBLE_VALUE;
    } else if (value instanceof Boolean) {
      return Common.Rep.BOOLEAN_VALUE;
    } else if (value instanceof BigDecimal) {
      return Common.Rep.BIG_DECIMAL_VALUE;
    } else if (value instanceof byte[]) {
      return Common.Rep.BYTE_STRING_VALUE;
    } else if (value instanceof Float) {
      return Common.Rep.FLOAT_VALUE;
    } else if (value instanceof Short) {
      return Common.Rep.SHORT_VALUE;
    } else if (value instanceof Byte) {
      return Common.Rep.BYTE_VALUE;
    }
    // A fallback value has no nested payloads, so its message is the last one stored.
    return ((Common.TypedValue) payloads[stored - 1]).getTypeValue();
  }

  private static int typeSize(int rep) {
    return CodedOutputStream.computeEnumSize(TYPE, rep);
  }

  private static int numberSize(int rep, long number) {
    return typeSize(rep) + (number == 0 ? 0 : CodedOutputStream.computeSInt64Size(NUMBER, number));
  }

  private static int textSize(int field, byte[] bytes) {
    return bytes.length == 0 ? 0 : lengthDelimitedSize(field, bytes.length);
  }

  private static int lengthDelimitedSize(int field, int length) {
    return CodedOutputStream.computeTagSize(field)
        + CodedOutputStream.computeUInt32SizeNoTag(length)
        + length;
  }

  private int reserve() {
    if (sized == sizes.length) {
      sizes = Arrays.copyOf(sizes, sized * 2);
    }
    return sized++;
  }

  private <T> T store(T payload) {
    if (stored == payloads.length) {
      payloads = Arrays.copyOf(payloads, stored * 2);
    }
    payloads[stored++] = payload;
    return payload;
  }

  // ---- second pass: bytes, in the order the first pass sized them ----

  private void writeColumn(CodedOutputStream out, Object cell) throws IOException {
    writeLength(out, COLUMN, sizes[read++]);
    if (cell instanceof List<?> list) {
      for (Object element : list) {
        writeValue(out, COLUMN_ELEMENT, element);
      }
      out.writeBool(HAS_ARRAY, true);
    } else {
      writeValue(out, SCALAR, cell);
    }
  }

  private void writeValue(CodedOutputStream out, int field, Object value) throws IOException {
    writeLength(out, field, sizes[read++]);
    if (value == null) {
      out.writeEnum(TYPE, Common.Rep.NULL_VALUE);
      out.writeBool(NULL, true);
    } else if (value instanceof String) {
      out.writeEnum(TYPE, Common.Rep.STRING_VALUE);
      writeText(out, STRING, (byte[]) payloads[taken++]);
    } else if (value instanceof Long l) {
      writeNumber(out, Common.Rep.LONG_VALUE, l);
    } else if (value instanceof Integer n) {
      writeNumber(out, Common.Rep.INTEGER_VALUE, n);
    } else if (value instanceof List<?> list) {
      writeList(out, list);
    } else if (value instanceof Double d) {
      out.writeEnum(TYPE, Common.Rep.DOUBLE_VALUE);
      if (Double.doubleToRawLongBits(d) != 0) {
        out.writeDouble(DOUBLE, d);
      }
    } else if (value instanceof Boolean b) {
      out.writeEnum(TYPE, Common.Rep.BOOLEAN_VALUE);
      if (b) {
        out.writeBool(BOOL, true);
      }
    } else if (value instanceof BigDecimal) {
      out.writeEnum(TYPE, Common.Rep.BIG_DECIMAL_VALUE);
      writeText(out, STRING, (byte[]) payloads[taken++]);
    } else if (value instanceof byte[] b) {
      out.writeEnum(TYPE, Common.Rep.BYTE_STRING_VALUE);
      writeText(out, STRING, (byte[]) payloads[taken++]);
      writeText(out, BYTES, b);
    } else if (value instanceof Float f) {
      writeNumber(out, Common.Rep.FLOAT_VALUE, Float.floatToIntBits(f));
    } else if (value instanceof Short s) {
      writeNumber(out, Common.Rep.SHORT_VALUE, s);
    } else if (value instanceof Byte b) {
      writeNumber(out, Common.Rep.BYTE_VALUE, b);
    } else {
      ((Common.TypedValue) payloads[taken++]).writeTo(out);
    }
  }

  private void writeList(CodedOutputStream out, List<?> list) throws IOException {
    int component = sizes[read++];
    out.writeEnum(TYPE, Common.Rep.ARRAY_VALUE);
    for (Object element : list) {
      writeValue(out, ELEMENT, element);
    }
    if (component != 0) {
      out.writeEnum(COMPONENT_TYPE, component);
    }
  }

  private static void writeNumber(CodedOutputStream out, int rep, long number) throws IOException {
    out.writeEnum(TYPE, rep);
    if (number != 0) {
      out.writeSInt64(NUMBER, number);
    }
  }

  private static void writeText(CodedOutputStream out, int field, byte[] bytes) throws IOException {
    if (bytes.length > 0) {
      writeLength(out, field, bytes.length);
      out.writeRawBytes(bytes);
    }
  }

  private static void writeLength(CodedOutputStream out, int field, int length) throws IOException {
    out.writeTag(field, WireFormat.WIRETYPE_LENGTH_DELIMITED);
    out.writeUInt32NoTag(length);
  }
}
