package io.icegate.access;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * What one column of a table looks like to the users a table rule matches: absent ({@code hidden}),
 * or its values replaced by a SQL expression ({@code mask}, over the table's columns); and whether
 * a statement that reads the table may copy it elsewhere ({@code export: deny} forbids writes and
 * caches of statements that read a table with such a column).
 */
public record ColumnRule(String name, boolean hidden, Optional<String> mask, boolean exportDenied) {
  public ColumnRule {
    requireNonNull(name, "name is null");
    requireNonNull(mask, "mask is null");
  }
}
