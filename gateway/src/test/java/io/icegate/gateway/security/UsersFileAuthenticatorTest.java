package io.icegate.gateway.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.access.Role;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UsersFileAuthenticatorTest {
  @TempDir Path dir;

  @Test
  void authenticatesWithTheRoleOfTheFile() throws Exception {
    Path path =
        users(
            new UsersFile.User("ann", Role.WRITE, PasswordHash.of("pw-ann".toCharArray(), 1_000)));
    UsersFileAuthenticator authenticator = new UsersFileAuthenticator(path);

    assertThat(authenticator.authenticate("ann", "pw-ann".toCharArray(), "10.0.0.1"))
        .contains(new Identity("ann", Role.WRITE, "10.0.0.1", true));
    // Again, now from the cache of successful checks.
    assertThat(authenticator.authenticate("ann", "pw-ann".toCharArray(), "10.0.0.1")).isPresent();
    assertThat(authenticator.authenticate("ann", "pw-bob".toCharArray(), "10.0.0.1")).isEmpty();
    assertThat(authenticator.authenticate("nobody", "pw-ann".toCharArray(), "10.0.0.1")).isEmpty();
  }

  @Test
  void changesToTheFileTakeEffectWithoutARestart() throws Exception {
    Path path =
        users(new UsersFile.User("ann", Role.WRITE, PasswordHash.of("old".toCharArray(), 1_000)));
    UsersFileAuthenticator authenticator = new UsersFileAuthenticator(path);
    assertThat(authenticator.authenticate("ann", "old".toCharArray(), "a")).isPresent();

    UsersFile file = UsersFile.read(path);
    file.put(new UsersFile.User("ann", Role.READ, PasswordHash.of("new".toCharArray(), 1_000)));
    file.write();
    Files.setLastModifiedTime(path, FileTime.from(Instant.now().plusSeconds(5)));

    assertThat(authenticator.authenticate("ann", "old".toCharArray(), "a")).isEmpty();
    assertThat(authenticator.authenticate("ann", "new".toCharArray(), "a"))
        .contains(new Identity("ann", Role.READ, "a", true));

    file.remove("ann");
    file.write();
    Files.setLastModifiedTime(path, FileTime.from(Instant.now().plusSeconds(10)));
    assertThat(authenticator.authenticate("ann", "new".toCharArray(), "a")).isEmpty();
  }

  @Test
  void aMissingFileIsAClearStartupError() {
    Path missing = dir.resolve("no-such-file");
    assertThatThrownBy(() -> new UsersFileAuthenticator(missing))
        .hasMessageStartingWith("Cannot read users file " + missing + ": it does not exist");
  }

  private Path users(UsersFile.User... users) throws Exception {
    Path path = dir.resolve("users");
    UsersFile file = UsersFile.read(path);
    for (UsersFile.User user : users) {
      file.put(user);
    }
    file.write();
    return path;
  }
}
