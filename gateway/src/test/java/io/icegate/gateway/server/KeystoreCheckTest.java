package io.icegate.gateway.server;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A TLS keystore that cannot be used stops the start-up with one line saying why. */
class KeystoreCheckTest {
  @TempDir Path dir;

  @Test
  void aMissingPasswordIsNamed() {
    Path keystore = dir.resolve("gateway.p12");
    assertThatThrownBy(() -> GatewayServer.checkKeystore(keystore, ""))
        .hasMessage(
            "Cannot serve HTTPS with keystore "
                + keystore
                + ": icegate.tls.keystore-password is not set (--tls-password)");
  }

  @Test
  void aMissingFileOrWrongPasswordIsNamed() throws Exception {
    Path missing = dir.resolve("missing.p12");
    assertThatThrownBy(() -> GatewayServer.checkKeystore(missing, "pw"))
        .hasMessageStartingWith("Cannot serve HTTPS with keystore " + missing + ": ");

    Path keystore = dir.resolve("empty.p12");
    KeyStore store = KeyStore.getInstance("PKCS12");
    store.load(null, null);
    try (OutputStream out = Files.newOutputStream(keystore)) {
      store.store(out, "right".toCharArray());
    }
    assertThatCode(() -> GatewayServer.checkKeystore(keystore, "right")).doesNotThrowAnyException();
    assertThatThrownBy(() -> GatewayServer.checkKeystore(keystore, "wrong"))
        .hasMessageStartingWith(
            "Cannot serve HTTPS with keystore " + keystore + ": wrong password");
  }
}
