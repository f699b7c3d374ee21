package io.icegate.gateway.security;

import io.icegate.access.Role;
import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import java.util.Map;
import java.util.Optional;

/**
 * Whose a connection is and who may act on it: with authentication on, a connection is its
 * opener's, and another user's request about it is refused, except what an admin may do for anyone.
 * Without authentication every request may act on every connection (the gateway then listens on
 * loopback only).
 */
public final class Ownership {
  /** What a request does with a connection, and whether an admin may do it to another user's. */
  public enum Access {
    /** Runs statements on it or reads its results: only its owner. */
    USE("use", false),
    /** Closes it (and cancels its work): its owner or an admin. */
    CLOSE("close", true);

    private final String verb;
    private final boolean adminMay;

    Access(String verb, boolean adminMay) {
      this.verb = verb;
      this.adminMay = adminMay;
    }
  }

  private Ownership() {}

  /**
   * Who opens a connection with the client's {@code properties}: the authenticated user of the
   * current request, with their role; without authentication, the user the client names (or
   * "anonymous"), who may do everything.
   */
  public static Identity opener(Map<String, String> properties) {
    Optional<Identity> request = RequestContext.current();
    if (request.isPresent() && request.get().authenticated()) {
      return request.get();
    }
    String named = properties.get("user");
    return new Identity(
        named == null || named.isBlank() ? "anonymous" : named,
        Role.ADMIN,
        request.map(Identity::remoteAddress).orElse("unknown"),
        false);
  }

  /**
   * Refuses the current request {@code access} to connection {@code connectionId} of {@code owner}
   * if not its.
   */
  public static void require(Access access, String connectionId, Identity owner) {
    Optional<Identity> request = RequestContext.current();
    if (request.isEmpty()
        || !request.get().authenticated()
        || request.get().user().equals(owner.user())
        || access.adminMay && request.get().role().includes(Role.ADMIN)) {
      return;
    }
    throw new GatewayException(
        ErrorCode.INSUFFICIENT_PRIVILEGE,
        "Cannot "
            + access.verb
            + " connection "
            + connectionId
            + ": user '"
            + request.get().user()
            + "' did not open it"
            + (access.adminMay
                ? " (doing so for another user's connection needs role admin)"
                : ""));
  }

  /**
   * Whether {@code caller} may act on work of user {@code owner} (cancel a query, say): their own,
   * or as admin.
   */
  public static boolean ownerOrAdmin(Identity caller, String owner) {
    return caller.role().includes(Role.ADMIN) || owner.equals(caller.user());
  }
}
