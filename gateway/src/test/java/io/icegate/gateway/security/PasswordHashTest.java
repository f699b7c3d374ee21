package io.icegate.gateway.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PasswordHashTest {
  @Test
  void verifiesTheRightPasswordOnly() {
    PasswordHash hash = PasswordHash.of("correct horse".toCharArray(), 1_000);
    assertThat(hash.matches("correct horse".toCharArray())).isTrue();
    assertThat(hash.matches("correct hors".toCharArray())).isFalse();
    assertThat(hash.matches("".toCharArray())).isFalse();
  }

  @Test
  void storedFormRoundTripsAndHoldsNoPassword() {
    PasswordHash hash = PasswordHash.of("s3cret-Pa55".toCharArray(), 1_000);
    String stored = hash.encoded();
    assertThat(stored).startsWith("pbkdf2-sha256$1000$").doesNotContain("s3cret-Pa55");
    PasswordHash read = PasswordHash.parse(stored);
    assertThat(read.matches("s3cret-Pa55".toCharArray())).isTrue();
    assertThat(read.encoded()).isEqualTo(stored);
  }

  @Test
  void eachHashHasItsOwnSixteenByteSalt() {
    PasswordHash a = PasswordHash.of("same".toCharArray(), 1_000);
    PasswordHash b = PasswordHash.of("same".toCharArray(), 1_000);
    assertThat(a.salt()).hasSize(16).isNotEqualTo(b.salt());
    assertThat(a.hash()).hasSize(32).isNotEqualTo(b.hash());
  }

  @Test
  void defaultIsSlow() {
    PasswordHash hash = PasswordHash.of("pw".toCharArray());
    assertThat(hash.iterations())
        .isEqualTo(PasswordHash.DEFAULT_ITERATIONS)
        .isGreaterThanOrEqualTo(600_000);
    assertThat(hash.matches("pw".toCharArray())).isTrue();
  }

  @Test
  void malformedStoredFormIsRefusedWithoutEchoingIt() {
    assertThatThrownBy(() -> PasswordHash.parse("plain-text-password"))
        .hasMessage("Cannot read password hash: expected pbkdf2-sha256$ITERATIONS$SALT$HASH");
    assertThatThrownBy(() -> PasswordHash.parse("pbkdf2-sha256$many$AAAA$AAAA"))
        .hasMessage("Cannot read password hash: bad iteration count or Base64");
  }
}
