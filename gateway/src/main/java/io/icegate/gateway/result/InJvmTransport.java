package io.icegate.gateway.result;

import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import scala.collection.Iterator;
import scala.runtime.AbstractFunction1;
import scala.runtime.BoxedUnit;

/**
 * Rows handed over in memory, for tasks that run in the gateway's JVM (Spark's local mode): the
 * task finds its partition's bounded queue in {@link HandoffRegistry} by key.
 */
final class InJvmTransport implements PartitionTransport {
  private final long batchBytes;
  private final int queueBatches;

  InJvmTransport(long batchBytes, int queueBatches) {
    this.batchBytes = batchBytes;
    this.queueBatches = queueBatches;
  }

  @Override
  public Receiver open(String key) {
    PartitionHandoff handoff = new PartitionHandoff(queueBatches);
    HandoffRegistry.register(key, handoff);
    PartitionPump pump = new PartitionPump(key, batchBytes);
    return new Receiver() {
      @Override
      public AbstractFunction1<Iterator<InternalRow>, BoxedUnit> sender() {
        return pump;
      }

      @Override
      public List<InternalRow> poll(long timeoutMillis) throws InterruptedException {
        return handoff.poll(timeoutMillis);
      }

      @Override
      public void close() {
        handoff.abandon();
        HandoffRegistry.remove(key);
      }
    };
  }
}
