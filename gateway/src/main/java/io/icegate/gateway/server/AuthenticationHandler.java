package io.icegate.gateway.server;

import io.icegate.access.Role;
import io.icegate.gateway.metrics.GatewayMetrics;
import io.icegate.gateway.security.Authenticator;
import io.icegate.gateway.security.Identity;
import io.icegate.gateway.security.RequestContext;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;
import javax.servlet.ServletException;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.HandlerWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * In front of Avatica's handler: finds who sends each request and runs the rest of its handling
 * with that {@link Identity} as the {@link RequestContext}. With an {@link Authenticator}, a
 * request without valid HTTP Basic credentials gets 401 and a Basic challenge before its body is
 * read; without one, the request runs as the user its Basic header names, else {@value #ANONYMOUS},
 * with role admin and {@code authenticated=false}.
 */
final class AuthenticationHandler extends HandlerWrapper {
  static final String ANONYMOUS = "anonymous";
  static final String REALM = "Icegate";
  private static final Logger LOG = LoggerFactory.getLogger(AuthenticationHandler.class);
  private static final String BASIC = "Basic ";

  private final Optional<Authenticator> authenticator;

  AuthenticationHandler(Optional<Authenticator> authenticator) {
    this.authenticator = authenticator;
  }

  @Override
  public void handle(
      String target, Request baseRequest, HttpServletRequest request, HttpServletResponse response)
      throws IOException, ServletException {
    String remoteAddress = String.valueOf(request.getRemoteAddr());
    Optional<Credentials> credentials = Credentials.of(request.getHeader("Authorization"));
    Optional<Identity> identity;
    try {
      identity = identify(credentials, remoteAddress);
    } finally {
      credentials.ifPresent(Credentials::clear);
    }
    if (identity.isEmpty()) {
      refuse(baseRequest, response);
      return;
    }
    Failure failure =
        RequestContext.with(
            identity.get(),
            () -> {
              try {
                super.handle(target, baseRequest, request, response);
                return null;
              } catch (IOException | ServletException e) {
                return new Failure(e);
              }
            });
    if (failure != null) {
      failure.rethrow();
    }
  }

  private Optional<Identity> identify(Optional<Credentials> credentials, String remoteAddress) {
    if (authenticator.isEmpty()) {
      String user =
          credentials.map(Credentials::user).filter(name -> !name.isEmpty()).orElse(ANONYMOUS);
      return Optional.of(new Identity(user, Role.ADMIN, remoteAddress, false));
    }
    if (credentials.isEmpty()) {
      // The normal first request of a client: HTTP clients send credentials only once challenged.
      LOG.debug("Challenging a request without credentials from {}", remoteAddress);
      return Optional.empty();
    }
    Credentials given = credentials.get();
    Optional<Identity> identity =
        authenticator.get().authenticate(given.user(), given.password(), remoteAddress);
    if (identity.isEmpty()) {
      GatewayMetrics.instance().authenticationFailed();
      LOG.warn(
          "Refused user '{}' from {}: wrong user name or password", given.user(), remoteAddress);
    }
    return identity;
  }

  private static void refuse(Request baseRequest, HttpServletResponse response) throws IOException {
    response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
    response.setHeader("WWW-Authenticate", "Basic realm=\"" + REALM + "\", charset=\"UTF-8\"");
    response.setContentType("text/plain;charset=utf-8");
    response
        .getOutputStream()
        .write(
            "Authentication required: a user name and password of this gateway\n"
                .getBytes(StandardCharsets.UTF_8));
    baseRequest.setHandled(true);
  }

  /** The user name and password of an {@code Authorization: Basic} header. */
  private record Credentials(String user, char[] password) {
    static Optional<Credentials> of(String header) {
      if (header == null || !header.regionMatches(true, 0, BASIC, 0, BASIC.length())) {
        return Optional.empty();
      }
      byte[] decoded;
      try {
        decoded = Base64.getDecoder().decode(header.substring(BASIC.length()).strip());
      } catch (IllegalArgumentException e) {
        return Optional.empty();
      }
      try {
        CharBuffer text =
            StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(decoded));
        char[] chars = new char[text.remaining()];
        text.get(chars);
        Arrays.fill(text.array(), '\0');
        int colon = indexOf(chars, ':');
        if (colon < 0) {
          Arrays.fill(chars, '\0');
          return Optional.empty();
        }
        Credentials credentials =
            new Credentials(
                new String(chars, 0, colon), Arrays.copyOfRange(chars, colon + 1, chars.length));
        Arrays.fill(chars, '\0');
        return Optional.of(credentials);
      } catch (CharacterCodingException e) {
        return Optional.empty();
      } finally {
        Arrays.fill(decoded, (byte) 0);
      }
    }

    void clear() {
      Arrays.fill(password, '\0');
    }

    private static int indexOf(char[] chars, char c) {
      for (int i = 0; i < chars.length; i++) {
        if (chars[i] == c) {
          return i;
        }
      }
      return -1;
    }
  }

  /** A checked exception carried out of the {@link RequestContext} body. */
  private record Failure(Exception exception) {
    void rethrow() throws IOException, ServletException {
      if (exception instanceof IOException io) {
        throw io;
      }
      throw (ServletException) exception;
    }
  }
}
