package io.icegate.it;

import static io.icegate.it.Rows.execute;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Errors a user's values cause have the SQLState of their class (22xxx), never XX000 (the gateway's
 * defect) or 58000 (a system error), whether Spark meets them while planning (literals) or in a
 * task (a table's values): numbers and intervals out of range, invalid dates under ANSI mode, text
 * that is no number or date, an option's value too large for a snapshot id.
 */
class ValueErrorsIT {
  private static final String TABLE = "demo.value_errors.t";

  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();

  @Test
  void everyValueErrorHasItsDataExceptionState() throws Exception {
    Map<String, String> expected = new LinkedHashMap<>();
    // Planning: literals.
    expected.put("SELECT INTERVAL 178956971 YEARS", "22015");
    expected.put("SELECT 128Y", "22003");
    expected.put("SELECT 9223372036854775808L", "22003");
    expected.put("SELECT 1e400D", "22003");
    expected.put("SELECT make_date(2024, 2, 30)", "22008");
    expected.put("SELECT CAST('2024-02-30' AS DATE)", "22018");
    expected.put("SELECT to_date('2024-13-01', 'yyyy-MM-dd')", "22007");
    // Tasks: the same failures met in a table's rows.
    expected.put("SELECT make_date(2024, 2, CAST(id + 28 AS INT)) FROM " + TABLE, "22008");
    expected.put("SELECT CAST(s AS DATE) FROM " + TABLE, "22018");
    expected.put("SELECT to_date(s, 'yyyy-MM-dd') FROM " + TABLE, "22007");
    expected.put("SELECT id * 9223372036854775807 FROM " + TABLE, "22003");
    expected.put("SELECT make_interval(y * 100, 0, 0, 0, 0, 0, 0) FROM " + TABLE, "22003");
    // An option's value, read by Iceberg when the view is.
    expected.put("SELECT * FROM value_errors_changes", "22003");
    try (Connection c = gateway.connect();
        Statement s = c.createStatement()) {
      execute(
          c,
          "CREATE NAMESPACE IF NOT EXISTS demo.value_errors",
          "CREATE OR REPLACE TABLE " + TABLE + " (id bigint, y int, s string) USING iceberg",
          "INSERT INTO " + TABLE + " VALUES (1, 178956971, '2024-02-30'), (2, 13, 'x')",
          "CALL demo.system.create_changelog_view(table => '"
              + TABLE
              + "', options => map('end-snapshot-id', '87647489814522183702'),"
              + " changelog_view => 'value_errors_changes')",
          "SET spark.sql.ansi.enabled=true");
      List<String> wrong = new ArrayList<>();
      for (Map.Entry<String, String> statement : expected.entrySet()) {
        String state = stateOf(s, statement.getKey());
        if (!statement.getValue().equals(state)) {
          wrong.add(statement.getKey() + ": " + state + ", not " + statement.getValue());
        }
      }
      assertThat(wrong).isEmpty();
    }
  }

  private static String stateOf(Statement s, String sql) {
    try {
      if (s.execute(sql)) {
        try (ResultSet rs = s.getResultSet()) {
          while (rs.next()) {
            rs.getObject(1);
          }
        }
      }
      return "no error";
    } catch (SQLException e) {
      assertThat(e.getMessage()).as(sql).isNotBlank().doesNotContain("Exception");
      return e.getSQLState();
    }
  }
}
