package io.icegate.gateway.result;

import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.unsafe.Platform;
import scala.collection.Iterator;
import scala.runtime.AbstractFunction1;
import scala.runtime.BoxedUnit;

/**
 * The gateway's end of one result partition computed in an executor: reads the frames its task
 * writes ({@link PartitionSender}) as the client asks for rows, so the socket, not the gateway's
 * heap, holds what the client has not read yet. Rows are Spark's own bytes, used in place.
 *
 * <p>When Spark runs the task again (its executor was lost), the newest attempt's rows are taken
 * only if none of an earlier attempt's reached the client: a second run need not give the same rows
 * in the same order, so the result then fails rather than repeat or skip rows.
 *
 * <p>A result its reader leaves alone (a tool that shows the first rows and keeps the result open)
 * would hold executors' cores for as long: after a while without a read of any of its partitions,
 * the rest of each partition moves to the gateway's disk ({@link Spool}) and its task ends.
 */
final class SocketPartition implements PartitionTransport.Receiver {
  private static final int HEADER_BYTES = 8;

  /** Largest frame the gateway takes: one row larger than this fails the result. */
  static final int MAX_FRAME_BYTES = 256 << 20;

  private final ResultStreamServer server;
  private final String key;
  private final byte[] token;
  private final int fields;
  private final PartitionSender sender;
  private final AtomicLong resultLastRead;
  private final BlockingQueue<Connection> arrivals = new LinkedBlockingQueue<>();
  private volatile boolean closed;

  /** Held while the reader reads, and by the spooler while it moves the reading to a spool. */
  private final ReentrantLock reading = new ReentrantLock();

  // Under the lock (the result's reader, one thread at a time, or the spooler).
  private Connection current;
  private boolean delivered;
  private final byte[] header = new byte[HEADER_BYTES];
  private int headerRead;
  private byte[] payload;
  private int payloadRead;

  /** A task attempt's connection; {@code spool} set once what it sends goes to disk. */
  private record Connection(int attempt, Socket socket, InputStream in, Spool spool) {
    Connection spooled(Spool to) {
      return new Connection(attempt, socket, in, to);
    }
  }

  /**
   * @param resultLastRead when the reader last read any partition of the same result
   */
  SocketPartition(
      ResultStreamServer server,
      String key,
      byte[] token,
      int fields,
      PartitionSender sender,
      AtomicLong resultLastRead) {
    this.server = server;
    this.key = key;
    this.token = token;
    this.fields = fields;
    this.sender = sender;
    this.resultLastRead = resultLastRead;
  }

  String key() {
    return key;
  }

  byte[] token() {
    return token;
  }

  /** A task attempt connected for this partition (called by the server's handshake). */
  void connected(int attempt, Socket socket) throws IOException {
    arrivals.add(new Connection(attempt, socket, socket.getInputStream(), null));
    if (closed) {
      for (Connection waiting = arrivals.poll(); waiting != null; waiting = arrivals.poll()) {
        close(waiting);
      }
    }
  }

  @Override
  public AbstractFunction1<Iterator<InternalRow>, BoxedUnit> sender() {
    return sender;
  }

  @Override
  public List<InternalRow> poll(long timeoutMillis) throws InterruptedException {
    reading.lockInterruptibly();
    try {
      resultLastRead.set(System.nanoTime());
      return pollLocked(timeoutMillis);
    } finally {
      resultLastRead.set(System.nanoTime());
      reading.unlock();
    }
  }

  /**
   * Moves the rest of the partition to a spool on the gateway's disk when its result's reader has
   * not read for {@code idleNanos}: its task then ends. Called by the server's spooler thread.
   */
  void spoolIfIdle(long idleNanos, Path dir, Spool.Budget budget, Executor threads) {
    if (closed
        || System.nanoTime() - resultLastRead.get() < idleNanos
        || !budget.hasRoom()
        || !reading.tryLock()) {
      return;
    }
    try {
      if (current == null && !delivered) {
        // The task connected while nobody read: its connection waits among the arrivals.
        try {
          current = newest(null);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
        resetFrame();
      }
      Connection c = current;
      if (c == null || c.spool() != null || closed) {
        return;
      }
      try {
        current = c.spooled(Spool.start(c.socket(), c.in(), dir, budget, threads));
      } catch (RuntimeException e) {
        // A full disk, say: the reader goes on reading the connection itself.
        current = c;
        throw e;
      }
    } finally {
      reading.unlock();
    }
  }

  private List<InternalRow> pollLocked(long timeoutMillis) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    Connection next = newest(current == null ? deadline : null);
    if (next != null) {
      if (delivered) {
        close(next);
        throw lostAfterRows(next.attempt());
      }
      if (current != null) {
        close(current);
      }
      current = next;
      resetFrame();
    }
    if (current == null) {
      return null;
    }
    try {
      return readFrame(deadline);
    } catch (SocketTimeoutException notYet) {
      return null;
    } catch (IOException ended) {
      // The task ended without finishing the partition: it failed, and Spark says why (the job's
      // failure), or runs it again and the next attempt connects.
      if (closed) {
        return null;
      }
      close(current);
      current = null;
      return null;
    }
  }

