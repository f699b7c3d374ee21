package io.icegate.procedure;

import static java.util.Objects.requireNonNull;

import io.icegate.procedure.bind.BoundCall;
import io.icegate.procedure.spec.OutputColumn;
import io.icegate.procedure.spec.Privilege;
import io.icegate.procedure.spec.ProcedureSpec;
import java.util.List;

/**
 * A CALL that passed every check and is ready to run: the bound call, how it runs, and warnings for
 * the client (an argument that the chosen execution ignores).
 */
public record PreparedCall(BoundCall call, Execution execution, List<String> warnings) {
  public PreparedCall {
    requireNonNull(call, "call is null");
    requireNonNull(execution, "execution is null");
    warnings = List.copyOf(warnings);
  }

  public ProcedureSpec procedure() {
    return call.procedure();
  }

  /** The result's columns: the specification's names with the 3.5 runtime's types. */
  public List<OutputColumn> outputColumns() {
    return call.procedure().outputs();
  }

  /** What the caller needs to be allowed to run it. */
  public Privilege privilege() {
    return call.procedure().privilege();
  }
}
