package io.icegate.gateway.security;

import java.util.Optional;

/**
 * Checks a user name and password sent with a request (HTTP Basic). The users file is one
 * implementation ({@link UsersFileAuthenticator}); LDAP or JWT-backed ones plug in here.
 * Implementations are called for every request, from many threads at once, so they must be
 * thread-safe and should cache what is slow to check.
 */
public interface Authenticator {
  /**
   * Returns the identity of {@code user} when {@code password} is theirs, else empty (an unknown
   * user and a wrong password look the same to the caller). {@code password} belongs to the caller,
   * who clears it afterwards.
   */
  Optional<Identity> authenticate(String user, char[] password, String remoteAddress);

  /**
   * {@code identity}, which this authenticator gave earlier, as the user stands now: their current
   * role, or empty when they are no longer a user. Sessions that outlive one request (the web
   * console's) ask it at every request. By default the identity stands as it was.
   */
  default Optional<Identity> current(Identity identity) {
    return Optional.of(identity);
  }
}
