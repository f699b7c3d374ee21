package io.icegate.it.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.bench.LoadReport;
import io.icegate.bench.LoadRun;
import io.icegate.it.TestGateway;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The short form of {@code bench.LoadHarness}: 8 clients for 30 s mixing metadata queries, scans
 * and inserts into their own tables and one shared table. No client stalls, no insert is lost, the
 * only errors are commit conflicts that say to retry, and sessions, threads and heap return to
 * their baseline.
 */
class LoadIT {
  @Test
  void eightClientsForThirtySecondsLoseNothingAndLeaveNothingBehind() throws Exception {
    LoadReport report;
    try (TestGateway gateway = TestGateway.start()) {
      report = new LoadRun(gateway.jdbcUrl(), 8, Duration.ofSeconds(30), "load_it", 11L).run();
    }
    System.out.println("LoadIT: " + report);
    assertThat(report.statements().values().stream().mapToLong(Long::longValue).sum())
        .as("statements completed")
        .isGreaterThan(8);
    assertThat(report.problems()).as("problems of the run:\n%s", report).isEmpty();
  }
}
