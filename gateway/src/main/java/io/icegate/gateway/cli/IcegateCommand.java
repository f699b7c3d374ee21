package io.icegate.gateway.cli;

import io.icegate.gateway.server.Version;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code bin/icegate}: the gateway and its shell. */
@Command(name = "icegate", mixinStandardHelpOptions = true, versionProvider = IcegateCommand.VersionProvider.class,
    description = "A JDBC gateway to Apache Iceberg tables on Apache Spark.",
    subcommands = {ServeCommand.class, SqlCommand.class})
public final class IcegateCommand implements Runnable {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(System.out);
  }

  public static void main(String[] args) {
    System.exit(new CommandLine(new IcegateCommand()).execute(args));
  }

  /** Reports the build's version. */
  static final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"Icegate " + Version.get()};
    }
  }
}
