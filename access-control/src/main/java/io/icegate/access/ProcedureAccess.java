package io.icegate.access;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The privileges each table argument of each procedure needs on the table it names: the CALL is
 * allowed only if every one is held. A procedure or argument not listed is refused.
 */
public final class ProcedureAccess {
  private static final Set<Privilege> MAINTAIN = EnumSet.of(Privilege.MAINTAIN);
  private static final Set<Privilege> REFS = EnumSet.of(Privilege.REFS);
  private static final Set<Privilege> OWNERSHIP = EnumSet.of(Privilege.OWNERSHIP);

  private static final Map<String, Map<String, Set<Privilege>>> NEEDS =
      Map.ofEntries(
          Map.entry("ancestors_of", Map.of("table", EnumSet.of(Privilege.HISTORY))),
          Map.entry(
              "create_changelog_view",
              Map.of("table", EnumSet.of(Privilege.SELECT, Privilege.HISTORY))),
          Map.entry("compute_table_stats", Map.of("table", MAINTAIN)),
          Map.entry("compute_partition_stats", Map.of("table", MAINTAIN)),
          Map.entry(
              "rewrite_table_path",
              Map.of("table", EnumSet.of(Privilege.MAINTAIN, Privilege.HISTORY))),
          Map.entry("expire_snapshots", Map.of("table", MAINTAIN)),
          Map.entry("remove_orphan_files", Map.of("table", MAINTAIN)),
          Map.entry("rewrite_data_files", Map.of("table", MAINTAIN)),
          Map.entry("rewrite_manifests", Map.of("table", MAINTAIN)),
          Map.entry("rewrite_position_delete_files", Map.of("table", MAINTAIN)),
          Map.entry("rollback_to_snapshot", Map.of("table", REFS)),
          Map.entry("rollback_to_timestamp", Map.of("table", REFS)),
          Map.entry("set_current_snapshot", Map.of("table", REFS)),
          Map.entry("cherrypick_snapshot", Map.of("table", REFS)),
          Map.entry("publish_changes", Map.of("table", REFS)),
          Map.entry("fast_forward", Map.of("table", REFS)),
          Map.entry(
              "snapshot", Map.of("source_table", EnumSet.of(Privilege.SELECT), "table", OWNERSHIP)),
          Map.entry("migrate", Map.of("table", OWNERSHIP)),
          Map.entry(
              "add_files",
              Map.of(
                  "table",
                  EnumSet.of(Privilege.INSERT),
                  "source_table",
                  EnumSet.of(Privilege.SELECT))),
          Map.entry("register_table", Map.of("table", OWNERSHIP)));

  private ProcedureAccess() {}

  /**
   * What argument {@code argument} of procedure {@code procedure} needs on the table it names;
   * empty if the pair is unknown, which the caller refuses.
   */
  public static Optional<Set<Privilege>> of(String procedure, String argument) {
    Map<String, Set<Privilege>> arguments = NEEDS.get(procedure.toLowerCase(Locale.ROOT));
    return arguments == null
        ? Optional.empty()
        : Optional.ofNullable(arguments.get(argument.toLowerCase(Locale.ROOT)));
  }

  /** The procedures listed, for the test that every procedure of the registry is. */
  public static Set<String> procedures() {
    return NEEDS.keySet();
  }
}
