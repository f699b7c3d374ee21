package io.icegate.it.lifecycle;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * One statement of a scenario, as a template: {@code {ns}} is the scenario's namespace on the side
 * that runs it, {@code {dir}} a scratch directory of that side, and {@code ${name}} a value
 * captured by an earlier step.
 *
 * @param capture when present, the step's first value is kept under this name for later steps
 */
record Step(Actor actor, String sql, Optional<String> capture) {
  Step {
    requireNonNull(actor, "actor is null");
    requireNonNull(sql, "sql is null");
    requireNonNull(capture, "capture is null");
  }

  static Step by(Actor actor, String sql) {
    return new Step(actor, sql, Optional.empty());
  }

  /** A step whose first value later steps use as {@code ${name}}. */
  static Step capture(Actor actor, String name, String sql) {
    return new Step(actor, sql, Optional.of(name));
  }

  boolean isQuery() {
    String head = sql.stripLeading().toUpperCase(java.util.Locale.ROOT);
    return head.startsWith("SELECT") || head.startsWith("WITH");
  }

  boolean isOrdered() {
    return sql.toUpperCase(java.util.Locale.ROOT).contains("ORDER BY");
  }
}
