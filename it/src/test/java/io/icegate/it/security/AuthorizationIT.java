package io.icegate.it.security;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static io.icegate.it.SqlFailures.assertFails;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.access.Role;
import io.icegate.it.RunningGateway;
import io.icegate.it.SparkJobs;
import io.icegate.procedure.spec.ProcedureSpec;
import io.icegate.procedure.spec.Procedures;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Roles through the real driver against a gateway with authentication: every procedure of the
 * registry and every DDL/DML kind tried as a {@code read} and a {@code write} user is refused
 * (42501, naming the role needed) exactly as docs/SECURITY.md says, and a refused statement changes
 * nothing.
 */
class AuthorizationIT {
  private static final String TABLE = "demo.authz.t";
  @RegisterExtension static final RunningGateway gateway = RunningGateway.withUsers(Map.of());

  @BeforeAll
  static void start() throws Exception {
    try (Connection admin = connect("boss", "boss-Pw-3")) {
      execute(
          admin,
          "CREATE NAMESPACE IF NOT EXISTS demo.authz",
          "CREATE TABLE " + TABLE + " (id bigint, name string) USING iceberg",
          "INSERT INTO " + TABLE + " VALUES (1, 'a')",
          "INSERT INTO " + TABLE + " VALUES (2, 'b')");
    }
  }

  @Test
  void everyProcedureIsRefusedToRolesBelowItsPrivilege() throws Exception {
    List<List<Object>> snapshotsBefore = snapshots();
    try (Connection reader = connect("reader", "reader-Pw-1");
        Connection writer = connect("writer", "writer-Pw-2")) {
      for (ProcedureSpec spec : Procedures.all()) {
        Role needed = Role.valueOf(spec.privilege().name());
        String call = "CALL demo.system." + spec.name() + "(table => 'authz.t')";
        checkRole(reader, Role.READ, needed, call, "CALL " + spec.name());
        checkRole(writer, Role.WRITE, needed, call, "CALL " + spec.name());
      }
    }
    assertThat(snapshots()).as("snapshots after refused calls").isEqualTo(snapshotsBefore);
  }

  /**
   * EXPLAIN CALL is open to read, but the effect of remove_orphan_files is a dry run that lists the
   * table's files: a reader gets no dry run, and no Spark job starts.
   */
  @Test
  void aReaderGetsNoDryRunOfRemoveOrphanFiles() throws Exception {
    try (Connection reader = connect("reader", "reader-Pw-1")) {
      List<List<Object>> rows = new ArrayList<>();
      int jobs =
          SparkJobs.sparkJobsDuring(
              () ->
                  rows.addAll(
                      query(
                          reader,
                          "EXPLAIN CALL demo.system.remove_orphan_files(table => 'authz.t')")));
      assertThat(jobs).as("Spark jobs started by a reader's EXPLAIN CALL").isZero();
      assertThat(rows.stream().filter(r -> "effect".equals(r.get(0))).toList())
          .singleElement()
          .satisfies(
              r -> {
                assertThat(r.subList(0, 3))
                    .containsExactly("effect", "not_predicted", "orphan_file_location");
                assertThat((String) r.get(4)).contains("admin");
              });
    }
  }

  @Test
  void dataAndSchemaChangesNeedWriteAndPurgeNeedsAdmin() throws Exception {
    List<List<Object>> snapshotsBefore = snapshots();
    try (Connection reader = connect("reader", "reader-Pw-1")) {
      for (String change :
          List.of(
              "INSERT INTO " + TABLE + " VALUES (3, 'c')",
              "DELETE FROM " + TABLE + " WHERE id = 1",
              "UPDATE " + TABLE + " SET name = 'z' WHERE id = 1",
              "MERGE INTO "
                  + TABLE
                  + " t USING (SELECT 1 AS id) s ON t.id = s.id WHEN MATCHED THEN DELETE",
              "CREATE TABLE demo.authz.other (id bigint) USING iceberg",
              "ALTER TABLE " + TABLE + " ADD COLUMN c int",
              "ALTER TABLE " + TABLE + " CREATE BRANCH b1",
              "DROP TABLE " + TABLE,
              "CREATE NAMESPACE demo.authz2")) {
        assertFails(
            () -> execute(reader, change),
            "42501",
            "needs role write",
            "user 'reader' has role read");
      }
      assertThat(query(reader, "SELECT id FROM " + TABLE + " ORDER BY id"))
          .containsExactly(row(1L), row(2L));
      assertThat(query(reader, "SELECT count(*) FROM " + TABLE + ".snapshots"))
          .containsExactly(row(2L));
      assertThat(query(reader, "EXPLAIN CALL demo.system.expire_snapshots(table => 'authz.t')"))
          .isNotEmpty();
    }
    assertThat(snapshots()).isEqualTo(snapshotsBefore);
    try (Connection writer = connect("writer", "writer-Pw-2")) {
      assertFails(
          () -> execute(writer, "DROP TABLE " + TABLE + " PURGE"),
          "42501",
          "DROP TABLE ... PURGE",
          "needs role admin",
          "user 'writer' has role write");
      execute(
          writer,
          "CREATE TABLE demo.authz.scratch (id bigint) USING iceberg",
          "INSERT INTO demo.authz.scratch VALUES (7)");
      assertThat(query(writer, "SELECT id FROM demo.authz.scratch")).containsExactly(row(7L));
      execute(writer, "DROP TABLE demo.authz.scratch");
    }
    assertThat(query(connect("boss", "boss-Pw-3"), "SELECT count(*) FROM " + TABLE))
        .containsExactly(row(2L));
  }

  private static void checkRole(Connection c, Role role, Role needed, String sql, String what) {
    if (role.includes(needed)) {
      // Allowed: it may still fail for its own reasons (arguments), but not for the role.
      try {
        query(c, sql);
      } catch (SQLException e) {
        assertThat(e.getSQLState())
            .as(sql + " as " + role + ": " + e.getMessage())
            .isNotEqualTo("42501");
      }
    } else {
      assertFails(
          () -> query(c, sql),
          "42501",
          "Cannot run " + what,
          "needs role " + needed.name().toLowerCase(Locale.ROOT));
    }
  }

  private static List<List<Object>> snapshots() throws Exception {
    try (Connection admin = connect("boss", "boss-Pw-3")) {
      return query(admin, "SELECT snapshot_id FROM " + TABLE + ".snapshots ORDER BY committed_at");
    }
  }

  private static Connection connect(String user, String password) throws SQLException {
    return gateway.connect(user, password);
  }
}
