package io.icegate.procedure.spec;

import static java.util.Objects.requireNonNull;

import io.icegate.procedure.Reason;

/**
 * A constraint that the arguments of a call break: the reason, the argument at fault, and what is
 * wrong.
 */
public record Violation(Reason reason, String argument, String problem) {
  public Violation {
    requireNonNull(reason, "reason is null");
    requireNonNull(argument, "argument is null");
    requireNonNull(problem, "problem is null");
  }
}
