package io.icegate.gateway.cli;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import sqlline.SqlLine;

/** {@code icegate sql}: sqlline with the Icegate driver, interactive or running a script. */
@Command(
    name = "sql",
    mixinStandardHelpOptions = true,
    description = "Open an SQL shell on a gateway (sqlline with the Icegate JDBC driver).")
final class SqlCommand implements Callable<Integer> {
  static final String DEFAULT_URL = "jdbc:icegate://127.0.0.1:8765";

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "URL",
      description = "JDBC URL (default " + DEFAULT_URL + ").")
  String url = DEFAULT_URL;

  @Option(names = "-e", paramLabel = "SQL", description = "Run these statements and exit.")
  String execute;

  @Option(
      names = "-f",
      paramLabel = "FILE",
      description =
          "Run the statements of FILE and exit; stops with a non-zero status at the first failure.")
  Path file;

  @Option(
      names = {"-n", "--user"},
      description = "User name.")
  String user = "";

  @Option(
      names = {"-p", "--password"},
      description = "Password.")
  String password = "";

  /** When to draw the progress bar of long statements. */
  enum Progress {
    auto,
    on,
    off
  }

  @Option(
      names = "--progress",
      paramLabel = "WHEN",
      description =
          "Show a progress bar (on standard error) while a statement runs for more than a second:"
              + " auto (when a terminal is attached), on, off. Default: auto.")
  Progress progress = Progress.auto;

  @Override
  public Integer call() throws IOException {
    List<String> args =
        new ArrayList<>(
            List.of(
                "-d",
                "io.icegate.jdbc.IcegateDriver",
                "-u",
                url,
                "-n",
                user,
                "-p",
                password,
                "--maxWidth=" + terminalWidth(),
                "--showWarnings=true",
                "--isolation=TRANSACTION_NONE"));
    boolean batch = execute != null || file != null;
    if (batch) {
      // A script stops at its first failing statement, like psql -v ON_ERROR_STOP=1.
      args.addAll(List.of("--force=false", "--silent=true", "--showElapsedTime=false"));
    }
    if (execute != null) {
      args.addAll(List.of("-e", execute));
    }
    if (file != null) {
      args.addAll(List.of("-f", file.toString()));
    }
    SqlLine sqlLine = new SqlLine();
    if (batch) {
      reportInOneLine(sqlLine);
      // A script needs no terminal; asking for a plain one keeps jline from warning that it found
      // none.
      System.setProperty("org.jline.terminal.dumb", "true");
    }
    if (progress == Progress.on || (progress == Progress.auto && System.console() != null)) {
      new ProgressBar(() -> currentConnection(sqlLine), System.err).start();
    }
    SqlLine.Status status = sqlLine.begin(args.toArray(String[]::new), null, !batch);
    return status == SqlLine.Status.OK ? 0 : 1;
  }

  /**
   * sqlline runs {@code -e} and {@code -f} while it starts up, and reports every failure and
   * warning of its start-up with a Java stack trace. Marking the start-up done beforehand makes it
   * report them in one line, as it does interactively ({@code Error: <message>
   * (state=42P01,code=1003)}). sqlline has no option for this.
   */
  private static void reportInOneLine(SqlLine sqlLine) {
    try {
      Field initComplete = SqlLine.class.getDeclaredField("initComplete");
      initComplete.setAccessible(true);
      initComplete.setBoolean(sqlLine, true);
    } catch (ReflectiveOperationException | RuntimeException e) {
      // Another sqlline version: failures are still reported, with stack traces.
    }
  }

  /**
   * sqlline's current connection, or null before it connects. sqlline keeps it to itself; the
   * progress bar reads its statements' progress on it (a second connection would not know which
   * statement is the shell's).
   */
  private static Connection currentConnection(SqlLine sqlLine) {
    try {
      Method getConnection = SqlLine.class.getDeclaredMethod("getConnection");
      getConnection.setAccessible(true);
      return (Connection) getConnection.invoke(sqlLine);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  private static int terminalWidth() {
    String columns = System.getenv("COLUMNS");
    try {
      return columns == null ? 160 : Integer.parseInt(columns);
    } catch (NumberFormatException e) {
      return 160;
    }
  }
}
