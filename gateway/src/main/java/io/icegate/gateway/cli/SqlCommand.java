package io.icegate.gateway.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import sqlline.SqlLine;

/** {@code icegate sql}: sqlline with the Icegate driver, interactive or running a script. */
@Command(name = "sql", mixinStandardHelpOptions = true,
    description = "Open an SQL shell on a gateway (sqlline with the Icegate JDBC driver).")
final class SqlCommand implements Callable<Integer> {
  static final String DEFAULT_URL = "jdbc:icegate://127.0.0.1:8765";

  @Parameters(index = "0", arity = "0..1", paramLabel = "URL", description = "JDBC URL (default " + DEFAULT_URL + ").")
  String url = DEFAULT_URL;

  @Option(names = "-e", paramLabel = "SQL", description = "Run these statements and exit.")
  String execute;

  @Option(names = "-f", paramLabel = "FILE",
      description = "Run the statements of FILE and exit; stops with a non-zero status at the first failure.")
  Path file;

  @Option(names = {"-n", "--user"}, description = "User name.")
  String user = "";

  @Option(names = {"-p", "--password"}, description = "Password.")
  String password = "";

  @Override
  public Integer call() throws IOException {
    List<String> args = new ArrayList<>(List.of("-d", "io.icegate.jdbc.IcegateDriver", "-u", url, "-n", user,
        "-p", password, "--maxWidth=" + terminalWidth(), "--showWarnings=true",
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
    SqlLine.Status status = new SqlLine().begin(args.toArray(String[]::new), null, !batch);
    return status == SqlLine.Status.OK ? 0 : 1;
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
