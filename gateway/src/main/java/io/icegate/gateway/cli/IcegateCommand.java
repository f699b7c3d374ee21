package io.icegate.gateway.cli;

import io.icegate.gateway.server.Version;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code bin/icegate}: the gateway and its shell. */
@Command(
    name = "icegate",
    mixinStandardHelpOptions = true,
    versionProvider = IcegateCommand.VersionProvider.class,
    description = "A JDBC gateway to Apache Iceberg tables on Apache Spark.",
    subcommands = {ServeCommand.class, SqlCommand.class, UserCommand.class, RulesCommand.class})
public final class IcegateCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(System.out);
  }

  public static void main(String[] args) {
    CommandLine commandLine =
        new CommandLine(new IcegateCommand())
            .setExecutionExceptionHandler(IcegateCommand::reportFailure);
    System.exit(commandLine.execute(args));
  }

  /**
   * A command that fails says why in one line (the cause chain's messages), not with a stack trace.
   */
  private static int reportFailure(
      Exception failure, CommandLine commandLine, CommandLine.ParseResult parsed) {
    StringBuilder message = new StringBuilder();
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t.getMessage() != null && !message.toString().contains(t.getMessage())) {
        message.append(message.length() == 0 ? "" : ": ").append(t.getMessage());
      }
    }
    commandLine.getErr().println("icegate " + commandLine.getCommandName() + ": " + message);
    return 2;
  }

  /** Reports the build's version. */
  static final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"Icegate " + Version.get()};
    }
  }
}
