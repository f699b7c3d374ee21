package io.icegate.procedure.spec;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * One argument of a procedure: name, type, whether required, the documented default, what it refers
 * to, and the checks on its value.
 *
 * @param defaultText the default as documented ("5 days ago", "false"), for EXPLAIN; null if the
 *     procedure simply does without (or the argument is required)
 */
public record ParameterSpec(
    String name,
    ArgumentType type,
    boolean required,
    @Nullable String defaultText,
    ArgumentKind kind,
    List<ValueRule> rules) {
  /** Most procedures' first argument: the Iceberg table of the procedure's catalog to work on. */
  public static final ParameterSpec TABLE =
      required("table", ArgumentType.STRING, ArgumentKind.ICEBERG_TABLE);

  public ParameterSpec {
    requireNonNull(name, "name is null");
    requireNonNull(type, "type is null");
    requireNonNull(kind, "kind is null");
    rules = List.copyOf(rules);
    if (required && defaultText != null) {
      throw new IllegalArgumentException("Required argument " + name + " cannot have a default");
    }
  }

  /** A required plain value. */
  public static ParameterSpec required(String name, ArgumentType type) {
    return required(name, type, ArgumentKind.VALUE);
  }

  /** A required argument that refers to something ({@link ArgumentKind}). */
  public static ParameterSpec required(String name, ArgumentType type, ArgumentKind kind) {
    return new ParameterSpec(name, type, true, null, kind, List.of());
  }

  /** An optional plain value whose documented default is {@code defaultText} (null: none). */
  public static ParameterSpec optional(
      String name, ArgumentType type, @Nullable String defaultText) {
    return optional(name, type, ArgumentKind.VALUE, defaultText);
  }

  /** An optional argument that refers to something. */
  public static ParameterSpec optional(
      String name, ArgumentType type, ArgumentKind kind, @Nullable String defaultText) {
    return new ParameterSpec(name, type, false, defaultText, kind, List.of());
  }

  /** This argument with one more check on its value. */
  public ParameterSpec with(ValueRule rule) {
    List<ValueRule> more = new ArrayList<>(rules);
    more.add(rule);
    return new ParameterSpec(name, type, required, defaultText, kind, more);
  }

  public Optional<String> defaultValue() {
    return Optional.ofNullable(defaultText);
  }
}
