package io.icegate.gateway.access;

import io.icegate.access.Privilege;
import io.icegate.access.ProcedureAccess;
import io.icegate.access.TableRef;
import io.icegate.procedure.bind.BoundCall;
import io.icegate.procedure.bind.TableName;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * A CALL's checks against the access rules: the procedure itself, then every table argument with
 * the privileges that argument needs ({@link ProcedureAccess}), before the procedure bridge looks
 * at any table. A table argument the rules do not list is refused.
 */
public final class CallAccess {
  /** One argument's check, as EXPLAIN CALL shows it. */
  public record Check(String argument, String privileges, String table, String rule) {}

  private CallAccess() {}

  /**
   * Refuses {@code call} unless the user may call its procedure and holds what each table argument
   * needs; returns each check made.
   */
  public static List<Check> check(TableAccess access, BoundCall call) {
    String procedure = call.procedure().name();
    access.requireProcedure(procedure);
    List<Check> checks = new ArrayList<>();
    for (Map.Entry<String, TableName> argument : new TreeMap<>(call.tables()).entrySet()) {
      TableName name = argument.getValue();
      if (name.isFileReference()
          && procedure.equals("add_files")
          && argument.getKey().equals("source_table")) {
        // Files by path (add_files's `parquet`.`/dir`): the statement policy's roots decide.
        continue;
      }
      Set<Privilege> needed =
          ProcedureAccess.of(procedure, argument.getKey())
              .orElseThrow(
                  () ->
                      TableAccess.refusal(
                          "Cannot call "
                              + procedure
                              + ": the access rules do not know what argument '"
                              + argument.getKey()
                              + "' needs"));
      TableRef table = new TableRef(name.catalog(), name.namespace(), name.name());
      access.require(table, needed, "call " + procedure + " on");
      checks.add(
          new Check(
              argument.getKey(),
              needed.stream().map(Privilege::label).collect(Collectors.joining(", ")),
              table.toString(),
              access.grant(table).rule()));
    }
    return checks;
  }
}
