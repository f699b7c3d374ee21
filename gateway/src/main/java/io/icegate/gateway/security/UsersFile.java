package io.icegate.gateway.security;

import static java.util.Objects.requireNonNull;

import io.icegate.access.Role;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The users file: one user a line, {@code NAME:ROLE:HASH} with the role in lower case ({@code
 * read}, {@code write}, {@code admin}) and the hash in {@link PasswordHash}'s stored form; blank
 * lines and lines starting with {@code #} are ignored. Never holds a password. Written whole to a
 * temporary file, readable by its owner only, then moved into place, so a gateway reading it sees
 * the old or the new version, never half of one.
 */
public final class UsersFile {
  /**
   * Letters, digits and {@code . _ @ -}: no colon (HTTP Basic ends the user name at the first one).
   */
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._@-]{1,128}");

  private static final String HEADER =
      "# Icegate users: NAME:ROLE:HASH, managed with bin/icegate user add|remove|list."
          + "\n# ROLE is read, write or admin; HASH is "
          + PasswordHash.ALGORITHM
          + "$ITERATIONS$SALT$HASH. No password is stored.\n";

  /** One user of the file. */
  public record User(String name, Role role, PasswordHash passwordHash) {
    public User {
      requireNonNull(name, "name is null");
      requireNonNull(role, "role is null");
      requireNonNull(passwordHash, "passwordHash is null");
      checkName(name);
    }
  }

  private final Path path;
  private final Map<String, User> users;

  private UsersFile(Path path, Map<String, User> users) {
    this.path = path;
    this.users = users;
  }

  /** Reads {@code path}; a file that does not exist yet has no users. */
  public static UsersFile read(Path path) throws IOException {
    Map<String, User> users = new LinkedHashMap<>();
    if (Files.exists(path)) {
      List<String> lines = Files.readAllLines(path, StandardCharsets.UTF_8);
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i).strip();
        if (line.isEmpty() || line.startsWith("#")) {
          continue;
        }
        User user = parseLine(line, path, i + 1);
        if (users.put(user.name(), user) != null) {
          throw new IllegalArgumentException(
              "Cannot read users file "
                  + path
                  + ": line "
                  + (i + 1)
                  + " repeats user '"
                  + user.name()
                  + "'");
        }
      }
    }
    return new UsersFile(path, users);
  }

  public Path path() {
    return path;
  }

  public Optional<User> user(String name) {
    return Optional.ofNullable(users.get(name));
  }

  public Collection<User> users() {
    return List.copyOf(users.values());
  }

  /** Adds {@code user}, or replaces the user of that name; returns whether one was replaced. */
  public boolean put(User user) {
    return users.put(user.name(), user) != null;
  }

  /** Removes the user named {@code name}; returns whether there was one. */
  public boolean remove(String name) {
    return users.remove(name) != null;
  }

  /**
   * Writes the file back, readable and writable by its owner only where the file system allows it.
   */
  public void write() throws IOException {
    StringBuilder text = new StringBuilder(HEADER);
    for (User user : users.values()) {
      text.append(user.name())
          .append(':')
          .append(user.role().name().toLowerCase(Locale.ROOT))
          .append(':')
          .append(user.passwordHash().encoded())
          .append('\n');
    }
    Path directory = path.toAbsolutePath().getParent();
    Files.createDirectories(directory);
    Path temporary = Files.createTempFile(directory, ".icegate-users-", ".tmp");
    try {
      ownerOnly(temporary);
      Files.writeString(temporary, text, StandardCharsets.UTF_8);
      try {
        Files.move(
            temporary, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temporary, path, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(temporary);
    }
  }

  /** Checks a user name, saying what is allowed. */
  public static void checkName(String name) {
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "Cannot use user name '" + name + "': use 1 to 128 letters, digits and . _ @ -");
    }
  }

  /**
   * Reads a role as written in the file and on the command line: read, write or admin, in any case.
   */
  public static Role parseRole(String text) {
    for (Role role : Role.values()) {
      if (role.name().equalsIgnoreCase(text)) {
        return role;
      }
    }
    throw new IllegalArgumentException(
        "Cannot use role '" + text + "': expected read, write or admin");
  }

  private static User parseLine(String line, Path path, int number) {
    String[] fields = line.split(":", -1);
    try {
      if (fields.length != 3) {
        throw new IllegalArgumentException("expected NAME:ROLE:HASH");
      }
      return new User(fields[0], parseRole(fields[1]), PasswordHash.parse(fields[2]));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Cannot read users file " + path + ": line " + number + ": " + e.getMessage(), e);
    }
  }

  private static void ownerOnly(Path file) throws IOException {
    try {
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    } catch (UnsupportedOperationException e) {
      // Not a POSIX file system (Windows): the directory's access rules apply.
    }
  }
}
