package io.icegate.gateway.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class RulesCommandTest {
  private static final String RULES =
      """
      groups:
        analysts: [ana]
      catalogs:
        - {catalog: ".*"}
      tables:
        - {id: hr, group: analysts, namespace: hr, table: salaries, privileges: [select],
           columns: [{name: ssn, hidden: true}], filter: "region = {user}"}
        - {id: sales, group: analysts, namespace: sales, privileges: [select]}
        - {id: orders, group: analysts, namespace: sales, table: orders, privileges: [all]}
        - {id: nobody, group: analyst, privileges: [select]}
      """;

  @TempDir Path dir;

  private record Run(int exit, String out, String err) {}

  private Run run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      int exit = new CommandLine(new IcegateCommand()).execute(args);
      return new Run(
          exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
  }

  @Test
  void aUsableFileIsOkWithItsWarnings() throws Exception {
    Path file = Files.writeString(dir.resolve("rules.yaml"), RULES);
    Run run = run("rules", "check", file.toString());
    assertThat(run.exit()).isZero();
    assertThat(run.out())
        .contains("warning: rule orders is shadowed by the earlier rule sales")
        .contains("warning: rule nobody: group pattern 'analyst' matches no group of the file")
        .contains("ok: " + file);
  }

  @Test
  void decisionsForAUserAndAStatement() throws Exception {
    Path file = Files.writeString(dir.resolve("rules.yaml"), RULES);
    Run run =
        run(
            "rules",
            "check",
            file.toString(),
            "--as",
            "ana",
            "INSERT INTO sales.orders SELECT * FROM hr.salaries VERSION AS OF 3");
    assertThat(run.exit()).isZero();
    assertThat(run.out())
        .contains("user ana (role read, groups [analysts])")
        .contains("demo.sales.orders: needs insert: refused (sales; grants select)")
        .contains(
            "demo.hr.salaries: needs select, history: refused (hr; grants select);"
                + " column ssn hidden; rows where region = 'ana'");
  }

  @Test
  void aFileThatCannotBeUsedFailsNamingTheFault() throws Exception {
    Path broken =
        Files.writeString(
            dir.resolve("broken.yaml"), "tables: [{id: t, filter: \"region = = 1\"}]\n");
    Run run = run("rules", "check", broken.toString());
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.err())
        .contains("error: rule t: the row filter is not an expression Spark reads");
    Path misspelt = Files.writeString(dir.resolve("misspelt.yaml"), "tabels: []\n");
    assertThat(run("rules", "check", misspelt.toString()).err())
        .contains("has unknown key 'tabels'");
  }
}
