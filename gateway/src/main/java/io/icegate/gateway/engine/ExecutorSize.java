package io.icegate.gateway.engine;

import java.lang.management.ManagementFactory;
import java.util.Map;
import org.apache.spark.network.util.JavaUtils;

/**
 * How many executors the embedded cluster runs and how large each is: Spark's own {@code
 * spark.executor.instances}, {@code spark.executor.cores} and {@code spark.executor.memory} when
 * set (the same keys size executors on YARN and Kubernetes), else defaults that fit the machine.
 *
 * <p>The defaults split the cores into executors of at most four (two executors on two cores, so
 * that one lost executor leaves the other working) and give them a quarter of the machine's memory
 * together (the gateway's heap has as much by the JVM's default), at least 512 MB and at most 2 GB
 * each: a statement that holds too much in one task then fails within seconds rather than after
 * minutes of garbage collection in a large heap. Operators with large joins and aggregations set
 * {@code spark.executor.memory} (docs/DEPLOY.md).
 */
public record ExecutorSize(int executors, int cores, int memoryMb) {
  static final String INSTANCES = "spark.executor.instances";
  static final String CORES = "spark.executor.cores";
  static final String MEMORY = "spark.executor.memory";
  private static final int MIN_MEMORY_MB = 512;
  private static final int MAX_DEFAULT_MEMORY_MB = 2 * 1024;

  public ExecutorSize {
    if (executors < 1 || cores < 1 || memoryMb < 1) {
      throw new IllegalArgumentException(
          "Cannot size executors: " + executors + " x " + cores + " cores x " + memoryMb + " MB");
    }
  }

  /** The size {@code sparkConf} asks for, defaults filled in from this machine. */
  public static ExecutorSize of(Map<String, String> sparkConf) {
    return of(
        sparkConf,
        Runtime.getRuntime().availableProcessors(),
        ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
            .getTotalMemorySize());
  }

  static ExecutorSize of(Map<String, String> sparkConf, int processors, long physicalBytes) {
    int defaultCores = Math.max(1, Math.min(4, processors / 2));
    int cores = positive(sparkConf, CORES, defaultCores);
    int executors = positive(sparkConf, INSTANCES, Math.max(1, processors / cores));
    int memoryMb;
    if (sparkConf.containsKey(MEMORY)) {
      try {
        memoryMb = (int) JavaUtils.byteStringAsMb(sparkConf.get(MEMORY).strip());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "Cannot configure Icegate: "
                + MEMORY
                + " must be a size such as 2g or 512m, not '"
                + sparkConf.get(MEMORY)
                + "'");
      }
    } else {
      long quarterMb = physicalBytes / 4 / (1024 * 1024);
      memoryMb =
          (int) Math.max(MIN_MEMORY_MB, Math.min(MAX_DEFAULT_MEMORY_MB, quarterMb / executors));
    }
    return new ExecutorSize(executors, cores, memoryMb);
  }

  private static int positive(Map<String, String> sparkConf, String key, int fallback) {
    String text = sparkConf.get(key);
    if (text == null) {
      return fallback;
    }
    try {
      int value = Integer.parseInt(text.strip());
      if (value >= 1) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(
        "Cannot configure Icegate: " + key + " must be a positive integer, not '" + text + "'");
  }

  /** The memory as Spark's settings write it ({@code 2g}, {@code 768m}). */
  public String memory() {
    return memoryMb % 1024 == 0 ? memoryMb / 1024 + "g" : memoryMb + "m";
  }
}
