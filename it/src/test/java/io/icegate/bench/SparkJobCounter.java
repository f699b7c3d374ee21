package io.icegate.bench;

import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerEvent;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart;

/**
 * Counts the Spark jobs and SQL executions started in the gateway's SparkContext, to prove a path
 * ran none.
 */
final class SparkJobCounter extends SparkListener implements AutoCloseable {
  private final SparkContext context;
  private final AtomicLong jobs = new AtomicLong();
  private final AtomicLong sqlExecutions = new AtomicLong();

  /** Jobs and SQL executions counted so far. */
  record Counts(long jobs, long sqlExecutions) {
    Counts plus(Counts other) {
      return new Counts(jobs + other.jobs, sqlExecutions + other.sqlExecutions);
    }

    Counts minus(Counts other) {
      return new Counts(jobs - other.jobs, sqlExecutions - other.sqlExecutions);
    }
  }

  private SparkJobCounter(SparkContext context) {
    this.context = context;
  }

  static SparkJobCounter register(SparkContext context) {
    SparkJobCounter counter = new SparkJobCounter(context);
    context.addSparkListener(counter);
    return counter;
  }

  @Override
  public void onJobStart(SparkListenerJobStart jobStart) {
    jobs.incrementAndGet();
  }

  @Override
  public void onOtherEvent(SparkListenerEvent event) {
    if (event instanceof SparkListenerSQLExecutionStart) {
      sqlExecutions.incrementAndGet();
    }
  }

  /** The counts once every event posted so far has reached the listener. */
  Counts counts() throws TimeoutException {
    context.listenerBus().waitUntilEmpty();
    return new Counts(jobs.get(), sqlExecutions.get());
  }

  @Override
  public void close() {
    context.removeSparkListener(this);
  }
}
