package io.icegate.procedure.bind;

import static java.util.Objects.requireNonNull;

import io.icegate.procedure.spec.ProcedureSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A CALL bound to its procedure: the catalog it runs in, every declared argument in declaration
 * order with its typed value or none, and the table arguments resolved to full names.
 */
public record BoundCall(
    ProcedureSpec procedure,
    String catalog,
    List<BoundArgument> arguments,
    Map<String, TableName> tables) {
  public BoundCall {
    requireNonNull(procedure, "procedure is null");
    requireNonNull(catalog, "catalog is null");
    arguments = List.copyOf(arguments);
    tables = Map.copyOf(tables);
    if (!arguments.stream().map(BoundArgument::name).toList().equals(procedure.parameterNames())) {
      throw new IllegalArgumentException(
          "A bound call has every argument of " + procedure.name() + ", in order");
    }
  }

  /** The argument called {@code name} (a declared, lower-case name). */
  public BoundArgument argument(String name) {
    return arguments.stream()
        .filter(argument -> argument.name().equals(name))
        .findFirst()
        .orElseThrow(
            () -> new IllegalArgumentException(procedure.name() + " has no argument " + name));
  }

  /** The value of argument {@code name}, if given. */
  public Optional<Object> value(String name) {
    return argument(name).optionalValue();
  }

  /** The given arguments' values by name. */
  public Map<String, Object> givenValues() {
    Map<String, Object> values = new LinkedHashMap<>();
    for (BoundArgument argument : arguments) {
      if (argument.isGiven()) {
        values.put(argument.name(), argument.value());
      }
    }
    return values;
  }

  /** The resolved table of table argument {@code name}, if it is given. */
  public Optional<TableName> table(String name) {
    return Optional.ofNullable(tables.get(name));
  }

  /** This call with {@code replacement} in place of the argument of the same name. */
  public BoundCall with(BoundArgument replacement) {
    List<BoundArgument> replaced = new ArrayList<>(arguments);
    replaced.replaceAll(
        argument -> argument.name().equals(replacement.name()) ? replacement : argument);
    return new BoundCall(procedure, catalog, replaced, tables);
  }
}
