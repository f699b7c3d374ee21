package io.icegate.gateway.activity;

import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.JobExecutionStatus;
import org.apache.spark.SparkJobInfo;
import org.apache.spark.SparkStageInfo;
import org.apache.spark.SparkStatusTracker;
import scala.Option;

/**
 * How far a statement's Spark work has come: the stages and tasks of every job in its job group,
 * read from Spark's status tracker (what Spark's own UI shows, without the UI).
 */
public record SparkProgress(int stagesDone, int stagesTotal, int tasksDone, int tasksTotal) {
  public static final SparkProgress NONE = new SparkProgress(0, 0, 0, 0);

  /**
   * The progress of execution {@code jobGroup}: the jobs of its group and {@code moreJobs} (those
   * it started in other groups). A finished job counts as wholly done: Spark never runs the stages
   * it skips (their output was already computed), and counting them as pending would leave a
   * finished statement short of 100%.
   */
  static SparkProgress of(SparkStatusTracker tracker, String jobGroup, Set<Integer> moreJobs) {
    if (jobGroup == null) {
      return NONE;
    }
    Set<Integer> jobIds = new TreeSet<>(moreJobs);
    for (int jobId : tracker.getJobIdsForGroup(jobGroup)) {
      jobIds.add(jobId);
    }
    int stagesDone = 0;
    int stagesTotal = 0;
    int tasksDone = 0;
    int tasksTotal = 0;
    for (int jobId : jobIds) {
      Option<SparkJobInfo> job = tracker.getJobInfo(jobId);
      if (job.isEmpty()) {
        continue;
      }
      boolean succeeded = job.get().status() == JobExecutionStatus.SUCCEEDED;
      for (int stageId : job.get().stageIds()) {
        Option<SparkStageInfo> stage = tracker.getStageInfo(stageId);
        if (stage.isEmpty()) {
          continue;
        }
        int tasks = stage.get().numTasks();
        int completed = succeeded ? tasks : Math.min(tasks, stage.get().numCompletedTasks());
        stagesTotal++;
        tasksTotal += tasks;
        tasksDone += completed;
        if (completed >= tasks) {
          stagesDone++;
        }
      }
    }
    return new SparkProgress(stagesDone, stagesTotal, tasksDone, tasksTotal);
  }

  /**
   * Done tasks over all tasks, from 0 to 1; null while no task is known (nothing submitted to Spark
   * yet).
   */
  public Double fraction() {
    return tasksTotal == 0 ? null : (double) tasksDone / tasksTotal;
  }
}
