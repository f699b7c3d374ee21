package io.icegate.jdbc.types;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.SimpleTimeZone;
import java.util.TimeZone;
import org.apache.calcite.avatica.util.DateTimeUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A timestamp read by {@link TimestampReader} is the one Avatica makes for the same wire value and
 * calendar, in zones with one fixed offset (read here) and others (left to Avatica), across the
 * years Avatica's calendar treats alike and beyond them.
 */
class TimestampReaderTest {
  private static final long YEAR_1 = millis(1, 1, 1);
  private static final long YEAR_1583 = millis(1583, 1, 1);
  private static final long YEAR_9999_END = millis(9999, 12, 31) + 86_399_999L;

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "UTC",
        "GMT",
        "GMT+05:30",
        "GMT-08:00",
        "Europe/Paris",
        "America/Los_Angeles",
        "Asia/Kolkata",
        "Australia/Lord_Howe"
      })
  void givesAvaticasTimestampForEveryValue(String zoneId) {
    Calendar calendar = Calendar.getInstance(TimeZone.getTimeZone(zoneId), Locale.ROOT);
    TimestampReader reader = new TimestampReader(calendar);
    for (long wall : values()) {
      Timestamp expected = DateTimeUtils.unixTimestampToSqlTimestamp(wall, calendar);
      Timestamp actual = reader.read(wall);
      assertThat(actual).as("%d in %s", wall, zoneId).isEqualTo(expected);
      assertThat(actual.getNanos())
          .as("nanos of %d in %s", wall, zoneId)
          .isEqualTo(expected.getNanos());
    }
  }

  @ParameterizedTest(name = "JVM in {0}")
  @ValueSource(strings = {"GMT+03:00", "Europe/Paris", "Etc/GMT-3", "UTC"})
  void givesAvaticasTimestampWhateverTheJvmZone(String jvmZone) {
    // Timestamp.valueOf reads the JVM's zone on every call; Avatica's captured zone stays the one
    // it started with.
    TimeZone before = TimeZone.getDefault();
    try {
      TimeZone.setDefault(TimeZone.getTimeZone(jvmZone));
      for (String zoneId : List.of("UTC", "GMT+05:30", "America/Los_Angeles")) {
        Calendar calendar = Calendar.getInstance(TimeZone.getTimeZone(zoneId), Locale.ROOT);
        TimestampReader reader = new TimestampReader(calendar);
        for (long wall : values()) {
          assertThat(reader.read(wall))
              .as("%d in %s, JVM in %s", wall, zoneId, jvmZone)
              .isEqualTo(DateTimeUtils.unixTimestampToSqlTimestamp(wall, calendar));
        }
      }
    } finally {
      TimeZone.setDefault(before);
    }
  }

  @Test
  void fastOnlyWhenEveryZoneHasOneOffset() {
    TimeZone utc = TimeZone.getTimeZone("UTC");
    TimeZone plus3 = TimeZone.getTimeZone("GMT+03:00");
    TimeZone paris = TimeZone.getTimeZone("Europe/Paris");
    SimpleTimeZone summerNamedUtc =
        new SimpleTimeZone(
            0,
            "UTC",
            Calendar.MARCH,
            -1,
            Calendar.SUNDAY,
            3_600_000,
            Calendar.OCTOBER,
            -1,
            Calendar.SUNDAY,
            3_600_000);
    SimpleTimeZone unknownId = new SimpleTimeZone(3_600_000, "Icegate/Custom");

    assertThat(reader(utc, utc, utc).isFast()).isTrue();
    assertThat(reader(TimeZone.getTimeZone("GMT+05:30"), plus3, utc).isFast()).isTrue();
    assertThat(reader(TimeZone.getTimeZone("Etc/GMT-3"), utc, plus3).isFast()).isTrue();
    assertThat(reader(paris, utc, utc).isFast()).isFalse();
    assertThat(reader(utc, paris, utc).isFast()).isFalse();
    assertThat(reader(utc, utc, paris).isFast()).isFalse();
    assertThat(reader(summerNamedUtc, utc, utc).isFast()).isFalse();
    assertThat(reader(utc, unknownId, utc).isFast()).isFalse();
    // A zone with one offset today but another in its history.
    assertThat(reader(TimeZone.getTimeZone("Asia/Kolkata"), utc, utc).isFast()).isFalse();
  }

  @Test
  void theFastPathTakesOffEachZonesOffsetOnce() {
    TimeZone plus3 = TimeZone.getTimeZone("GMT+03:00");
    TimeZone utc = TimeZone.getTimeZone("UTC");
    long wall = millis(2024, 1, 2);
    // Read as +05:30, with the JVM at +03:00 and Avatica's zone at UTC: (wall - 3h) + 0 - 5h30.
    assertThat(reader(TimeZone.getTimeZone("GMT+05:30"), plus3, utc).read(wall).getTime())
        .isEqualTo(wall - 3 * 3_600_000L - 5 * 3_600_000L - 1_800_000L);
  }

  private static TimestampReader reader(TimeZone calendarZone, TimeZone jvm, TimeZone captured) {
    return new TimestampReader(Calendar.getInstance(calendarZone, Locale.ROOT), jvm, captured);
  }

  /**
   * Random instants in the years read here and outside them, the bounds, and around summer-time
   * changes.
   */
  private static List<Long> values() {
    Random random = new Random(7);
    List<Long> values =
        new ArrayList<>(
            List.of(
                0L,
                -1L,
                1L,
                YEAR_1583,
                YEAR_1583 - 1,
                YEAR_9999_END,
                YEAR_9999_END + 1,
                YEAR_1,
                millis(1582, 10, 10),
                millis(2024, 3, 31) + 7_200_000L,
                millis(2024, 10, 27) + 3_600_000L,
                millis(2024, 3, 10) + 10 * 3_600_000L));
    for (int i = 0; i < 2_000; i++) {
      values.add(YEAR_1583 + (long) (random.nextDouble() * (YEAR_9999_END - YEAR_1583)));
      values.add(millis(1900, 1, 1) + (long) (random.nextDouble() * 200 * 365.25 * 86_400_000L));
      values.add(YEAR_1 + (long) (random.nextDouble() * (YEAR_1583 - YEAR_1)));
    }
    return values;
  }

  private static long millis(int year, int month, int day) {
    return LocalDateTime.of(year, month, day, 0, 0).toInstant(ZoneOffset.UTC).toEpochMilli();
  }
}
