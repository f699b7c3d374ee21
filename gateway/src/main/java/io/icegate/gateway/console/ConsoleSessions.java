package io.icegate.gateway.console;

import io.icegate.gateway.security.Identity;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Who is logged in to the console: a random token in a cookie names a session, which holds the
 * identity the login proved and a second random token that every form that changes something
 * carries (so another site cannot make a logged-in browser cancel a statement). Kept in memory: a
 * restart logs everyone out.
 */
final class ConsoleSessions {
  /** A session ends after this long without a request. */
  static final Duration IDLE = Duration.ofMinutes(30);

  private static final SecureRandom RANDOM = new SecureRandom();

  record Session(String token, Identity identity, String formToken, Instant lastUsed) {}

  private final Map<String, Session> sessions = new ConcurrentHashMap<>();

  Session open(Identity identity) {
    dropExpired();
    Session session = new Session(token(), identity, token(), Instant.now());
    sessions.put(session.token(), session);
    return session;
  }

  /** The session of {@code token}, still in use; its idle time starts again. */
  Optional<Session> find(String token) {
    if (token == null) {
      return Optional.empty();
    }
    Session found =
        sessions.computeIfPresent(
            token,
            (key, session) ->
                session.lastUsed().plus(IDLE).isBefore(Instant.now())
                    ? null
                    : new Session(key, session.identity(), session.formToken(), Instant.now()));
    return Optional.ofNullable(found);
  }

  void close(String token) {
    if (token != null) {
      sessions.remove(token);
    }
  }

  private void dropExpired() {
    Instant oldest = Instant.now().minus(IDLE);
    sessions.values().removeIf(session -> session.lastUsed().isBefore(oldest));
  }

  private static String token() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }
}
