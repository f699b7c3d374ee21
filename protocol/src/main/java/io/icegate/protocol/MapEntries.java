package io.icegate.protocol;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;

/**
 * A map as a frame carries it: the list of its entries' {@code [key, value]} pairs, in the map's
 * order. The pairs are only made if something reads the list; {@link CompactRowWriter} writes the
 * entries straight from the map, the same bytes the pairs would give, so that a metadata row's maps
 * (a snapshot's summary, a file's counts per column) go out without two small lists per entry.
 *
 * <p>The keys and values must already be wire values, as they would be in the pairs.
 */
public final class MapEntries extends AbstractList<List<Object>> implements RandomAccess {
  private final Map<?, ?> map;
  private List<List<Object>> pairs;

  public MapEntries(Map<?, ?> map) {
    this.map = map;
  }

  Map<?, ?> map() {
    return map;
  }

  @Override
  public int size() {
    return map.size();
  }

  @Override
  public List<Object> get(int index) {
    if (pairs == null) {
      List<List<Object>> made = new ArrayList<>(map.size());
      map.forEach((key, value) -> made.add(Arrays.asList(key, value)));
      pairs = made;
    }
    return pairs.get(index);
  }
}
