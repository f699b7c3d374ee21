package io.icegate.calcite.schema;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.UnaryOperator;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.CloseableIterator;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Pulls a metadata relation's rows (of the scanned columns, in order) one at a time, converted to
 * Calcite's values. Nothing is read before the first {@link #moveNext()}; {@link #close()} releases
 * whatever manifest is open. A cancelled query stops here with a {@link CancellationException},
 * also when an operator above (a sort, an aggregate) is still reading its whole input: stopping
 * quietly would let it return a partial answer.
 */
final class RowEnumerator implements Enumerator<@Nullable Object[]> {
  private final CloseableIterable<List<Object>> rows;
  private final List<UnaryOperator<Object>> converters;
  private final AtomicBoolean cancel;
  private @Nullable CloseableIterator<List<Object>> iterator;
  private Object @Nullable [] current;
  private boolean closed;

  RowEnumerator(
      CloseableIterable<List<Object>> rows,
      List<UnaryOperator<Object>> converters,
      AtomicBoolean cancel) {
    this.rows = rows;
    this.converters = converters;
    this.cancel = cancel;
  }

  @Override
  public Object[] current() {
    if (current == null) {
      throw new NoSuchElementException("Cannot read a row: moveNext() did not return true");
    }
    return current;
  }

  @Override
  public boolean moveNext() {
    if (closed) {
      return false;
    }
    if (cancel.get()) {
      throw new CancellationException("Cannot read more metadata rows: the query was cancelled");
    }
    if (iterator == null) {
      iterator = rows.iterator();
    }
    if (!iterator.hasNext()) {
      current = null;
      return false;
    }
    List<Object> row = iterator.next();
    Object[] values = new Object[converters.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = converters.get(i).apply(row.get(i));
    }
    current = values;
    return true;
  }

  @Override
  public void reset() {
    throw new UnsupportedOperationException("Cannot rewind metadata rows: scan the table again");
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    current = null;
    try {
      rows.close();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot close metadata rows: " + e.getMessage(), e);
    }
  }
}
