package io.icegate.it.lifecycle;

import java.util.Map;

/** Where a scenario runs: through the gateway, or through Spark directly (the reference). */
interface Side extends AutoCloseable {
  /** Names this side in namespaces and directories: letters only. */
  String name();

  /**
   * Runs {@code sql} as {@code actor}; the outcomes by how it ran. A side may run a query more than
   * one way (the gateway with its native metadata path on and off), each compared with the
   * reference.
   */
  Map<String, Outcome> run(Actor actor, String sql, boolean query);

  @Override
  void close();
}
