package io.icegate.procedure.spec;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * One Iceberg procedure as data: its name, the privilege it needs, its arguments in the 3.5
 * runtime's positional order, its output columns, and the constraints across arguments.
 */
public record ProcedureSpec(
    String name,
    Privilege privilege,
    List<ParameterSpec> parameters,
    List<OutputColumn> outputs,
    List<Constraint> constraints) {
  public ProcedureSpec {
    requireNonNull(name, "name is null");
    requireNonNull(privilege, "privilege is null");
    parameters = List.copyOf(parameters);
    outputs = List.copyOf(outputs);
    constraints = List.copyOf(constraints);
    checkParameters(name, parameters);
  }

  /** The argument called {@code name}, compared case-insensitively as Spark compares them. */
  public Optional<ParameterSpec> parameter(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    return parameters.stream().filter(parameter -> parameter.name().equals(lower)).findFirst();
  }

  public List<String> parameterNames() {
    return parameters.stream().map(ParameterSpec::name).toList();
  }

  public static Builder builder(String name, Privilege privilege) {
    return new Builder(name, privilege);
  }

  /** As Spark's ResolveProcedures requires: lower-case unique names, required ones first. */
  private static void checkParameters(String procedure, List<ParameterSpec> parameters) {
    Set<String> names = new HashSet<>();
    boolean optionalSeen = false;
    for (ParameterSpec parameter : parameters) {
      if (!parameter.name().equals(parameter.name().toLowerCase(Locale.ROOT))
          || !names.add(parameter.name())) {
        throw new IllegalArgumentException(
            procedure + ": argument names must be lower-case and unique");
      }
      if (parameter.required() && optionalSeen) {
        throw new IllegalArgumentException(
            procedure + ": required argument " + parameter.name() + " after an optional one");
      }
      optionalSeen |= !parameter.required();
    }
  }

  /** Collects a declaration; arguments in the runtime's positional order. */
  public static final class Builder {
    private final String name;
    private final Privilege privilege;
    private final List<ParameterSpec> parameters = new ArrayList<>();
    private final List<OutputColumn> outputs = new ArrayList<>();
    private final List<Constraint> constraints = new ArrayList<>();

    private Builder(String name, Privilege privilege) {
      this.name = name;
      this.privilege = privilege;
    }

    public Builder parameters(ParameterSpec... more) {
      parameters.addAll(List.of(more));
      return this;
    }

    public Builder returns(OutputColumn... columns) {
      outputs.addAll(List.of(columns));
      return this;
    }

    public Builder constraint(Constraint constraint) {
      constraints.add(constraint);
      return this;
    }

    public ProcedureSpec build() {
      return new ProcedureSpec(name, privilege, parameters, outputs, constraints);
    }
  }
}
