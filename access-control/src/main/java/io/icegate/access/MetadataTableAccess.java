package io.icegate.access;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What reading one of a table's metadata tables needs: the privileges on the table, and whether its
 * rows carry the table's values (column bounds, partition values, rows), which a user who sees only
 * part of the table (hidden or masked columns, a row filter) is shown redacted or not at all.
 */
public final class MetadataTableAccess {
  /** The privileges a metadata table needs, and whether its rows carry the table's values. */
  public record Need(Set<Privilege> privileges, boolean carriesValues) {
    public Need {
      privileges = Set.copyOf(privileges);
    }
  }

  private static final Map<String, Need> NEEDS =
      Map.ofEntries(
          structural("history"),
          // A snapshot's summary spells partition values when write.summary.partition-limit is set.
          Map.entry("snapshots", new Need(EnumSet.of(Privilege.METADATA), true)),
          structural("refs"),
          structural("metadata_log_entries"),
          Map.entry("manifests", new Need(EnumSet.of(Privilege.METADATA), true)),
          Map.entry(
              "all_manifests", new Need(EnumSet.of(Privilege.METADATA, Privilege.HISTORY), true)),
          current("files"),
          current("data_files"),
          current("delete_files"),
          current("entries"),
          current("partitions"),
          past("all_files"),
          past("all_data_files"),
          past("all_delete_files"),
          past("all_entries"),
          past("position_deletes"),
          past("changes"),
          past("snapshot_diff"));

  private MetadataTableAccess() {}

  /**
   * What metadata table {@code name} (Iceberg's, or Spark's {@code changes}) needs; empty if
   * unknown.
   */
  public static Optional<Need> of(String name) {
    return Optional.ofNullable(NEEDS.get(name.toLowerCase(Locale.ROOT)));
  }

  /** Every metadata table the rules know, for the test that none is left out. */
  public static Set<String> names() {
    return NEEDS.keySet();
  }

  private static Map.Entry<String, Need> structural(String name) {
    return Map.entry(name, new Need(EnumSet.of(Privilege.METADATA), false));
  }

  private static Map.Entry<String, Need> current(String name) {
    return Map.entry(name, new Need(EnumSet.of(Privilege.SELECT), true));
  }

  private static Map.Entry<String, Need> past(String name) {
    return Map.entry(name, new Need(EnumSet.of(Privilege.SELECT, Privilege.HISTORY), true));
  }
}
