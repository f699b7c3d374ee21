package io.icegate.it;

import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code bin/icegate sql}: runs statements with -e and scripts with -f, stopping at the first
 * failure.
 */
class ShellIT {
  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();

  @Test
  void executesAStatementAndPrintsItsRows() throws Exception {
    Result result = shell("-e", "SELECT 40 + 2 AS answer");
    assertThat(result.exitCode()).as(result.output()).isZero();
    assertThat(result.output()).contains("answer").contains("42");
  }

  @Test
  void scriptStopsAtItsFirstFailingStatementWithANonZeroStatus() throws Exception {
    Path script = Files.createTempFile(Path.of("target"), "script-", ".sql");
    Files.writeString(
        script,
        String.join(
            "\n",
            "CREATE NAMESPACE IF NOT EXISTS demo.shell_it;",
            "CREATE TABLE demo.shell_it.steps (n int) USING iceberg;",
            "INSERT INTO demo.shell_it.steps VALUES (1);",
            "INSERT INTO demo.shell_it.no_such_table VALUES (2);",
            "INSERT INTO demo.shell_it.steps VALUES (3);",
            ""));
    Result result = shell("-f", script.toString());
    assertThat(result.exitCode()).as(result.output()).isNotZero();
    assertThat(result.output()).contains("no_such_table");
    // One line per failure, as interactively: no Java stack trace, no terminal warning.
    assertThat(result.output())
        .doesNotContain("\tat ", "Exception", "Unable to create a system terminal");
    try (Connection c = gateway.connect()) {
      assertThat(query(c, "SELECT n FROM demo.shell_it.steps")).containsExactly(row(1));
    }
  }

  @Test
  void aLongStatementShowsAProgressBarThatIsErasedWhenItEnds() throws Exception {
    Result result =
        shell(
            "--progress=on",
            "-e",
            "SELECT count(*) AS matching FROM range(0, 3000000000, 1, 2) a WHERE a.id % 7 = 3");
    assertThat(result.exitCode()).as(result.output()).isZero();
    assertThat(result.output())
        .containsPattern(
            "\\[[#.]{30}\\] +\\d+%  tasks \\d/2  stages [01]/1  \\d+\\.\\d s  query \\d+");
    assertThat(result.output()).contains("428571429");
    // Erased: the result table is not on the bar's line.
    assertThat(
            result
                .output()
                .lines()
                .filter(line -> line.contains("tasks ") && line.contains("428571429")))
        .isEmpty();
  }

  @Test
  void noProgressBarWhenSwitchedOff() throws Exception {
    Result result =
        shell(
            "--progress=off",
            "-e",
            "SELECT count(*) AS matching FROM range(0, 3000000000, 1, 2) a WHERE a.id % 7 = 3");
    assertThat(result.exitCode()).as(result.output()).isZero();
    assertThat(result.output()).contains("428571429").doesNotContain("tasks ");
  }

  private static Result shell(String... args) throws Exception {
    Path launcher = Path.of("..", "bin", "icegate").toAbsolutePath().normalize();
    List<String> command =
        new java.util.ArrayList<>(List.of(launcher.toString(), "sql", gateway.jdbcUrl()));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    process.getOutputStream().close();
    byte[] output = process.getInputStream().readAllBytes();
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
    return new Result(process.exitValue(), new String(output, StandardCharsets.UTF_8));
  }

  private record Result(int exitCode, String output) {}
}
