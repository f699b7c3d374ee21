package io.icegate.calcite.testing;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The SELECT examples of the queries specification (its document 001, as {@link
 * SpecificationExamples} keeps them), each from {@code SELECT} at the start of a line (or table
 * cell) to its {@code ;}.
 */
public final class SeedQueries {
  private static final Pattern METADATA_TABLE =
      Pattern.compile(
          "(?s).*\\.(history|metadata_log_entries|snapshots|entries|files|data_files|delete_files"
              + "|manifests|partitions|position_deletes|all_\\w+|refs|changes)\\b.*");

  private SeedQueries() {}

  public static List<String> selects() {
    return SpecificationExamples.selects();
  }

  /** The examples that read a metadata table. */
  public static List<String> metadataSelects() {
    return selects().stream().filter(sql -> METADATA_TABLE.matcher(sql).matches()).toList();
  }

  /** The examples that read no metadata table (data, functions). */
  public static List<String> otherSelects() {
    return selects().stream().filter(sql -> !METADATA_TABLE.matcher(sql).matches()).toList();
  }
}
