package io.icegate.jdbc;

import com.google.protobuf.InvalidProtocolBufferException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.calcite.avatica.proto.Common;

/**
 * Reads the rows of one frame in {@link CompactRows}' encoding into the lists of column values
 * that Avatica's decoding of the same rows makes ({@link FrameReader} takes them from here).
 * Malformed bytes fail as a malformed protobuf message does.
 */
final class CompactRowReader {

  private final byte[] bytes;
  private int position;
  /** The frame's strings sent as {@link CompactRows#NEW_STRING}, by number. */
  private String[] strings = new String[64];
  private int stringCount;

  private CompactRowReader(byte[] bytes) {
    this.bytes = bytes;
  }

  /** Adds the rows encoded in {@code bytes} to {@code rows}. */
  static void read(byte[] bytes, List<Object> rows) throws InvalidProtocolBufferException {
    CompactRowReader reader = new CompactRowReader(bytes);
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
      if (reader.position != bytes.length) {
        throw malformed("bytes after the last row");
      }
    } catch (ArrayIndexOutOfBoundsException | NegativeArraySizeException e) {
      throw malformed("it ends inside a value");
    } catch (NumberFormatException e) {
      throw malformed("a decimal is not a number");
    }
  }

  /** A value at {@code depth} lists down from its row. */
  private Object value(int depth) throws InvalidProtocolBufferException {
    byte tag = bytes[position++];
    switch (tag) {
    case CompactRows.NULL:
      return null;
    case CompactRows.SAME_STRING:
      int number = varint32();
      if (number < 0 || number >= stringCount) {
        throw malformed("string " + number + " was not sent before");
      }
      return strings[number];
    case CompactRows.NEW_STRING:
      String remembered = string();
      if (stringCount == strings.length) {
        strings = Arrays.copyOf(strings, stringCount * 2);
      }
      strings[stringCount++] = remembered;
      return remembered;
    case CompactRows.STRING:
      return string();
    case CompactRows.LONG:
      return zigZag(varint64());
    case CompactRows.INTEGER:
      return (int) zigZag(varint64());
    case CompactRows.LIST:
      if (depth >= CompactRows.MAX_DEPTH) {
        throw malformed("lists nest deeper than " + CompactRows.MAX_DEPTH);
      }
      int size = count();
      List<Object> list = new ArrayList<>(size);
      for (int i = 0; i < size; i++) {
        list.add(value(depth + 1));
      }
      return list;
    case CompactRows.DOUBLE:
      return Double.longBitsToDouble(fixed(8));
    case CompactRows.TRUE:
      return Boolean.TRUE;
    case CompactRows.FALSE:
      return Boolean.FALSE;
    case CompactRows.DECIMAL:
      return new BigDecimal(string());
    case CompactRows.BYTES:
      int length = count();
      byte[] value = Arrays.copyOfRange(bytes, position, position + length);
      position += length;
      return value;
    case CompactRows.FLOAT:
      return Float.intBitsToFloat((int) fixed(4));
    case CompactRows.SHORT:
      return (short) zigZag(varint64());
    case CompactRows.BYTE:
      return bytes[position++];
    case CompactRows.AVATICA:
      return avaticaValue(depth);
    default:
      throw malformed("unknown value tag " + tag);
    }
  }

  /** As Avatica decodes a column's scalar, or (in a list) an array element. */
  private Object avaticaValue(int depth) throws InvalidProtocolBufferException {
    int length = count();
    byte[] message = Arrays.copyOfRange(bytes, position, position + length);
    position += length;
    try {
      Common.TypedValue value = Common.TypedValue.parseFrom(message);
      return depth == 0 ? TypedValueDecoder.decode(value) : FrameDecoder.element(value);
    } catch (InvalidProtocolBufferException | RuntimeException e) {
      throw malformed("a value in Avatica's encoding cannot be read (" + e.getMessage() + ")");
    }
  }

  private String string() throws InvalidProtocolBufferException {
    int length = count();
    if (length > bytes.length - position) {
      throw malformed("a string is longer than the frame");
    }
    String value = new String(bytes, position, length, StandardCharsets.UTF_8);
    position += length;
    return value;
  }

  /** A count or length: a varint that must fit the frame. */
  private int count() throws InvalidProtocolBufferException {
    long value = varint64();
    if (value < 0 || value > bytes.length) {
      throw malformed("a count of " + value + " exceeds the frame's " + bytes.length + " bytes");
    }
    return (int) value;
  }

  private int varint32() throws InvalidProtocolBufferException {
    long value = varint64();
    return value > Integer.MAX_VALUE ? -1 : (int) value;
  }

  private long varint64() throws InvalidProtocolBufferException {
    long value = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      byte b = bytes[position++];
      value |= (long) (b & 0x7F) << shift;
      if (b >= 0) {
        return value;
      }
    }
    throw malformed("a varint is longer than ten bytes");
  }

  private long fixed(int size) {
    long value = 0;
    for (int i = 0; i < size; i++) {
      value |= (bytes[position++] & 0xFFL) << (8 * i);
    }
    return value;
  }

  private static long zigZag(long n) {
    return (n >>> 1) ^ -(n & 1);
  }

  private static InvalidProtocolBufferException malformed(String why) {
    return new InvalidProtocolBufferException("Malformed compact rows in a frame: " + why);
  }
}
