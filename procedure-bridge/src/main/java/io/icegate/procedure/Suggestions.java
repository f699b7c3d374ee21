package io.icegate.procedure;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * "Did you mean ...?": the closest of some names by edit distance, when it is close enough to be a
 * typo.
 */
public final class Suggestions {
  private Suggestions() {}

  /**
   * The candidate closest to {@code written} (case-insensitively), if within a typo's distance of
   * it.
   */
  public static Optional<String> closest(String written, Collection<String> candidates) {
    String lower = written.toLowerCase(Locale.ROOT);
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : candidates) {
      int distance = distance(lower, candidate.toLowerCase(Locale.ROOT));
      if (distance < bestDistance) {
        best = candidate;
        bestDistance = distance;
      }
    }
    // A third of the name, at least 2: "retain_lst" finds retain_last, "xyz" finds nothing.
    int allowed = Math.max(2, lower.length() / 3);
    if (bestDistance <= allowed) {
      return Optional.ofNullable(best);
    }
    // Or the start of a name: "bin" finds binpack.
    return lower.length() < 3
        ? Optional.empty()
        : candidates.stream()
            .filter(candidate -> candidate.toLowerCase(Locale.ROOT).startsWith(lower))
            .findFirst();
  }

  /** {@code " (did you mean 'x'?)"}, or nothing when no candidate is close. */
  public static String didYouMean(String written, Collection<String> candidates) {
    return closest(written, candidates).map(name -> " (did you mean '" + name + "'?)").orElse("");
  }

  /** Levenshtein distance: insertions, deletions and substitutions. */
  static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
