package io.icegate.gateway.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.apache.spark.scheduler.SparkListenerExecutorAdded;
import org.apache.spark.scheduler.SparkListenerExecutorRemoved;
import org.junit.jupiter.api.Test;

class ExecutorWatchTest {
  @Test
  void lossesAreNamedByHowTheExecutorEnded() {
    assertThat(ExecutorWatch.kind("Command exited with code 52")).isEqualTo("out_of_memory");
    assertThat(ExecutorWatch.kind("Command exited with code 137")).isEqualTo("killed");
    assertThat(ExecutorWatch.kind("Command exited with code 143")).isEqualTo("killed");
    assertThat(ExecutorWatch.kind("Command exited with code 1")).isEqualTo("exited");
    assertThat(ExecutorWatch.kind("Executor heartbeat timed out after 120000 ms"))
        .isEqualTo("unresponsive");
    assertThat(ExecutorWatch.kind("Remote RPC client disassociated")).isEqualTo("other");
  }

  @Test
  void aProblemOnlyOnceNoExecutorHasRunForTheGracePeriod() throws Exception {
    ExecutorWatch watch = new ExecutorWatch(Duration.ofSeconds(1), "/logs");
    watch.alreadyRunning(List.of("0"));
    watch.onExecutorAdded(new SparkListenerExecutorAdded(0, "1", null));
    assertThat(watch.running()).isEqualTo(2);

    watch.onExecutorRemoved(
        new SparkListenerExecutorRemoved(0, "0", "Command exited with code 52"));
    watch.onExecutorRemoved(new SparkListenerExecutorRemoved(0, "1", "Command exited with code 1"));
    assertThat(watch.running()).isZero();
    assertThat(watch.problem()).as("within the grace period").isEmpty();

    Thread.sleep(1100); // Not a wait for a condition: the grace period has to pass.
    assertThat(watch.problem())
        .hasValueSatisfying(
            p ->
                assertThat(p)
                    .startsWith("executors: none running for 1 s")
                    .contains("last: Command exited with code 1; logs: /logs"));

    watch.onExecutorAdded(new SparkListenerExecutorAdded(0, "2", null));
    assertThat(watch.problem()).isEmpty();
  }
}
