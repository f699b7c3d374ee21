package io.icegate.metadata.value;

import java.util.Arrays;
import java.util.List;
import org.apache.iceberg.Schema;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.types.Types;

/**
 * Converts an Iceberg {@link StructLike} (a row, a partition tuple, readable metrics) into a {@code
 * List} of its field values in the declared field order, each converted by its declared type.
 */
public final class StructConverter implements ValueConverter {
  private final Types.StructType type;
  private final ValueConverter[] fields;

  private StructConverter(Types.StructType type) {
    this.type = type;
    this.fields =
        type.fields().stream()
            .map(field -> ValueConverter.forType(field.type()))
            .toArray(ValueConverter[]::new);
  }

  /** The converter for rows of {@code schema}. */
  public static StructConverter forSchema(Schema schema) {
    return new StructConverter(schema.asStruct());
  }

  static StructConverter forStruct(Types.StructType type) {
    return new StructConverter(type);
  }

  @Override
  public Object convert(Object value) {
    if (value == null) {
      return null;
    }
    if (!(value instanceof StructLike struct)) {
      throw Primitives.unexpected(value, "struct");
    }
    return row(struct);
  }

  /** The struct's values; the list has a fixed size and holds nulls where the struct does. */
  public List<Object> row(StructLike struct) {
    if (struct.size() != fields.length) {
      throw new IllegalStateException(
          String.format(
              "Cannot convert a struct to %s: it has %d fields, the type %d",
              type, struct.size(), fields.length));
    }
    Object[] values = new Object[fields.length];
    for (int pos = 0; pos < values.length; pos++) {
      values[pos] = fields[pos].convert(struct.get(pos, Object.class));
    }
    return Arrays.asList(values);
  }
}
