package io.icegate.gateway.activity;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;

/**
 * Cancels the jobs that start in a job group after the group was cancelled. Spark's {@code cancelJobGroup} stops
 * only the jobs running at that moment: a cancel that arrives between the start of an execution and its first job
 * (Spark still planning, say) would otherwise be lost, and the statement would run to the end.
 */
final class LateJobCanceller extends SparkListener {
  /** Recently cancelled groups; a group is never reused, so forgetting old ones is safe. */
  private final Set<String> cancelled = Collections.synchronizedSet(Collections.newSetFromMap(
      new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
          return size() > 10_000;
        }
      }));
  /** The job property Spark's {@code setJobGroup} sets (its constant is internal to Spark). */
  private static final String JOB_GROUP_PROPERTY = "spark.jobGroup.id";

  private final SparkContext spark;

  LateJobCanceller(SparkContext spark) {
    this.spark = spark;
  }

  /** Cancels {@code group}'s running jobs now and its later ones as they start. */
  void cancel(String group) {
    cancelled.add(group);
    spark.cancelJobGroup(group);
  }

  @Override
  public void onJobStart(SparkListenerJobStart start) {
    String group = start.properties() == null ? null : start.properties().getProperty(JOB_GROUP_PROPERTY);
    if (group != null && cancelled.contains(group)) {
      // The reason makes the failure read as a cancelled job group, which the client sees as SQLState 57014.
      spark.cancelJob(start.jobId(), "part of cancelled job group " + group);
    }
  }
}
