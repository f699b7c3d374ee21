package io.icegate.metadata.value;

import org.apache.iceberg.StructLike;

/**
 * A read-only struct whose values are an array, for rows made here rather than read by iceberg-core
 * (iceberg-core's own, {@code StaticDataTask.Row}, is not public).
 */
public record ArrayStruct(Object... values) implements StructLike {
  @Override
  public int size() {
    return values.length;
  }

  @Override
  public <T> T get(int pos, Class<T> javaClass) {
    return javaClass.cast(values[pos]);
  }

  @Override
  public <T> void set(int pos, T value) {
    throw new UnsupportedOperationException("Cannot change a struct of fixed values");
  }
}
