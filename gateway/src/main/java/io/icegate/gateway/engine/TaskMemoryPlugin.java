package io.icegate.gateway.engine;

import io.icegate.gateway.activity.StatementJobs;
import java.io.Serializable;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.spark.ExceptionFailure;
import org.apache.spark.TaskContext;
import org.apache.spark.TaskFailedReason;
import org.apache.spark.api.plugin.DriverPlugin;
import org.apache.spark.api.plugin.ExecutorPlugin;
import org.apache.spark.api.plugin.PluginContext;
import org.apache.spark.api.plugin.SparkPlugin;

/**
 * Tells the gateway at once which statement's task ran out of memory in an executor. The executor
 * reports the task's failure before Spark's handler ends its JVM, synchronously, so the report
 * cannot be lost with the executor; the gateway then fails that statement alone (SQLState 53200)
 * instead of letting Spark run the task again on new executors, and the tasks of other statements
 * that the lost executor held are run again as usual. Where an executor runs several tasks at once,
 * the heap may run out in another statement's task than the one that filled it, so the gateway
 * waits for a second report of the same statement (its task run again fills the heap again).
 */
public final class TaskMemoryPlugin implements SparkPlugin {
  private static volatile Consumer<OutOfMemory> receiver = report -> {};

  /**
   * A task of the statement whose job group is {@code statement} ran out of memory in executor
   * {@code executorId}, whose heap is {@code maxHeapBytes} and which runs {@code taskSlots} tasks
   * at once; {@code accounted}: Spark's memory manager refused the task more (its own {@code
   * SparkOutOfMemoryError}), rather than the JVM's heap running out in the task's thread.
   */
  public record OutOfMemory(
      String statement,
      long taskId,
      String executorId,
      long maxHeapBytes,
      int taskSlots,
      boolean accounted,
      String error)
      implements Serializable {
    /**
     * Whether the report names the statement that held the memory: the JVM's heap runs out in
     * whichever task allocates next, which is that statement's only when the executor runs one task
     * at a time; Spark's own refusal is always the task's.
     */
    public boolean certain() {
      return accounted || taskSlots == 1;
    }
  }

  /** Where the driver's reports go (one gateway per JVM). */
  public static void onOutOfMemory(Consumer<OutOfMemory> consumer) {
    receiver = consumer;
  }

  @Override
  public DriverPlugin driverPlugin() {
    return new DriverPlugin() {
      @Override
      public Object receive(Object message) {
        if (message instanceof OutOfMemory report) {
          receiver.accept(report);
        }
        return Boolean.TRUE;
      }
    };
  }

  @Override
  public ExecutorPlugin executorPlugin() {
    return new OnExecutor();
  }

  /** Spark's own error when its memory manager cannot give a task what it asks for. */
  static boolean isOutOfMemory(String className) {
    return className.equals("java.lang.OutOfMemoryError")
        || className.equals("org.apache.spark.memory.SparkOutOfMemoryError");
  }

  private static final class OnExecutor implements ExecutorPlugin {
    private PluginContext context;

    /** The running task of this thread: the hooks of one task run on the thread that runs it. */
    private final ThreadLocal<TaskContext> running = new ThreadLocal<>();

    @Override
    public void init(PluginContext pluginContext, Map<String, String> extraConf) {
      this.context = pluginContext;
    }

    @Override
    public void onTaskStart() {
      running.set(TaskContext.get());
    }

    @Override
    public void onTaskSucceeded() {
      running.remove();
    }

    @Override
    public void onTaskFailed(TaskFailedReason failureReason) {
      TaskContext task = running.get();
      running.remove();
      try {
        if (task != null
            && failureReason instanceof ExceptionFailure failure
            && isOutOfMemory(failure.className())) {
          String statement = task.getLocalProperty(StatementJobs.PROPERTY);
          if (statement != null) {
            context.ask(
                new OutOfMemory(
                    statement,
                    task.taskAttemptId(),
                    context.executorID(),
                    Runtime.getRuntime().maxMemory(),
                    context.conf().getInt("spark.executor.cores", 1),
                    !failure.className().equals("java.lang.OutOfMemoryError"),
                    failure.description()));
          }
        }
      } catch (Throwable e) {
        // The executor may be too short of memory to report; Spark's own failure follows.
      }
    }
  }
}
