package io.icegate.gateway.result;

import io.icegate.gateway.metrics.GatewayMetrics;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import org.apache.calcite.avatica.Meta;

/**
 * The open result of one statement: hands out frames of at most the requested size, never the whole
 * result.
 *
 * <p>While the client decodes one frame, the next one is already being computed and encoded on a
 * prefetch thread, so the gateway's work and the client's overlap. At most one frame is held ahead.
 */
public final class ResultCursor implements AutoCloseable {
  /** Runs a piece of the statement's work with its Spark session and job group in place. */
  @FunctionalInterface
  public interface StatementContext {
    <T> T run(Supplier<T> work);
  }

  private final WireRows rows;
  private final long maxRows;
  private final long rowLimit;
  private final ExecutorService prefetcher;
  private final boolean compact;
  private StatementContext context;
  private long delivered;
  private boolean closed;
  private Future<WireFrame> ahead;

  /**
   * Held while rows are pulled from the source, so that closing waits for a prefetch to let go of
   * it.
   */
  private final Object pulling = new Object();

  /**
   * @param maxRows the client's limit ({@code Statement.setMaxRows}): the result ends there; zero
   *     or less for none
   * @param rowLimit the gateway's limit ({@code icegate.limits.max-result-rows}): a result with
   *     more rows fails when it passes it, so that nobody takes a cut result for a whole one; zero
   *     or less for none
   * @param compact whether frames go in Icegate's compact row encoding (the client asked for it)
   */
  public ResultCursor(
      WireRows rows, long maxRows, long rowLimit, ExecutorService prefetcher, boolean compact) {
    this.compact = compact;
    this.rowLimit = rowLimit;
    this.rows = rows;
    this.maxRows = maxRows;
    this.prefetcher = prefetcher;
    GatewayMetrics.instance().resultOpened();
  }

  /**
   * The frame starting at {@code offset}, with at most {@code frameRows} rows, computed inside
   * {@code context}.
   */
  public synchronized Meta.Frame next(long offset, int frameRows, StatementContext context) {
    this.context = context;
    if (closed) {
      return new Meta.Frame(offset, true, List.of());
    }
    WireFrame frame = takeAhead();
    if (frame == null) {
      frame = context.run(() -> compute(offset, frameRows));
    }
    GatewayMetrics.instance()
        .frameSent(((List<?>) frame.rows).size(), frame.toProto().getSerializedSize());
    if (frame.done) {
      close();
    } else {
      long nextOffset = offset + ((List<?>) frame.rows).size();
      ahead = prefetcher.submit(() -> this.context.run(() -> compute(nextOffset, frameRows)));
    }
    return frame;
  }

  /**
   * The prefetched frame, or null if none is pending. Its rows are already taken from the source,
   * so it is sent even if the client has since changed its fetch size (Avatica's client reads
   * frames of any size).
   */
  private WireFrame takeAhead() {
    Future<WireFrame> pending = ahead;
    ahead = null;
    if (pending == null) {
      return null;
    }
    try {
      return pending.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ResultStreamException(e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      throw cause instanceof RuntimeException r ? r : new ResultStreamException(cause);
    }
  }

  /**
   * Pulls up to {@code frameRows} rows; only ever runs on one thread at a time (the caller waits
   * for the ahead).
   */
  private WireFrame compute(long offset, int frameRows) {
    synchronized (pulling) {
      List<Object> frame = new ArrayList<>(Math.min(frameRows, 1024));
      while (frame.size() < frameRows && !limitReached() && rows.hasNext()) {
        if (rowLimit > 0 && delivered >= rowLimit) {
          throw new ResultLimitException(rowLimit);
        }
        frame.add(rows.next());
        delivered++;
      }
      return new WireFrame(offset, limitReached() || !rows.hasNext(), frame, compact);
    }
  }

  private boolean limitReached() {
    return maxRows > 0 && delivered >= maxRows;
  }

  /** Closes the result and stops its Spark work, including a frame being prefetched. */
  @Override
  public void close() {
    Future<WireFrame> pending;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      GatewayMetrics.instance().resultClosed();
      pending = ahead;
      ahead = null;
    }
    if (pending != null) {
      // Interrupting the prefetch stops its wait for Spark; then wait for it to let go of the
      // source, since not
      // every source may be closed while another thread reads it.
      pending.cancel(true);
    }
    synchronized (pulling) {
      rows.close();
    }
  }
}
