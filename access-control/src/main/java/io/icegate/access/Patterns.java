package io.icegate.access;

import java.util.regex.Pattern;

/** The rules' patterns: an absent one matches anything, a present one the whole name. */
final class Patterns {
  /** A pattern that matches one name only: letters, digits, {@code _}, {@code -} and {@code \.}. */
  private static final Pattern PLAIN = Pattern.compile("(?:[\\w-]|\\\\\\.)+");

  private Patterns() {}

  /** The one name {@code pattern} matches when it is a plain name; empty for a real pattern. */
  static java.util.Optional<String> plainName(Pattern pattern) {
    if (pattern == null || !PLAIN.matcher(pattern.pattern()).matches()) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(pattern.pattern().replace("\\.", "."));
  }

  static boolean matches(Pattern pattern, String name) {
    return pattern == null || pattern.matcher(name).matches();
  }

  /**
   * Whether {@code wide} matches at least what {@code narrow} does, judged from the text: absent or
   * {@code .*} covers anything; otherwise the same text, or a plain name that {@code wide} matches.
   * A linter's judgement, not a proof.
   */
  static boolean covers(Pattern wide, Pattern narrow) {
    if (wide == null || wide.pattern().equals(".*")) {
      return true;
    }
    if (narrow == null) {
      return false;
    }
    if (narrow.pattern().equals(wide.pattern())) {
      return true;
    }
    return PLAIN.matcher(narrow.pattern()).matches()
        && wide.matcher(narrow.pattern().replace("\\.", ".")).matches();
  }
}
