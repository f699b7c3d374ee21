package io.icegate.gateway.result;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.catalyst.InternalRow;

/**
 * A bounded hand-over point between the Spark task computing one result partition and the gateway
 * thread sending it: the task waits while the client is slower than Spark, so memory stays bounded
 * whatever the result size.
 */
final class PartitionHandoff {
  /** Marks the end of the partition; compared by identity. */
  static final List<InternalRow> END = new ArrayList<>(0);

  private final BlockingQueue<List<InternalRow>> queue;
  private volatile boolean abandoned;

  PartitionHandoff(int capacity) {
    this.queue = new ArrayBlockingQueue<>(capacity + 1);
  }

  /** Called by the Spark task; waits for room, and gives up once the result has been abandoned. */
  void put(List<InternalRow> batch) throws InterruptedException {
    while (!queue.offer(batch, 100, TimeUnit.MILLISECONDS)) {
      if (abandoned) {
        throw new CancellationException("Result was closed before it was read to the end");
      }
    }
  }

  /** Called by the gateway; null when nothing arrived within the timeout. */
  List<InternalRow> poll(long timeoutMillis) throws InterruptedException {
    return queue.poll(timeoutMillis, TimeUnit.MILLISECONDS);
  }

  void abandon() {
    abandoned = true;
    queue.clear();
  }
}
