package io.icegate.gateway.bounds;

import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.SparkSessionExtensions;
import org.apache.spark.sql.catalyst.parser.ParserInterface;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.rules.Rule;
import scala.Function1;
import scala.runtime.AbstractFunction1;
import scala.runtime.AbstractFunction2;
import scala.runtime.BoxedUnit;

/**
 * Installs the {@link PlanBounds} in Spark ({@code spark.sql.extensions}): the parser's check of
 * constants, a resolution rule that bounds the plan's size as views expand, a check of the analyzed
 * plan's constants before the optimizer computes them and of the size of caches, and an optimizer
 * rule that refuses broadcast hints on relations larger than the gateway collects.
 */
public final class BoundsExtensions extends AbstractFunction1<SparkSessionExtensions, BoxedUnit> {
  @Override
  public BoxedUnit apply(SparkSessionExtensions extensions) {
    extensions.injectParser(
        new AbstractFunction2<SparkSession, ParserInterface, ParserInterface>() {
          @Override
          public ParserInterface apply(SparkSession session, ParserInterface delegate) {
            return new BoundedParser(delegate);
          }
        });
    extensions.injectResolutionRule(
        new AbstractFunction1<SparkSession, Rule<LogicalPlan>>() {
          @Override
          public Rule<LogicalPlan> apply(SparkSession session) {
            return new PlanSize();
          }
        });
    extensions.injectOptimizerRule(
        new AbstractFunction1<SparkSession, Rule<LogicalPlan>>() {
          @Override
          public Rule<LogicalPlan> apply(SparkSession session) {
            return new BroadcastSizes();
          }
        });
    extensions.injectCheckRule(
        new AbstractFunction1<SparkSession, Function1<LogicalPlan, BoxedUnit>>() {
          @Override
          public Function1<LogicalPlan, BoxedUnit> apply(SparkSession session) {
            return new AbstractFunction1<>() {
              @Override
              public BoxedUnit apply(LogicalPlan plan) {
                new ConstantSizes(PlanBounds.maxConstantBytes()).check(plan);
                CacheSizes.check(plan, PlanBounds.maxCacheBytes(), () -> cachedBytes(session));
                return BoxedUnit.UNIT;
              }
            };
          }
        });
    return BoxedUnit.UNIT;
  }

  /** What the executors hold in caches now, in memory and on disk. */
  private static long cachedBytes(SparkSession session) {
    long bytes = 0;
    for (org.apache.spark.storage.RDDInfo rdd : session.sparkContext().getRDDStorageInfo()) {
      bytes += rdd.memSize() + rdd.diskSize();
    }
    return bytes;
  }
}
