package io.icegate.it.cluster;

import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.ExternalClusterManager;
import org.apache.spark.scheduler.SchedulerBackend;
import org.apache.spark.scheduler.TaskScheduler;

/**
 * Stands in for Spark's Kubernetes cluster manager (which Spark finds the same way, through
 * ServiceLoader) in {@link YarnAndKubernetesMasterIT}: not on the gateway's class path unless
 * ICEGATE_EXTRA_CLASSPATH puts it there. It accepts {@code k8s://} masters and then refuses to
 * schedule, naming itself.
 */
public final class FakeKubernetesClusterManager implements ExternalClusterManager {
  static final String REACHED =
      "FakeKubernetesClusterManager from ICEGATE_EXTRA_CLASSPATH was asked to schedule for";

  @Override
  public boolean canCreate(String masterUrl) {
    return masterUrl.startsWith("k8s://");
  }

  @Override
  public TaskScheduler createTaskScheduler(SparkContext sc, String masterUrl) {
    throw new UnsupportedOperationException(REACHED + " " + masterUrl);
  }

  @Override
  public SchedulerBackend createSchedulerBackend(
      SparkContext sc, String masterUrl, TaskScheduler scheduler) {
    throw new UnsupportedOperationException(REACHED + " " + masterUrl);
  }

  @Override
  public void initialize(TaskScheduler scheduler, SchedulerBackend backend) {
    throw new UnsupportedOperationException("not reached");
  }
}
