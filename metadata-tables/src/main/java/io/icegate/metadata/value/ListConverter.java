package io.icegate.metadata.value;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** Converts an Iceberg list into a new {@code List} with each element converted. */
record ListConverter(ValueConverter element) implements ValueConverter {
  ListConverter {
    requireNonNull(element, "element is null");
  }

  @Override
  public Object convert(Object value) {
    if (value == null) {
      return null;
    }
    if (!(value instanceof Collection<?> collection)) {
      throw Primitives.unexpected(value, "list");
    }
    List<Object> list = new ArrayList<>(collection.size());
    for (Object item : collection) {
      list.add(element.convert(item));
    }
    return list;
  }
}
