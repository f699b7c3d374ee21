package io.icegate.metadata.value;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ArrayMapTest {
  @Test
  void keepsTheOrderGivenAndFindsKeysInSmallMaps() {
    ArrayMap map = new ArrayMap(new Object[] {"b", "a", "c"}, new Object[] {2, 1, null});

    assertThat(map.keySet()).containsExactly("b", "a", "c");
    assertThat(map.values()).containsExactly(2, 1, null);
    assertThat(map.get("a")).isEqualTo(1);
    assertThat(map.get("z")).isNull();
    assertThat(map.containsKey("c")).isTrue();
    assertThat(map.containsKey("z")).isFalse();
  }

  @Test
  void findsKeysInLargeMapsThroughAnIndex() {
    Object[] keys = IntStream.range(0, 100).map(i -> 99 - i).boxed().toArray();
    Object[] values = IntStream.range(0, 100).mapToObj(i -> "v" + (99 - i)).toArray();
    ArrayMap map = new ArrayMap(keys, values);

    assertThat(map.get(0)).isEqualTo("v0");
    assertThat(map.get(57)).isEqualTo("v57");
    assertThat(map.get(100)).isNull();
    assertThat(map.keySet()).startsWith(99, 98, 97);
  }

  @Test
  void equalsAndHashesLikeAnyMapWithTheSameEntries() {
    Map<Object, Object> expected = new HashMap<>(Map.of("x", 1, "y", 2));
    ArrayMap map = new ArrayMap(new Object[] {"y", "x"}, new Object[] {2, 1});

    assertThat(map).isEqualTo(expected);
    assertThat(expected).isEqualTo(map);
    assertThat(map.hashCode()).isEqualTo(expected.hashCode());
    assertThat(map.toString()).isEqualTo("{y=2, x=1}");
  }

  @Test
  void isReadOnly() {
    ArrayMap map = new ArrayMap(new Object[] {"x"}, new Object[] {1});

    assertThatThrownBy(() -> map.put("y", 2)).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> map.entrySet().iterator().next().setValue(3))
        .isInstanceOf(UnsupportedOperationException.class);
  }
}
