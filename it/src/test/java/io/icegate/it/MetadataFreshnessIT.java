package io.icegate.it;

import static io.icegate.it.Rows.execute;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What a client learns follows the catalogs at once: after DDL on one connection, getTables and
 * getColumns show the new state on it and on another connection (time-travel/DDL issue, item 5).
 */
class MetadataFreshnessIT {
  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();

  @Test
  void ddlShowsInTablesAndColumnsOnEveryConnectionAtOnce() throws Exception {
    try (Connection writer = gateway.connect();
        Connection reader = gateway.connect()) {
      // The reader has looked before: nothing it saw may stick.
      execute(
          writer,
          "CREATE NAMESPACE IF NOT EXISTS demo.fresh_it",
          "CREATE TABLE demo.fresh_it.t (id bigint) USING iceberg");
      assertThat(columns(reader)).containsExactly("id");

      execute(writer, "ALTER TABLE demo.fresh_it.t ADD COLUMN note string");
      assertThat(columns(writer)).containsExactly("id", "note");
      assertThat(columns(reader)).containsExactly("id", "note");

      execute(writer, "ALTER TABLE demo.fresh_it.t RENAME TO demo.fresh_it.renamed");
      assertThat(tables(reader)).containsExactly("renamed");
      execute(writer, "DROP TABLE demo.fresh_it.renamed");
      assertThat(tables(reader)).isEmpty();
      assertThat(tables(writer)).isEmpty();
    }
  }

  private static List<String> columns(Connection c) throws SQLException {
    List<String> names = new ArrayList<>();
    try (ResultSet rs = c.getMetaData().getColumns("demo", "fresh_it", "t", "%")) {
      while (rs.next()) {
        names.add(rs.getString("COLUMN_NAME"));
      }
    }
    return names;
  }

  private static List<String> tables(Connection c) throws SQLException {
    DatabaseMetaData md = c.getMetaData();
    List<String> names = new ArrayList<>();
    try (ResultSet rs = md.getTables("demo", "fresh_it", "%", new String[] {"TABLE"})) {
      while (rs.next()) {
        names.add(rs.getString("TABLE_NAME"));
      }
    }
    return names;
  }
}
