package io.icegate.metadata;

import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.CloseableIterator;

/**
 * Reads the remaining tasks of a metadata table scan on a thread of its own, in order, while the statement's thread
 * goes on with the rows already read: decoding a manifest (Avro, metric maps) then overlaps with everything the
 * gateway does to the rows before they leave. At most {@link #BATCHES} batches of {@link #BATCH_ROWS} converted rows,
 * plus the batch being filled, are held ahead, so a result still streams.
 *
 * <p>The reading thread owns the manifest readers it opens and closes them itself; {@link #close} asks it to stop
 * and waits until it has, so that the caller may then close the scan's tasks.
 */
final class RowReadAhead implements Closeable {
  static final int BATCH_ROWS = 256;
  static final int BATCHES = 4;

  private static final AtomicInteger THREADS = new AtomicInteger();
  /** Threads are made as needed and end when idle: one per statement reading ahead, each blocked only on its own. */
  private static final ExecutorService READERS = Executors.newCachedThreadPool(runnable -> {
    Thread thread = new Thread(runnable, "icegate-manifest-reader-" + THREADS.incrementAndGet());
    thread.setDaemon(true);
    return thread;
  });
  private static final Object END = new Object();
  /** How long the reading thread waits for room before it looks again whether it was stopped. */
  private static final long WAIT_MILLIS = 50;

  private final String relationName;
  private final Iterator<FileScanTask> tasks;
  private final Function<StructLike, List<Object>> converter;
  private final BlockingQueue<Object> batches = new ArrayBlockingQueue<>(BATCHES);
  private final CountDownLatch finished = new CountDownLatch(1);
  private volatile boolean stopped;
  private Iterator<List<Object>> batch = Collections.emptyIterator();
  private boolean ended;

  private RowReadAhead(String relationName, Iterator<FileScanTask> tasks, Function<StructLike, List<Object>> converter) {
    this.relationName = relationName;
    this.tasks = tasks;
    this.converter = converter;
  }

  /** Starts reading {@code tasks} (whose iterator the reading thread then owns until {@link #close}). */
  static RowReadAhead start(
      String relationName, Iterator<FileScanTask> tasks, Function<StructLike, List<Object>> converter) {
    RowReadAhead ahead = new RowReadAhead(relationName, tasks, converter);
    READERS.execute(ahead::read);
    return ahead;
  }

  /** The next converted row, or null when every task is read; rethrows what the reading thread failed with. */
  List<Object> next() {
    while (!batch.hasNext()) {
      if (ended) {
        return null;
      }
      Object item = take();
      if (item == END) {
        ended = true;
      } else if (item instanceof Failure failure) {
        ended = true;
        throw failure.rethrown();
      } else {
        @SuppressWarnings("unchecked")
        List<List<Object>> rows = (List<List<Object>>) item;
        batch = rows.iterator();
      }
    }
    return batch.next();
  }

  /** What the reading thread hands on next: rows, END or its failure. */
  private Object take() {
    try {
      while (true) {
        Object item = batches.poll(WAIT_MILLIS, TimeUnit.MILLISECONDS);
        if (item == null && finished.getCount() == 0) {
          item = batches.poll(); // handed on just before the thread ended
          if (item == null) {
            // Only if the reading thread was interrupted while it waited for room: do not wait for it forever.
            throw new IllegalStateException("Cannot read " + relationName + ": its reading thread stopped");
          }
        }
        if (item != null) {
          return item;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UncheckedIOException(new InterruptedIOException("Interrupted while reading " + relationName));
    }
  }

  private void read() {
    List<List<Object>> filling = new ArrayList<>(BATCH_ROWS);
    Object last = END;
    try {
      while (!stopped && tasks.hasNext()) {
        try (CloseableIterable<StructLike> taskRows = TaskRows.rowsOf(relationName, tasks.next());
            CloseableIterator<StructLike> rows = taskRows.iterator()) {
          while (!stopped && rows.hasNext()) {
            List<Object> row = converter.apply(rows.next());
            if (row != null) {
              filling.add(row);
              if (filling.size() == BATCH_ROWS) {
                hand(filling);
                filling = new ArrayList<>(BATCH_ROWS);
              }
            }
          }
        }
      }
    } catch (IOException e) {
      last = new Failure(new UncheckedIOException("Cannot read " + relationName + ": " + e.getMessage(), e));
    } catch (RuntimeException | Error e) {
      last = new Failure(e);
    }
    try {
      // The rows read before a failure go first, as they would have reached the statement without reading ahead.
      if (!filling.isEmpty()) {
        hand(filling);
      }
      hand(last);
    } finally {
      finished.countDown();
    }
  }

  /** Waits for room ahead of the reader, until there is some or the read is stopped. */
  private void hand(Object item) {
    try {
      while (!stopped) {
        if (batches.offer(item, WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
          return;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Stops the reading thread and waits for it to close what it opened. */
  @Override
  public void close() {
    stopped = true;
    batches.clear();
    boolean interrupted = false;
    while (true) {
      try {
        finished.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    batches.clear();
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /** What the reading thread failed with, handed to the statement's thread. */
  private record Failure(Throwable cause) {
    RuntimeException rethrown() {
      if (cause instanceof RuntimeException runtime) {
        return runtime;
      }
      if (cause instanceof Error error) {
        throw error;
      }
      return new IllegalStateException(cause);
    }
  }
}
