package io.icegate.gateway.bounds;

/**
 * The bounds on what planning a statement may make the gateway's own JVM hold, where every user's
 * statements are planned: the size of the plan Spark builds (views within views multiply) and of
 * the values Spark computes while it plans (constant expressions). A statement past them is refused
 * before it can exhaust the gateway. One per JVM, set by the gateway at start.
 */
public final class PlanBounds {
  /**
   * Most plan nodes by default: far above a statement written by hand (a UNION of 500 SELECTs has a
   * few thousand), and low enough that analyzing views that multiply stops within seconds.
   */
  public static final int DEFAULT_MAX_PLAN_NODES = 20_000;

  /** Largest constant by default: 64 MB. */
  public static final long DEFAULT_MAX_CONSTANT_BYTES = 64L << 20;

  private static volatile int maxPlanNodes = DEFAULT_MAX_PLAN_NODES;
  private static volatile long maxConstantBytes = DEFAULT_MAX_CONSTANT_BYTES;
  private static volatile long maxBroadcastBytes = Long.MAX_VALUE;
  private static volatile long maxCacheBytes = Long.MAX_VALUE;

  private PlanBounds() {}

  public static void configure(int planNodes, long constantBytes) {
    maxPlanNodes = planNodes;
    maxConstantBytes = constantBytes;
  }

  /** The most a broadcast may collect: Spark's {@code spark.driver.maxResultSize}. */
  public static void collectAtMost(long bytes) {
    maxBroadcastBytes = bytes <= 0 ? Long.MAX_VALUE : bytes;
  }

  /**
   * The most all users' caches may hold: the executors' memory for execution and storage (the
   * embedded cluster's; unbounded when the executors are a cluster's of unknown size).
   */
  public static void cacheAtMost(long bytes) {
    maxCacheBytes = bytes <= 0 ? Long.MAX_VALUE : bytes;
  }

  static long maxCacheBytes() {
    return maxCacheBytes;
  }

  static long maxBroadcastBytes() {
    return maxBroadcastBytes;
  }

  static int maxPlanNodes() {
    return maxPlanNodes;
  }

  static long maxConstantBytes() {
    return maxConstantBytes;
  }
}
