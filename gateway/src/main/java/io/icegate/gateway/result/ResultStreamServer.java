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

  private final ServerSocket server;
  private final ConcurrentMap<String, SocketPartition> expected = new ConcurrentHashMap<>();
  private final ExecutorService handshakes;
  private final Thread acceptor;

  private ResultStreamServer(ServerSocket server) {
    this.server = server;
    AtomicInteger threads = new AtomicInteger();
    this.handshakes =
        Executors.newCachedThreadPool(
            r -> {
              Thread t = new Thread(r, "icegate-result-handshake-" + threads.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
    this.acceptor = new Thread(this::acceptLoop, "icegate-result-server");
    acceptor.setDaemon(true);
  }

  /** Listens on {@code host} (the address executors reach the driver at), on a free port. */
  public static ResultStreamServer start(String host) {
    try {
      ServerSocket socket = new ServerSocket();
      socket.bind(new InetSocketAddress(InetAddress.getByName(host), 0), 128);
      ResultStreamServer server = new ResultStreamServer(socket);
      server.acceptor.start();
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

  private void acceptLoop() {
    while (!server.isClosed()) {
      try {
        Socket socket = server.accept();
        handshakes.execute(() -> handshake(socket));
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
  }
}
