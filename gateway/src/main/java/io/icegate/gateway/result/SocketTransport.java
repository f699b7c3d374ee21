package io.icegate.gateway.result;

import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.sql.types.StructType;

/**
 * Rows sent over a socket to the gateway's {@link ResultStreamServer}, for tasks that run in
 * executors of their own. One per result: its partitions share a random token that only their
 * serialized tasks carry.
 */
final class SocketTransport implements PartitionTransport {
  private static final SecureRandom RANDOM = new SecureRandom();

  /**
   * The most a frame carries: the gateway allocates each frame it reads, and one of a megabyte or
   * more is a humongous object to G1 (half a region, regions of 2 MB at a few GB of heap), costly
   * to allocate and to collect.
   */
  static final long MAX_FRAME_BATCH_BYTES = 256 * 1024;

  private final ResultStreamServer server;
  private final long batchBytes;
  private final StructType schema;
  private final byte[] token = new byte[ResultStreamServer.TOKEN_BYTES];

  /** When the reader last read any of this result's partitions: idleness is the result's. */
  private final AtomicLong lastRead = new AtomicLong(System.nanoTime());

  SocketTransport(ResultStreamServer server, long batchBytes, StructType schema) {
    this.server = server;
    this.batchBytes = Math.min(batchBytes, MAX_FRAME_BATCH_BYTES);
    this.schema = schema;
    RANDOM.nextBytes(token);
  }

  @Override
  public Receiver open(String key) {
    PartitionSender sender =
        new PartitionSender(server.host(), server.port(), key, token, batchBytes, schema);
    SocketPartition partition =
        new SocketPartition(server, key, token, schema.size(), sender, lastRead);
    server.expect(partition);
    return partition;
  }
}
