package io.icegate.gateway.result;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Where a Spark task finds the handoff of its partition. Tasks are deserialized closures, so they
 * cannot carry the queue itself; in local mode they run in the gateway's JVM and find it here by
 * key.
 */
final class HandoffRegistry {
  private static final ConcurrentMap<String, PartitionHandoff> HANDOFFS = new ConcurrentHashMap<>();

  private HandoffRegistry() {}

  static void register(String key, PartitionHandoff handoff) {
    HANDOFFS.put(key, handoff);
  }

  static PartitionHandoff lookup(String key) {
    return HANDOFFS.get(key);
  }

  static void remove(String key) {
    HANDOFFS.remove(key);
  }

  static int size() {
    return HANDOFFS.size();
  }
}
