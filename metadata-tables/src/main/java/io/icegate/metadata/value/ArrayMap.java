package io.icegate.metadata.value;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;

/**
 * A read-only map over parallel key and value arrays, in the order given. Metadata rows carry
 * several maps each (a snapshot's summary, a file's bounds and counts) that are mostly passed along
 * whole and only sometimes looked into, so building a hash table for every one of them is wasted:
 * lookups scan small maps and index a large one on its first lookup.
 */
final class ArrayMap extends AbstractMap<Object, Object> {
  /** Up to this many entries a scan is as fast as hashing. */
  private static final int SCAN_LIMIT = 8;

  private final Object[] keys;
  private final Object[] values;
  private Map<Object, Integer> index;

  /**
   * Takes the arrays as they are: the caller must not change them afterwards. Keys must be
   * distinct.
   */
  ArrayMap(Object[] keys, Object[] values) {
    if (keys.length != values.length) {
      throw new IllegalArgumentException("keys and values differ in length");
    }
    this.keys = keys;
    this.values = values;
  }

  @Override
  public int size() {
    return keys.length;
  }

  @Override
  public boolean containsKey(Object key) {
    return position(key) >= 0;
  }

  @Override
  public Object get(Object key) {
    int i = position(key);
    return i < 0 ? null : values[i];
  }

  private int position(Object key) {
    if (keys.length <= SCAN_LIMIT) {
      for (int i = 0; i < keys.length; i++) {
        if (Objects.equals(keys[i], key)) {
          return i;
        }
      }
      return -1;
    }
    if (index == null) {
      Map<Object, Integer> positions = new HashMap<>((int) (keys.length / 0.75f) + 1);
      for (int i = 0; i < keys.length; i++) {
        positions.put(keys[i], i);
      }
      index = positions;
    }
    return index.getOrDefault(key, -1);
  }

  @Override
  public Set<Entry<Object, Object>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public int size() {
        return keys.length;
      }

      @Override
      public Iterator<Entry<Object, Object>> iterator() {
        return new Iterator<>() {
          private int next;

          @Override
          public boolean hasNext() {
            return next < keys.length;
          }

          @Override
          public Entry<Object, Object> next() {
            if (next >= keys.length) {
              throw new NoSuchElementException();
            }
            int i = next++;
            return new SimpleImmutableEntry<>(keys[i], values[i]);
          }
        };
      }
    };
  }
}
