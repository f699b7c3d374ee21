package io.icegate.it.activity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.gateway.activity.ConnectionActivity;
import io.icegate.gateway.activity.GatewayActivity;
import io.icegate.gateway.activity.StatementActivity;
import io.icegate.gateway.error.ClientErrors;
import io.icegate.gateway.error.ErrorCode;
import io.icegate.it.TestGateway;
import java.util.List;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;

/**
 * A cancel that arrives before the execution's first Spark job (while Spark still plans, say) is
 * not lost: the job is cancelled as it starts, and the failure reads as a cancellation (SQLState
 * 57014).
 */
class LateCancelIT {
  @Test
  void aJobStartedAfterItsGroupWasCancelledIsCancelledAsItStarts() {
    SparkContext spark = TestGateway.engine().rootSession().sparkContext();
    GatewayActivity activity = GatewayActivity.instance();
    ConnectionActivity connection = activity.connectionOpened("late-cancel-it", "late");
    try {
      StatementActivity query =
          activity.start(connection, 1, "a statement still being planned", spark);
      String group = "icegate-late-cancel-it-1-1";
      query.runsIn(group);
      assertThat(query.cancel()).isTrue();

      spark.setJobGroup(group, "started after the cancel", true);
      try {
        long started = System.nanoTime();
        assertThatThrownBy(
                () ->
                    new JavaSparkContext(spark)
                        .parallelize(List.of(1, 2), 2)
                        .map(
                            i -> {
                              // Work that would take a minute: only the cancel ends it sooner.
                              Thread.sleep(60_000);
                              return i;
                            })
                        .count())
            .satisfies(
                e ->
                    assertThat(ClientErrors.describe(e).code())
                        .as(e.toString())
                        .isEqualTo(ErrorCode.CANCELLED));
        assertThat((System.nanoTime() - started) / 1_000_000_000)
            .as("seconds until cancelled")
            .isLessThan(30);
      } finally {
        spark.clearJobGroup();
      }
    } finally {
      activity.connectionClosed("late-cancel-it");
    }
  }
}
