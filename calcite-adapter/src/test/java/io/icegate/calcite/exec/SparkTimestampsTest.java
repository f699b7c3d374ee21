package io.icegate.calcite.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

/** Timestamp strings and numbers read as Spark's cast to timestamp reads them. */
class SparkTimestampsTest {
  private static final ZoneId SEOUL = ZoneId.of("Asia/Seoul");

  @Test
  void readsStringsInTheSessionsZone() {
    assertThat(SparkTimestamps.parse("2021-09-20 08:00:00", SEOUL))
        .hasValue(millis("2021-09-19T23:00:00Z"));
    assertThat(SparkTimestamps.parse("2021-09-20T08:00:00.5", SEOUL))
        .hasValue(millis("2021-09-19T23:00:00.500Z"));
    assertThat(SparkTimestamps.parse(" 2021-09-20 ", SEOUL))
        .hasValue(millis("2021-09-19T15:00:00Z"));
    assertThat(SparkTimestamps.parse("2021-9-2 8:05", SEOUL))
        .hasValue(millis("2021-09-01T23:05:00Z"));
    assertThat(SparkTimestamps.parse("2021", SEOUL)).hasValue(millis("2020-12-31T15:00:00Z"));
    // Fractions beyond milliseconds are cut, as the JDBC wire and Iceberg's time travel do.
    assertThat(SparkTimestamps.parse("2021-09-20 08:00:00.123456", SEOUL))
        .hasValue(millis("2021-09-19T23:00:00.123Z"));
  }

  @Test
  void aZoneInTheStringWins() {
    assertThat(SparkTimestamps.parse("2021-09-20 08:00:00Z", SEOUL))
        .hasValue(millis("2021-09-20T08:00:00Z"));
    assertThat(SparkTimestamps.parse("2021-09-20 08:00:00 UTC", SEOUL))
        .hasValue(millis("2021-09-20T08:00:00Z"));
    assertThat(SparkTimestamps.parse("2021-09-20 08:00:00+02:00", SEOUL))
        .hasValue(millis("2021-09-20T06:00:00Z"));
    assertThat(SparkTimestamps.parse("2021-09-20 08:00:00 Europe/Paris", SEOUL))
        .hasValue(millis("2021-09-20T06:00:00Z"));
  }

  @Test
  void refusesWhatSparkWouldNotRead() {
    assertThat(SparkTimestamps.parse("yesterday", SEOUL)).isEmpty();
    assertThat(SparkTimestamps.parse("2021-13-01", SEOUL)).isEmpty();
    assertThat(SparkTimestamps.parse("2021-09-20 08:00:00 Nowhere/City", SEOUL)).isEmpty();
  }

  @Test
  void readsNumbersAsSecondsSinceTheEpoch() {
    assertThat(SparkTimestamps.fromSeconds(new BigDecimal("1632124800")))
        .isEqualTo(1_632_124_800_000L);
    assertThat(SparkTimestamps.fromSeconds(new BigDecimal("1632124800.1239")))
        .isEqualTo(1_632_124_800_123L);
  }

  private static long millis(String instant) {
    return Instant.parse(instant).toEpochMilli();
  }
}
