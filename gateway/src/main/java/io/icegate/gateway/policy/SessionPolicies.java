package io.icegate.gateway.policy;

import io.icegate.access.policy.RolePolicy;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;
import org.apache.spark.sql.SparkSession;

/**
 * The policy of each connection's SparkSession, which the rules Spark runs inside analysis look up.
 * A session without one (the gateway's own, a test's reference session) is not a user's and is not
 * checked.
 */
public final class SessionPolicies {
  private static final Map<SparkSession, RolePolicy> POLICIES =
      Collections.synchronizedMap(new WeakHashMap<>());

  private SessionPolicies() {}

  public static void register(SparkSession session, RolePolicy policy) {
    POLICIES.put(session, policy);
  }

  public static void unregister(SparkSession session) {
    POLICIES.remove(session);
  }

  public static Optional<RolePolicy> of(SparkSession session) {
    return Optional.ofNullable(POLICIES.get(session));
  }
}
