package io.icegate.it.access;

import io.icegate.access.Role;
import io.icegate.gateway.security.PasswordHash;
import io.icegate.gateway.security.UsersFile;
import io.icegate.it.RunningGateway;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * Files the access rules' tests give a gateway (the rules file, and users beyond the test ones),
 * and connections as those users.
 */
public final class RulesFiles {
  private RulesFiles() {}

  /** {@code text} in a new file under target/ named {@code prefix...yaml}. */
  public static Path write(String prefix, String text) {
    try {
      Path file = Files.createTempFile(Path.of("target"), prefix, ".yaml");
      Files.writeString(file, text);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A connection as {@code user} with the native metadata path off: Spark answers everything. */
  public static Connection onSparkPath(RunningGateway gateway, String user, String password)
      throws SQLException {
    Properties info = new Properties();
    info.setProperty("user", user);
    info.setProperty("password", password);
    info.setProperty("icegate.metadata.native", "false");
    return DriverManager.getConnection(gateway.jdbcUrl(), info);
  }

  /** Adds {@code name} with {@code role} and {@code password} to the users file {@code users}. */
  public static void addUser(Path users, String name, Role role, String password)
      throws IOException {
    UsersFile file = UsersFile.read(users);
    file.put(new UsersFile.User(name, role, PasswordHash.of(password.toCharArray())));
    file.write();
  }
}
