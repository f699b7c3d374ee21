package io.icegate.jdbc.wire;

import static io.icegate.jdbc.wire.WireTags.FIXED64;
import static io.icegate.jdbc.wire.WireTags.LENGTH_DELIMITED;
import static io.icegate.jdbc.wire.WireTags.TYPE_BITS;
import static io.icegate.jdbc.wire.WireTags.VARINT;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.avatica.proto.Common;

/**
 * Reads one {@code TypedValue} of a frame straight from the bytes and decodes it as Avatica's
 * {@code Meta.Frame.fromProto} does, without a message object: its fields go into locals and {@link
 * TypedValueDecoder} turns them into the value.
 *
 * <p>Fields may come in any order, and repeat (the last one counts, as in protobuf). Arrays are
 * read directly only where they are lists of elements, which is when the value is itself an array
 * element and its type, read before its elements (as every encoder writes it), is ARRAY. Anything
 * else holding elements (a {@code java.sql.Array} sent as a column's scalar, elements before the
 * type) and the rare types {@link TypedValueDecoder} leaves to Avatica are read again by {@link
 * CellFallback}. Elements are decoded as they come, so a failure among them is carried (see {@link
 * DecodeFailure}) and only counts if the value proves to be an array.
 */
final class TypedValueReader {

  private static final int TYPE = Common.TypedValue.TYPE_FIELD_NUMBER << TYPE_BITS | VARINT;
  private static final int BOOL_VALUE =
      Common.TypedValue.BOOL_VALUE_FIELD_NUMBER << TYPE_BITS | VARINT;
  private static final int STRING_VALUE =
      Common.TypedValue.STRING_VALUE_FIELD_NUMBER << TYPE_BITS | LENGTH_DELIMITED;
  private static final int NUMBER_VALUE =
      Common.TypedValue.NUMBER_VALUE_FIELD_NUMBER << TYPE_BITS | VARINT;
  private static final int BYTES_VALUE =
      Common.TypedValue.BYTES_VALUE_FIELD_NUMBER << TYPE_BITS | LENGTH_DELIMITED;
  private static final int DOUBLE_VALUE =
      Common.TypedValue.DOUBLE_VALUE_FIELD_NUMBER << TYPE_BITS | FIXED64;
  private static final int NULL = Common.TypedValue.NULL_FIELD_NUMBER << TYPE_BITS | VARINT;
  private static final int ARRAY_VALUE =
      Common.TypedValue.ARRAY_VALUE_FIELD_NUMBER << TYPE_BITS | LENGTH_DELIMITED;
  private static final int COMPONENT_TYPE =
      Common.TypedValue.COMPONENT_TYPE_FIELD_NUMBER << TYPE_BITS | VARINT;
  private static final int IMPLICITLY_NULL =
      Common.TypedValue.IMPLICITLY_NULL_FIELD_NUMBER << TYPE_BITS | VARINT;

  private TypedValueReader() {}

  /**
   * Reads a column's {@code scalar_value}, whose tag was just read in a message at {@code depth}.
   */
  static Object scalar(WireCursor cursor, int depth) throws IOException {
    return read(cursor, depth, false);
  }

  /** Reads an element of an array, whose tag was just read in a message at {@code depth}. */
  static Object element(WireCursor cursor, int depth) throws IOException {
    return read(cursor, depth, true);
  }

  private static Object read(WireCursor cursor, int depth, boolean element) throws IOException {
    CodedInputStream in = cursor.in;
    int outerLimit = cursor.enter(depth);
    int start = cursor.position();
    int own = depth + 1;
    int type = 0;
    boolean boolValue = false;
    String stringValue = "";
    long numberValue = 0;
    ByteString bytesValue = ByteString.EMPTY;
    double doubleValue = 0;
    boolean isNull = false;
    int componentType = 0;
    List<Object> elements = null;
    DecodeFailure failure = null;
    boolean reparse = false;
    fields:
    while (true) {
      int tag = in.readTag();
      switch (tag) {
        case 0:
          break fields;
        case TYPE:
          // A type after elements needs no care: they count only if the last type is ARRAY, and
          // protobuf would have appended any elements after it to the same list.
          type = in.readEnum();
          break;
        case BOOL_VALUE:
          boolValue = in.readBool();
          break;
        case STRING_VALUE:
          stringValue = in.readStringRequireUtf8();
          break;
        case NUMBER_VALUE:
          numberValue = in.readSInt64();
          break;
        case BYTES_VALUE:
          bytesValue = in.readBytes();
          break;
        case DOUBLE_VALUE:
          doubleValue = in.readDouble();
          break;
        case NULL:
          isNull = in.readBool();
          break;
        case ARRAY_VALUE:
          if (!element || type != Common.Rep.ARRAY_VALUE) {
            reparse = true;
            break fields;
          }
          Object value = read(cursor, own, true);
          if (elements == null) {
            elements = new ArrayList<>();
          }
          elements.add(value);
          if (failure == null && value instanceof DecodeFailure elementFailure) {
            failure = elementFailure; // Avatica stops at the first element it cannot decode
          }
          break;
        case COMPONENT_TYPE:
          componentType = in.readEnum();
          break;
        case IMPLICITLY_NULL:
          in.readBool(); // parsed (so checked) but, as in Avatica, not used
          break;
        default:
          if (!cursor.skipUnknown(tag, own)) {
            break fields;
          }
      }
    }
    if (reparse) {
      return CellFallback.value(cursor, start, cursor.abandon(outerLimit), own, element);
    }
    int end = cursor.position();
    cursor.leave(outerLimit);
    if (element && type == Common.Rep.ARRAY_VALUE) {
      if (failure != null) {
        return failure;
      }
      return elements == null ? new ArrayList<>(0) : elements;
    }
    Object decoded;
    try {
      decoded =
          TypedValueDecoder.decode(
              type,
              boolValue,
              stringValue,
              numberValue,
              bytesValue,
              doubleValue,
              isNull,
              componentType);
    } catch (RuntimeException e) {
      return DecodeFailure.of(e);
    }
    return decoded == TypedValueDecoder.LEFT_TO_AVATICA
        ? CellFallback.value(cursor, start, end, own, element)
        : decoded;
  }
}
