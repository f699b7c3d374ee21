package io.icegate.metadata.value;

import static java.util.Objects.requireNonNull;

import java.util.LinkedHashMap;
import java.util.Map;

/** Converts an Iceberg map into a new {@code LinkedHashMap}, keys and values converted, order kept. */
record MapConverter(ValueConverter key, ValueConverter value) implements ValueConverter {
  MapConverter {
    requireNonNull(key, "key is null");
    requireNonNull(value, "value is null");
  }

  @Override
  public Object convert(Object map) {
    if (map == null) {
      return null;
    }
    if (!(map instanceof Map<?, ?> entries)) {
      throw Primitives.unexpected(map, "map");
    }
    Map<Object, Object> converted = new LinkedHashMap<>((int) (entries.size() / 0.75f) + 1);
    for (Map.Entry<?, ?> entry : entries.entrySet()) {
      converted.put(key.convert(entry.getKey()), value.convert(entry.getValue()));
    }
    return converted;
  }
}
