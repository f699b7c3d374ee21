package io.icegate.it;

import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;

/** Counts the Spark jobs that work against the in-process gateway starts: zero proves no Spark ran. */
public final class SparkJobs {
  /** Work that talks to the gateway. */
  @FunctionalInterface
  public interface Work {
    void run() throws Exception;
  }

  private SparkJobs() {}

  /** How many Spark jobs started while {@code work} ran. */
  public static int sparkJobsDuring(Work work) throws Exception {
    AtomicInteger jobs = new AtomicInteger();
    SparkListener counter = new SparkListener() {
      @Override
      public void onJobStart(SparkListenerJobStart jobStart) {
        jobs.incrementAndGet();
      }
    };
    SparkContext context = TestGateway.engine().rootSession().sparkContext();
    context.listenerBus().waitUntilEmpty();
    context.addSparkListener(counter);
    try {
      work.run();
      context.listenerBus().waitUntilEmpty();
      return jobs.get();
    } finally {
      context.removeSparkListener(counter);
    }
  }
}
