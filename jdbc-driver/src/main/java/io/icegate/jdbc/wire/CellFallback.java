package io.icegate.jdbc.wire;

import java.io.IOException;
import org.apache.calcite.avatica.proto.Common;

/**
 * The slower, proven way for the byte readers to decode what they leave alone: the one column or
 * value is parsed again with its generated parser and decoded by {@link FrameDecoder} and {@link
 * TypedValueDecoder} (themselves falling back to Avatica's code for rare types), exactly as a frame
 * from a generated message is. A value that cannot be decoded comes back as a {@link
 * DecodeFailure}.
 */
final class CellFallback {

  private CellFallback() {}

  /** A {@code ColumnValue} between two positions, at depth {@code depth}. */
  static Object column(WireCursor cursor, int start, int end, int depth) throws IOException {
    Common.ColumnValue column = cursor.reparse(start, end, depth, Common.ColumnValue.parser());
    try {
      return FrameDecoder.column(column);
    } catch (RuntimeException e) {
      return DecodeFailure.of(e);
    }
  }

  /**
   * A {@code TypedValue} between two positions, at depth {@code depth}: an element of an array
   * (where arrays are lists of elements) or a column's scalar (where Avatica's TypedValue decodes
   * an array).
   */
  static Object value(WireCursor cursor, int start, int end, int depth, boolean element)
      throws IOException {
    Common.TypedValue value = cursor.reparse(start, end, depth, Common.TypedValue.parser());
    try {
      return element ? FrameDecoder.element(value) : TypedValueDecoder.decode(value);
    } catch (RuntimeException e) {
      return DecodeFailure.of(e);
    }
  }
}
