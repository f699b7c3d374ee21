package io.icegate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A batch runs its elements one by one and stops at the first that fails or returns rows, with a
 * {@link BatchUpdateException} counting the elements that ran.
 */
class BatchTest {

  private static FakeGateway gateway;

  @BeforeAll
  static void startGateway() {
    gateway = FakeGateway.start();
  }

  @AfterAll
  static void stopGateway() {
    gateway.close();
  }

  @Test
  void everyElementsUpdateCountAndAnEmptyBatchAfterwards() throws SQLException {
    try (Connection connection = gateway.connect();
        Statement statement = connection.createStatement()) {
      statement.addBatch("INSERT INTO t VALUES (1)");
      statement.addBatch("DELETE FROM t");
      assertThat(statement.executeBatch()).containsExactly(1, 1);
      assertThat(statement.getResultSet()).isNull();
      assertThat(statement.getUpdateCount()).isEqualTo(-1);

      assertThat(statement.executeBatch()).isEmpty();
    }
  }

  @Test
  void aQueryStopsTheBatchAfterRunning() throws SQLException {
    try (Connection connection = gateway.connect();
        Statement statement = connection.createStatement()) {
      statement.addBatch("INSERT INTO t VALUES (1)");
      statement.addBatch("INSERT INTO t VALUES (2)");
      statement.addBatch("SELECT id FROM numbers");
      statement.addBatch("INSERT INTO t VALUES (3)");
      statement.addBatch("INSERT INTO t VALUES (4)");

      assertThatThrownBy(statement::executeBatch)
          .isExactlyInstanceOf(BatchUpdateException.class)
          .hasMessage(
              "Cannot run batch element 3 of 5 (SELECT id FROM numbers): it returned rows, and a"
                  + " batch takes only statements that return none (INSERT, DDL...); it ran, and"
                  + " its rows were discarded. Elements 1 to 2 ran before it and stay committed;"
                  + " elements 4 to 5 did not run")
          .satisfies(
              e -> {
                BatchUpdateException failure = (BatchUpdateException) e;
                assertThat(failure.getSQLState()).isEqualTo("07003");
                assertThat(failure.getUpdateCounts()).containsExactly(1, 1);
              });
      assertThat(statement.getResultSet()).isNull();
      assertThat(statement.executeBatch()).isEmpty();
    }
  }

  @Test
  void preparedBatchesRunOncePerParameterSetAndKeepTheParameters() throws SQLException {
    try (Connection connection = gateway.connect();
        PreparedStatement insert = connection.prepareStatement("INSERT INTO t VALUES (?)");
        PreparedStatement query = connection.prepareStatement("SELECT id FROM numbers")) {
      for (int i = 1; i <= 3; i++) {
        insert.setInt(1, i);
        insert.addBatch();
      }
      insert.setInt(1, 42);
      assertThat(insert.executeLargeBatch()).containsExactly(1L, 1L, 1L);
      assertThat(insert.executeUpdate()).isEqualTo(1); // the parameter 42 is still set

      query.addBatch();
      assertThatThrownBy(query::executeBatch)
          .isExactlyInstanceOf(BatchUpdateException.class)
          // The fake gateway names the query "numbers" (the real one repeats the SQL).
          .hasMessageStartingWith("Cannot run batch element 1 of 1 (numbers): it returned rows")
          .extracting(e -> ((SQLException) e).getSQLState())
          .isEqualTo("07003");
    }
  }

  @Test
  void updateCountAndMoreResultsFollowJdbc() throws SQLException {
    try (Connection connection = gateway.connect();
        Statement statement = connection.createStatement()) {
      assertThat(statement.execute("SELECT id FROM numbers")).isTrue();
      assertThat(statement.getUpdateCount()).isEqualTo(-1);
      assertThat(statement.getResultSet()).isNotNull();
      assertThat(statement.getMoreResults()).isFalse();
      assertThat(statement.getResultSet()).isNull();
      assertThat(statement.getUpdateCount()).isEqualTo(-1);

      assertThat(statement.execute("INSERT INTO t VALUES (1)")).isFalse();
      assertThat(statement.getResultSet()).isNull();
      assertThat(statement.getUpdateCount()).isEqualTo(1);
      assertThat(statement.getMoreResults()).isFalse();
      assertThat(statement.getUpdateCount()).isEqualTo(-1);
    }
  }
}
