package io.icegate.procedure.bind;

import static java.util.Objects.requireNonNull;

import io.icegate.procedure.Reason;

/**
 * A value an argument cannot take; the binder adds the procedure and argument to make the message.
 */
final class ValueProblem extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final Reason reason;

  ValueProblem(Reason reason, String problem) {
    super(requireNonNull(problem, "problem is null"), null, false, false);
    this.reason = requireNonNull(reason, "reason is null");
  }

  Reason reason() {
    return reason;
  }
}
