package io.icegate.calcite.schema;

import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.calcite.linq4j.function.Predicate1;
import org.apache.calcite.schema.lookup.LikePattern;
import org.apache.calcite.schema.lookup.Lookup;
import org.apache.calcite.schema.lookup.Named;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * A {@link Lookup} that finds one entry by its exact name and lists names only when asked.
 *
 * <p>Case-insensitive lookup is exact lookup on purpose: whether {@code Db} names {@code db} is the
 * Iceberg catalog's decision, as it is when Spark resolves the name, and listing a namespace to
 * guess would cost a catalog call per reference.
 */
final class NameLookup<T> implements Lookup<T> {
  private final Function<String, @Nullable T> find;
  private final Supplier<? extends Iterable<String>> names;

  NameLookup(Function<String, @Nullable T> find, Supplier<? extends Iterable<String>> names) {
    this.find = find;
    this.names = names;
  }

  @Override
  public @Nullable T get(String name) {
    return find.apply(name);
  }

  @Override
  public @Nullable Named<T> getIgnoreCase(String name) {
    T entity = find.apply(name);
    return entity == null ? null : new Named<>(name, entity);
  }

  @Override
  public Set<String> getNames(LikePattern pattern) {
    Predicate1<String> matcher = pattern.matcher();
    Set<String> matching = new TreeSet<>();
    for (String name : names.get()) {
      if (matcher.apply(name)) {
        matching.add(name);
      }
    }
    return matching;
  }
}
