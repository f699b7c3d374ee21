package io.icegate.gateway.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.access.Role;
import io.icegate.gateway.security.Authenticator;
import io.icegate.gateway.security.Identity;
import io.icegate.gateway.security.RequestContext;
import java.io.IOException;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.AbstractHandler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The identity each request is handled with, as the statement layer reads it from {@link
 * RequestContext}.
 */
class AuthenticationHandlerTest {
  /** Knows ann (password "pw", role write) only. */
  private static final Authenticator ANN =
      (user, password, address) ->
          user.equals("ann") && Arrays.equals(password, "pw".toCharArray())
              ? Optional.of(new Identity("ann", Role.WRITE, address, true))
              : Optional.empty();

  private final List<Optional<Identity>> seen = new CopyOnWriteArrayList<>();
  private Server server;

  @AfterEach
  void stop() throws Exception {
    server.stop();
  }

  @Test
  void withAuthenticationTheRequestRunsAsTheAuthenticatedUserWithTheirRole() throws Exception {
    int port = start(Optional.of(ANN));
    assertThat(post(port, "ann:pw")).isEqualTo(200);
    assertThat(seen)
        .containsExactly(Optional.of(new Identity("ann", Role.WRITE, "127.0.0.1", true)));
  }

  @Test
  void withAuthenticationBadOrMissingCredentialsNeverReachTheHandler() throws Exception {
    int port = start(Optional.of(ANN));
    assertThat(post(port, null)).isEqualTo(401);
    assertThat(post(port, "ann:wrong")).isEqualTo(401);
    assertThat(post(port, "bob:pw")).isEqualTo(401);
    assertThat(post(port, "no-colon")).isEqualTo(401);
    assertThat(seen).isEmpty();
  }

  @Test
  void withoutAuthenticationTheRequestRunsAsAdminUnderTheNameGivenOrAnonymous() throws Exception {
    int port = start(Optional.empty());
    assertThat(post(port, null)).isEqualTo(200);
    assertThat(post(port, "bob:anything")).isEqualTo(200);
    assertThat(seen)
        .containsExactly(
            Optional.of(new Identity("anonymous", Role.ADMIN, "127.0.0.1", false)),
            Optional.of(new Identity("bob", Role.ADMIN, "127.0.0.1", false)));
  }

  private int start(Optional<Authenticator> authenticator) throws Exception {
    server = new Server();
    ServerConnector connector = new ServerConnector(server);
    connector.setHost("127.0.0.1");
    connector.setPort(0);
    server.addConnector(connector);
    AuthenticationHandler front = new AuthenticationHandler(authenticator);
    front.setHandler(
        new AbstractHandler() {
          @Override
          public void handle(
              String target, Request base, HttpServletRequest request, HttpServletResponse response)
              throws IOException {
            seen.add(RequestContext.current());
            response.setStatus(200);
            base.setHandled(true);
          }
        });
    server.setHandler(front);
    server.start();
    return connector.getLocalPort();
  }

  private static int post(int port, String credentials) throws IOException {
    HttpURLConnection http =
        (HttpURLConnection) new URL("http://127.0.0.1:" + port + "/").openConnection();
    http.setRequestMethod("POST");
    http.setDoOutput(true);
    if (credentials != null) {
      http.setRequestProperty(
          "Authorization",
          "Basic "
              + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8)));
    }
    try (OutputStream out = http.getOutputStream()) {
      out.write(1);
    }
    try {
      return http.getResponseCode();
    } finally {
      http.disconnect();
    }
  }
}
