package io.icegate.gateway.result;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.UnsafeByteOperations;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.calcite.avatica.proto.Common;

/**
 * Writes one result row straight to protobuf bytes in the layout of Avatica's {@code Common.Row}, without building
 * a message object per cell. Common scalars (what {@link WireValues} produces for the usual column types) take the
 * direct path; lists and rarer values are built as messages by {@link WireFrame}'s encoder and copied in.
 *
 * <p>Like protobuf's own generated code for proto3, fields holding their default value are not written, so the
 * bytes equal what Avatica's builders would produce for the same cells.
 */
final class RowEncoder {
  private static final int COLUMN = Common.Row.VALUE_FIELD_NUMBER;
  private static final int SCALAR = Common.ColumnValue.SCALAR_VALUE_FIELD_NUMBER;
  private static final int TYPE = Common.TypedValue.TYPE_FIELD_NUMBER;
  private static final int BOOL = Common.TypedValue.BOOL_VALUE_FIELD_NUMBER;
  private static final int STRING = Common.TypedValue.STRING_VALUE_FIELD_NUMBER;
  private static final int NUMBER = Common.TypedValue.NUMBER_VALUE_FIELD_NUMBER;
  private static final int DOUBLE = Common.TypedValue.DOUBLE_VALUE_FIELD_NUMBER;
  private static final int NULL = Common.TypedValue.NULL_FIELD_NUMBER;

  /** A cell's encoding: either a direct scalar or a prebuilt column message. */
  private static final class Cell {
    int rep;
    int field;
    long number;
    double real;
    boolean bool;
    byte[] text;
    int valueSize;
    Common.ColumnValue message;
    int columnSize;
  }

  private RowEncoder() {}

  static ByteString encode(List<?> cells, java.util.function.Function<Object, Common.ColumnValue> fallback) {
    Cell[] encoded = new Cell[cells.size()];
    int rowSize = 0;
    for (int i = 0; i < encoded.length; i++) {
      Cell cell = prepare(cells.get(i), fallback);
      encoded[i] = cell;
      rowSize += CodedOutputStream.computeTagSize(COLUMN) + CodedOutputStream.computeUInt32SizeNoTag(cell.columnSize)
          + cell.columnSize;
    }
    byte[] bytes = new byte[rowSize];
    CodedOutputStream out = CodedOutputStream.newInstance(bytes);
    try {
      for (Cell cell : encoded) {
        out.writeTag(COLUMN, WireFormat.WIRETYPE_LENGTH_DELIMITED);
        out.writeUInt32NoTag(cell.columnSize);
        if (cell.message != null) {
          cell.message.writeTo(out);
        } else {
          out.writeTag(SCALAR, WireFormat.WIRETYPE_LENGTH_DELIMITED);
          out.writeUInt32NoTag(cell.valueSize);
          writeValue(out, cell);
        }
      }
      out.checkNoSpaceLeft();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot encode a result row", e);
    }
    return UnsafeByteOperations.unsafeWrap(bytes);
  }

  private static Cell prepare(Object value, java.util.function.Function<Object, Common.ColumnValue> fallback) {
    Cell cell = new Cell();
    if (value == null) {
      cell.rep = Common.Rep.NULL_VALUE;
      cell.field = NULL;
      cell.bool = true;
    } else if (value instanceof String s) {
      scalarText(cell, Common.Rep.STRING_VALUE, s);
    } else if (value instanceof Long l) {
      scalarNumber(cell, Common.Rep.LONG_VALUE, l);
    } else if (value instanceof Integer n) {
      scalarNumber(cell, Common.Rep.INTEGER_VALUE, n);
    } else if (value instanceof Double d) {
      cell.rep = Common.Rep.DOUBLE_VALUE;
      cell.field = DOUBLE;
      cell.real = d;
    } else if (value instanceof Boolean b) {
      cell.rep = Common.Rep.BOOLEAN_VALUE;
      cell.field = BOOL;
      cell.bool = b;
    } else if (value instanceof BigDecimal d) {
      scalarText(cell, Common.Rep.BIG_DECIMAL_VALUE, d.toString());
    } else if (value instanceof Float f) {
      scalarNumber(cell, Common.Rep.FLOAT_VALUE, Float.floatToIntBits(f));
    } else if (value instanceof Short s) {
      scalarNumber(cell, Common.Rep.SHORT_VALUE, s);
    } else if (value instanceof Byte b) {
      scalarNumber(cell, Common.Rep.BYTE_VALUE, b);
    } else {
      cell.message = fallback.apply(value);
      cell.columnSize = cell.message.getSerializedSize();
      return cell;
    }
    cell.valueSize = valueSize(cell);
    cell.columnSize = CodedOutputStream.computeTagSize(SCALAR) + CodedOutputStream.computeUInt32SizeNoTag(cell.valueSize)
        + cell.valueSize;
    return cell;
  }

  private static void scalarText(Cell cell, int rep, String text) {
    cell.rep = rep;
    cell.field = STRING;
    cell.text = text.getBytes(StandardCharsets.UTF_8);
  }

  private static void scalarNumber(Cell cell, int rep, long number) {
    cell.rep = rep;
    cell.field = NUMBER;
    cell.number = number;
  }

  private static int valueSize(Cell cell) {
    int size = cell.rep == 0 ? 0 : CodedOutputStream.computeEnumSize(TYPE, cell.rep);
    switch (cell.field) {
      case STRING -> size += cell.text.length == 0 ? 0
          : CodedOutputStream.computeTagSize(STRING) + CodedOutputStream.computeUInt32SizeNoTag(cell.text.length)
              + cell.text.length;
      case NUMBER -> size += cell.number == 0 ? 0 : CodedOutputStream.computeSInt64Size(NUMBER, cell.number);
      case DOUBLE -> size += Double.doubleToRawLongBits(cell.real) == 0 ? 0
          : CodedOutputStream.computeDoubleSize(DOUBLE, cell.real);
      case BOOL, NULL -> size += cell.bool ? CodedOutputStream.computeBoolSize(cell.field, true) : 0;
      default -> throw new IllegalStateException("unexpected field " + cell.field);
    }
    return size;
  }

  private static void writeValue(CodedOutputStream out, Cell cell) throws IOException {
    if (cell.rep != 0) {
      out.writeEnum(TYPE, cell.rep);
    }
    switch (cell.field) {
      case STRING -> {
        if (cell.text.length > 0) {
          out.writeTag(STRING, WireFormat.WIRETYPE_LENGTH_DELIMITED);
          out.writeUInt32NoTag(cell.text.length);
          out.writeRawBytes(cell.text);
        }
      }
      case NUMBER -> {
        if (cell.number != 0) {
          out.writeSInt64(NUMBER, cell.number);
        }
      }
      case DOUBLE -> {
        if (Double.doubleToRawLongBits(cell.real) != 0) {
          out.writeDouble(DOUBLE, cell.real);
        }
      }
      case BOOL, NULL -> {
        if (cell.bool) {
          out.writeBool(cell.field, true);
        }
      }
      default -> throw new IllegalStateException("unexpected field " + cell.field);
    }
  }
}
