package io.icegate.gateway.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.protocol.StatementProgress;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ProgressBarTest {
  @Test
  void aRunningStatementShowsItsTasks() {
    StatementProgress running =
        new StatementProgress("17", 1, "RUNNING", Duration.ofMillis(12400), 1, 3, 40, 128, 0);

    assertThat(ProgressBar.line(running))
        .isEqualTo(
            "[#########.....................]  31%  tasks 40/128  stages 1/3  12.4 s  query 17");
  }

  @Test
  void aQueuedStatementShowsItsPlaceInLine() {
    assertThat(ProgressBar.line(queued(1))).isEqualTo("queued: 1st in line  4.1 s  query 17");
    assertThat(ProgressBar.line(queued(2))).isEqualTo("queued: 2nd in line  4.1 s  query 17");
    assertThat(ProgressBar.line(queued(3))).isEqualTo("queued: 3rd in line  4.1 s  query 17");
    assertThat(ProgressBar.line(queued(11))).isEqualTo("queued: 11th in line  4.1 s  query 17");
    assertThat(ProgressBar.line(queued(22))).isEqualTo("queued: 22nd in line  4.1 s  query 17");
  }

  private static StatementProgress queued(int position) {
    return new StatementProgress("17", 1, "QUEUED", Duration.ofMillis(4100), 0, 0, 0, 0, position);
  }
}
