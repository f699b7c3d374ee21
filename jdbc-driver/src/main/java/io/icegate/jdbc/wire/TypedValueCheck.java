package io.icegate.jdbc.wire;

import static io.icegate.jdbc.wire.WireTags.LENGTH_DELIMITED;
import static io.icegate.jdbc.wire.WireTags.TYPE_BITS;

import com.google.protobuf.CodedInputStream;
import java.io.IOException;
import org.apache.calcite.avatica.proto.Common;

/**
 * Goes over a {@code TypedValue} whose value is not needed, failing where protobuf's parser would,
 * without decoding it: the deprecated {@code ColumnValue.value} copy that Avatica servers send of
 * every cell. Avatica parses that copy (so a malformed one fails the response) but never decodes it
 * unless the column has nothing else.
 *
 * <p>Every field but two is as valid skipped as read. Strings must be valid UTF-8 (proto3 parsers
 * check), and elements are themselves checked, as nested messages.
 */
final class TypedValueCheck {

  private static final int STRING_VALUE =
      Common.TypedValue.STRING_VALUE_FIELD_NUMBER << TYPE_BITS | LENGTH_DELIMITED;
  private static final int ARRAY_VALUE =
      Common.TypedValue.ARRAY_VALUE_FIELD_NUMBER << TYPE_BITS | LENGTH_DELIMITED;

  private TypedValueCheck() {}

  /** Checks a value whose tag was just read in a message at {@code depth}. */
  static void check(WireCursor cursor, int depth) throws IOException {
    CodedInputStream in = cursor.in;
    int outerLimit = cursor.enter(depth);
    int own = depth + 1;
    fields:
    while (true) {
      int tag = in.readTag();
      switch (tag) {
        case 0:
          break fields;
        case STRING_VALUE:
          in.readStringRequireUtf8();
          break;
        case ARRAY_VALUE:
          check(cursor, own);
          break;
        default:
          if (!cursor.skipUnknown(tag, own)) {
            break fields;
          }
      }
    }
    cursor.leave(outerLimit);
  }
}
