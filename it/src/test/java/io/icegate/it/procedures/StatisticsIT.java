package io.icegate.it.procedures;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.procedures.ProcedureSupport.call;
import static io.icegate.it.procedures.ProcedureSupport.currentMetadata;
import static io.icegate.it.procedures.ProcedureSupport.currentSnapshot;
import static io.icegate.it.procedures.ProcedureSupport.localPath;
import static io.icegate.it.procedures.ProcedureSupport.snapshots;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.icegate.it.RunningGateway;
import io.icegate.it.procedures.ProcedureSupport.Result;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The specification's compute_table_stats and compute_partition_stats examples through JDBC: each
 * writes a statistics file that the table's current metadata lists for the right snapshot. (The
 * examples that pass {@code snapshot_id} as a string are in {@link SpecDifferencesIT}.)
 */
class StatisticsIT {
  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();
  private static Connection c;

  @BeforeAll
  static void start() throws Exception {
    c = gateway.connect();
    execute(c, "CREATE NAMESPACE IF NOT EXISTS demo.stats");
  }

  @AfterAll
  static void stop() throws Exception {
    c.close();
  }

  /** A partitioned table with two appends. */
  static void statsTable(Connection c, String table) throws SQLException {
    execute(
        c,
        "CREATE TABLE "
            + table
            + " (col1 int, col2 string, col3 double) USING iceberg PARTITIONED BY (col2)",
        "INSERT INTO " + table + " VALUES (1, 'a', 1.0), (2, 'b', 2.0)",
        "INSERT INTO " + table + " VALUES (3, 'a', 3.0), (4, 'c', 4.0)");
  }

  /**
   * The entry of the metadata's {@code statistics} (or {@code partition-statistics}) list for a
   * file.
   */
  static JsonNode listedStatistics(Connection c, String table, String list, String file)
      throws SQLException {
    JsonNode entries = currentMetadata(c, table).path(list);
    List<String> paths = new ArrayList<>();
    for (JsonNode entry : entries) {
      paths.add(entry.path("statistics-path").asText());
      if (entry.path("statistics-path").asText().equals(file)) {
        return entry;
      }
    }
    throw new AssertionError(list + " of " + table + " does not list " + file + ": " + paths);
  }

  /** The field ids each blob of a table statistics entry covers. */
  static List<List<Integer>> blobFields(JsonNode statistics) {
    List<List<Integer>> fields = new ArrayList<>();
    for (JsonNode blob : statistics.path("blob-metadata")) {
      List<Integer> ids = new ArrayList<>();
      blob.path("fields").forEach(id -> ids.add(id.asInt()));
      fields.add(ids);
    }
    return fields;
  }

  @Test
  void computeTableStatsOfTheCurrentSnapshot() throws Exception {
    String table = "demo.stats.my_table";
    statsTable(c, table);

    Result result = call(c, "CALL demo.system.compute_table_stats('stats.my_table')");

    assertThat(result.columns()).containsExactly("statistics_file VARCHAR");
    String file = (String) result.single();
    assertThat(localPath(file)).exists();
    JsonNode listed = listedStatistics(c, table, "statistics", file);
    assertThat(listed.path("snapshot-id").asLong()).isEqualTo(currentSnapshot(c, table));
    assertThat(blobFields(listed)).containsExactlyInAnyOrder(List.of(1), List.of(2), List.of(3));
  }

  @Test
  void computeTableStatsOfAnOlderSnapshotAndSomeColumns() throws Exception {
    String table = "demo.stats.older";
    statsTable(c, table);
    long first = snapshots(c, table).get(0);

    Result result =
        call(
            c,
            "CALL demo.system.compute_table_stats(table => 'stats.older', snapshot_id => "
                + first
                + ", columns => array('col1', 'col2'))");

    assertThat(result.columns()).containsExactly("statistics_file VARCHAR");
    JsonNode listed = listedStatistics(c, table, "statistics", (String) result.single());
    assertThat(listed.path("snapshot-id").asLong()).isEqualTo(first);
    assertThat(blobFields(listed)).containsExactlyInAnyOrder(List.of(1), List.of(2));
  }

  @Test
  void computePartitionStatsOfTheCurrentSnapshot() throws Exception {
    String table = "demo.stats.partitioned";
    statsTable(c, table);

    Result result = call(c, "CALL demo.system.compute_partition_stats('stats.partitioned')");

    assertThat(result.columns()).containsExactly("partition_statistics_file VARCHAR");
    String file = (String) result.single();
    assertThat(localPath(file)).exists();
    JsonNode listed = listedStatistics(c, table, "partition-statistics", file);
    assertThat(listed.path("snapshot-id").asLong()).isEqualTo(currentSnapshot(c, table));
  }
}
