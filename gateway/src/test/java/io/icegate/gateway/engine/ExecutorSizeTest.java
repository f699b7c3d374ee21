package io.icegate.gateway.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ExecutorSizeTest {
  private static final long GIB = 1L << 30;

  @Test
  void twoCoresMakeTwoExecutorsOfOneCoreSharingAQuarterOfTheMemory() {
    assertThat(ExecutorSize.of(Map.of(), 2, 8 * GIB)).isEqualTo(new ExecutorSize(2, 1, 1024));
    assertThat(ExecutorSize.of(Map.of(), 2, 8 * GIB).memory()).isEqualTo("1g");
  }

  @Test
  void executorsHaveAtMostFourCoresAndBetweenHalfAGigabyteAndTwo() {
    assertThat(ExecutorSize.of(Map.of(), 1, 1 * GIB)).isEqualTo(new ExecutorSize(1, 1, 512));
    assertThat(ExecutorSize.of(Map.of(), 16, 64 * GIB)).isEqualTo(new ExecutorSize(4, 4, 2048));
    assertThat(ExecutorSize.of(Map.of(), 2, 24 * GIB)).isEqualTo(new ExecutorSize(2, 1, 2048));
  }

  @Test
  void sparksOwnSettingsWin() {
    Map<String, String> conf =
        Map.of(
            "spark.executor.instances", "3",
            "spark.executor.cores", "2",
            "spark.executor.memory", "768m");

    ExecutorSize size = ExecutorSize.of(conf, 2, 8 * GIB);

    assertThat(size).isEqualTo(new ExecutorSize(3, 2, 768));
    assertThat(size.memory()).isEqualTo("768m");
  }

  @Test
  void aBadSettingIsNamed() {
    assertThatThrownBy(() -> ExecutorSize.of(Map.of("spark.executor.memory", "lots"), 2, GIB))
        .hasMessageContaining(
            "spark.executor.memory must be a size such as 2g or 512m, not 'lots'");
    assertThatThrownBy(() -> ExecutorSize.of(Map.of("spark.executor.cores", "0"), 2, GIB))
        .hasMessageContaining("spark.executor.cores must be a positive integer, not '0'");
  }
}
