package io.icegate.access;

import static java.util.Objects.requireNonNull;

/**
 * One answer of the rules: allowed or not, and the rule that decided ({@code id} from the file, or
 * the section and position, or why no rule did), for audit lines and EXPLAIN ACCESS.
 */
public record Decision(boolean allowed, String rule) {
  public Decision {
    requireNonNull(rule, "rule is null");
  }

  static Decision deny(String rule) {
    return new Decision(false, rule);
  }
}
