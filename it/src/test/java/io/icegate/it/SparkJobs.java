package io.icegate.it;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;

/**
 * Counts the Spark jobs that work against the in-process gateway starts: zero proves no Spark ran.
 */
public final class SparkJobs {
  /** Work that talks to the gateway. */
  @FunctionalInterface
  public interface Work {
    void run() throws Exception;
  }

  private SparkJobs() {}

  /** Whether any Spark job of the test JVM's engine runs now. */
  public static boolean anyRunning() {
    return TestGateway.engine()
            .rootSession()
            .sparkContext()
            .statusTracker()
            .getActiveJobIds()
            .length
        > 0;
  }

  /** Waits up to 30 s for every Spark job to end, and fails if one still runs then. */
  public static void assertNoneRunningSoon() {
    await("every Spark job ended").atMost(Duration.ofSeconds(30)).until(() -> !anyRunning());
  }

  /** How many Spark jobs started while {@code work} ran. */
  public static int sparkJobsDuring(Work work) throws Exception {
    AtomicInteger jobs = new AtomicInteger();
    SparkListener counter =
        new SparkListener() {
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
