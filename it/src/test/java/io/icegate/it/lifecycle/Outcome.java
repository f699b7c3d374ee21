package io.icegate.it.lifecycle;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one statement gave, in a form both sides can be compared in: its columns (label, JDBC type
 * and type name) and rows as text, or the SQLState of its failure. Values that differ between two
 * runs of the same steps by nature (snapshot ids, UUIDs in file names, commit times, Spark's task
 * numbers, the side's namespace and directories) are replaced by placeholders; in an ordered result
 * each distinct id gets a number by first appearance, so that "the same snapshot as two rows above"
 * still compares.
 */
record Outcome(List<String> columns, List<List<String>> rows, String sqlState, String message) {
  private static final Pattern UUID =
      Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

  /**
   * Snapshot ids are random longs: fifteen digits or more (a shorter one comes once in 100,000
   * ids).
   */
  private static final Pattern ID = Pattern.compile("(?<![\\d.])\\d{15,19}(?![\\d.])");

  /** Commit times as epoch milliseconds (ancestors_of), from 2001 to 2033. */
  private static final Pattern MILLIS = Pattern.compile("(?<![\\d.])1\\d{12}(?![\\d.])");

  private static final Pattern TIME =
      Pattern.compile("\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?");

  /** Spark's data file names carry the job's task number: 00000-5-uuid-0-00001.parquet. */
  private static final Pattern TASK = Pattern.compile("(\\d{5})-\\d+-(?=<uuid)");

  static Outcome failure(String sqlState, String message) {
    return new Outcome(List.of(), List.of(), sqlState == null ? "" : sqlState, message);
  }

  static Outcome success(List<String> columns, List<List<String>> rows) {
    return new Outcome(List.copyOf(columns), List.copyOf(rows), null, null);
  }

  boolean failed() {
    return sqlState != null;
  }

  /** What is compared: columns and rows, or the SQLState (the messages differ by design). */
  String compared() {
    return failed() ? "failure " + sqlState : columns + " " + rows;
  }

  /**
   * This outcome with each side's own values replaced (see the class comment); unordered rows
   * sorted.
   */
  Outcome canonical(Map<String, String> sideValues, boolean ordered) {
    if (failed()) {
      return this;
    }
    Map<String, String> labels = new HashMap<>();
    List<List<String>> canonicalRows = new ArrayList<>();
    for (List<String> row : rows) {
      List<String> canonicalRow = new ArrayList<>();
      for (String value : row) {
        canonicalRow.add(
            value == null ? null : canonical(value, sideValues, ordered ? labels : null));
      }
      canonicalRows.add(canonicalRow);
    }
    if (!ordered) {
      canonicalRows.sort(Comparator.comparing(Object::toString));
    }
    return new Outcome(columns, canonicalRows, null, null);
  }

  private static String canonical(
      String value, Map<String, String> sideValues, Map<String, String> labels) {
    String text = value;
    for (Map.Entry<String, String> own : sideValues.entrySet()) {
      text = text.replace(own.getKey(), own.getValue());
    }
    text = label(UUID, text, "uuid", labels);
    text = TASK.matcher(text).replaceAll("$1-*-");
    text = label(ID, text, "id", labels);
    text = MILLIS.matcher(text).replaceAll("<millis>");
    return TIME.matcher(text).replaceAll("<time>");
  }

  private static String label(
      Pattern pattern, String text, String kind, Map<String, String> labels) {
    Matcher m = pattern.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String label =
          labels == null
              ? "<" + kind + ">"
              : labels.computeIfAbsent(
                  kind + ":" + m.group(), k -> "<" + kind + labels.size() + ">");
      m.appendReplacement(out, Matcher.quoteReplacement(label));
    }
    m.appendTail(out);
    return out.toString();
  }

  @Override
  public String toString() {
    return failed() ? "failure " + sqlState + ": " + message : columns + " " + rows;
  }
}
