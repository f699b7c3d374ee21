package io.icegate.it.security;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.SqlFailures.assertFails;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.icegate.it.RunningGateway;
import io.icegate.it.TestGateway;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * One structured audit line per statement: who, from where, what, how long, rows, outcome and
 * SQLState.
 */
class AuditLogIT {
  private static Path auditFile;

  @RegisterExtension
  static final RunningGateway gateway = RunningGateway.startedBy(AuditLogIT::startWithAuditFile);

  private static TestGateway startWithAuditFile() throws Exception {
    auditFile = Files.createTempDirectory(Path.of("target"), "audit-").resolve("audit.log");
    return TestGateway.start(Map.of("icegate.audit.file", auditFile.toString()));
  }

  @Test
  void everyStatementLeavesOneLineWithItsOutcome() throws Exception {
    Properties properties = new Properties();
    properties.setProperty("user", "auditor");
    try (Connection c = DriverManager.getConnection(gateway.jdbcUrl(), properties)) {
      execute(
          c,
          "CREATE NAMESPACE IF NOT EXISTS demo.audit_it",
          "CREATE TABLE demo.audit_it.t (id bigint, name string) USING iceberg",
          "INSERT INTO demo.audit_it.t VALUES (1, 'it''s quoted'), (2, 'b')");
      assertThat(query(c, "SELECT id FROM demo.audit_it.t ORDER BY id")).hasSize(2);
      assertFails(() -> query(c, "SELECT * FROM demo.audit_it.missing"), "42P01", "missing");
    }
    List<JsonNode> lines = new ArrayList<>();
    ObjectMapper json = new ObjectMapper();
    for (String line : Files.readAllLines(auditFile)) {
      JsonNode node = json.readTree(line);
      if (node.get("user").asText().equals("auditor")) {
        lines.add(node);
      }
    }
    assertThat(lines).hasSize(5);
    for (JsonNode line : lines) {
      assertThat(line.fieldNames())
          .toIterable()
          .contains(
              "time",
              "user",
              "remote_address",
              "connection_id",
              "query_id",
              "kind",
              "statement",
              "duration_ms",
              "rows",
              "outcome",
              "sqlstate");
      assertThat(line.get("duration_ms").asLong()).isNotNegative();
      assertThat(line.get("remote_address").asText()).isEqualTo("127.0.0.1");
    }
    JsonNode insert = lines.get(2);
    assertThat(insert.get("statement").asText())
        .isEqualTo("INSERT INTO demo.audit_it.t VALUES (1, 'it''s quoted')," + " (2, 'b')");
    assertThat(insert.get("kind").asText()).isEqualTo("INSERT");
    assertThat(insert.get("outcome").asText()).isEqualTo("FINISHED");
    assertThat(insert.get("sqlstate").asText()).isEqualTo("00000");
    JsonNode select = lines.get(3);
    assertThat(select.get("kind").asText()).isEqualTo("a query");
    assertThat(select.get("rows").asLong()).isEqualTo(2);
    JsonNode failed = lines.get(4);
    assertThat(failed.get("outcome").asText()).isEqualTo("FAILED");
    assertThat(failed.get("sqlstate").asText()).isEqualTo("42P01");
    assertThat(failed.get("error").asText()).contains("missing");
    assertThat(lines.stream().map(l -> l.get("connection_id").asText()).distinct()).hasSize(1);
  }
}
