package io.icegate.procedure;

import static java.util.Objects.requireNonNull;

import java.util.Optional;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * A CALL refused before anything ran. The message is for people ("Cannot call expire_snapshots:
 * unknown argument 'retain_lst' (did you mean 'retain_last'?)"); the reason says which rule refused
 * it; procedure and argument say where.
 */
public final class ProcedureException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final Reason reason;
  private final @Nullable String procedure;
  private final @Nullable String argument;

  /**
   * @param procedure the procedure as the message names it, if known
   * @param argument the argument at fault, if one is
   */
  public ProcedureException(
      Reason reason, @Nullable String procedure, @Nullable String argument, String message) {
    super(requireNonNull(message, "message is null"));
    this.reason = requireNonNull(reason, "reason is null");
    this.procedure = procedure;
    this.argument = argument;
  }

  /** A failure of {@code procedure}: the message is {@code Cannot call <procedure>: <problem>}. */
  public static ProcedureException of(
      Reason reason, String procedure, @Nullable String argument, String problem) {
    return new ProcedureException(
        reason, procedure, argument, "Cannot call " + procedure + ": " + problem);
  }

  public Reason reason() {
    return reason;
  }

  public Optional<String> procedure() {
    return Optional.ofNullable(procedure);
  }

  public Optional<String> argument() {
    return Optional.ofNullable(argument);
  }
}
