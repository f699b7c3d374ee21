package io.icegate.procedure.spec;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Every procedure of the specification, by name. Names compare case-insensitively, as Iceberg's
 * catalogs compare them.
 */
public final class Procedures {
  private static final Map<String, ProcedureSpec> BY_NAME =
      index(
          Stream.of(
                  SnapshotProcedures.all(),
                  MaintenanceProcedures.all(),
                  MigrationProcedures.all(),
                  InformationProcedures.all())
              .flatMap(List::stream)
              .toList());

  private Procedures() {}

  public static Optional<ProcedureSpec> find(String name) {
    return Optional.ofNullable(BY_NAME.get(name.toLowerCase(Locale.ROOT)));
  }

  /** Every procedure, in the specification's order. */
  public static List<ProcedureSpec> all() {
    return List.copyOf(BY_NAME.values());
  }

  public static List<String> names() {
    return List.copyOf(BY_NAME.keySet());
  }

  private static Map<String, ProcedureSpec> index(List<ProcedureSpec> procedures) {
    Map<String, ProcedureSpec> byName = new LinkedHashMap<>();
    for (ProcedureSpec procedure : procedures) {
      if (byName.put(procedure.name(), procedure) != null) {
        throw new IllegalStateException("Procedure declared twice: " + procedure.name());
      }
    }
    return byName;
  }
}
