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
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The rest of a result partition its reader has left unread, moved from the executor's connection
 * to a file on the gateway's disk, so that the executor's task ends and its core serves other
 * statements. The bytes are the connection's own, in order, and are read back from the file as the
 * client asks for rows. What all spools hold together is bounded ({@link Budget}): past it, the
 * task waits for its reader again.
 */
final class Spool implements AutoCloseable {
  private static final int CHUNK = 1 << 16;

  /** What the spools of one gateway may hold on disk together. */
  static final class Budget {
    private final long maxBytes;
    private final AtomicLong used = new AtomicLong();

    Budget(long maxBytes) {
      this.maxBytes = maxBytes;
    }

    /** Takes {@code bytes}, waiting while the spools hold as much as they may; false if closed. */
    boolean take(long bytes, Spool spool) throws InterruptedException {
      while (true) {
        long now = used.get();
        if (now + bytes <= maxBytes && used.compareAndSet(now, now + bytes)) {
          return true;
        }
        if (spool.closed) {
          return false;
        }
        TimeUnit.MILLISECONDS.sleep(200);
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
  private final java.util.concurrent.CountDownLatch drained =
      new java.util.concurrent.CountDownLatch(1);
  private volatile boolean closed;
  private long taken;
  private long written;
  private long readAt;
  private boolean complete;

  private Spool(Socket socket, InputStream source, Path file, FileChannel channel, Budget budget) {
    this.socket = socket;
    this.source = source;
    this.file = file;
    this.channel = channel;
    this.budget = budget;
  }

  /** Starts moving what {@code source} still sends to a new file under {@code dir}. */
  static Spool start(Socket socket, InputStream source, Path dir, Budget budget, Executor threads) {
    try {
      Files.createDirectories(dir);
      Path file = Files.createTempFile(dir, "partition-", ".spool");
      // On Linux the file is unlinked as it opens: it goes with the gateway, however it ends.
      FileChannel channel =
          FileChannel.open(
              file,
              StandardOpenOption.READ,
              StandardOpenOption.WRITE,
              StandardOpenOption.DELETE_ON_CLOSE);
      Spool spool = new Spool(socket, source, file, channel, budget);
      threads.execute(spool::drain);
      return spool;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot spool a result partition under " + dir, e);
    }
  }

  private void drain() {
    byte[] chunk = new byte[CHUNK];
    try {
      socket.setSoTimeout(0);
      while (!closed) {
        int n = source.read(chunk);
        if (n < 0 || !budget.take(n, this)) {
          break;
        }
        taken += n;
        channel.write(ByteBuffer.wrap(chunk, 0, n), written);
        synchronized (monitor) {
          written += n;
          monitor.notifyAll();
        }
      }
    } catch (IOException e) {
      // The executor's connection ended without the partition's end: its reader sees the same.
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      synchronized (monitor) {
        complete = true;
        monitor.notifyAll();
      }
      drained.countDown();
    }
  }

  /**
   * Reads what the file holds past what was read, waiting until {@code deadlineNanos} for more: -1
   * once the executor's connection ended and all of it was read; a timeout as a socket's.
   */
  int read(byte[] into, int offset, int length, long deadlineNanos) throws IOException {
    int n;
    synchronized (monitor) {
      while (readAt == written && !complete) {
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
        return -1;
      }
      n = (int) Math.min(length, written - readAt);
    }
    int read = channel.read(ByteBuffer.wrap(into, offset, n), readAt);
    if (read > 0) {
      synchronized (monitor) {
        readAt += read;
      }
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
      // Closing the connection ends the drain at once: then what it took is known.
      drained.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    long held = taken;
    try {
      channel.close();
    } catch (IOException e) {
      // DELETE_ON_CLOSE failed to close: the file is removed below.
    }
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // A spool directory the gateway cannot write: nothing more to do here.
    }
    budget.give(held);
  }
}
