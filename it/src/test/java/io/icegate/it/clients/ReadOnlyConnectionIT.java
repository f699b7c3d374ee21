package io.icegate.it.clients;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.SqlFailures.assertFails;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.access.Role;
import io.icegate.it.RunningGateway;
import io.icegate.it.TestGateway;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code Connection.setReadOnly(true)} and the {@code readOnly} connection property: the connection
 * runs only what role {@code read} may (queries, metadata, EXPLAIN, EXPLAIN CALL, session
 * settings), whatever the user's role; every write is refused with SQLState 25006 and changes
 * nothing; {@code isReadOnly()} says so.
 */
class ReadOnlyConnectionIT {
  static final String TABLE = "demo.read_only.t";

  @RegisterExtension static final RunningGateway gateway = RunningGateway.withUsers(Map.of());

  @BeforeAll
  static void table() throws Exception {
    try (Connection admin = gateway.connect(Role.ADMIN)) {
      execute(
          admin,
          "CREATE NAMESPACE IF NOT EXISTS demo.read_only",
          "CREATE TABLE IF NOT EXISTS " + TABLE + " (id bigint) USING iceberg",
          "INSERT INTO " + TABLE + " VALUES (1), (2)");
    }
  }

  @Test
  void aReadOnlyConnectionRefusesEveryWriteAndStillReads() throws Exception {
    try (Connection admin = gateway.connect(Role.ADMIN)) {
      assertThat(admin.isReadOnly()).isFalse();
      admin.setReadOnly(true);
      assertThat(admin.isReadOnly()).isTrue();
      assertThat(admin.getMetaData().isReadOnly()).isTrue();
      List<List<Object>> before = state(admin);
      for (String write :
          List.of(
              "INSERT INTO " + TABLE + " VALUES (9)",
              "DELETE FROM " + TABLE + " WHERE id = 1",
              "UPDATE " + TABLE + " SET id = 3 WHERE id = 2",
              "CREATE TABLE demo.read_only.other (id bigint) USING iceberg",
              "ALTER TABLE " + TABLE + " SET TBLPROPERTIES ('k' = 'v')",
              "DROP TABLE " + TABLE,
              "CREATE NAMESPACE demo.read_only_too",
              "CALL demo.system.expire_snapshots(table => 'read_only.t')",
              "CALL demo.system.rollback_to_snapshot('read_only.t', 1)")) {
        assertFails(() -> execute(admin, write), "25006", "the connection is read-only");
      }
      assertThat(state(admin)).as("what the refused writes left").isEqualTo(before);
      // Reads, metadata, plans and session settings still run.
      assertThat(query(admin, "SELECT count(*) FROM " + TABLE)).containsExactly(List.of(2L));
      assertThat(query(admin, "SELECT count(*) FROM " + TABLE + ".snapshots")).hasSize(1);
      assertThat(query(admin, "EXPLAIN SELECT * FROM " + TABLE)).isNotEmpty();
      assertThat(query(admin, "EXPLAIN CALL demo.system.expire_snapshots(table => 'read_only.t')"))
          .isNotEmpty();
      execute(admin, "SET spark.sql.shuffle.partitions = 4");
      assertThat(admin.getMetaData().getTables("demo", "read_only", "%", null).next()).isTrue();
      admin.setReadOnly(false);
      assertThat(admin.isReadOnly()).isFalse();
      execute(admin, "INSERT INTO " + TABLE + " VALUES (3)");
      execute(admin, "DELETE FROM " + TABLE + " WHERE id = 3");
    }
  }

  @Test
  void theReadOnlyConnectionPropertyStartsItReadOnly() throws Exception {
    try (Connection writer = connect(Map.of("readOnly", "true"))) {
      assertThat(writer.isReadOnly()).isTrue();
      assertFails(
          () -> execute(writer, "INSERT INTO " + TABLE + " VALUES (9)"),
          "25006",
          "the connection is read-only");
      try (PreparedStatement insert =
          writer.prepareStatement("INSERT INTO " + TABLE + " VALUES (?)")) {
        insert.setLong(1, 7L);
        insert.addBatch();
        assertThatThrownBy(insert::executeBatch)
            .isInstanceOf(BatchUpdateException.class)
            .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("25006"));
      }
      assertThat(query(writer, "SELECT count(*) FROM " + TABLE)).containsExactly(List.of(2L));
    }
    assertFails(() -> connect(Map.of("readOnly", "perhaps")).close(), "08001", "readOnly");
  }

  private static Connection connect(Map<String, String> properties) throws SQLException {
    Properties info = new Properties();
    info.setProperty("user", TestGateway.TestUser.WRITER.user());
    info.setProperty("password", TestGateway.TestUser.WRITER.password());
    properties.forEach(info::setProperty);
    return DriverManager.getConnection(gateway.jdbcUrl(), info);
  }

  /** The table's rows and snapshots, and the namespace's tables. */
  private static List<List<Object>> state(Connection c) throws SQLException {
    List<List<Object>> state = new ArrayList<>(query(c, "SELECT * FROM " + TABLE));
    state.addAll(query(c, "SELECT snapshot_id FROM " + TABLE + ".snapshots"));
    state.addAll(query(c, "SHOW TABLES IN demo.read_only"));
    return state;
  }
}
