package io.icegate.gateway.bounds;

import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import java.util.Locale;
import org.apache.spark.sql.catalyst.plans.logical.CacheTable;
import org.apache.spark.sql.catalyst.plans.logical.CacheTableAsSelect;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * Refuses {@code CACHE TABLE} of a relation Spark estimates larger than the executors can keep in
 * memory for all users together: a cache lives in the executors every user shares until its session
 * ends, and what does not fit in their memory goes to their local disks, which a huge one would
 * fill. Run the query without caching it.
 */
final class CacheSizes {
  private CacheSizes() {}

  static void check(LogicalPlan plan, long limit) {
    if (limit == Long.MAX_VALUE) {
      return;
    }
    PlanWalk.walk(
        plan,
        node -> {
          LogicalPlan cached =
              node instanceof CacheTableAsSelect select
                  ? select.plan()
                  : node instanceof CacheTable table ? table.table() : null;
          if (cached != null && cached.resolved()) {
            scala.math.BigInt estimate = cached.stats().sizeInBytes();
            if (estimate.compare(scala.math.BigInt.apply(limit)) > 0) {
              throw new GatewayException(
                  ErrorCode.VALUE_TOO_LARGE,
                  String.format(
                      Locale.ROOT,
                      "Cannot cache the table: Spark estimates it at %s, more than the executors"
                          + " keep in memory for all users (%s: their spark.executor.memory,"
                          + " less Spark's reserve, times spark.memory.fraction); read it without"
                          + " caching it",
                      estimate.isValidLong()
                          ? megabytes(estimate.toLong())
                          : "more than any memory",
                      megabytes(limit)));
            }
          }
        },
        expression -> {});
  }

  private static String megabytes(long bytes) {
    return String.format(Locale.ROOT, "%,d MB", Math.max(1, bytes >> 20));
  }
}
