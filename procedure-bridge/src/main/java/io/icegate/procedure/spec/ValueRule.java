package io.icegate.procedure.spec;

import io.icegate.procedure.Suggestions;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A check on one argument's bound value that the procedure itself would make, made before it runs.
 */
public interface ValueRule {
  /** What is wrong with {@code value} ("must be at least 1"), or nothing. */
  Optional<String> problem(Object value);

  /** An int argument of at least {@code minimum}. */
  static ValueRule atLeast(int minimum) {
    return value ->
        ((Integer) value) >= minimum
            ? Optional.empty()
            : Optional.of("must be at least " + minimum + ", not " + value);
  }

  /**
   * A string argument that is one of {@code choices}, compared case-insensitively as Iceberg
   * compares them.
   */
  static ValueRule oneOf(String... choices) {
    List<String> allowed = List.of(choices);
    return value -> {
      String text = ((String) value).toLowerCase(Locale.ROOT);
      if (allowed.stream().anyMatch(choice -> choice.toLowerCase(Locale.ROOT).equals(text))) {
        return Optional.empty();
      }
      return Optional.of(
          "must be one of "
              + String.join(", ", allowed)
              + ", not '"
              + value
              + "'"
              + Suggestions.didYouMean((String) value, allowed));
    };
  }
}
