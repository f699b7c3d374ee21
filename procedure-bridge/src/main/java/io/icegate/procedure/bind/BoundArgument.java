package io.icegate.procedure.bind;

import static java.util.Objects.requireNonNull;

import io.icegate.procedure.spec.ParameterSpec;
import java.util.Optional;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * One argument of a bound call: its declaration, its typed value (null when omitted or given as
 * NULL, so the procedure's default applies), how it was given, and a note for EXPLAIN (the table it
 * resolved to, the ref a snapshot id came from).
 */
public record BoundArgument(
    ParameterSpec parameter, @Nullable Object value, Source source, @Nullable String note) {
  /** How an argument got its value. */
  public enum Source {
    /** Given as {@code name => value}. */
    NAMED,
    /** Given by position. */
    POSITIONAL,
    /** Not given (or given as NULL): the procedure's default applies. */
    DEFAULT
  }

  public BoundArgument {
    requireNonNull(parameter, "parameter is null");
    requireNonNull(source, "source is null");
    if ((value == null) != (source == Source.DEFAULT)) {
      throw new IllegalArgumentException(
          "An argument has a value exactly when it is given: " + parameter.name());
    }
  }

  public String name() {
    return parameter.name();
  }

  public boolean isGiven() {
    return value != null;
  }

  public Optional<Object> optionalValue() {
    return Optional.ofNullable(value);
  }

  public Optional<String> optionalNote() {
    return Optional.ofNullable(note);
  }

  /** This argument with another value (same source) and note. */
  public BoundArgument with(Object newValue, String newNote) {
    return new BoundArgument(parameter, newValue, source, newNote);
  }
}
