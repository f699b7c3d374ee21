package io.icegate.jdbc.wire;

import static io.icegate.jdbc.wire.WireTags.LENGTH_DELIMITED;
import static io.icegate.jdbc.wire.WireTags.TYPE_BITS;
import static io.icegate.jdbc.wire.WireTags.VARINT;

import com.google.protobuf.CodedInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.avatica.proto.Common;

/**
 * Reads one {@code ColumnValue} of a row straight from the bytes and decodes it as Avatica's {@code
 * Meta.Frame.fromProto} does: a {@code scalar_value}, or (with {@code has_array_value}) the list of
 * its {@code array_value} elements.
 *
 * <p>The deprecated {@code value} copy that Avatica servers add is only checked. A column with
 * neither a scalar nor {@code has_array_value} (the Calcite 1.5 encoding, which lives in that
 * copy), a column with both (which Avatica rejects) and a scalar sent twice (which protobuf merges)
 * are read again by {@link CellFallback}. Since fields may come in any order, elements are decoded
 * before it is known whether they count: the result of the unused ones, failures included, is
 * dropped.
 */
final class ColumnValueReader {

  private static final int VALUE =
      Common.ColumnValue.VALUE_FIELD_NUMBER << TYPE_BITS | LENGTH_DELIMITED;
  private static final int ARRAY_VALUE =
      Common.ColumnValue.ARRAY_VALUE_FIELD_NUMBER << TYPE_BITS | LENGTH_DELIMITED;
  private static final int HAS_ARRAY_VALUE =
      Common.ColumnValue.HAS_ARRAY_VALUE_FIELD_NUMBER << TYPE_BITS | VARINT;
  private static final int SCALAR_VALUE =
      Common.ColumnValue.SCALAR_VALUE_FIELD_NUMBER << TYPE_BITS | LENGTH_DELIMITED;

  /** The scalar of a column that has none (null being a value). */
  private static final Object ABSENT = new Object();

  private ColumnValueReader() {}

  /** Reads a column whose tag was just read in a message at {@code depth}. */
  static Object read(WireCursor cursor, int depth) throws IOException {
    CodedInputStream in = cursor.in;
    int outerLimit = cursor.enter(depth);
    int start = cursor.position();
    int own = depth + 1;
    Object scalar = ABSENT;
    boolean hasArrayValue = false;
    List<Object> elements = null;
    DecodeFailure failure = null;
    boolean reparse = false;
    fields:
    while (true) {
      int tag = in.readTag();
      switch (tag) {
        case 0:
          break fields;
        case VALUE:
          TypedValueCheck.check(cursor, own);
          break;
        case ARRAY_VALUE:
          Object element = TypedValueReader.element(cursor, own);
          if (elements == null) {
            elements = new ArrayList<>();
          }
          elements.add(element);
          if (failure == null && element instanceof DecodeFailure elementFailure) {
            failure = elementFailure; // Avatica stops at the first element it cannot decode
          }
          break;
        case HAS_ARRAY_VALUE:
          hasArrayValue = in.readBool();
          break;
        case SCALAR_VALUE:
          if (scalar != ABSENT) {
            reparse = true;
            break fields;
          }
          scalar = TypedValueReader.scalar(cursor, own);
          break;
        default:
          if (!cursor.skipUnknown(tag, own)) {
            break fields;
          }
      }
    }
    if (reparse) {
      return CellFallback.column(cursor, start, cursor.abandon(outerLimit), own);
    }
    int end = cursor.position();
    cursor.leave(outerLimit);
    boolean hasScalar = scalar != ABSENT;
    if (hasScalar == hasArrayValue) {
      return CellFallback.column(cursor, start, end, own);
    }
    if (hasScalar) {
      return scalar;
    }
    if (failure != null) {
      return failure;
    }
    return elements == null ? new ArrayList<>(0) : elements;
  }
}