  /**
   * The newest task attempt that connected since the one being read (later than it), waiting until
   * {@code deadline} for one when it is not null; older ones are closed. Null when none.
   */
  private Connection newest(Long deadline) throws InterruptedException {
    Connection newest = null;
    if (deadline != null && arrivals.isEmpty()) {
      long left = deadline - System.nanoTime();
      newest = left > 0 ? arrivals.poll(left, TimeUnit.NANOSECONDS) : null;
    }
    for (Connection c = arrivals.poll(); c != null; c = arrivals.poll()) {
      if (newest == null || c.attempt() > newest.attempt()) {
        if (newest != null) {
          close(newest);
        }
        newest = c;
      } else {
        close(c);
      }
    }
    if (newest != null && current != null && newest.attempt() <= current.attempt()) {
      // A late handshake of an earlier attempt than the one being read.
      close(newest);
      return null;
    }
    return newest;
  }

  private void resetFrame() {
    headerRead = 0;
    payload = null;
    payloadRead = 0;
  }

  private List<InternalRow> readFrame(long deadline) throws IOException {
    Connection c = current;
    while (headerRead < HEADER_BYTES) {
      if (headerRead >= 4 && bigEndianInt(header, 0) == PartitionSender.END) {
        return PartitionHandoff.END;
      }
      headerRead += read(c, header, headerRead, HEADER_BYTES - headerRead, deadline);
    }
    int length = bigEndianInt(header, 0);
    if (length == PartitionSender.END) {
      return PartitionHandoff.END;
    }
    int count = bigEndianInt(header, 4);
    if (payload == null) {
      if (length > MAX_FRAME_BYTES) {
        throw rowTooLarge(length);
      }
      if (length < 0 || count < 0 || count > length / 4) {
        throw malformed();
      }
      payload = new byte[length];
      payloadRead = 0;
    }
    while (payloadRead < payload.length) {
      payloadRead += read(c, payload, payloadRead, payload.length - payloadRead, deadline);
    }
    byte[] frame = payload;
    resetFrame();
    List<InternalRow> rows = new ArrayList<>(count);
    int at = 0;
    for (int i = 0; i < count; i++) {
      int size =
          at + 4 <= frame.length ? Platform.getInt(frame, Platform.BYTE_ARRAY_OFFSET + at) : -1;
      if (size < 0 || at + 4 + size > frame.length) {
        throw malformed();
      }
      UnsafeRow row = new UnsafeRow(fields);
      row.pointTo(frame, Platform.BYTE_ARRAY_OFFSET + at + 4, size);
      rows.add(row);
      at += 4 + size;
    }
    delivered |= count > 0;
    return rows;
  }

  private static int bigEndianInt(byte[] bytes, int at) {
    return (bytes[at] & 0xff) << 24
        | (bytes[at + 1] & 0xff) << 16
        | (bytes[at + 2] & 0xff) << 8
        | (bytes[at + 3] & 0xff);
  }

  /**
   * Reads what arrives before the deadline; a timeout keeps what was read so far. The connection's
   * own read timeout is the reader's poll interval, set once (ResultStreamServer).
   */
  private static int read(Connection c, byte[] into, int offset, int length, long deadline)
      throws IOException {
    int n =
        c.spool() != null
            ? c.spool().read(into, offset, length, deadline)
            : c.in().read(into, offset, length);
    if (n < 0) {
      throw new EOFException("the executor closed the connection");
    }
    return n;
  }

  private static GatewayException lostAfterRows(int attempt) {
    return new GatewayException(
        ErrorCode.EXECUTION_FAILED,
        "Cannot finish the result: the executor computing part of it was lost after some of its"
            + " rows were sent, and Spark ran that part again (attempt "
            + (attempt + 1)
            + "), which need not give the same rows in the same order; run the statement again");
  }

  /** A frame that does not add up: a defect on one end or the other, not the user's. */
  private static IllegalStateException malformed() {
    return new IllegalStateException(
        "Cannot read the result: an executor sent a frame of rows that does not add up");
  }

  private static GatewayException rowTooLarge(int bytes) {
    return new GatewayException(
        ErrorCode.RESULT_TOO_LARGE,
        String.format(
            Locale.ROOT,
            "Cannot send the result: one of its rows is %,d MB, more than the gateway takes in one"
                + " piece (%,d MB); select fewer or smaller columns",
            bytes >> 20,
            MAX_FRAME_BYTES >> 20));
  }

  @Override
  public void close() {
    closed = true;
    server.forget(this);
    // The reader lets go within a poll's timeout; the spooler does not start once closed.
    reading.lock();
    try {
      if (current != null) {
        close(current);
        current = null;
      }
      for (Connection waiting = arrivals.poll(); waiting != null; waiting = arrivals.poll()) {
        close(waiting);
      }
    } finally {
      reading.unlock();
    }
  }

  private static void close(Connection c) {
    if (c.spool() != null) {
      c.spool().close();
    }
    ResultStreamServer.closeQuietly(c.socket());
  }
}
