package io.icegate.gateway.result;

import java.util.Collections;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.spark.SimpleFutureAction;
import org.apache.spark.SparkContext;
import org.apache.spark.rdd.RDD;
import org.apache.spark.sql.catalyst.InternalRow;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.AbstractFunction0;
import scala.runtime.AbstractFunction2;
import scala.runtime.BoxedUnit;
import scala.util.Try;

/**
 * Streams an RDD's rows in partition order with one Spark job per partition, a few partitions
 * ahead, each handing its rows over through a {@link PartitionTransport} that makes the task wait
 * while the gateway is behind. Unlike {@code toLocalIterator}, no partition is ever collected whole
 * on the gateway, so a partition larger than the gateway's heap still streams through.
 */
final class PartitionStream implements RowSource {
  private static final long POLL_MILLIS = 200;

  /** Polls (of {@link #POLL_MILLIS}) a partition whose job succeeded may take to end: 30 s. */
  private static final int LATE_END_POLLS = 150;

  private final SparkContext context;
  private final RDD<InternalRow> rdd;
  private final int partitions;
  private final int inFlightLimit;
  private final PartitionTransport transport;
  private final String streamId = UUID.randomUUID().toString();
  // Closing may come from another thread than the one reading (a cancel, a client going away).
  private final Deque<Pending> inFlight = new ConcurrentLinkedDeque<>();
  private final AtomicBoolean closed = new AtomicBoolean();
  private int nextPartition;
  private Iterator<InternalRow> batch = Collections.emptyIterator();

  private record Pending(PartitionTransport.Receiver receiver, SimpleFutureAction<BoxedUnit> job) {}

  PartitionStream(
      SparkContext context, RDD<InternalRow> rdd, int inFlightLimit, PartitionTransport transport) {
    this.context = context;
    this.rdd = rdd;
    this.partitions = rdd.getNumPartitions();
    this.inFlightLimit = inFlightLimit;
    this.transport = transport;
  }

  @Override
  public boolean hasNext() {
    while (!batch.hasNext()) {
      if (closed.get() || !advance()) {
        return false;
      }
    }
    return true;
  }

  @Override
  public InternalRow next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    return batch.next();
  }

  /** Moves to the next batch; false at the end of the last partition. */
  private boolean advance() {
    while (inFlight.size() < inFlightLimit && nextPartition < partitions) {
      submit(nextPartition++);
    }
    Pending head = inFlight.peekFirst();
    if (head == null) {
      return false;
    }
    int emptyPollsAfterSuccess = 0;
    try {
      while (!closed.get()) {
        List<InternalRow> next = head.receiver().poll(POLL_MILLIS);
        if (next == PartitionHandoff.END) {
          head.receiver().close();
          inFlight.removeFirst();
          return true;
        }
        if (next != null) {
          batch = next.iterator();
          return true;
        }
        if (head.job().isCompleted()) {
          Try<BoxedUnit> outcome = head.job().value().get();
          if (outcome.isFailure()) {
            close();
            Throwable failure = outcome.failed().get();
            throw failure instanceof RuntimeException r ? r : new ResultStreamException(failure);
          }
          // Succeeded: its END marker is on its way, and a poll returns it at once.
          if (++emptyPollsAfterSuccess > LATE_END_POLLS) {
            throw new IllegalStateException(
                "Cannot finish the result: a part of it was computed but its rows did not reach"
                    + " the gateway");
          }
        }
      }
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      close();
      throw new ResultStreamException(e);
    } catch (RuntimeException | Error e) {
      // Whatever stops the reading stops the jobs still computing and sending the rest.
      close();
      throw e;
    }
  }

  private void submit(int partition) {
    PartitionTransport.Receiver receiver = transport.open(streamId + "/" + partition);
    SimpleFutureAction<BoxedUnit> job;
    try {
      job =
          context.submitJob(
              rdd,
              receiver.sender(),
              CollectionConverters.asScala(List.<Object>of(partition)).toSeq(),
              new Ignore2(),
              new Unit0());
    } catch (RuntimeException e) {
      receiver.close();
      throw e;
    }
    inFlight.addLast(new Pending(receiver, job));
  }

  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    for (Pending p : inFlight) {
      p.receiver().close();
      if (!p.job().isCompleted()) {
        p.job().cancel();
      }
    }
    inFlight.clear();
  }

  /** The per-partition result of the pump is Unit: nothing to collect. */
  private static final class Ignore2 extends AbstractFunction2<Object, BoxedUnit, BoxedUnit> {
    @Override
    public BoxedUnit apply(Object partition, BoxedUnit result) {
      return BoxedUnit.UNIT;
    }
  }

  private static final class Unit0 extends AbstractFunction0<BoxedUnit> {
    @Override
    public BoxedUnit apply() {
      return BoxedUnit.UNIT;
    }
  }
}
