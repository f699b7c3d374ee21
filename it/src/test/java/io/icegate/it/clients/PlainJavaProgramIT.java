package io.icegate.it.clients;

import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.it.RunningGateway;
import io.icegate.it.ShadedDriverIT;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.Date;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A plain Java program (java.sql only, clients/PlainJdbcProgram.java) run as a single source file
 * in a JVM of its own with nothing but the shaded driver jar on its class path: it creates a table,
 * inserts with a prepared batch, queries, and reads DatabaseMetaData.
 */
class PlainJavaProgramIT {
  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();

  @Test
  void programWithOnlyTheDriverJarCreatesInsertsQueriesAndReadsMetadata() throws Exception {
    Path program = Path.of("target", "test-classes", "clients", "PlainJdbcProgram.java");
    Process process =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                ShadedDriverIT.driverJar().toString(),
                program.toString(),
                gateway.jdbcUrl())
            .redirectErrorStream(true)
            .start();
    process.getOutputStream().close();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as(output).isZero();

    try (Connection c = gateway.connect()) {
      DatabaseMetaData meta = c.getMetaData();
      assertThat(output.lines())
          .containsExactly(
              "inserted 2",
              "row 1 | first note | 2024-03-01",
              "row 2 | second note | null",
              "database Icegate " + meta.getDatabaseProductVersion(),
              "driver Icegate JDBC Driver " + meta.getDriverVersion(),
              "table demo.clients_plain.notes TABLE",
              "column id bigint -5 nullable=NO",
              "column body string 12 nullable=YES",
              "column written date 91 nullable=YES",
              "primary key id");
      assertThat(query(c, "SELECT id, body, written FROM demo.clients_plain.notes ORDER BY id"))
          .containsExactly(
              row(1L, "first note", Date.valueOf("2024-03-01")), row(2L, "second note", null));
    }
  }
}
