package io.icegate.it;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Time travel on a metadata table that ignores it (snapshots, history, refs) answers with the
 * current metadata and says so in a SQLWarning of the statement and its result set; a table that
 * honours it (files) warns of nothing. Avatica's own driver reads the same answers and sees no
 * warnings.
 */
class WarningsIT {
  private static final String TABLE = "demo.warnings_it.t";

  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();
  private static long firstSnapshot;

  @BeforeAll
  static void buildTable() throws Exception {
    try (Connection c = gateway.connect()) {
      execute(
          c,
          "CREATE NAMESPACE IF NOT EXISTS demo.warnings_it",
          "CREATE TABLE " + TABLE + " (id int) USING iceberg",
          "INSERT INTO " + TABLE + " VALUES (1)",
          "INSERT INTO " + TABLE + " VALUES (2)");
      firstSnapshot =
          (Long)
              query(
                      c,
                      "SELECT snapshot_id FROM "
                          + TABLE
                          + ".snapshots ORDER BY committed_at LIMIT 1")
                  .get(0)
                  .get(0);
    }
  }

  @Test
  void metadataTablesThatIgnoreTimeTravelSaySo() throws Exception {
    try (Connection c = nativeConnection();
        Statement statement = c.createStatement()) {
      for (String metadata : List.of("snapshots", "history", "refs")) {
        String sql = "SELECT * FROM " + TABLE + "." + metadata + " VERSION AS OF " + firstSnapshot;
        try (ResultSet rs = statement.executeQuery(sql)) {
          List<SQLWarning> warnings = chain(statement.getWarnings());
          assertThat(warnings).as(sql).hasSize(1);
          assertThat(warnings.get(0).getSQLState()).isEqualTo("01000");
          assertThat(warnings.get(0).getMessage())
              .as(sql)
              .startsWith("Time travel ignored on ")
              .contains("warnings_it.t." + metadata);
          assertThat(messages(rs.getWarnings())).isEqualTo(messages(statement.getWarnings()));
          int rows = 0;
          while (rs.next()) {
            rows++;
          }
          // The current metadata, not the first snapshot's: both snapshots (the one branch, main,
          // for refs).
          assertThat(rows).as(sql).isEqualTo(metadata.equals("refs") ? 1 : 2);
        }
      }
    }
  }

  @Test
  void theSnapshotsWarningSaysWhatTheTableShowsInstead() throws Exception {
    try (Connection c = nativeConnection();
        Statement statement = c.createStatement()) {
      statement
          .executeQuery("SELECT * FROM " + TABLE + ".snapshots VERSION AS OF " + firstSnapshot)
          .close();
      assertThat(messages(statement.getWarnings()))
          .containsExactly(
              "Time travel ignored on " + TABLE + ".snapshots: it always lists every snapshot");
    }
  }

  @Test
  void metadataTablesThatHonourTimeTravelDoNotWarnAndTheNextExecutionClearsTheWarning()
      throws Exception {
    try (Connection c = nativeConnection();
        Statement statement = c.createStatement()) {
      statement
          .executeQuery("SELECT * FROM " + TABLE + ".snapshots VERSION AS OF " + firstSnapshot)
          .close();
      assertThat(chain(statement.getWarnings())).hasSize(1);

      try (ResultSet rs =
          statement.executeQuery(
              "SELECT * FROM " + TABLE + ".files VERSION AS OF " + firstSnapshot)) {
        assertThat(chain(statement.getWarnings())).isEmpty();
        assertThat(chain(rs.getWarnings())).isEmpty();
        int files = 0;
        while (rs.next()) {
          files++;
        }
        assertThat(files).as("data files at the first snapshot").isEqualTo(1);
      }
    }
  }

  @Test
  void preparedStatementsGetTheWarningsToo() throws Exception {
    try (Connection c = nativeConnection();
        PreparedStatement statement =
            c.prepareStatement(
                "SELECT * FROM " + TABLE + ".snapshots VERSION AS OF " + firstSnapshot)) {
      try (ResultSet rs = statement.executeQuery()) {
        assertThat(messages(statement.getWarnings()))
            .containsExactly(
                "Time travel ignored on " + TABLE + ".snapshots: it always lists every snapshot");
        assertThat(messages(rs.getWarnings())).isEqualTo(messages(statement.getWarnings()));
      }
      statement.clearWarnings();
      assertThat(chain(statement.getWarnings())).isEmpty();
      assertThat(statement.execute()).isTrue();
      assertThat(chain(statement.getWarnings())).hasSize(1);
    }
  }

  @Test
  void avaticasOwnDriverReadsTheAnswerAndSeesNoWarnings() throws Exception {
    try (Connection c = gateway.connectWithAvaticasDriver();
        Statement statement = c.createStatement()) {
      assertThat(c.getClass().getName()).doesNotContain("Icegate");
      statement.execute("SET icegate.metadata.native=true");
      try (ResultSet rs =
          statement.executeQuery(
              "SELECT snapshot_id FROM " + TABLE + ".snapshots VERSION AS OF " + firstSnapshot)) {
        int rows = 0;
        while (rs.next()) {
          rows++;
        }
        assertThat(rows).isEqualTo(2);
        assertThat(chain(statement.getWarnings())).isEmpty();
      }
    }
  }

  /** A connection on which metadata queries run natively, whatever the gateway's default. */
  private static Connection nativeConnection() throws SQLException {
    Connection c = gateway.connect();
    execute(c, "SET icegate.metadata.native=true");
    return c;
  }

  private static List<SQLWarning> chain(SQLWarning first) {
    List<SQLWarning> chain = new ArrayList<>();
    for (SQLWarning warning = first; warning != null; warning = warning.getNextWarning()) {
      chain.add(warning);
    }
    return chain;
  }

  private static List<String> messages(SQLWarning first) {
    return chain(first).stream().map(SQLWarning::getMessage).toList();
  }
}
