package io.icegate.jdbc.wire;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;

/**
 * Decodes a frame of rows as Avatica's {@link Meta.Frame#fromProto} does, value for value, but
 * several times faster: Avatica asks protobuf's reflection whether a column carries a scalar or an
 * array (a {@code Method.invoke} per check, three per cell) and builds a {@code TypedValue} per
 * cell, while this reads the generated accessors and indexes the lists instead of iterating them.
 *
 * <p>A column holds either {@code scalar_value} or {@code has_array_value} plus {@code
 * array_value}; servers also send each value again in the deprecated {@code value} field, which
 * only columns from servers older than Calcite 1.6 rely on, so it is read only for those.
 */
final class FrameDecoder {

  private FrameDecoder() {}

  static Meta.Frame decode(Common.Frame frame) {
    int rowCount = frame.getRowsCount();
    List<Object> rows = new ArrayList<>(rowCount);
    for (int r = 0; r < rowCount; r++) {
      Common.Row protoRow = frame.getRows(r);
      int columnCount = protoRow.getValueCount();
      List<Object> row = new ArrayList<>(columnCount);
      for (int c = 0; c < columnCount; c++) {
        row.add(column(protoRow.getValue(c)));
      }
      rows.add(row);
    }
    return new Meta.Frame(frame.getOffset(), frame.getDone(), rows);
  }

  /** One column of a row; also {@link CellFallback}'s way to decode columns it re-parsed. */
  static Object column(Common.ColumnValue column) {
    boolean scalar = column.hasScalarValue();
    boolean array = column.getHasArrayValue();
    if (scalar != array) {
      return scalar
          ? TypedValueDecoder.decode(column.getScalarValue())
          : elements(column.getArrayValueList());
    }
    if (scalar) {
      throw new IllegalArgumentException("A column must have a scalar or array value, not both");
    }
    return oldStyleColumn(column);
  }

  private static List<Object> elements(List<Common.TypedValue> values) {
    int size = values.size();
    List<Object> list = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      list.add(element(values.get(i)));
    }
    return list;
  }

  /** Array elements that are arrays themselves (nested arrays, structs, map entries) recurse. */
  static Object element(Common.TypedValue value) {
    return value.getTypeValue() == Common.Rep.ARRAY_VALUE
        ? elements(value.getArrayValueList())
        : TypedValueDecoder.decode(value);
  }

  /**
   * Calcite 1.5's encoding, kept as Avatica reads it: more than one value is an array (whose
   * elements never recurse), otherwise the first value is the scalar.
   */
  private static Object oldStyleColumn(Common.ColumnValue column) {
    int size = column.getValueCount();
    if (size <= 1) {
      return TypedValueDecoder.decode(column.getValue(0));
    }
    List<Object> list = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      list.add(TypedValueDecoder.decode(column.getValue(i)));
    }
    return list;
  }
}
