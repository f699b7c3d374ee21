package io.icegate.gateway.security;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * The identity of the request the current thread handles, set by the HTTP layer around each request
 * (after authentication, when it is on) and read by the statement layer (roles, limits, audit).
 * Empty outside a request, for example in tests that drive the Meta directly.
 */
public final class RequestContext {
  private static final ThreadLocal<Identity> CURRENT = new ThreadLocal<>();

  private RequestContext() {}

  public static Optional<Identity> current() {
    return Optional.ofNullable(CURRENT.get());
  }

  /**
   * Runs {@code body} with {@code identity} as the current request's; restores what was there
   * before.
   */
  public static <T> T with(Identity identity, Supplier<T> body) {
    Identity previous = CURRENT.get();
    CURRENT.set(identity);
    try {
      return body.get();
    } finally {
      if (previous == null) {
        CURRENT.remove();
      } else {
        CURRENT.set(previous);
      }
    }
  }
}
