package io.icegate.gateway.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.gateway.config.GatewayConfig;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BindPolicyTest {
  @Test
  void loopbackNeedsNoAuthentication() {
    assertThatCode(() -> BindPolicy.check(GatewayConfig.from(Map.of()))).doesNotThrowAnyException();
    assertThatCode(() -> BindPolicy.check(GatewayConfig.from(Map.of("icegate.host", "localhost"))))
        .doesNotThrowAnyException();
    assertThatCode(() -> BindPolicy.check(GatewayConfig.from(Map.of("icegate.host", "::1"))))
        .doesNotThrowAnyException();
  }

  @Test
  void anotherAddressWithoutAuthenticationIsRefusedSayingWhatToDo() {
    assertThatThrownBy(
            () -> BindPolicy.check(GatewayConfig.from(Map.of("icegate.host", "0.0.0.0"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Cannot listen on 0.0.0.0 without authentication")
        .hasMessageContaining("--users-file")
        .hasMessageContaining("--insecure");
  }

  @Test
  void anotherAddressIsAllowedWithAuthenticationOrInsecure() {
    assertThatCode(
            () ->
                BindPolicy.check(
                    GatewayConfig.from(
                        Map.of("icegate.host", "0.0.0.0", "icegate.auth.users-file", "users"))))
        .doesNotThrowAnyException();
    assertThatCode(
            () ->
                BindPolicy.check(
                    GatewayConfig.from(
                        Map.of("icegate.host", "0.0.0.0", "icegate.insecure", "true"))))
        .doesNotThrowAnyException();
  }

  @Test
  void securitySettingsDefaultToOff() {
    GatewayConfig config = GatewayConfig.from(Map.of());
    assertThat(config.usersFile()).isEmpty();
    assertThat(config.insecure()).isFalse();
    assertThat(config.tlsKeystore()).isEmpty();
    assertThat(config.tlsKeystorePassword()).isEmpty();
  }

  @Test
  void theKeystorePasswordIsNeverShown() {
    GatewayConfig config =
        GatewayConfig.from(
            Map.of("icegate.tls.keystore", "ks.p12", "icegate.tls.keystore-password", "hunter2"));
    assertThat(config.toString())
        .doesNotContain("hunter2")
        .contains("icegate.tls.keystore-password=***");
  }
}
