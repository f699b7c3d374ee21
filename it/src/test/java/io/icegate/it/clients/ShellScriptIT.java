package io.icegate.it.clients;

import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.it.RunningGateway;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code bin/icegate sql -f} runs the scripts a user would write: DDL and DML, then Iceberg's
 * procedures (create_changelog_view, rollback_to_snapshot, expire_snapshots) and metadata-table
 * queries, printing their results and leaving the table as the scripts made it.
 */
class ShellScriptIT {
  private static final String TABLE = "demo.clients_script.accounts";

  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();

  @Test
  void scriptsOfDdlDmlProceduresAndMetadataQueriesRunToTheEnd() throws Exception {
    Result setup =
        runScript(
            "setup",
            "-- three snapshots: an append, a row-level update, an append",
            "CREATE NAMESPACE IF NOT EXISTS demo.clients_script;",
            "CREATE TABLE " + TABLE + " (id bigint NOT NULL, owner string, balance decimal(10,2))",
            "  USING iceberg;",
            "ALTER TABLE " + TABLE + " SET IDENTIFIER FIELDS id;",
            "INSERT INTO " + TABLE + " VALUES (1, 'ann', 10.00), (2, 'bob', 20.00);",
            "UPDATE " + TABLE + " SET balance = 25.00 WHERE id = 2;",
            "INSERT INTO " + TABLE + " VALUES (3, 'cy', 30.00);",
            "SELECT operation, summary['added-records'] AS added FROM "
                + TABLE
                + ".snapshots ORDER BY committed_at;");
    assertThat(setup.exitCode()).as(setup.output()).isZero();
    assertThat(setup.output()).containsSubsequence("append", "overwrite", "append");

    List<Long> snapshots = new ArrayList<>();
    try (Connection c = gateway.connect()) {
      for (List<Object> row :
          query(c, "SELECT snapshot_id FROM " + TABLE + ".snapshots ORDER BY committed_at")) {
        snapshots.add((Long) row.get(0));
      }
    }
    assertThat(snapshots).hasSize(3);
    long afterUpdate = snapshots.get(1);
    long latest = snapshots.get(2);

    // The snapshot id is what a user would copy from the setup's output.
    Result maintenance =
        runScript(
            "maintenance",
            "CALL demo.system.create_changelog_view(table => 'clients_script.accounts',",
            "  changelog_view => 'accounts_changes', identifier_columns => array('id'));",
            "SELECT _change_type, id, owner, balance FROM accounts_changes",
            "  ORDER BY _change_ordinal, id, _change_type DESC;",
            "CALL demo.system.rollback_to_snapshot('clients_script.accounts', "
                + afterUpdate
                + ");",
            "CALL demo.system.expire_snapshots(table => 'clients_script.accounts',",
            "  older_than => TIMESTAMP '2999-12-31 00:00:00', retain_last => 1);",
            "SELECT snapshot_id AS remaining_snapshot FROM " + TABLE + ".snapshots;",
            "SELECT id, owner, balance FROM " + TABLE + " ORDER BY id;");
    assertThat(maintenance.exitCode()).as(maintenance.output()).isZero();
    assertThat(maintenance.output())
        .containsSubsequence("changelog_view", "accounts_changes")
        .containsSubsequence(
            "INSERT",
            "ann",
            "10.00",
            "INSERT",
            "bob",
            "20.00",
            "UPDATE_BEFORE",
            "bob",
            "20.00",
            "UPDATE_AFTER",
            "bob",
            "25.00",
            "INSERT",
            "cy",
            "30.00")
        .containsSubsequence(
            "previous_snapshot_id",
            "current_snapshot_id",
            Long.toString(latest),
            Long.toString(afterUpdate))
        .contains("deleted_data_files_count")
        .containsSubsequence("remaining_snapshot", Long.toString(afterUpdate))
        .doesNotContain("\tat ", "Exception");

    try (Connection c = gateway.connect()) {
      assertThat(query(c, "SELECT id, owner, balance FROM " + TABLE + " ORDER BY id"))
          .containsExactly(
              row(1L, "ann", new BigDecimal("10.00")), row(2L, "bob", new BigDecimal("25.00")));
      assertThat(query(c, "SELECT snapshot_id FROM " + TABLE + ".snapshots"))
          .containsExactly(row(afterUpdate));
      DatabaseMetaData meta = c.getMetaData();
      try (ResultSet keys = meta.getPrimaryKeys("demo", "clients_script", "accounts")) {
        assertThat(keys.next()).isTrue();
        assertThat(keys.getString("COLUMN_NAME")).isEqualTo("id");
        assertThat(keys.next()).isFalse();
      }
    }
  }

  private static Result runScript(String name, String... lines) throws Exception {
    Path script = Files.createTempFile(Path.of("target"), "clients-" + name + "-", ".sql");
    Files.writeString(script, String.join("\n", lines) + "\n");
    Path launcher = Path.of("..", "bin", "icegate").toAbsolutePath().normalize();
    Process process =
        new ProcessBuilder(launcher.toString(), "sql", gateway.jdbcUrl(), "-f", script.toString())
            .redirectErrorStream(true)
            .start();
    process.getOutputStream().close();
    byte[] output = process.getInputStream().readAllBytes();
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
    return new Result(process.exitValue(), new String(output, StandardCharsets.UTF_8));
  }

  private record Result(int exitCode, String output) {}
}
