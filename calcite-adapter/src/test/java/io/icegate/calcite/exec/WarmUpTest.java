package io.icegate.calcite.exec;

import static org.assertj.core.api.Assertions.assertThatCode;

import org.junit.jupiter.api.Test;

class WarmUpTest {
  @Test
  void everyWarmUpStatementRunsNatively() {
    // run() throws NotNativeException if any statement would go to Spark, which would leave that
    // shape cold.
    assertThatCode(WarmUp::run).doesNotThrowAnyException();
  }
}
