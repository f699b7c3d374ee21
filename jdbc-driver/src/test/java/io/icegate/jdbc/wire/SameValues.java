package io.icegate.jdbc.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.avatica.Meta;

/**
 * Asserts that two decoded frames hold the same Java values: same classes at every level, lists
 * element by element, byte arrays by content ({@link Meta.Frame#equals} compares byte arrays by
 * identity and lists by {@code equals} only, so it can neither pass nor catch a wrong class).
 */
final class SameValues {

  private SameValues() {}

  static void assertSameFrame(Meta.Frame expected, Meta.Frame actual) {
    assertThat(actual.offset).as("offset").isEqualTo(expected.offset);
    assertThat(actual.done).as("done").isEqualTo(expected.done);
    assertSameValue(list(expected.rows), list(actual.rows), "rows");
  }

  static void assertSameValue(Object expected, Object actual, String path) {
    if (expected == null) {
      assertThat(actual).as(path).isNull();
      return;
    }
    assertThat(actual).as(path).isNotNull();
    assertThat(actual.getClass()).as(path + " class").isEqualTo(expected.getClass());
    if (expected instanceof byte[] bytes) {
      assertThat((byte[]) actual).as(path).isEqualTo(bytes);
    } else if (expected instanceof List<?> expectedList) {
      List<?> actualList = (List<?>) actual;
      assertThat(actualList).as(path + " size").hasSameSizeAs(expectedList);
      for (int i = 0; i < expectedList.size(); i++) {
        assertSameValue(expectedList.get(i), actualList.get(i), path + "[" + i + "]");
      }
    } else {
      assertThat(actual).as(path).isEqualTo(expected);
    }
  }

  private static List<Object> list(Iterable<Object> rows) {
    List<Object> list = new ArrayList<>();
    rows.forEach(list::add);
    return list;
  }
}
