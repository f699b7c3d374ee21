package io.icegate.it.security;

import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.access.Role;
import io.icegate.gateway.security.PasswordHash;
import io.icegate.gateway.security.UsersFile;
import io.icegate.it.RunningGateway;
import io.icegate.it.TestGateway;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** HTTP Basic authentication against the users file, through the real driver and over raw HTTP. */
class AuthIT {
  private static Path usersFile;

  @RegisterExtension
  static final RunningGateway gateway = RunningGateway.startedBy(AuthIT::startWithAnnAndRob);

  /** A gateway whose users file holds ann (admin) and rob (reader). */
  private static TestGateway startWithAnnAndRob() throws Exception {
    usersFile = Files.createTempFile(Path.of("target"), "users-", ".txt");
    Files.delete(usersFile);
    UsersFile users = UsersFile.read(usersFile);
    users.put(new UsersFile.User("ann", Role.ADMIN, PasswordHash.of("ann-Secret-1".toCharArray())));
    users.put(new UsersFile.User("rob", Role.READ, PasswordHash.of("rob-Secret-2".toCharArray())));
    users.write();
    return TestGateway.start(Map.of("icegate.auth.users-file", usersFile.toString()));
  }

  @Test
  void theRightUserAndPasswordConnectAndQuery() throws Exception {
    try (Connection c = gateway.connect("ann", "ann-Secret-1")) {
      assertThat(query(c, "SELECT 40 + 2")).containsExactly(row(42));
      assertThat(
              query(c, "SELECT user_name FROM icegate.system.connections WHERE user_name = 'ann'"))
          .containsExactly(row("ann"));
    }
    try (Connection c = gateway.connect("rob", "rob-Secret-2")) {
      assertThat(query(c, "SELECT 'read'")).containsExactly(row("read"));
    }
  }

  @Test
  void aWrongPasswordIsRefusedWith28000AndOpensNoConnection() throws Exception {
    try (Connection ann = gateway.connect("ann", "ann-Secret-1")) {
      assertRefused(
          () -> gateway.connect("ann", "ann-Secret-2"),
          "Cannot connect to http://127.0.0.1:"
              + gateway.server().port()
              + ": the gateway refused user 'ann' (wrong user name or password)");
      // Only the good connection of ann reached the statement layer.
      assertThat(
              query(ann, "SELECT count(*) FROM icegate.system.connections WHERE user_name = 'ann'"))
          .containsExactly(row(1L));
    }
  }

  @Test
  void anUnknownUserIsRefusedLikeAWrongPassword() throws Exception {
    assertRefused(
        () -> gateway.connect("mallory", "ann-Secret-1"),
        "Cannot connect to http://127.0.0.1:"
            + gateway.server().port()
            + ": the gateway refused user 'mallory' (wrong user name or password)");
    try (Connection ann = gateway.connect("ann", "ann-Secret-1")) {
      assertThat(
              query(
                  ann,
                  "SELECT count(*) FROM icegate.system.connections WHERE user_name = 'mallory'"))
          .containsExactly(row(0L));
    }
  }

  @Test
  void noCredentialsAreRefusedSayingWhatToGive() {
    assertRefused(
        () -> gateway.connect(null, null),
        "Cannot connect to http://127.0.0.1:"
            + gateway.server().port()
            + ": the gateway requires a user name and password (give the user and password"
            + " properties)");
    assertRefused(
        () -> gateway.connect("ann", null),
        "Cannot connect to http://127.0.0.1:"
            + gateway.server().port()
            + ": the gateway refused user 'ann' (wrong user name or password)");
  }

  @Test
  void anAvaticaRequestWithoutValidCredentialsGets401BeforeItIsRead() throws Exception {
    Response none = post(openConnection("raw-no-credentials"), null);
    assertThat(none.status()).isEqualTo(401);
    assertThat(none.challenge()).isEqualTo("Basic realm=\"Icegate\", charset=\"UTF-8\"");
    Response wrong = post(openConnection("raw-wrong-password"), "ann:not-her-password");
    assertThat(wrong.status()).isEqualTo(401);
    // Not even well-formed: refused all the same, since nothing of the body is read.
    assertThat(post("not an Avatica request".getBytes(StandardCharsets.UTF_8), null).status())
        .isEqualTo(401);
    // The same request with credentials does reach the gateway, which shows the two above would
    // have.
    assertThat(post(openConnection("raw-good-credentials"), "ann:ann-Secret-1").status())
        .isEqualTo(200);

    try (Connection ann = gateway.connect("ann", "ann-Secret-1")) {
      assertThat(
              query(
                  ann,
                  "SELECT connection_id FROM icegate.system.connections"
                      + " WHERE connection_id LIKE 'raw-%'"))
          .containsExactly(row("raw-good-credentials"));
      assertThat(post(closeConnection("raw-good-credentials"), "ann:ann-Secret-1").status())
          .isEqualTo(200);
    }
  }

