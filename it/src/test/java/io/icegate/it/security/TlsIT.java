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
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** HTTPS with a self-signed certificate made at test time, together with authentication. */
class TlsIT {
  private static Path truststore;

  @RegisterExtension
  static final RunningGateway gateway =
      RunningGateway.startedBy(TlsIT::startWithSelfSignedCertificate);

  /**
   * A gateway on HTTPS with a certificate made now (its truststore in {@link #truststore}) and user
   * ann.
   */
  private static TestGateway startWithSelfSignedCertificate() throws Exception {
    Path dir = Files.createTempDirectory(Path.of("target"), "tls-");
    Path keystore = dir.resolve("gateway.p12");
    Path certificate = dir.resolve("gateway.pem");
    truststore = dir.resolve("trust.p12");
    keytool(
        "-genkeypair",
        "-alias",
        "icegate",
        "-keyalg",
        "RSA",
        "-keysize",
        "2048",
        "-validity",
        "2",
        "-dname",
        "CN=localhost",
        "-ext",
        "SAN=dns:localhost,ip:127.0.0.1",
        "-storetype",
        "PKCS12",
        "-keystore",
        keystore.toString(),
        "-storepass",
        "ks-pass",
        "-keypass",
        "ks-pass");
    keytool(
        "-exportcert",
        "-rfc",
        "-alias",
        "icegate",
        "-keystore",
        keystore.toString(),
        "-storepass",
        "ks-pass",
        "-file",
        certificate.toString());
    keytool(
        "-importcert",
        "-noprompt",
        "-alias",
        "icegate",
        "-file",
        certificate.toString(),
        "-storetype",
        "PKCS12",
        "-keystore",
        truststore.toString(),
        "-storepass",
        "trust-pass");

    Path users = dir.resolve("users");
    UsersFile file = UsersFile.read(users);
    file.put(new UsersFile.User("ann", Role.ADMIN, PasswordHash.of("ann-Secret-1".toCharArray())));
    file.write();
    return TestGateway.start(
        Map.of(
            "icegate.tls.keystore", keystore.toString(),
            "icegate.tls.keystore-password", "ks-pass",
            "icegate.auth.users-file", users.toString()));
  }

  @Test
  void theDriverConnectsOverHttpsWithTheTruststoreAndQueries() throws Exception {
    assertThat(gateway.server().url()).startsWith("https://");
    try (Connection c =
        DriverManager.getConnection(
            gateway.jdbcUrl()
                + "?ssl=true&truststore="
                + truststore
                + "&truststore_password=trust-pass",
            credentials())) {
      assertThat(query(c, "SELECT 40 + 2")).containsExactly(row(42));
      assertThat(
              query(c, "SELECT user_name FROM icegate.system.connections WHERE user_name = 'ann'"))
          .containsExactly(row("ann"));
    }
  }

  @Test
  void plainHttpToTheHttpsPortIsRefusedSayingToUseSsl() {
    assertThatThrownBy(() -> DriverManager.getConnection(gateway.jdbcUrl(), credentials()))
        .isInstanceOfSatisfying(
            SQLException.class,
            e -> {
              assertThat(e.getSQLState()).isEqualTo("08001");
              assertThat(e.getMessage())
                  .isEqualTo(
                      "Cannot connect to http://127.0.0.1:"
                          + gateway.server().port()
                          + ": the gateway accepts HTTPS only (connect with ssl=true, and"
                          + " truststore and truststore_password unless its certificate is trusted"
                          + " by default)");
            });
  }

  @Test
  void aRawPlainHttpRequestGets426() throws Exception {
    HttpURLConnection http =
        (HttpURLConnection)
            new URL("http://127.0.0.1:" + gateway.server().port() + "/").openConnection();
    http.setRequestMethod("POST");
    http.setDoOutput(true);
    try (OutputStream out = http.getOutputStream()) {
      out.write("anything".getBytes(StandardCharsets.UTF_8));
    }
    assertThat(http.getResponseCode()).isEqualTo(426);
    assertThat(http.getHeaderField("Upgrade")).startsWith("TLS/1.2");
    http.disconnect();
  }

  @Test
  void anUntrustedCertificateIsRefusedByTheDriver() {
    assertThatThrownBy(
            () -> DriverManager.getConnection(gateway.jdbcUrl() + "?ssl=true", credentials()))
        .isInstanceOfSatisfying(
            SQLException.class,
            e -> {
              assertThat(e.getSQLState()).isEqualTo("08001");
              assertThat(e.getMessage())
                  .isEqualTo(
                      "Cannot connect to Icegate at https://127.0.0.1:"
                          + gateway.server().port()
                          + ": unable to find valid certification path to requested target");
            });
  }

  private static Properties credentials() {
    Properties info = new Properties();
    info.setProperty("user", "ann");
    info.setProperty("password", "ann-Secret-1");
    return info;
  }

  private static void keytool(String... args) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as(output).isZero();
  }
}
