package io.icegate.metadata;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Function;
import org.apache.iceberg.DataTask;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.TableScan;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.CloseableIterator;

/**
 * The rows of a metadata table scan, streamed: tasks are planned lazily and one task's rows
 * (typically one manifest) are open at a time, each row converted to plain values as it is read
 * (Iceberg may reuse the struct for the next one). A struct the converter turns into null is not a
 * row and is skipped (see {@link MetadataRelation}: a files table read through its entries skips
 * the entries of removed files).
 */
final class TaskRows implements CloseableIterable<List<Object>> {
  private final String relationName;
  private final TableScan scan;
  private final Function<StructLike, List<Object>> converter;
  private final List<RowIterator> iterators = new ArrayList<>();

  /**
   * Rows of {@code scan}, each turned into plain values by {@code converter}, or skipped when it
   * gives null.
   */
  TaskRows(String relationName, TableScan scan, Function<StructLike, List<Object>> converter) {
    this.relationName = relationName;
    this.scan = scan;
    this.converter = converter;
  }

  /**
   * Each iterator plans the scan anew, over the metadata the {@link org.apache.iceberg.Table}
   * object holds.
   */
  @Override
  public synchronized CloseableIterator<List<Object>> iterator() {
    RowIterator iterator = new RowIterator(scan.planFiles());
    iterators.add(iterator);
    return iterator;
  }

  /** Closes every iterator this iterable has handed out, with the manifest readers they hold. */
  @Override
  public void close() throws IOException {
    List<RowIterator> open;
    synchronized (this) {
      open = new ArrayList<>(iterators);
      iterators.clear();
    }
    IOException failure = null;
    for (RowIterator iterator : open) {
      try {
        iterator.close();
      } catch (IOException e) {
        if (failure == null) {
          failure = e;
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    if (failure != null) {
      throw failure;
    }
  }

  /** Walks tasks, then each task's rows; closes what it opened when exhausted or closed. */
  private final class RowIterator implements CloseableIterator<List<Object>> {
    private final CloseableIterable<FileScanTask> tasks;
    private final CloseableIterator<FileScanTask> taskIterator;
    private CloseableIterable<StructLike> taskRows;
    private CloseableIterator<StructLike> rows;
    private List<Object> pending;
    private boolean closed;

    RowIterator(CloseableIterable<FileScanTask> tasks) {
      this.tasks = tasks;
      this.taskIterator = tasks.iterator();
    }

    @Override
    public boolean hasNext() {
      if (closed) {
        return false;
      }
      try {
        while (pending == null) {
          while (rows == null || !rows.hasNext()) {
            closeTaskRows();
            if (!taskIterator.hasNext()) {
              close();
              return false;
            }
            openTaskRows(taskIterator.next());
          }
          pending = converter.apply(rows.next());
        }
        return true;
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot read " + relationName + ": " + e.getMessage(), e);
      }
    }

    @Override
    public List<Object> next() {
      if (!hasNext()) {
        throw new NoSuchElementException("No more rows in " + relationName);
      }
      List<Object> row = pending;
      pending = null;
      return row;
    }

    private void openTaskRows(FileScanTask task) {
      if (!(task instanceof DataTask dataTask)) {
        throw new IllegalStateException(
            String.format(
                "Cannot read %s: Iceberg planned a %s, not a task with rows",
                relationName, task.getClass().getSimpleName()));
      }
      taskRows = dataTask.rows();
      rows = taskRows.iterator();
    }

    private void closeTaskRows() throws IOException {
      CloseableIterator<StructLike> iterator = rows;
      CloseableIterable<StructLike> iterable = taskRows;
      rows = null;
      taskRows = null;
      closeBoth(iterator, iterable);
    }

    @Override
    public void close() throws IOException {
      if (closed) {
        return;
      }
      closed = true;
      pending = null;
      forget(this);
      try {
        closeTaskRows();
      } finally {
        closeBoth(taskIterator, tasks);
      }
    }
  }

  private synchronized void forget(RowIterator iterator) {
    iterators.remove(iterator);
  }

  /** Closes both (either may be null), the second even when the first fails. */
  private static void closeBoth(Closeable first, Closeable second) throws IOException {
    try {
      if (first != null) {
        first.close();
      }
    } finally {
      if (second != null) {
        second.close();
      }
    }
  }
}
