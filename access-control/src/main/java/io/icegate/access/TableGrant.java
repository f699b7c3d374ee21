package io.icegate.access;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * What one user may do with one table: the privileges left after the rule, the catalog and the role
 * narrowed them, the columns hidden or masked, the row filter, and the rule that decided.
 */
public record TableGrant(
    Set<Privilege> privileges, List<ColumnRule> columns, Optional<String> filter, String rule) {
  public TableGrant {
    privileges =
        privileges.isEmpty()
            ? Collections.unmodifiableSet(EnumSet.noneOf(Privilege.class))
            : Collections.unmodifiableSet(EnumSet.copyOf(privileges));
    columns = List.copyOf(columns);
    requireNonNull(filter, "filter is null");
    requireNonNull(rule, "rule is null");
  }

  static TableGrant none(String rule) {
    return new TableGrant(Set.of(), List.of(), Optional.empty(), rule);
  }

  public boolean has(Privilege privilege) {
    return privileges.contains(privilege);
  }

  /** Whether the user may know the table exists: they hold any privilege on it. */
  public boolean visible() {
    return !privileges.isEmpty();
  }

  /** Whether some column is hidden or masked, or rows are filtered: the user sees part of it. */
  public boolean restricted() {
    return filter.isPresent() || !columns.isEmpty();
  }

  /** Whether {@code column} (any case) is hidden from the user. */
  public boolean hides(String column) {
    return columns.stream().anyMatch(c -> c.hidden() && same(c.name(), column));
  }

  /**
   * Whether a statement reading the table may not copy it elsewhere (a column says export: deny).
   */
  public boolean exportDenied() {
    return columns.stream().anyMatch(ColumnRule::exportDenied);
  }

  /** The mask of {@code column} (any case), if it has one. */
  public Optional<String> maskOf(String column) {
    return columns.stream()
        .filter(c -> !c.hidden() && same(c.name(), column))
        .findFirst()
        .flatMap(ColumnRule::mask);
  }

  private static boolean same(String a, String b) {
    return a.toLowerCase(Locale.ROOT).equals(b.toLowerCase(Locale.ROOT));
  }
}
