package io.icegate.gateway.result;

import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import scala.collection.Iterator;
import scala.runtime.AbstractFunction1;
import scala.runtime.BoxedUnit;

/**
 * How the rows of one result partition travel from the Spark task that computes them to the gateway
 * thread that sends them: through memory when tasks run in the gateway's JVM ({@link
 * InJvmTransport}), through a socket to the gateway when they run in executors of their own ({@link
 * SocketTransport}). Either way the task waits while the gateway is behind, so a partition of any
 * size passes with a few megabytes of the gateway's memory.
 */
interface PartitionTransport {
  /** Gets ready to receive the partition named {@code key}. */
  Receiver open(String key);

  /** The gateway's end of one partition's rows. */
  interface Receiver {
    /** The task body that computes the partition and sends its rows here. */
    AbstractFunction1<Iterator<InternalRow>, BoxedUnit> sender();

    /**
     * The next batch of rows; null when none arrived within the timeout; {@link
     * PartitionHandoff#END} after the last.
     */
    List<InternalRow> poll(long timeoutMillis) throws InterruptedException;

    /** The gateway is done with the partition, read to the end or not: the sender stops. */
    void close();
  }
}
