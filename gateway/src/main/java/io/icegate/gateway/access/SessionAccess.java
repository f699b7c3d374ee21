package io.icegate.gateway.access;

import io.icegate.access.AccessControl;
import io.icegate.gateway.security.Identity;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;
import java.util.function.Supplier;
import org.apache.spark.sql.SparkSession;

/**
 * Whose each connection's SparkSession is, for the access rules: registered when the connection
 * opens, removed when it closes. A session without one (the gateway's own, a test's reference
 * session) is not checked, nor are the jobs a procedure starts once its CALL was checked.
 */
public final class SessionAccess {
  private record Owner(AccessControl control, String user, String role) {}

  private static final Map<SparkSession, Owner> OWNERS =
      Collections.synchronizedMap(new WeakHashMap<>());

  /**
   * Set while a checked CALL runs: its own reads and writes are the procedure's, not the user's.
   */
  private static final ThreadLocal<Boolean> IN_CHECKED_CALL = ThreadLocal.withInitial(() -> false);

  private SessionAccess() {}

  public static void register(SparkSession session, AccessControl control, Identity identity) {
    OWNERS.put(
        session,
        new Owner(control, identity.user(), identity.role().name().toLowerCase(Locale.ROOT)));
  }

  public static void unregister(SparkSession session) {
    OWNERS.remove(session);
  }

  /**
   * The checks for one statement of {@code session}, with the rules in effect now; empty when no
   * rules file is in effect, the session is not a user's, or a checked CALL is running.
   */
  public static Optional<TableAccess> forStatement(SparkSession session) {
    if (IN_CHECKED_CALL.get()) {
      return Optional.empty();
    }
    return forSession(session);
  }

  /** As {@link #forStatement}, also inside a CALL: for what a procedure shows its caller. */
  public static Optional<TableAccess> forSession(SparkSession session) {
    Owner owner = OWNERS.get(session);
    if (owner == null) {
      return Optional.empty();
    }
    return owner
        .control()
        .rules()
        .map(rules -> new TableAccess(rules, rules.subject(owner.user(), owner.role()), session));
  }

  /** The access control of {@code session}'s gateway, if the session is a user's. */
  public static Optional<AccessControl> control(SparkSession session) {
    Owner owner = OWNERS.get(session);
    return owner == null ? Optional.empty() : Optional.of(owner.control());
  }

  /**
   * Runs a CALL whose every table argument was checked; what it runs inside is not checked again.
   */
  public static <T> T checkedCall(Supplier<T> call) {
    boolean outer = IN_CHECKED_CALL.get();
    IN_CHECKED_CALL.set(true);
    try {
      return call.get();
    } finally {
      IN_CHECKED_CALL.set(outer);
    }
  }
}
