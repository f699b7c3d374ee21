package io.icegate.procedure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** "Did you mean": typos and beginnings find a name; unrelated words find none. */
class SuggestionsTest {
  private static final List<String> NAMES =
      List.of("older_than", "retain_last", "snapshot_ids", "binpack", "sort");

  @Test
  void findsTyposAndBeginnings() {
    assertThat(Suggestions.closest("retain_lst", NAMES)).contains("retain_last");
    assertThat(Suggestions.closest("OLDER_THEN", NAMES)).contains("older_than");
    assertThat(Suggestions.closest("snapshot_id", NAMES)).contains("snapshot_ids");
    assertThat(Suggestions.closest("bin", NAMES)).contains("binpack");
    assertThat(Suggestions.didYouMean("srot", NAMES)).isEqualTo(" (did you mean 'sort'?)");
  }

  @Test
  void findsNothingUnrelated() {
    assertThat(Suggestions.closest("location", NAMES)).isEmpty();
    assertThat(Suggestions.closest("x", NAMES)).isEmpty();
    assertThat(Suggestions.didYouMean("zzz", NAMES)).isEmpty();
  }

  @Test
  void measuresEditDistance() {
    assertThat(Suggestions.distance("kitten", "sitting")).isEqualTo(3);
    assertThat(Suggestions.distance("", "abc")).isEqualTo(3);
    assertThat(Suggestions.distance("same", "same")).isZero();
  }
}
