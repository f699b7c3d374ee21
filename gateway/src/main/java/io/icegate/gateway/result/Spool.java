package io.icegate.gateway.result;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The rest of a result partition its reader has left unread, moved from the executor's connection
 * to a file on the gateway's disk, so that the executor's task ends and its core serves other
 * statements. The bytes are the connection's own, in order, and are read back from the file as the
 * client asks for rows; the file is emptied whenever the reader has caught up with it.
 *
 * <p>What all spools hold unread together is bounded ({@link Budget}): when a chunk would pass the
 * bound, the spool stops taking from the connection, and once its reader has read the file it reads
 * the connection itself again, where the bytes go on in order; the task then waits for its reader
 * as it would without a spool.
 */
final class Spool implements AutoCloseable {
  private static final int CHUNK = 1 << 16;

  /** What the spools of one gateway may hold unread on disk together. */
  static final class Budget {
    private final long maxBytes;
    private final AtomicLong used = new AtomicLong();

    Budget(long maxBytes) {
      this.maxBytes = maxBytes;
    }

    /** Whether a spool may start: room for a few chunks. */
    boolean hasRoom() {
      return used.get() + 4L * CHUNK <= maxBytes;
    }

    /** Takes {@code bytes} if they fit. */
    boolean take(long bytes) {
      while (true) {
        long now = used.get();
        if (now + bytes > maxBytes) {
          return false;
        }
        if (used.compareAndSet(now, now + bytes)) {
          return true;
        }
      }
    }

    void give(long bytes) {
      used.addAndGet(-bytes);
    }

    long used() {
      return used.get();
    }
  }

  private final Socket socket;
  private final InputStream source;
  private final Path file;
  private final FileChannel channel;
  private final Budget budget;
  private final Object monitor = new Object();
  private final CountDownLatch drained = new CountDownLatch(1);
  private volatile boolean closed;

  // Under the monitor.
  private long written;
  private long readAt;
  private long unread;
  private boolean connectionEnded;
  private boolean handedBack;

  private Spool(Socket socket, InputStream source, Path file, FileChannel channel, Budget budget) {
    this.socket = socket;
    this.source = source;
    this.file = file;
    this.channel = channel;
    this.budget = budget;
  }

  /** Starts moving what {@code source} still sends to a new file under {@code dir}. */
  static Spool start(Socket socket, InputStream source, Path dir, Budget budget, Executor threads) {
    FileChannel channel = null;
    try {
      Files.createDirectories(dir);
      Path file = Files.createTempFile(dir, "partition-", ".spool");
      // On Linux the file is unlinked as it opens: it goes with the gateway, however it ends.
      channel =
          FileChannel.open(
              file,
              StandardOpenOption.READ,
              StandardOpenOption.WRITE,
              StandardOpenOption.DELETE_ON_CLOSE);
      Spool spool = new Spool(socket, source, file, channel, budget);
      threads.execute(spool::drain);
      return spool;
    } catch (IOException e) {
      closeQuietly(channel);
      throw new UncheckedIOException("Cannot spool a result partition under " + dir, e);
    } catch (RuntimeException e) {
      closeQuietly(channel);
      throw e;
    }
  }

  private void drain() {
    byte[] chunk = new byte[CHUNK];
    try {
      socket.setSoTimeout(0);
      while (!closed) {
        if (!budget.take(CHUNK)) {
          break;
        }
        int n;
        try {
          n = source.read(chunk);
        } catch (IOException e) {
          budget.give(CHUNK);
          throw e;
        }
        budget.give(CHUNK - Math.max(0, n));
        if (n < 0) {
          synchronized (monitor) {
            connectionEnded = true;
          }
          break;
        }
        synchronized (monitor) {
          channel.write(ByteBuffer.wrap(chunk, 0, n), written);
          written += n;
          unread += n;
          monitor.notifyAll();
        }
      }
    } catch (IOException e) {
      // The executor's connection ended without the partition's end: its reader sees the same.
      synchronized (monitor) {
        connectionEnded = true;
      }
    } finally {
      synchronized (monitor) {
        // Out of budget (or closed): the reader takes over the connection after the file.
        handedBack = true;
        monitor.notifyAll();
      }
      drained.countDown();
    }
  }

  /**
   * Reads what the file holds past what was read, then, once the spool has stopped, the connection
   * itself; waits until {@code deadlineNanos} for more: -1 once the connection ended and all of it
   * was read; a timeout as a socket's.
   */
  int read(byte[] into, int offset, int length, long deadlineNanos) throws IOException {
    long position;
    int n;
    synchronized (monitor) {
      while (readAt == written && !handedBack) {
        long left = deadlineNanos - System.nanoTime();
        if (left <= 0) {
          throw new SocketTimeoutException("nothing spooled yet");
        }
        try {
          TimeUnit.NANOSECONDS.timedWait(monitor, left);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new SocketTimeoutException("interrupted");
        }
      }
      if (readAt == written) {
        if (connectionEnded) {
          return -1;
        }
        // The spool stopped with the connection still open: read on from it.
        socket.setSoTimeout(ResultStreamServer.READ_TIMEOUT_MILLIS);
        position = -1;
        n = 0;
      } else {
        position = readAt;
        n = (int) Math.min(length, written - readAt);
      }
    }
    if (position < 0) {
      return source.read(into, offset, length);
    }
    int read = channel.read(ByteBuffer.wrap(into, offset, n), position);
    if (read > 0) {
      synchronized (monitor) {
        readAt += read;
        unread -= read;
        if (readAt == written) {
          // Caught up: the file starts over, so the disk holds only what is unread.
          channel.truncate(0);
          readAt = 0;
          written = 0;
        }
      }
      budget.give(read);
    }
    return read;
  }

  Path file() {
    return file;
  }

  @Override
  public void close() {
    closed = true;
    ResultStreamServer.closeQuietly(socket);
    try {
      // Closing the connection ends the drain at once: then what it holds is known.
      drained.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    long held;
    synchronized (monitor) {
      held = unread;
      unread = 0;
    }
    closeQuietly(channel);
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // A spool directory the gateway cannot write: nothing more to do here.
    }
    budget.give(held);
  }

  private static void closeQuietly(FileChannel channel) {
    if (channel != null) {
      try {
        channel.close();
      } catch (IOException e) {
        // Closing is all that was left to do.
      }
    }
  }
}
