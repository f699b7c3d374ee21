package io.icegate.it;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static io.icegate.it.SqlFailures.assertFails;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.Meta;
import org.apache.spark.SparkContext;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Statement and connection behaviour through the driver against a real gateway: batches and their
 * update counts, update counts and further results after execute, auto-commit, commit and rollback,
 * isValid, and the current catalog and namespace.
 */
class StatementBehaviourIT {
  private static final String NS = "demo.stmt_it";
  private static final AtomicInteger TABLES = new AtomicInteger();

  /** Rows that keep two cores busy for minutes. */
  private static final String LONG_RANGE = "range(0, 100000000000, 1, 4) a WHERE a.id % 7 = 3";

  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();

  @BeforeAll
  static void start() throws Exception {
    try (Connection c = gateway.connect()) {
      execute(c, "CREATE NAMESPACE IF NOT EXISTS " + NS);
    }
  }

  /** A new table (id bigint, name string) of the test namespace, by its full name. */
  private static String newTable(Connection c) throws Exception {
    String table = NS + ".t" + TABLES.incrementAndGet();
    execute(c, "CREATE TABLE " + table + " (id bigint, name string) USING iceberg");
    return table;
  }

  private static long count(Connection c, String table) throws Exception {
    return (Long) query(c, "SELECT count(*) FROM " + table).get(0).get(0);
  }

  // ---- batches ----

  @Test
  void statementBatchOfDdlAndInsertsCountsTheRowsEachWrote() throws Exception {
    String table = NS + ".batch_plain";
    try (Connection c = gateway.connect();
        Statement s = c.createStatement()) {
      s.addBatch("CREATE TABLE " + table + " (id bigint, name string) USING iceberg");
      s.addBatch("INSERT INTO " + table + " VALUES (1, 'a'), (2, 'b'), (3, 'c')");
      s.addBatch("INSERT INTO " + table + " SELECT id + 10, name FROM " + table + " WHERE id < 3");
      s.addBatch("ALTER TABLE " + table + " ADD COLUMN note string");

      assertThat(s.executeBatch()).containsExactly(0, 3, 2, 0);

      assertThat(query(c, "SELECT id, name, note FROM " + table + " ORDER BY id"))
          .containsExactly(
              row(1L, "a", null),
              row(2L, "b", null),
              row(3L, "c", null),
              row(11L, "a", null),
              row(12L, "b", null));
      assertThat(s.executeBatch()).as("the batch is empty once run").isEmpty();
    }
  }

  @Test
  void preparedBatchWritesOneRowPerParameterSet() throws Exception {
    try (Connection c = gateway.connect()) {
      String table = newTable(c);
      try (PreparedStatement insert =
          c.prepareStatement("INSERT INTO " + table + " VALUES (?, ?)")) {
        for (long id = 1; id <= 3; id++) {
          insert.setLong(1, id);
          insert.setString(2, "n" + id);
          insert.addBatch();
        }
        assertThat(insert.executeBatch()).containsExactly(1, 1, 1);
      }
      assertThat(query(c, "SELECT id, name FROM " + table + " ORDER BY id"))
          .containsExactly(row(1L, "n1"), row(2L, "n2"), row(3L, "n3"));
    }
  }

  @Test
  void aQueryInABatchStopsItAndTheElementsBeforeStayCommitted() throws Exception {
    try (Connection c = gateway.connect();
        Statement s = c.createStatement()) {
      String table = newTable(c);
      s.addBatch("INSERT INTO " + table + " VALUES (1, 'a')");
      s.addBatch("SELECT * FROM " + table);
      s.addBatch("INSERT INTO " + table + " VALUES (2, 'b')");

      assertThatThrownBy(s::executeBatch)
          .isExactlyInstanceOf(BatchUpdateException.class)
          .hasMessage(
              "Cannot run batch element 2 of 3 (SELECT * FROM "
                  + table
                  + "): it returned rows, and a batch takes only statements that return none"
                  + " (INSERT, DDL...); it ran, and its rows were discarded. Element 1 ran before"
                  + " it and stays committed; element 3 did not run")
          .satisfies(
              e -> {
                BatchUpdateException failure = (BatchUpdateException) e;
                assertThat(failure.getSQLState()).isEqualTo("07003");
                assertThat(failure.getUpdateCounts()).containsExactly(1);
              });
      assertThat(query(c, "SELECT id, name FROM " + table)).containsExactly(row(1L, "a"));
    }
  }

