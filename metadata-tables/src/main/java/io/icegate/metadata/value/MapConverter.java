package io.icegate.metadata.value;

import static java.util.Objects.requireNonNull;

import java.util.Map;

/**
 * Converts an Iceberg map into a new read-only {@link ArrayMap}, keys and values converted, order
 * kept.
 */
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
    Object[] keys = new Object[entries.size()];
    Object[] values = new Object[keys.length];
    int i = 0;
    for (Map.Entry<?, ?> entry : entries.entrySet()) {
      keys[i] = key.convert(entry.getKey());
      values[i++] = value.convert(entry.getValue());
    }
    return new ArrayMap(keys, values);
  }
}
