package io.icegate.gateway.bounds;

import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import java.util.Locale;
import org.apache.spark.sql.catalyst.plans.logical.CacheTable;
import org.apache.spark.sql.catalyst.plans.logical.CacheTableAsSelect;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * Refuses {@code CACHE TABLE} of a relation Spark estimates larger than what the executors can
 * still keep in memory for all users' caches together: a cache lives in the executors every user
 * shares until its session ends, and what does not fit in their memory goes to their local disks,
 * which a huge one would fill. Run the query without caching it.
 */
final class CacheSizes {
  private CacheSizes() {}

  /**
   * @param cached what the executors hold in caches already, all users' together
   */
  static void check(LogicalPlan plan, long limit, java.util.function.LongSupplier cached) {
    if (limit == Long.MAX_VALUE) {
      return;
    }
    PlanWalk.walk(
        plan,
        node -> {
          LogicalPlan relation =
              node instanceof CacheTableAsSelect select
                  ? select.plan()
                  : node instanceof CacheTable cache ? cache.table() : null;
          if (relation != null && relation.resolved()) {
            scala.math.BigInt estimate = relation.stats().sizeInBytes();
            long held = cached.getAsLong();
            if (estimate.compare(scala.math.BigInt.apply(Math.max(0, limit - held))) > 0) {
              throw new GatewayException(
                  ErrorCode.VALUE_TOO_LARGE,
                  String.format(
                      Locale.ROOT,
                      "Cannot cache the table: Spark estimates it at %s, more than the executors"
                          + " keep in memory for all users' caches (%s: their"
                          + " spark.executor.memory, less Spark's reserve, times"
                          + " spark.memory.fraction; %s of it cached already); read it without"
                          + " caching it, or UNCACHE what is not needed",
                      estimate.isValidLong()
                          ? megabytes(estimate.toLong())
                          : "more than any memory",
                      megabytes(limit),
                      megabytes(held)));
            }
          }
        },
        expression -> {});
  }

  private static String megabytes(long bytes) {
    return String.format(Locale.ROOT, "%,d MB", Math.max(1, bytes >> 20));
  }
}
