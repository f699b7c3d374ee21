package io.icegate.it.isolation;

import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.icegate.it.RunningGateway;
import io.icegate.it.TestGateway;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A result its client leaves open after the first rows (as an SQL editor does) holds no executor:
 * after five seconds without a read (icegate.stream.spool-after-seconds) its partitions move to the
 * gateway's disk, another user's query runs on the freed executors, and the client later reads
 * every row, in order, from the spool.
 */
class IdleResultIT {
  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();

  private static final ExecutorService CLIENTS = Executors.newCachedThreadPool();

  @AfterAll
  static void stopClients() {
    CLIENTS.shutdownNow();
  }

  @Test
  void anOpenResultNobodyReadsMovesToDiskAndFreesTheExecutors() throws Exception {
    long rows = 6_000_000;
    try (Connection editor = gateway.connectAs("editor");
        Connection other = gateway.connectAs("other");
        Statement s = editor.createStatement()) {
      s.setFetchSize(200);
      // Two partitions of three million rows: far more than the connections buffer.
      ResultSet open =
          s.executeQuery("SELECT id, repeat('x', 100) AS pad FROM range(0, " + rows + ", 1, 2)");
      for (int i = 0; i < 200; i++) {
        assertThat(open.next()).isTrue();
      }
      // Both executors' tasks are now waiting for the editor, until their rows go to disk.
      await("the open result's tasks end")
          .atMost(Duration.ofSeconds(60))
          .until(
              () ->
                  !query(
                          other,
                          "SELECT 1 FROM icegate.system.queries WHERE user_name = 'editor'"
                              + " AND state = 'STREAMING' AND tasks_total > 0"
                              + " AND tasks_done = tasks_total")
                      .isEmpty());
      assertThat(spooledBytes()).as("bytes of the spooled partitions").isPositive();

      Future<List<List<Object>>> another =
          CLIENTS.submit(() -> query(other, "SELECT count(*) FROM range(0, 1000000, 1, 2)"));
      assertThat(another.get(60, TimeUnit.SECONDS)).containsExactly(row(1000000L));

      long next = 200;
      while (open.next()) {
        assertThat(open.getLong(1)).isEqualTo(next);
        next++;
      }
      assertThat(next).as("every row, each once, in order").isEqualTo(rows);
      open.close();
    }
    assertThat(spooledBytes()).as("once the result is closed").isZero();
  }

  @Test
  void aPartitionWhoseFirstRowTakesLongStillArrives() throws Exception {
    try (Connection c = gateway.connectAs("patient")) {
      // One task hashes 80 million numbers (about 13 s here) before it finds its one row: longer
      // than the gateway waits for a silent connection to say which partition it carries (10 s).
      String last = "102c9ec97dc3f30f3f118dcd85350c717566e7910a147988260330a3e3cd6917";
      assertThat(
              query(
                  c,
                  "SELECT id FROM range(0, 80000000, 1, 1)"
                      + " WHERE sha2(CAST(id AS STRING), 256) = '"
                      + last
                      + "'"))
          .containsExactly(row(79999999L));
    }
  }

  private static long spooledBytes() {
    return TestGateway.engine().resultServer().orElseThrow().spooledBytes();
  }
}