  @Test
  void onlyItsUserOrAnAdminClosesAConnection() throws Exception {
    try (Connection ann = gateway.connect("ann", "ann-Secret-1")) {
      String id = ann.unwrap(AvaticaConnection.class).id;
      // rob (role read) is authenticated, but the connection is ann's.
      assertThat(post(closeConnection(id), "rob:rob-Secret-2").status()).isNotEqualTo(200);
      assertThat(query(ann, "SELECT 'still open'")).containsExactly(row("still open"));
    }
  }

  @Test
  void theUsersFileHoldsHashesNeverPasswords() throws Exception {
    String text = Files.readString(usersFile);
    assertThat(text)
        .contains("ann:admin:pbkdf2-sha256$600000$", "rob:read:pbkdf2-sha256$600000$")
        .doesNotContain("ann-Secret-1", "rob-Secret-2", "Secret");
  }

  @Test
  void userCommandsManageTheFileAndTheRunningGatewayFollows() throws Exception {
    Result added =
        icegate(
            "carl-Secret-3\n",
            "user",
            "add",
            "carl",
            "--role",
            "write",
            "--password-stdin",
            "--users-file",
            usersFile.toString());
    assertThat(added.exitCode()).as(added.output()).isZero();
    assertThat(added.output()).contains("Added user 'carl' (role write)");
    assertThat(Files.readString(usersFile))
        .contains("carl:write:pbkdf2-sha256$")
        .doesNotContain("carl-Secret-3");

    Result listed = icegate("", "user", "list", "--users-file", usersFile.toString());
    assertThat(listed.exitCode()).as(listed.output()).isZero();
    assertThat(listed.output().lines().toList()).contains("ann\tadmin", "rob\tread", "carl\twrite");
    assertThat(listed.output()).doesNotContain("pbkdf2", "$");

    // No restart: the gateway reads the changed file.
    try (Connection carl = gateway.connect("carl", "carl-Secret-3")) {
      assertThat(query(carl, "SELECT 'carl'")).containsExactly(row("carl"));
    }

    Result removed = icegate("", "user", "remove", "carl", "--users-file", usersFile.toString());
    assertThat(removed.exitCode()).as(removed.output()).isZero();
    assertThat(removed.output()).contains("Removed user 'carl'");
    assertThat(icegate("", "user", "list", "--users-file", usersFile.toString()).output())
        .doesNotContain("carl");
    assertRefused(
        () -> gateway.connect("carl", "carl-Secret-3"),
        "Cannot connect to http://127.0.0.1:"
            + gateway.server().port()
            + ": the gateway refused user 'carl' (wrong user name or password)");

    Result unknown = icegate("", "user", "remove", "carl", "--users-file", usersFile.toString());
    assertThat(unknown.exitCode()).isNotZero();
    assertThat(unknown.output())
        .contains("Cannot remove user 'carl': no such user")
        .doesNotContain("\tat ");
    Result badRole =
        icegate(
            "pw\n",
            "user",
            "add",
            "dora",
            "--role",
            "owner",
            "--password-stdin",
            "--users-file",
            usersFile.toString());
    assertThat(badRole.exitCode()).isNotZero();
    assertThat(badRole.output()).contains("Cannot use role 'owner': expected read, write or admin");
  }

  @Test
  void aConnectionWhoseUserIsRemovedIsRefusedAtItsNextRequest() throws Exception {
    UsersFile users = UsersFile.read(usersFile);
    users.put(new UsersFile.User("eve", Role.READ, PasswordHash.of("eve-Secret-4".toCharArray())));
    users.write();
    UsersFile.User eveUser = users.user("eve").orElseThrow();
    Connection eve = gateway.connect("eve", "eve-Secret-4");
    assertThat(query(eve, "SELECT 'eve'")).containsExactly(row("eve"));
    users.remove("eve");
    users.write();
    assertThatThrownBy(() -> query(eve, "SELECT 'eve again'"))
        .isInstanceOfSatisfying(
            SQLException.class,
            e -> {
              assertThat(e.getSQLState()).isEqualTo("28000");
              assertThat(e.getMessage())
                  .isEqualTo(
                      "Cannot continue: the gateway no longer accepts this connection's user name"
                          + " and password (the user was removed or the password changed);"
                          + " reconnect with valid ones");
            });
    // Avatica's HTTP client does not offer refused credentials again, so the connection stays
    // refused even once
    // eve is back (the message says to reconnect), and cannot close itself on the gateway: an admin
    // closes it.
    users.put(eveUser);
    users.write();
    try (Connection again = gateway.connect("eve", "eve-Secret-4");
        Connection ann = gateway.connect("ann", "ann-Secret-1")) {
      assertThat(query(again, "SELECT 'eve is back'")).containsExactly(row("eve is back"));
      String stale = eve.unwrap(AvaticaConnection.class).id;
      assertThat(
              query(
                  ann,
                  "SELECT count(*) FROM icegate.system.connections WHERE connection_id = '"
                      + stale
                      + "'"))
          .containsExactly(row(1L));
      assertThat(post(closeConnection(stale), "ann:ann-Secret-1").status()).isEqualTo(200);
    }
    // Closing it on the client succeeds quietly: the gateway no longer holds it (or drops it at
    // idle expiry).
    eve.close();
    assertThat(eve.isClosed()).isTrue();
  }

