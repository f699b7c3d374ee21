package io.icegate.gateway.bounds;

import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import java.util.Locale;
import org.apache.spark.sql.catalyst.plans.logical.BROADCAST$;
import org.apache.spark.sql.catalyst.plans.logical.HintInfo;
import org.apache.spark.sql.catalyst.plans.logical.Join;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.rules.Rule;
import org.apache.spark.sql.internal.SQLConf;
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
    if (limit == Long.MAX_VALUE) {
      return plan;
    }
    // A session may raise the thresholds under which Spark broadcasts on its own: as it plans,
    // and as adaptive execution re-plans a join on the sizes its stages measured.
    SQLConf conf = SQLConf.get();
    long automatic = conf.autoBroadcastJoinThreshold();
    scala.Option<Object> adaptive = conf.getConf(SQLConf.ADAPTIVE_AUTO_BROADCASTJOIN_THRESHOLD());
    long runtime = adaptive.isDefined() ? (Long) adaptive.get() : automatic;
    PlanWalk.walk(
        plan,
        node -> {
          if (node instanceof Join join) {
            check(join, limit, automatic);
            if (conf.adaptiveExecutionEnabled() && runtime > limit) {
              String key =
                  adaptive.isDefined()
                      ? "spark.sql.adaptive.autoBroadcastJoinThreshold"
                      : "spark.sql.autoBroadcastJoinThreshold";
              throw tooLarge(
                  key + " (" + megabytes(runtime) + ")",
                  "any relation up to that size that adaptive execution measures as it runs",
                  limit,
                  "Set " + key + " lower");
            }
          }
        },
        expression -> {});
    return plan;
  }

  private static void check(Join join, long limit, long automatic) {
    BigInt left = new BigInt(join.left().stats().sizeInBytes());
    BigInt right = new BigInt(join.right().stats().sizeInBytes());
    for (BigInt hinted :
        new BigInt[] {
          isBroadcast(join.hint().leftHint()) ? left : null,
          isBroadcast(join.hint().rightHint()) ? right : null
        }) {
      if (hinted != null && hinted.exceeds(limit)) {
        throw tooLarge(
            "its broadcast hint",
            "a relation Spark estimates at " + hinted.text(),
            limit,
            "Leave the hint out: Spark then joins without collecting it");
      }
    }
    if (automatic > limit) {
      // Spark broadcasts on its own the smaller side that is under the threshold.
      BigInt smaller = left.exceeds(right) ? right : left;
      if (!smaller.exceeds(automatic) && smaller.exceeds(limit)) {
        throw tooLarge(
            "spark.sql.autoBroadcastJoinThreshold (" + megabytes(automatic) + ")",
            "a relation Spark estimates at " + smaller.text(),
            limit,
            "Set spark.sql.autoBroadcastJoinThreshold lower");
      }
    }
  }

  private static boolean isBroadcast(Option<HintInfo> hint) {
    return hint.isDefined()
        && hint.get().strategy().isDefined()
        && hint.get().strategy().get() == BROADCAST$.MODULE$;
  }

  private static GatewayException tooLarge(
      String what, String relation, long limit, String remedy) {
    return new GatewayException(
        ErrorCode.VALUE_TOO_LARGE,
        String.format(
            Locale.ROOT,
            "Cannot run the statement: %s asks the gateway to collect %s and build its hash table"
                + " in the gateway's memory; the most the gateway collects for one statement is %s"
                + " (spark.driver.maxResultSize). %s",
            what,
            relation,
            megabytes(limit),
            remedy));
  }

  private static String megabytes(long bytes) {
    return String.format(Locale.ROOT, "%,d MB", Math.max(1, bytes >> 20));
  }

  /** Spark's estimates are Scala big integers. */
  private record BigInt(scala.math.BigInt value) {
    boolean exceeds(long limit) {
      return value.compare(scala.math.BigInt.apply(limit)) > 0;
    }

    boolean exceeds(BigInt other) {
      return value.compare(other.value()) > 0;
    }

    String text() {
      return value.isValidLong() ? megabytes(value.toLong()) : "more than any memory";
    }
  }
}
