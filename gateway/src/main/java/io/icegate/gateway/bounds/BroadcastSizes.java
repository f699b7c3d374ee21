package io.icegate.gateway.bounds;

import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import java.util.Locale;
import org.apache.spark.sql.catalyst.plans.logical.BROADCAST$;
import org.apache.spark.sql.catalyst.plans.logical.HintInfo;
import org.apache.spark.sql.catalyst.plans.logical.Join;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.rules.Rule;
import scala.Option;

/**
 * Refuses a broadcast hint on a relation Spark estimates larger than the gateway collects for one
 * statement ({@code spark.driver.maxResultSize}): the gateway, as Spark's driver, collects the
 * whole relation and builds its hash table in its own heap before it sends it to the executors, so
 * one user's {@code /*+ BROADCAST(big) * /} would take the memory every other user's statements
 * need. Joins Spark chooses to broadcast on its own stay under {@code
 * spark.sql.autoBroadcastJoinThreshold}; what Spark underestimates is stopped at {@code
 * spark.driver.maxResultSize} as it is collected.
 */
final class BroadcastSizes extends Rule<LogicalPlan> {
  @Override
  public LogicalPlan apply(LogicalPlan plan) {
    long limit = PlanBounds.maxBroadcastBytes();
    PlanWalk.walk(
        plan,
        node -> {
          if (node instanceof Join join) {
            check(join.left(), join.hint().leftHint(), limit);
            check(join.right(), join.hint().rightHint(), limit);
          }
        },
        expression -> {});
    return plan;
  }

  private static void check(LogicalPlan side, Option<HintInfo> hint, long limit) {
    if (hint.isEmpty()
        || hint.get().strategy().isEmpty()
        || hint.get().strategy().get() != BROADCAST$.MODULE$) {
      return;
    }
    BigInt estimate = new BigInt(side.stats().sizeInBytes());
    if (estimate.exceeds(limit)) {
      throw new GatewayException(
          ErrorCode.VALUE_TOO_LARGE,
          String.format(
              Locale.ROOT,
              "Cannot run the statement: its broadcast hint asks the gateway to collect a relation"
                  + " Spark estimates at %s and build its hash table in the gateway's memory;"
                  + " the most the gateway collects for one statement is %s"
                  + " (spark.driver.maxResultSize). Leave the hint out: Spark then joins without"
                  + " collecting it",
              estimate.text(),
              megabytes(limit)));
    }
  }

  private static String megabytes(long bytes) {
    return String.format(Locale.ROOT, "%,d MB", Math.max(1, bytes >> 20));
  }

  /** Spark's estimates are Scala big integers. */
  private record BigInt(scala.math.BigInt value) {
    boolean exceeds(long limit) {
      return value.compare(scala.math.BigInt.apply(limit)) > 0;
    }

    String text() {
      return value.isValidLong() ? megabytes(value.toLong()) : "more than any memory";
    }
  }
}
