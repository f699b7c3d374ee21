package io.icegate.gateway.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.access.Role;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UsersFileTest {
  @TempDir Path dir;

  @Test
  void writesNamesRolesAndHashesOnlyAndReadsThemBack() throws Exception {
    Path path = dir.resolve("users");
    UsersFile file = UsersFile.read(path);
    assertThat(file.users()).isEmpty();
    file.put(
        new UsersFile.User("ann", Role.ADMIN, PasswordHash.of("ann-secret".toCharArray(), 1_000)));
    file.put(
        new UsersFile.User("bob", Role.READ, PasswordHash.of("bob-secret".toCharArray(), 1_000)));
    file.write();

    String text = Files.readString(path);
    assertThat(text)
        .contains("ann:admin:pbkdf2-sha256$1000$", "bob:read:pbkdf2-sha256$1000$")
        .doesNotContain("ann-secret", "bob-secret");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(path)))
        .isEqualTo("rw-------");

    UsersFile read = UsersFile.read(path);
    assertThat(read.users()).extracting(UsersFile.User::name).containsExactly("ann", "bob");
    assertThat(read.user("bob").orElseThrow().role()).isEqualTo(Role.READ);
    assertThat(read.user("ann").orElseThrow().passwordHash().matches("ann-secret".toCharArray()))
        .isTrue();
    assertThat(read.remove("ann")).isTrue();
    assertThat(read.remove("ann")).isFalse();
  }

  @Test
  void aBadLineIsReportedWithItsNumber() throws Exception {
    Path path = dir.resolve("users");
    Files.writeString(path, "# comment\n\nann:superuser:pbkdf2-sha256$1$AAAA$AAAA\n");
    assertThatThrownBy(() -> UsersFile.read(path))
        .hasMessage(
            "Cannot read users file "
                + path
                + ": line 3: Cannot use role 'superuser': expected read,"
                + " write or admin");
  }

  @Test
  void namesThatHttpBasicCannotCarryAreRefused() {
    assertThatThrownBy(() -> UsersFile.checkName("a:b"))
        .hasMessage("Cannot use user name 'a:b': use 1 to 128 letters, digits and . _ @ -");
    UsersFile.checkName("ann.lee@example-1");
  }
}
