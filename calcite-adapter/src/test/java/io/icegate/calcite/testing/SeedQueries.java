package io.icegate.calcite.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The SELECT examples of the queries specification ({@code shared/seeds/001_*} beside the repository), each
 * from {@code SELECT} at the start of a line (or table cell) to its {@code ;}.
 */
public final class SeedQueries {
  private static final String QUERIES = "001_a1b89c5baa95dee6.txt";
  private static final Pattern SELECT_START = Pattern.compile("(?m)(?:^|\\t)((?i:select)\\b)");
  private static final Pattern METADATA_TABLE =
      Pattern.compile("(?s).*\\.(history|metadata_log_entries|snapshots|entries|files|data_files|delete_files"
          + "|manifests|partitions|position_deletes|all_\\w+|refs|changes)\\b.*");

  private SeedQueries() {}

  public static List<String> selects() {
    String text = read();
    List<String> selects = new ArrayList<>();
    Matcher matcher = SELECT_START.matcher(text);
    while (matcher.find()) {
      int end = text.indexOf(';', matcher.start(1));
      selects.add(text.substring(matcher.start(1), end + 1));
    }
    return selects;
  }

  /** The examples that read a metadata table. */
  public static List<String> metadataSelects() {
    return selects().stream().filter(sql -> METADATA_TABLE.matcher(sql).matches()).toList();
  }

  /** The examples that read no metadata table (data, functions). */
  public static List<String> otherSelects() {
    return selects().stream().filter(sql -> !METADATA_TABLE.matcher(sql).matches()).toList();
  }

  private static String read() {
    return readSeed(QUERIES);
  }

  /** The text of {@code file} of the specification's seeds ({@code shared/seeds}, found above this directory). */
  public static String readSeed(String file) {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.isDirectory(dir.resolve("shared/seeds"))) {
      dir = dir.getParent();
    }
    if (dir == null) {
      throw new IllegalStateException("Cannot find shared/seeds above " + Path.of("").toAbsolutePath());
    }
    try {
      return Files.readString(dir.resolve("shared/seeds").resolve(file));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
