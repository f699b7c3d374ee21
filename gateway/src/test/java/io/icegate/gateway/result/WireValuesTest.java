package io.icegate.gateway.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class WireValuesTest {
  @Test
  void timestampsTravelAsTheWallClockOfTheClientZone() {
    // 2024-02-29T17:34:56.789123Z is 12:34:56.789 in New York; the wire carries that wall clock, in milliseconds.
    long micros = LocalDateTime.of(2024, 2, 29, 17, 34, 56, 789_123_000).toEpochSecond(ZoneOffset.UTC) * 1_000_000
        + 789_123;
    long wire = WireValues.wallClockMillis(micros, ZoneId.of("America/New_York").getRules());
    assertThat(wire).isEqualTo(LocalDateTime.of(2024, 2, 29, 12, 34, 56, 789_000_000).toEpochSecond(ZoneOffset.UTC)
        * 1000 + 789);
  }

  @Test
  void timestampsBeforeTheEpochRoundDown() {
    assertThat(WireValues.wallClockMillis(-1, ZoneOffset.UTC.getRules())).isEqualTo(-1);
  }
}
