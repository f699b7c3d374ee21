package io.icegate.metadata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TimeTravelTest {
  @Test
  void versionIsASnapshotIdWhenItParsesAsALongAndARefOtherwise() {
    assertThat(TimeTravel.version("10963874102873"))
        .isEqualTo(new TimeTravel.ToSnapshot(10963874102873L));
    assertThat(TimeTravel.version("audit-branch")).isEqualTo(new TimeTravel.ToRef("audit-branch"));
    assertThat(TimeTravel.version("12a")).isEqualTo(TimeTravel.ref("12a"));
  }

  @Test
  void noneIsTheOnlyOneThatIsNone() {
    assertThat(TimeTravel.none().isNone()).isTrue();
    assertThat(TimeTravel.none()).isSameAs(TimeTravel.none());
    assertThat(TimeTravel.snapshot(1).isNone()).isFalse();
    assertThat(TimeTravel.asOfMillis(1).isNone()).isFalse();
    assertThat(TimeTravel.ref("main").isNone()).isFalse();
  }

  @Test
  void aRefNeedsAName() {
    assertThatThrownBy(() -> TimeTravel.ref(""))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot time travel to a branch or tag: the name is empty");
    assertThatThrownBy(() -> TimeTravel.ref(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("name is null");
    assertThatThrownBy(() -> TimeTravel.version(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("version is null");
  }

  @Test
  void timestampsInMessagesAreUtcWithMillisecondsOnlyWhenThereAreSome() {
    assertThat(SnapshotResolver.format(1_609_459_200_000L)).isEqualTo("2021-01-01 00:00:00 UTC");
    assertThat(SnapshotResolver.format(1_609_459_200_250L))
        .isEqualTo("2021-01-01 00:00:00.250 UTC");
  }
}
