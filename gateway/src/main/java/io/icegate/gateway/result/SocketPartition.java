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
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
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
 * <p>When Spark runs the task again (its executor was lost), the new attempt's rows are taken only
 * if none of the earlier attempt's reached the client: a second run need not give the same rows in
 * the same order, so the result then fails rather than repeat or skip rows.
 *
 * <p>A partition its reader leaves alone (a tool that shows the first rows and keeps the result
 * open) would hold an executor's core for as long: after a while without a read, the rest of it
 * moves to the gateway's disk ({@link Spool}) and the task ends.
 */
final class SocketPartition implements PartitionTransport.Receiver {
  private static final int HEADER_BYTES = 8;

  private final ResultStreamServer server;
  private final String key;
  private final byte[] token;
  private final int fields;
  private final PartitionSender sender;
  private final BlockingQueue<Connection> arrivals = new LinkedBlockingQueue<>();
  private volatile boolean closed;

  /** Held while the reader reads, and by the spooler while it moves the reading to a spool. */
  private final java.util.concurrent.locks.ReentrantLock reading =
      new java.util.concurrent.locks.ReentrantLock();

  private volatile long lastRead = System.nanoTime();

  // Read under the lock (the result's reader, one thread at a time, or the spooler).
  private Connection current;
  private boolean delivered;
  private final byte[] header = new byte[HEADER_BYTES];
  private int headerRead;
  private byte[] payload;
  private int payloadRead;

  /** A task attempt's connection; {@code spool} set once what it sends goes to disk. */
  private record Connection(int attempt, Socket socket, InputStream in, Spool spool) {}

  SocketPartition(
      ResultStreamServer server, String key, byte[] token, int fields, PartitionSender sender) {
    this.server = server;
    this.key = key;
    this.token = token;
    this.fields = fields;
    this.sender = sender;
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
      lastRead = System.nanoTime();
      return pollLocked(timeoutMillis);
    } finally {
      lastRead = System.nanoTime();
      reading.unlock();
    }
  }

  /**
   * Moves the rest of the partition to a spool on the gateway's disk when its reader has not read
   * for {@code idleNanos}: its task then ends. Called by the server's spooler thread.
   */
  void spoolIfIdle(long idleNanos, Path dir, Spool.Budget budget, Executor threads) {
    if (closed || System.nanoTime() - lastRead < idleNanos || !reading.tryLock()) {
      return;
    }
    try {
      Connection c = current;
      if (c == null && !delivered) {
        // The task connected while nobody read: its connection waits among the arrivals.
        c = arrivals.poll();
      }
      if (c == null || c.spool() != null || closed) {
        return;
      }
      current =
          new Connection(
              c.attempt(),
              c.socket(),
              c.in(),
              Spool.start(c.socket(), c.in(), dir, budget, threads));
    } finally {
      reading.unlock();
    }
  }

  private List<InternalRow> pollLocked(long timeoutMillis) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    // A later attempt of the task (Spark ran it again): taken only while no row has reached the
    // client, whether or not the earlier attempt's connection is still open.
    Connection next =
        current == null ? arrivals.poll(timeoutMillis, TimeUnit.MILLISECONDS) : arrivals.poll();
    if (next != null) {
      if (delivered) {
        close(next);
        throw lostAfterRows(next.attempt());
      }
      if (current != null) {
        close(current);
      }
      current = next;
      headerRead = 0;
      payload = null;
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
      if (length < 0 || count < 0) {
        throw new IOException("malformed frame from the executor");
      }
      payload = new byte[length];
      payloadRead = 0;
    }
    while (payloadRead < payload.length) {
      payloadRead += read(c, payload, payloadRead, payload.length - payloadRead, deadline);
    }
    byte[] frame = payload;
    payload = null;
    headerRead = 0;
    List<InternalRow> rows = new ArrayList<>(count);
    int at = 0;
    for (int i = 0; i < count; i++) {
      int size = Platform.getInt(frame, Platform.BYTE_ARRAY_OFFSET + at);
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

  /** Reads what arrives before the deadline; a timeout keeps what was read so far. */
  private static int read(Connection c, byte[] into, int offset, int length, long deadline)
      throws IOException {
    if (c.spool() != null) {
      int n = c.spool().read(into, offset, length, deadline);
      if (n < 0) {
        throw new EOFException("the executor closed the connection");
      }
      return n;
    }
    long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
    c.socket().setSoTimeout((int) Math.max(1, Math.min(left, Integer.MAX_VALUE)));
    int n = c.in().read(into, offset, length);
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

  @Override
  public void close() {
    closed = true;
    server.forget(this);
    // The reader lets go within a poll's timeout; the spooler does not start once closed.
    reading.lock();
    try {
      closeAll();
    } finally {
      reading.unlock();
    }
  }

  private void closeAll() {
    Connection c = current;
    if (c != null) {
      close(c);
    }
    for (Connection waiting = arrivals.poll(); waiting != null; waiting = arrivals.poll()) {
      close(waiting);
    }
  }

  private static void close(Connection c) {
    if (c.spool() != null) {
      c.spool().close();
    }
    ResultStreamServer.closeQuietly(c.socket());
  }
}
