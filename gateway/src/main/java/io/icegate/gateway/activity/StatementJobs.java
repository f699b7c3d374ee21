package io.icegate.gateway.activity;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;

/**
 * Which Spark jobs each statement execution started, whatever job group they ran in, so that its
 * progress counts them and a cancel stops them. Every execution runs with its own job group and
 * with {@link #PROPERTY} set to it; Spark passes both to the jobs it starts, also from threads the
 * statement's thread creates. Iceberg's procedures put their jobs in job groups of their own
 * (rewrite_data_files, say), which Spark's {@code cancelJobGroup} and status tracker would not
 * relate to the statement; the property still does.
 *
 * <p>A cancelled execution's jobs are cancelled by id, and jobs it starts after the cancel (a
 * cancel that arrives while Spark still plans) are cancelled as they start.
 */
public final class StatementJobs extends SparkListener {
  /** The local property naming the execution a job belongs to (its Icegate job group). */
  public static final String PROPERTY = "icegate.statement.jobGroup";

  private static final String JOB_GROUP_PROPERTY = "spark.jobGroup.id";

  private final SparkContext spark;
  private final Map<String, Set<Integer>> jobs = new ConcurrentHashMap<>();

  /** Recently cancelled executions; a group is never reused, so forgetting old ones is safe. */
  private final Set<String> cancelled =
      Collections.synchronizedSet(
          Collections.newSetFromMap(
              new LinkedHashMap<>(16, 0.75f, false) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                  return size() > 10_000;
                }
              }));

  StatementJobs(SparkContext spark) {
    this.spark = spark;
  }

  @Override
  public void onJobStart(SparkListenerJobStart start) {
    if (start.properties() == null) {
      return;
    }
    String group = start.properties().getProperty(PROPERTY);
    if (group == null) {
      group = start.properties().getProperty(JOB_GROUP_PROPERTY);
    }
    if (group == null) {
      return;
    }
    jobs.computeIfAbsent(group, g -> ConcurrentHashMap.newKeySet()).add(start.jobId());
    if (cancelled.contains(group)) {
      // The reason makes the failure read as a cancelled job group, which the client sees as
      // SQLState 57014.
      spark.cancelJob(start.jobId(), "part of cancelled job group " + group);
    }
  }

  /** The jobs execution {@code group} started so far (as far as Spark's listener bus has told). */
  Set<Integer> jobsOf(String group) {
    return jobs.getOrDefault(group, Set.of());
  }

  /** Cancels execution {@code group}'s jobs now, and its later ones as they start. */
  void cancel(String group) {
    cancelled.add(group);
    spark.cancelJobGroup(group);
    for (int jobId : jobsOf(group)) {
      spark.cancelJob(jobId, "part of cancelled job group " + group);
    }
  }

  /** Forgets an execution that is no longer listed. */
  void forget(String group) {
    if (group != null) {
      jobs.remove(group);
    }
  }
}
