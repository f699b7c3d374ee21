package io.icegate.jdbc.types;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The {@code java.util.Map} that {@code getObject} returns for a map column: insertion order kept,
 * and printed the way Spark's shell prints maps ({@code {a -> 1, b -> 2}}), because tools such as
 * sqlline show {@code getObject}'s {@code toString} for columns they do not know.
 */
final class SparkMap extends LinkedHashMap<Object, Object> {
  private static final long serialVersionUID = 1L;

  /** A map sized for {@code entries} entries, so that filling it never rehashes. */
  SparkMap(int entries) {
    super((int) (entries / 0.75f) + 1);
  }

  @Override
  public String toString() {
    StringJoiner text = new StringJoiner(", ", "{", "}");
    for (Map.Entry<Object, Object> entry : entrySet()) {
      text.add(entry.getKey() + " -> " + entry.getValue());
    }
    return text.toString();
  }
}
