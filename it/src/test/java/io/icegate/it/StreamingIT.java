package io.icegate.it;

import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * A result far larger than the gateway's heap streams through a gateway started with a small heap.
 */
class StreamingIT {
  private static final long ROWS = 16_000_000L;

  @Test
  void resultOfSeveralGigabytesStreamsThroughA256MegabyteGateway() throws Exception {
    Path warehouse = Files.createTempDirectory(Path.of("target"), "streaming-warehouse-");
    // ExitOnOutOfMemoryError turns any attempt to hold the result in memory into a dead process.
    try (GatewayProcess gateway =
            GatewayProcess.start(warehouse, "-Xmx256m -XX:+ExitOnOutOfMemoryError");
        Connection c = DriverManager.getConnection(gateway.jdbcUrl());
        Statement s = c.createStatement()) {
      s.setFetchSize(5_000);
      long rows = 0;
      long bytes = 0;
      // Two partitions of 1.1 GB each: Spark's toLocalIterator would have to hold one of them
      // whole.
      try (ResultSet rs =
          s.executeQuery(
              "SELECT id, sha2(CAST(id AS STRING), 512) AS wide"
                  + " FROM range(0, "
                  + ROWS
                  + ", 1, 2)")) {
        while (rs.next()) {
          rows++;
          bytes += 8 + rs.getString(2).length();
        }
      }
      assertThat(rows).isEqualTo(ROWS);
      assertThat(bytes).isGreaterThan(2L * 1024 * 1024 * 1024);
      assertThat(gateway.isAlive()).as("gateway alive; log:\n%s", gateway.log()).isTrue();
      assertThat(query(c, "SELECT 1")).containsExactly(row(1));
    }
  }
}