  @Test
  void aFailingElementStopsTheBatchWithItsErrorAndCountsTheElementsThatRan() throws Exception {
    try (Connection c = gateway.connect();
        Statement s = c.createStatement()) {
      String table = newTable(c);
      s.addBatch("INSERT INTO " + table + " VALUES (1, 'a')");
      s.addBatch("INSERT INTO " + table + " VALUES (2, 'b'), (3, 'c')");
      s.addBatch("INSERT INTO " + NS + ".no_such_table VALUES (4, 'd')");
      s.addBatch("INSERT INTO " + table + " VALUES (5, 'e')");

      assertThatThrownBy(s::executeBatch)
          .isExactlyInstanceOf(BatchUpdateException.class)
          .hasMessageStartingWith(
              "Cannot run batch element 3 of 4 (INSERT INTO "
                  + NS
                  + ".no_such_table VALUES (4, 'd')): ")
          .hasMessageContaining("no_such_table` cannot be found")
          .hasMessageEndingWith(
              "Elements 1 to 2 ran before it and stay committed; element 4 did not run")
          .satisfies(
              e -> {
                BatchUpdateException failure = (BatchUpdateException) e;
                assertThat(failure.getSQLState()).isEqualTo("42P01");
                assertThat(failure.getUpdateCounts()).containsExactly(1, 2);
                assertThat(failure.getMessage())
                    .doesNotContain("Exception", "\tat ", "org.apache", "scala.");
              });
      // Each element that ran is its own Iceberg commit; element 4 never ran.
      assertThat(query(c, "SELECT id FROM " + table + " ORDER BY id"))
          .containsExactly(row(1L), row(2L), row(3L));
      assertThat(query(c, "SELECT count(*) FROM " + table + ".snapshots")).containsExactly(row(2L));
    }
  }

  @Test
  void aFailingParameterSetStopsAPreparedBatch() throws Exception {
    try (Connection c = gateway.connect()) {
      execute(
          c,
          "CREATE TABLE " + NS + ".batch_not_null (id bigint NOT NULL, name string) USING iceberg");
      try (PreparedStatement insert =
          c.prepareStatement("INSERT INTO " + NS + ".batch_not_null VALUES (?, ?)")) {
        insert.setLong(1, 1);
        insert.setString(2, "a");
        insert.addBatch();
        insert.setNull(1, java.sql.Types.BIGINT);
        insert.setString(2, "b");
        insert.addBatch();
        insert.setLong(1, 3);
        insert.setString(2, "c");
        insert.addBatch();

        assertThatThrownBy(insert::executeBatch)
            .isExactlyInstanceOf(BatchUpdateException.class)
            .hasMessageStartingWith(
                "Cannot run batch element 2 of 3 (INSERT INTO "
                    + NS
                    + ".batch_not_null VALUES (?, ?)): ")
            .hasMessageEndingWith(
                "Element 1 ran before it and stays committed; element 3 did not run")
            .satisfies(
                e -> {
                  BatchUpdateException failure = (BatchUpdateException) e;
                  assertThat(failure.getUpdateCounts()).containsExactly(1);
                  assertThat(failure.getSQLState())
                      .isEqualTo(((java.sql.SQLException) failure.getCause()).getSQLState())
                      .isNotIn(null, "00000", "HY000");
                });
      }
      assertThat(query(c, "SELECT id, name FROM " + NS + ".batch_not_null"))
          .containsExactly(row(1L, "a"));
    }
  }

