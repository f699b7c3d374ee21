package io.icegate.gateway.bounds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import java.util.Collections;
import org.apache.spark.sql.catalyst.parser.CatalystSqlParser$;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PlanSizeTest {
  @AfterEach
  void defaults() {
    PlanBounds.configure(PlanBounds.DEFAULT_MAX_PLAN_NODES, PlanBounds.DEFAULT_MAX_CONSTANT_BYTES);
  }

  @Test
  void aPlanWithMoreNodesThanTheLimitIsRefusedNamingTheSetting() throws Exception {
    LogicalPlan plan = unionOf(200);
    PlanBounds.configure(100, PlanBounds.DEFAULT_MAX_CONSTANT_BYTES);

    assertThatThrownBy(() -> new PlanSize().apply(plan))
        .isInstanceOfSatisfying(
            GatewayException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.STATEMENT_TOO_COMPLEX))
        .hasMessageContaining("its plan has more than 100 nodes")
        .hasMessageContaining("icegate.limits.max-plan-nodes");
  }

  @Test
  void aPlanWithinTheLimitIsLeftAsItIs() throws Exception {
    LogicalPlan plan = unionOf(200);

    assertThat(new PlanSize().apply(plan)).isSameAs(plan);
  }

  @Test
  void subQueriesCount() throws Exception {
    LogicalPlan plan =
        CatalystSqlParser$.MODULE$.parsePlan(
            "SELECT * FROM t WHERE a IN ("
                + String.join(" UNION ALL ", Collections.nCopies(60, "SELECT 1"))
                + ")");
    PlanBounds.configure(100, PlanBounds.DEFAULT_MAX_CONSTANT_BYTES);

    assertThatThrownBy(() -> new PlanSize().apply(plan))
        .hasMessageContaining("more than 100 nodes");
  }

  private static LogicalPlan unionOf(int selects) throws Exception {
    return CatalystSqlParser$.MODULE$.parsePlan(
        String.join(" UNION ALL ", Collections.nCopies(selects, "SELECT 1")));
  }
}
