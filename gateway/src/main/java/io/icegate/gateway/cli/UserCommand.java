package io.icegate.gateway.cli;

import io.icegate.access.Role;
import io.icegate.gateway.security.PasswordHash;
import io.icegate.gateway.security.UsersFile;
import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code icegate user add|remove|list}: manages the users file of an authenticating gateway. */
@Command(
    name = "user",
    mixinStandardHelpOptions = true,
    description =
        "Manage the users of a gateway started with --users-file (no password is ever stored).",
    subcommands = {UserCommand.Add.class, UserCommand.Remove.class, UserCommand.List.class})
final class UserCommand implements Runnable {
  static final String DEFAULT_FILE = "icegate-users";

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(System.out);
  }

  /** The option every subcommand takes. */
  static final class FileOption {
    @Option(
        names = "--users-file",
        paramLabel = "FILE",
        defaultValue = DEFAULT_FILE,
        description = "The users file (default ./" + DEFAULT_FILE + ").")
    Path file;
  }

  @Command(
      name = "add",
      mixinStandardHelpOptions = true,
      description =
          "Add a user, or change the role and password of one. The password is asked on the console"
              + " (twice), or read as the first line of standard input when that is not a console"
              + " or with --password-stdin.")
  static final class Add implements Callable<Integer> {
    @Parameters(paramLabel = "NAME", description = "User name: letters, digits and . _ @ -")
    String name;

    @Option(
        names = "--role",
        required = true,
        paramLabel = "ROLE",
        description = "read, write or admin")
    String role;

    @Option(
        names = "--password-stdin",
        description = "Read the password from the first line of standard input.")
    boolean passwordStdin;

    @picocli.CommandLine.Mixin FileOption file;

    @Override
    public Integer call() throws IOException {
      UsersFile.checkName(name);
      Role parsedRole = UsersFile.parseRole(role);
      UsersFile users = UsersFile.read(file.file);
      char[] password = readPassword();
      try {
        if (password.length == 0) {
          throw new IllegalArgumentException(
              "Cannot add user '" + name + "': the password is empty");
        }
        boolean replaced =
            users.put(new UsersFile.User(name, parsedRole, PasswordHash.of(password)));
        users.write();
        System.out.printf(
            "%s user '%s' (role %s) in %s%n",
            replaced ? "Changed" : "Added",
            name,
            parsedRole.name().toLowerCase(Locale.ROOT),
            users.path());
        return 0;
      } finally {
        Arrays.fill(password, '\0');
      }
    }

    private char[] readPassword() throws IOException {
      Console console = System.console();
      if (passwordStdin || console == null) {
        BufferedReader in =
            new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line = in.readLine();
        if (line == null) {
          throw new IllegalArgumentException(
              "Cannot add user '" + name + "': no password on standard input");
        }
        return line.toCharArray();
      }
      char[] first = console.readPassword("Password for %s: ", name);
      char[] second = console.readPassword("Again: ");
      try {
        if (first == null || second == null || !Arrays.equals(first, second)) {
          throw new IllegalArgumentException(
              "Cannot add user '" + name + "': the passwords differ");
        }
        return first.clone();
      } finally {
        if (first != null) {
          Arrays.fill(first, '\0');
        }
        if (second != null) {
          Arrays.fill(second, '\0');
        }
      }
    }
  }

  @Command(name = "remove", mixinStandardHelpOptions = true, description = "Remove a user.")
  static final class Remove implements Callable<Integer> {
    @Parameters(paramLabel = "NAME")
    String name;

    @picocli.CommandLine.Mixin FileOption file;

    @Override
    public Integer call() throws IOException {
      UsersFile users = UsersFile.read(file.file);
      if (!users.remove(name)) {
        throw new IllegalArgumentException(
            "Cannot remove user '" + name + "': no such user in " + users.path());
      }
      users.write();
      System.out.printf("Removed user '%s' from %s%n", name, users.path());
      return 0;
    }
  }

  @Command(
      name = "list",
      mixinStandardHelpOptions = true,
      description = "List the users and their roles.")
  static final class List implements Callable<Integer> {
    @picocli.CommandLine.Mixin FileOption file;

    @Override
    public Integer call() throws IOException {
      for (UsersFile.User user : UsersFile.read(file.file).users()) {
        System.out.println(user.name() + "\t" + user.role().name().toLowerCase(Locale.ROOT));
      }
      return 0;
    }
  }
}