  @Test
  void cancelStopsARunningBatchAndNoLaterElementRuns() throws Exception {
    try (Connection c = gateway.connect();
        Connection other = gateway.connect();
        Statement s = c.createStatement()) {
      String table = newTable(c);
      s.addBatch("INSERT INTO " + table + " VALUES (1, 'a')");
      s.addBatch("INSERT INTO " + table + " SELECT count(*), 'long' FROM " + LONG_RANGE);
      s.addBatch("INSERT INTO " + table + " VALUES (3, 'c')");

      CompletableFuture<Throwable> outcome =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  s.executeBatch();
                  return null;
                } catch (Throwable t) {
                  return t;
                }
              });
      SparkContext spark = TestGateway.engine().rootSession().sparkContext();
      // Element 2 keeps both cores busy: ask Iceberg's metadata (answered without Spark) for
      // element 1's commit.
      await("element 1 committed and element 2 running")
          .atMost(Duration.ofSeconds(60))
          .until(
              () ->
                  query(other, "SELECT count(*) FROM " + table + ".snapshots")
                          .equals(List.of(row(1L)))
                      && spark.statusTracker().getActiveJobIds().length > 0);
      s.cancel();

      assertThat(outcome.get(60, TimeUnit.SECONDS))
          .isExactlyInstanceOf(BatchUpdateException.class)
          .hasMessageStartingWith("Cannot run batch element 2 of 3 (")
          .hasMessageEndingWith(
              "Element 1 ran before it and stays committed; element 3 did not run")
          .satisfies(
              e -> {
                BatchUpdateException failure = (BatchUpdateException) e;
                assertThat(failure.getSQLState()).isEqualTo("57014");
                assertThat(failure.getUpdateCounts()).containsExactly(1);
              });
      assertThat(query(c, "SELECT id FROM " + table)).containsExactly(row(1L));
    }
  }

  @Test
  void theQueryTimeoutAppliesToEachElementOfABatch() throws Exception {
    try (Connection c = gateway.connect();
        Statement s = c.createStatement()) {
      String table = newTable(c);
      // The JVM's first Spark write can take longer than the timeout on a cold, busy machine: not
      // what is tested.
      s.executeUpdate("INSERT INTO " + table + " VALUES (0, 'warm-up')");
      s.setQueryTimeout(5);
      s.addBatch("INSERT INTO " + table + " VALUES (1, 'a')");
      s.addBatch("INSERT INTO " + table + " SELECT count(*), 'long' FROM " + LONG_RANGE);

      assertThatThrownBy(s::executeBatch)
          .isExactlyInstanceOf(BatchUpdateException.class)
          .hasMessageContaining("timed out after 5 s")
          .satisfies(
              e -> {
                BatchUpdateException failure = (BatchUpdateException) e;
                assertThat(failure.getSQLState()).isEqualTo("57014");
                assertThat(failure.getCause()).isInstanceOf(SQLTimeoutException.class);
                assertThat(failure.getUpdateCounts()).as(failure.getMessage()).containsExactly(1);
              });
      assertThat(query(c, "SELECT id FROM " + table + " ORDER BY id"))
          .containsExactly(row(0L), row(1L));
    }
  }

  // ---- queries of constants ----

  @Test
  void queryOfConstantsOnlyIsAnsweredWithoutASparkJob() throws Exception {
    try (Connection c = gateway.connect()) {
      List<List<Object>> rows = new java.util.ArrayList<>();
      int jobs =
          SparkJobs.sparkJobsDuring(
              () -> rows.addAll(query(c, "SELECT 1, 'a' || 'b', 2.5D * 2, CAST(NULL AS int)")));

      assertThat(rows).containsExactly(java.util.Arrays.asList(1, "ab", 5.0, null));
      assertThat(jobs).isZero();
    }
  }

  @Test
  void queryOfARandomValueStillRunsOnSpark() throws Exception {
    try (Connection c = gateway.connect()) {
      List<List<Object>> rows = new java.util.ArrayList<>();
      int jobs = SparkJobs.sparkJobsDuring(() -> rows.addAll(query(c, "SELECT rand()")));

      assertThat((Double) rows.get(0).get(0)).isBetween(0.0, 1.0);
      assertThat(jobs).isPositive();
    }
  }

  // ---- update counts and further results ----

  @Test
  void aQueryHasAResultSetAndNoUpdateCount() throws Exception {
    try (Connection c = gateway.connect();
        Statement s = c.createStatement()) {
      assertThat(s.execute("SELECT 1 AS one")).isTrue();
      assertThat(s.getResultSet()).isNotNull();
      assertThat(s.getUpdateCount()).isEqualTo(-1);

      assertThat(s.getMoreResults()).isFalse();
      assertThat(s.getResultSet()).isNull();
      assertThat(s.getUpdateCount()).isEqualTo(-1);
    }
  }

  @Test
  void anInsertHasAnUpdateCountAndNoResultSet() throws Exception {
    try (Connection c = gateway.connect();
        Statement s = c.createStatement()) {
      String table = newTable(c);
      assertThat(s.execute("INSERT INTO " + table + " VALUES (1, 'a'), (2, 'b')")).isFalse();
      assertThat(s.getResultSet()).isNull();
      assertThat(s.getUpdateCount()).isEqualTo(2);

      assertThat(s.getMoreResults()).isFalse();
      assertThat(s.getUpdateCount()).isEqualTo(-1);
      assertThat(s.getResultSet()).isNull();

      try (PreparedStatement insert =
          c.prepareStatement("INSERT INTO " + table + " VALUES (?, ?)")) {
        insert.setLong(1, 3);
        insert.setString(2, "c");
        assertThat(insert.execute()).isFalse();
        assertThat(insert.getResultSet()).isNull();
        assertThat(insert.getUpdateCount()).isEqualTo(1);
        assertThat(insert.getMoreResults()).isFalse();
        assertThat(insert.getUpdateCount()).isEqualTo(-1);
      }
    }
  }

  @Test
  void ddlHasAnUpdateCountOfZeroAndNoResultSet() throws Exception {
    try (Connection c = gateway.connect();
        Statement s = c.createStatement()) {
      assertThat(s.execute("CREATE TABLE " + NS + ".ddl_count (id bigint) USING iceberg"))
          .isFalse();
      assertThat(s.getResultSet()).isNull();
      assertThat(s.getUpdateCount()).isEqualTo(0);

      assertThat(s.getMoreResults()).isFalse();
      assertThat(s.getUpdateCount()).isEqualTo(-1);
    }
  }

  // ---- transactions ----

  @Test
  void autoCommitCannotBeSwitchedOffAndRollbackUndoesNothing() throws Exception {
    try (Connection c = gateway.connect();
        Connection other = gateway.connect()) {
      String table = newTable(c);
      assertThat(c.getAutoCommit()).isTrue();
      assertThat(c.getMetaData().supportsTransactions()).isFalse();
      assertThat(c.getTransactionIsolation()).isEqualTo(Connection.TRANSACTION_NONE);
      c.setAutoCommit(true);

      assertFails(
          () -> c.setAutoCommit(false),
          "0A000",
          "Cannot switch auto-commit off",
          "Iceberg commits every statement when it runs");
      assertThatThrownBy(() -> c.setAutoCommit(false))
          .isInstanceOf(SQLFeatureNotSupportedException.class);
      assertThat(c.getAutoCommit()).isTrue();

      execute(c, "INSERT INTO " + table + " VALUES (1, 'a')");
      assertThat(count(other, table))
          .as("committed at once, seen by another connection")
          .isEqualTo(1);

      assertFails(c::rollback, "0A000", "Cannot roll back", "nothing was undone");
      assertThat(count(c, table)).isEqualTo(1);

      c.commit();
      assertThat(count(other, table)).isEqualTo(1);
    }
  }

  // ---- isValid ----

  @Test
  void isValidWhileTheGatewayServesTheConnection() throws Exception {
    try (Connection c = gateway.connect()) {
      assertThat(c.isValid(5)).isTrue();
      assertThat(c.isValid(0)).isTrue();
      assertFails(() -> c.isValid(-1), "22023", "timeout is -1");
    }
  }

  @Test
  void isValidIsFalseOnceTheGatewayForgotTheConnection() throws Exception {
    try (Connection c = gateway.connect()) {
      // What expiry does: the gateway closes the connection without the client knowing.
      gateway
          .server()
          .meta()
          .closeConnection(new Meta.ConnectionHandle(c.unwrap(AvaticaConnection.class).id));

      assertThat(c.isValid(5)).isFalse();
      assertThat(c.isClosed()).as("the client has not closed it").isFalse();
    }
  }

  @Test
  void isValidIsFalseOnceTheGatewayIsGone() throws Exception {
    Connection c;
    try (TestGateway gone = TestGateway.start()) {
      c = gone.connect();
      assertThat(c.isValid(5)).isTrue();
    }
    long start = System.nanoTime();
    assertThat(c.isValid(5)).isFalse();
    assertThat((System.nanoTime() - start) / 1_000_000_000.0).isLessThan(5.5);
  }

  // ---- current catalog and namespace ----

  @Test
  void setCatalogAndSetSchemaChooseWhereUnqualifiedNamesResolve() throws Exception {
    try (Connection c = gateway.connect()) {
      String table = newTable(c);
      String name = table.substring(table.lastIndexOf('.') + 1);
      execute(c, "INSERT INTO " + table + " VALUES (7, 'seven')");

      c.setSchema("stmt_it");
      assertThat(c.getCatalog()).isEqualTo("demo");
      assertThat(c.getSchema()).isEqualTo("stmt_it");
      assertThat(query(c, "SELECT id, name FROM " + name)).containsExactly(row(7L, "seven"));
      assertThat(query(c, "SELECT current_catalog(), current_database()"))
          .containsExactly(row("demo", "stmt_it"));

      // Another catalog comes with its own current namespace, as with USE: spark_catalog has no
      // stmt_it.
      c.setCatalog("spark_catalog");
      assertThat(c.getCatalog()).isEqualTo("spark_catalog");
      assertThat(c.getSchema()).isEqualTo("default");
      assertThat(query(c, "SELECT current_catalog(), current_database()"))
          .containsExactly(row("spark_catalog", "default"));

      c.setCatalog("demo");
      c.setSchema("stmt_it");
      assertThat(query(c, "SELECT id, name FROM " + name)).containsExactly(row(7L, "seven"));
    }
  }

  @Test
  void getCatalogAndGetSchemaReportWhatUseChose() throws Exception {
    try (Connection c = gateway.connect()) {
      execute(c, "USE demo.stmt_it");
      assertThat(c.getCatalog()).isEqualTo("demo");
      assertThat(c.getSchema()).isEqualTo("stmt_it");

      execute(c, "USE spark_catalog.default");
      assertThat(c.getCatalog()).isEqualTo("spark_catalog");
      assertThat(c.getSchema()).isEqualTo("default");

      // A later change of another property does not set the catalog back.
      c.setReadOnly(false);
      c.setTransactionIsolation(Connection.TRANSACTION_NONE);
      assertThat(query(c, "SELECT current_catalog()")).containsExactly(row("spark_catalog"));
    }
  }

  @Test
  void anUnknownCatalogOrSchemaFailsWhenSetAndLeavesTheConnectionAsItWas() throws Exception {
    try (Connection c = gateway.connect()) {
      c.setSchema("stmt_it");

      assertFails(() -> c.setCatalog("no_such_catalog"), "3D000", "no_such_catalog");
      assertFails(() -> c.setSchema("no_such_namespace"), "42704", "no_such_namespace");

      assertThat(c.getCatalog()).isEqualTo("demo");
      assertThat(c.getSchema()).isEqualTo("stmt_it");
      assertThat(query(c, "SELECT current_catalog(), current_database()"))
          .containsExactly(row("demo", "stmt_it"));
    }
  }
}
