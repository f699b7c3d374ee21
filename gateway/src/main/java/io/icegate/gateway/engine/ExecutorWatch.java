package io.icegate.gateway.engine;

import io.icegate.gateway.metrics.GatewayMetrics;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerExecutorAdded;
import org.apache.spark.scheduler.SparkListenerExecutorRemoved;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded cluster's executors as the gateway sees them come and go: counted for the metrics,
 * logged when lost (with why), and a readiness problem only while none has been running for longer
 * than a replacement takes, so that {@code /ready} stays 200 while a lost executor is replaced.
 */
public final class ExecutorWatch extends SparkListener {
  private static final Logger LOG = LoggerFactory.getLogger(ExecutorWatch.class);

  /** Spark's exit code for an executor that ran out of memory ({@code SparkExitCode.OOM}). */
  private static final int OUT_OF_MEMORY_EXIT = 52;

  private static final Pattern EXIT_CODE = Pattern.compile("exited with code (-?\\d+)");

  private final Duration grace;
  private final String logs;
  private final Set<String> running = ConcurrentHashMap.newKeySet();
  private volatile long noneSinceNanos = System.nanoTime();
  private volatile String lastLoss = "none started yet";

  /**
   * @param grace how long no executor may be running before the gateway reports it
   * @param logs where the executors' logs are, for the operator
   */
  ExecutorWatch(Duration grace, String logs) {
    this.grace = grace;
    this.logs = logs;
  }

  /**
   * Executors that registered before the watch was listening (their events may still come: ids make
   * that harmless).
   */
  void alreadyRunning(Iterable<String> executorIds) {
    executorIds.forEach(running::add);
  }

  @Override
  public void onExecutorAdded(SparkListenerExecutorAdded added) {
    if (running.add(added.executorId())) {
      GatewayMetrics.instance().executorAdded();
    }
  }

  @Override
  public void onExecutorRemoved(SparkListenerExecutorRemoved removed) {
    if (!running.remove(removed.executorId())) {
      return;
    }
    if (running.isEmpty()) {
      noneSinceNanos = System.nanoTime();
    }
    String reason = removed.reason() == null ? "" : removed.reason();
    String kind = kind(reason);
    lastLoss = reason.isBlank() ? kind : reason;
    GatewayMetrics.instance().executorLost(kind);
    LOG.warn(
        "Executor {} lost ({}); Spark starts another (logs under {})",
        removed.executorId(),
        reason,
        logs);
  }

  /** Executors registered now. */
  public int running() {
    return running.size();
  }

  /**
   * What is wrong, when no executor has been running for longer than the grace period: the last
   * loss and where the logs are.
   */
  public Optional<String> problem() {
    if (!running.isEmpty()) {
      return Optional.empty();
    }
    long seconds = Duration.ofNanos(System.nanoTime() - noneSinceNanos).toSeconds();
    if (seconds < grace.toSeconds()) {
      return Optional.empty();
    }
    return Optional.of(
        "executors: none running for "
            + seconds
            + " s (last: "
            + lastLoss
            + "; logs: "
            + logs
            + ")");
  }

  /** A fixed word for why an executor was lost, for the metric's label. */
  static String kind(String reason) {
    Matcher exit = EXIT_CODE.matcher(reason);
    if (exit.find()) {
      int code = Integer.parseInt(exit.group(1));
      if (code == OUT_OF_MEMORY_EXIT) {
        return "out_of_memory";
      }
      // 128 + a signal: 137 is SIGKILL, 143 SIGTERM (the JVM reports a signal's death so).
      return code > 128 && code < 160 ? "killed" : "exited";
    }
    if (reason.contains("heartbeat")) {
      return "unresponsive";
    }
    return reason.contains("decommission") ? "decommissioned" : "other";
  }
}
