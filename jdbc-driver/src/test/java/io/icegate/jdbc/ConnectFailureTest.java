package io.icegate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class ConnectFailureTest {
  // What Avatica's HTTP client throws for a status other than 200, 500 and 503.
  private static RuntimeException httpStatus(int status) {
    return new RuntimeException("Failed to execute HTTP Request, got HTTP/" + status);
  }

  @Test
  void refusedCredentialsAreInvalidAuthorizationNamingTheUser() {
    SQLException e = ConnectFailure.translate(httpStatus(401), "http://h:8765", "ann");

    assertThat(e.getSQLState()).isEqualTo("28000");
    assertThat(e.getMessage())
        .isEqualTo(
            "Cannot connect to http://h:8765: the gateway refused user 'ann' (wrong user name or"
                + " password)");
    assertThat(e.getCause()).isNull();
  }

  @Test
  void missingCredentialsSayWhatToGive() {
    SQLException e =
        ConnectFailure.translate(
            new IllegalStateException("wrapped", httpStatus(401)), "http://h:8765", null);

    assertThat(e.getSQLState()).isEqualTo("28000");
    assertThat(e.getMessage())
        .isEqualTo(
            "Cannot connect to http://h:8765: the gateway requires a user name and"
                + " password (give the user and password properties)");
  }

  @Test
  void plainHttpToAnHttpsGatewaySaysToUseSsl() {
    SQLException e = ConnectFailure.translate(httpStatus(426), "http://h:8765", "ann");

    assertThat(e.getSQLState()).isEqualTo("08001");
    assertThat(e.getMessage())
        .startsWith("Cannot connect to http://h:8765: the gateway accepts HTTPS only")
        .contains("ssl=true");
  }
}
