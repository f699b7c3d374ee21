package io.icegate.gateway.result;

import java.security.SecureRandom;
import org.apache.spark.sql.types.StructType;

/**
 * Rows sent over a socket to the gateway's {@link ResultStreamServer}, for tasks that run in
 * executors of their own. One per result: its partitions share a random token that only their
 * serialized tasks carry.
 */
final class SocketTransport implements PartitionTransport {
  private static final SecureRandom RANDOM = new SecureRandom();

  private final ResultStreamServer server;
  private final long batchBytes;
  private final StructType schema;
  private final byte[] token = new byte[ResultStreamServer.TOKEN_BYTES];

  /** When the reader last read any of this result's partitions: idleness is the result's. */
  private final java.util.concurrent.atomic.AtomicLong lastRead =
      new java.util.concurrent.atomic.AtomicLong(System.nanoTime());

  SocketTransport(ResultStreamServer server, long batchBytes, StructType schema) {
    this.server = server;
    this.batchBytes = batchBytes;
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
