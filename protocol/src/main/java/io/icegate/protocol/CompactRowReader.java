package io.icegate.protocol;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.calcite.avatica.proto.Common;

/**
 * Reads the rows of one frame in {@link CompactRows}' encoding into the lists of column values that
 * Avatica's decoding of the same rows makes (the driver's frame reading takes them from here).
 * Varints, zig-zag numbers, fixed-width floats, bytes and UTF-8 text are read by protobuf's {@link
 * CodedInputStream}, which checks every length against the bytes left. Malformed bytes fail as a
 * malformed protobuf message does.
 */
public final class CompactRowReader {

  private static final String MALFORMED = "Malformed compact rows in a frame: ";

  /**
   * Decodes the values the frame carries in Avatica's own encoding ({@link CompactRows#AVATICA}),
   * as the reading side decodes Avatica's frames.
   */
  public interface AvaticaValues {
    /** A column's value. */
    Object column(Common.TypedValue value);

    /** An element of a list. */
    Object element(Common.TypedValue value);
  }

  private final CodedInputStream in;
  private final int size;
  private final AvaticaValues avatica;

  /** The frame's strings sent as {@link CompactRows#NEW_STRING}, by number. */
  private String[] strings = new String[64];

  private int stringCount;

  private CompactRowReader(byte[] bytes, AvaticaValues avatica) {
    this.in = CodedInputStream.newInstance(bytes);
    this.size = bytes.length;
    this.avatica = avatica;
  }

  /** Adds the rows encoded in {@code bytes} to {@code rows}. */
  public static void read(byte[] bytes, List<Object> rows, AvaticaValues avatica)
      throws InvalidProtocolBufferException {
    CompactRowReader reader = new CompactRowReader(bytes, avatica);
    try {
      int rowCount = reader.count();
      for (int r = 0; r < rowCount; r++) {
        int columns = reader.count();
        List<Object> row = new ArrayList<>(columns);
        for (int c = 0; c < columns; c++) {
          row.add(reader.value(0));
        }
        rows.add(row);
      }
      if (!reader.in.isAtEnd()) {
        throw malformed("bytes after the last row");
      }
    } catch (NumberFormatException e) {
      throw malformed("a decimal is not a number");
    } catch (IOException e) {
      if (e instanceof InvalidProtocolBufferException own
          && own.getMessage().startsWith(MALFORMED)) {
        throw own;
      }
      // Protobuf's own: the bytes end inside a value, a varint is too long, text is not UTF-8.
      throw malformed(e.getMessage());
    }
  }

  /** A value at {@code depth} lists down from its row. */
  private Object value(int depth) throws IOException {
    byte tag = in.readRawByte();
    switch (tag) {
      case CompactRows.NULL:
        return null;
      case CompactRows.SAME_STRING:
        long number = in.readUInt64();
        if (number < 0 || number >= stringCount) {
          throw malformed("string " + number + " was not sent before");
        }
        return strings[(int) number];
      case CompactRows.NEW_STRING:
        String remembered = in.readStringRequireUtf8();
        if (stringCount == strings.length) {
          strings = Arrays.copyOf(strings, stringCount * 2);
        }
        strings[stringCount++] = remembered;
        return remembered;
      case CompactRows.STRING:
        return in.readStringRequireUtf8();
      case CompactRows.LONG:
        return in.readSInt64();
      case CompactRows.INTEGER:
        return (int) in.readSInt64();
      case CompactRows.LIST:
        if (depth >= CompactRows.MAX_DEPTH) {
          throw malformed("lists nest deeper than " + CompactRows.MAX_DEPTH);
        }
        int elements = count();
        List<Object> list = new ArrayList<>(elements);
        for (int i = 0; i < elements; i++) {
          list.add(value(depth + 1));
        }
        return list;
      case CompactRows.DOUBLE:
        return Double.longBitsToDouble(in.readRawLittleEndian64());
      case CompactRows.TRUE:
        return Boolean.TRUE;
      case CompactRows.FALSE:
        return Boolean.FALSE;
      case CompactRows.DECIMAL:
        return new BigDecimal(in.readStringRequireUtf8());
      case CompactRows.BYTES:
        return in.readByteArray();
      case CompactRows.FLOAT:
        return Float.intBitsToFloat(in.readRawLittleEndian32());
      case CompactRows.SHORT:
        return (short) in.readSInt64();
      case CompactRows.BYTE:
        return in.readRawByte();
      case CompactRows.TIMESTAMP:
        return new WallClockMicros(in.readSInt64());
      case CompactRows.AVATICA:
        return avaticaValue(depth);
      default:
        throw malformed("unknown value tag " + tag);
    }
  }

  /** As Avatica decodes a column's scalar, or (in a list) an array element. */
  private Object avaticaValue(int depth) throws IOException {
    byte[] message = in.readByteArray();
    try {
      Common.TypedValue value = Common.TypedValue.parseFrom(message);
      return depth == 0 ? avatica.column(value) : avatica.element(value);
    } catch (InvalidProtocolBufferException | RuntimeException e) {
      throw malformed("a value in Avatica's encoding cannot be read (" + e.getMessage() + ")");
    }
  }

  /**
   * A count of rows, columns or elements: each takes at least a byte, so it cannot exceed the
   * frame.
   */
  private int count() throws IOException {
    long value = in.readUInt64();
    if (value < 0 || value > size) {
      throw malformed("a count of " + value + " exceeds the frame's " + size + " bytes");
    }
    return (int) value;
  }

  private static InvalidProtocolBufferException malformed(String why) {
    return new InvalidProtocolBufferException(MALFORMED + why);
  }
}
