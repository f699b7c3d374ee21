package io.icegate.gateway.result;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The port executors send result partitions to ({@link PartitionSender}). A connection names the
 * partition it carries and proves it with the token of that partition's stream, which only the
 * serialized task holds; anything else is closed unread. A partition's reader takes the connection
 * from here ({@link SocketPartition}).
 */
public final class ResultStreamServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ResultStreamServer.class);
  private static final int HANDSHAKE_TIMEOUT_MILLIS = 10_000;
  private static final int MAX_KEY_BYTES = 256;
  static final int TOKEN_BYTES = 32;

  /** How long one read of a partition's connection waits for bytes. */
  static final int READ_TIMEOUT_MILLIS = 200;

  /**
   * Connections being identified at once: the rest are closed at once (only local processes reach
   * the port).
   */
  private static final int MAX_HANDSHAKES = 64;

  private final Semaphore handshaking = new Semaphore(MAX_HANDSHAKES);

  private final ServerSocket server;
  private final ConcurrentMap<String, SocketPartition> expected = new ConcurrentHashMap<>();
  private final ExecutorService handshakes;
  private final ExecutorService spoolers;
  private final ScheduledExecutorService idleCheck;
  private final Thread acceptor;
  private final Spooling spooling;
  private final Spool.Budget budget;

  /**
   * Where results nobody reads go ({@code dir}), after how long without a read, and how much they
   * may hold on disk together.
   */
  public record Spooling(java.nio.file.Path dir, java.time.Duration after, long maxBytes) {}

  private ResultStreamServer(ServerSocket server, Spooling spooling) {
    this.server = server;
    this.spooling = spooling;
    this.budget = new Spool.Budget(spooling.maxBytes());
    this.handshakes = Executors.newCachedThreadPool(daemons("icegate-result-handshake-"));
    this.spoolers = Executors.newCachedThreadPool(daemons("icegate-result-spool-"));
    this.idleCheck =
        Executors.newSingleThreadScheduledExecutor(daemons("icegate-result-idle-check-"));
    this.acceptor = new Thread(this::acceptLoop, "icegate-result-server");
    acceptor.setDaemon(true);
  }

  private static ThreadFactory daemons(String prefix) {
    AtomicInteger threads = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, prefix + threads.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }

  /**
   * Listens on {@code host} (the address executors reach the driver at), on a free port, and spools
   * what readers leave alone as {@code spooling} says (a zero duration: never).
   */
  public static ResultStreamServer start(String host, Spooling spooling) {
    try {
      ServerSocket socket = new ServerSocket();
      socket.bind(new InetSocketAddress(InetAddress.getByName(host), 0), 128);
      ResultStreamServer server = new ResultStreamServer(socket, spooling);
      server.acceptor.start();
      if (!spooling.after().isZero()) {
        server.idleCheck.scheduleWithFixedDelay(server::spoolIdle, 1, 1, TimeUnit.SECONDS);
      }
      LOG.info("Executors send result rows to {}:{}", host, socket.getLocalPort());
      return server;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot listen for result rows on " + host, e);
    }
  }

  public String host() {
    return server.getInetAddress().getHostAddress();
  }

  public int port() {
    return server.getLocalPort();
  }

  /** Accepts connections for {@code partition} from now until {@link #forget}. */
  void expect(SocketPartition partition) {
    expected.put(partition.key(), partition);
  }

  void forget(SocketPartition partition) {
    expected.remove(partition.key(), partition);
  }

  /** Partitions waiting for, or reading from, an executor (for tests: none once results end). */
  int partitionsOpen() {
    return expected.size();
  }

  /** Bytes of results moved to the gateway's disk and not yet read. */
  public long spooledBytes() {
    return budget.used();
  }

  private void spoolIdle() {
    long idle = spooling.after().toNanos();
    for (SocketPartition partition : expected.values()) {
      try {
        partition.spoolIfIdle(idle, spooling.dir(), budget, spoolers);
      } catch (RuntimeException e) {
        LOG.warn("Cannot spool result partition {}", partition.key(), e);
      }
    }
  }

  private void acceptLoop() {
    while (!server.isClosed()) {
      try {
        Socket socket = server.accept();
        if (!handshaking.tryAcquire()) {
          closeQuietly(socket);
          continue;
        }
        handshakes.execute(
            () -> {
              try {
                handshake(socket);
              } finally {
                handshaking.release();
              }
            });
      } catch (IOException e) {
        if (!server.isClosed()) {
          LOG.warn("Cannot accept a result connection", e);
        }
      }
    }
  }

  private void handshake(Socket socket) {
    try {
      socket.setSoTimeout(HANDSHAKE_TIMEOUT_MILLIS);
      DataInputStream in = new DataInputStream(socket.getInputStream());
      if (in.readInt() != PartitionSender.MAGIC) {
        throw new IOException("not a result connection");
      }
      int keyBytes = in.readInt();
      if (keyBytes <= 0 || keyBytes > MAX_KEY_BYTES) {
        throw new IOException("bad partition key length " + keyBytes);
      }
      String key = new String(in.readNBytes(keyBytes), StandardCharsets.UTF_8);
      int attempt = in.readInt();
      byte[] token = in.readNBytes(TOKEN_BYTES);
      SocketPartition partition = expected.get(key);
      if (partition == null || !MessageDigest.isEqual(token, partition.token())) {
        throw new IOException("no result partition " + key + " with that token is expected");
      }
      // A read waits at most a reader's poll interval, so the reader keeps seeing cancels.
      socket.setSoTimeout(READ_TIMEOUT_MILLIS);
      partition.connected(attempt, socket);
    } catch (IOException | RuntimeException e) {
      LOG.debug("Closed a result connection from {}: {}", socket.getRemoteSocketAddress(), e);
      closeQuietly(socket);
    }
  }

  static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException e) {
      // Closing is all that was left to do.
    }
  }

  @Override
  public void close() {
    try {
      server.close();
    } catch (IOException e) {
      LOG.debug("Cannot close the result server", e);
    }
    handshakes.shutdownNow();
    idleCheck.shutdownNow();
    expected.values().forEach(SocketPartition::close);
    spoolers.shutdownNow();
  }
}