  @Test
  void theShellPassesItsUserAndPassword() throws Exception {
    Result good =
        icegate(
            "",
            "sql",
            gateway.jdbcUrl(),
            "-n",
            "rob",
            "-p",
            "rob-Secret-2",
            "-e",
            "SELECT 'through the shell' AS greeting");
    assertThat(good.exitCode()).as(good.output()).isZero();
    assertThat(good.output()).contains("through the shell");
    Result bad =
        icegate("", "sql", gateway.jdbcUrl(), "-n", "rob", "-p", "wrong", "-e", "SELECT 1");
    assertThat(bad.exitCode()).as(bad.output()).isNotZero();
    assertThat(bad.output())
        .contains("the gateway refused user 'rob' (wrong user name or password)")
        .doesNotContain("\tat ", "Avatica");
  }

  @Test
  void anotherAddressThanLoopbackWithoutAuthenticationIsRefused() {
    assertThatThrownBy(() -> TestGateway.start(Map.of("icegate.host", "0.0.0.0")))
        .hasMessageStartingWith("Cannot listen on 0.0.0.0 without authentication")
        .hasMessageContaining("--insecure");
  }

  @Test
  void serveOnAnotherAddressWithoutAuthenticationStopsBeforeStarting() throws Exception {
    Path warehouse = Files.createTempDirectory(Path.of("target"), "refused-warehouse-");
    Result refused =
        icegate(
            "", "serve", "--host", "0.0.0.0", "--port", "0", "--warehouse", warehouse.toString());
    assertThat(refused.exitCode()).as(refused.output()).isNotZero();
    assertThat(refused.output())
        .contains("icegate serve: Cannot listen on 0.0.0.0 without authentication")
        .contains("--insecure")
        .doesNotContain("listening on", "\tat ");
  }

  private static void assertRefused(SqlCall call, String message) {
    assertThatThrownBy(call::run)
        .isInstanceOfSatisfying(
            SQLException.class,
            e -> {
              assertThat(e.getSQLState()).isEqualTo("28000");
              assertThat(e.getMessage()).isEqualTo(message);
            });
  }

  private interface SqlCall {
    void run() throws Exception;
  }

  private static byte[] openConnection(String id) throws Exception {
    return new ProtobufTranslationImpl()
        .serializeRequest(new Service.OpenConnectionRequest(id, Map.of()));
  }

  private static byte[] closeConnection(String id) throws Exception {
    return new ProtobufTranslationImpl().serializeRequest(new Service.CloseConnectionRequest(id));
  }

  private record Response(int status, String challenge) {}

  private static Response post(byte[] body, String credentials) throws Exception {
    HttpURLConnection http =
        (HttpURLConnection)
            new URL("http://127.0.0.1:" + gateway.server().port() + "/").openConnection();
    http.setRequestMethod("POST");
    http.setDoOutput(true);
    if (credentials != null) {
      http.setRequestProperty(
          "Authorization",
          "Basic "
              + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8)));
    }
    try (OutputStream out = http.getOutputStream()) {
      out.write(body);
    }
    try {
      return new Response(http.getResponseCode(), http.getHeaderField("WWW-Authenticate"));
    } finally {
      http.disconnect();
    }
  }

  private record Result(int exitCode, String output) {}

  /** Runs {@code bin/icegate} as a user does, with {@code input} on its standard input. */
  private static Result icegate(String input, String... args) throws Exception {
    Path launcher = Path.of("..", "bin", "icegate").toAbsolutePath().normalize();
    List<String> command = new ArrayList<>(List.of(launcher.toString()));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    try (OutputStream in = process.getOutputStream()) {
      in.write(input.getBytes(StandardCharsets.UTF_8));
    }
    byte[] output = process.getInputStream().readAllBytes();
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
    return new Result(process.exitValue(), new String(output, StandardCharsets.UTF_8));
  }
}
