package io.icegate.gateway.console;

import io.icegate.gateway.security.Identity;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

/**
 * Who is logged in to the console: a random token in a cookie names a session, which holds the
 * identity the login proved and a second random token that every form that changes something
 * carries (so another site cannot make a logged-in browser cancel a statement). Kept in memory: a
 * restart logs everyone out.
 */
final class ConsoleSessions {
  /** A session ends after this long without a page asked for (refreshes of a page do not count). */
  static final Duration IDLE = Duration.ofMinutes(30);

  /** And after this long in any case. */
  static final Duration LIFETIME = Duration.ofHours(8);

  private static final SecureRandom RANDOM = new SecureRandom();

  record Session(
      String token, Identity identity, String formToken, Instant opened, Instant lastUsed) {}

  private final Map<String, Session> sessions = new ConcurrentHashMap<>();

  Session open(Identity identity) {
    dropExpired();
    Instant now = Instant.now();
    Session session = new Session(token(), identity, token(), now, now);
    sessions.put(session.token(), session);
    return session;
  }

  /**
   * The session of {@code token}, still in use, with {@code identity} as the user stands now (empty
   * drops it). A request of the person ({@code touch}) starts its idle time again; a page's own
   * refresh does not, so a tab left open still times out.
   */
  Optional<Session> find(String token, boolean touch, UnaryOperator<Optional<Identity>> identity) {
    if (token == null) {
      return Optional.empty();
    }
    Instant now = Instant.now();
    Session found =
        sessions.computeIfPresent(
            token,
            (key, session) -> {
              if (session.lastUsed().plus(IDLE).isBefore(now)
                  || session.opened().plus(LIFETIME).isBefore(now)) {
                return null;
              }
              Optional<Identity> current = identity.apply(Optional.of(session.identity()));
              return current
                  .map(
                      user ->
                          new Session(
                              key,
                              user,
                              session.formToken(),
                              session.opened(),
                              touch ? now : session.lastUsed()))
                  .orElse(null);
            });
    return Optional.ofNullable(found);
  }

  void close(String token) {
    if (token != null) {
      sessions.remove(token);
    }
  }

  private void dropExpired() {
    Instant now = Instant.now();
    sessions
        .values()
        .removeIf(
            session ->
                session.lastUsed().plus(IDLE).isBefore(now)
                    || session.opened().plus(LIFETIME).isBefore(now));
  }

  private static String token() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }
}
