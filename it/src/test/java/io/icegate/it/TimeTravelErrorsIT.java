package io.icegate.it;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static io.icegate.it.SparkJobs.sparkJobsDuring;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Time travel on data tables that selects no snapshot fails before Spark runs anything, with a
 * SQLState and a message naming the table and what exists; time travel that selects one still reads
 * it (from the time-travel issue, item 2).
 */
class TimeTravelErrorsIT {
  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();
  private static Connection c;
  private static long first;

  @BeforeAll
  static void start() throws Exception {
    c = gateway.connect();
    execute(
        c,
        "CREATE NAMESPACE IF NOT EXISTS demo.travel_it",
        "CREATE TABLE demo.travel_it.t (id int) USING iceberg",
        "INSERT INTO demo.travel_it.t VALUES (1)",
        "ALTER TABLE demo.travel_it.t CREATE TAG v1",
        "ALTER TABLE demo.travel_it.t CREATE BRANCH audit",
        "INSERT INTO demo.travel_it.t VALUES (2)");
    first =
        (Long)
            query(c, "SELECT snapshot_id FROM demo.travel_it.t.refs WHERE name = 'v1'")
                .get(0)
                .get(0);
  }

  @AfterAll
  static void stop() throws Exception {
    c.close();
  }

  @Test
  void anUnknownSnapshotIdListsTheValidOnes() throws Exception {
    assertRefused(
        "SELECT * FROM demo.travel_it.t VERSION AS OF 12345",
        "42704",
        "demo.travel_it.t",
        "12345",
        "valid: " + first);
  }

  @Test
  void anUnknownBranchOrTagListsTheRefs() throws Exception {
    assertRefused(
        "SELECT * FROM demo.travel_it.t FOR SYSTEM_VERSION AS OF 'v2'",
        "42704",
        "demo.travel_it.t",
        "'v2'",
        "audit",
        "main",
        "v1");
    assertRefused(
        "SELECT * FROM demo.travel_it.t.tag_v2", "42704", "demo.travel_it.t", "'v2'", "v1");
    assertRefused(
        "SELECT * FROM demo.travel_it.t.branch_nope",
        "42704",
        "demo.travel_it.t",
        "'nope'",
        "audit");
  }

  @Test
  void aTimeBeforeTheFirstSnapshotSaysWhenItWas() throws Exception {
    assertRefused(
        "SELECT * FROM demo.travel_it.t TIMESTAMP AS OF '2000-01-01 00:00:00'",
        "22023",
        "demo.travel_it.t",
        "2000-01-01",
        "first snapshot at");
    assertRefused(
        "SELECT * FROM demo.travel_it.t FOR SYSTEM_TIME AS OF 946684800",
        "22023",
        "demo.travel_it.t",
        "first snapshot at");
  }

  @Test
  void aBranchInTheNameTakesNoAsOfClause() throws Exception {
    assertRefused(
        "SELECT * FROM demo.travel_it.t.branch_audit VERSION AS OF " + first,
        "42613",
        "demo.travel_it.t",
        "branch_audit",
        "VERSION AS OF");
  }

  @Test
  void errorsInsideJoinsAndSubqueriesAreFoundToo() throws Exception {
    assertRefused(
        "SELECT a.id FROM demo.travel_it.t a JOIN (SELECT id FROM demo.travel_it.t VERSION AS OF"
            + " 999) b ON a.id = b.id",
        "42704",
        "demo.travel_it.t",
        "999");
  }

  @Test
  void timeTravelThatSelectsASnapshotReadsIt() throws Exception {
    assertThat(query(c, "SELECT id FROM demo.travel_it.t VERSION AS OF " + first))
        .containsExactly(row(1));
    assertThat(query(c, "SELECT id FROM demo.travel_it.t VERSION AS OF 'v1'"))
        .containsExactly(row(1));
    assertThat(query(c, "SELECT id FROM demo.travel_it.t.branch_audit")).containsExactly(row(1));
    assertThat(query(c, "SELECT id FROM demo.travel_it.t ORDER BY id"))
        .containsExactly(row(1), row(2));
  }

  private static void assertRefused(String sql, String sqlState, String... messageParts)
      throws Exception {
    int jobs =
        sparkJobsDuring(() -> SqlFailures.assertFails(() -> query(c, sql), sqlState, messageParts));
    assertThat(jobs).as("Spark jobs started by: %s", sql).isZero();
  }
}
