package io.icegate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A top-level timestamp column read through the driver's result set gives, by every getter, what
 * Avatica's own result set gives for the same rows in the same connection time zone, nulls
 * included.
 */
class TimestampColumnTest {
  private static final List<Long> VALUES =
      Arrays.asList(
          LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_000_000)
              .toInstant(ZoneOffset.UTC)
              .toEpochMilli(),
          null,
          0L,
          -1L,
          LocalDateTime.of(1500, 6, 1, 12, 0).toInstant(ZoneOffset.UTC).toEpochMilli(),
          LocalDateTime.of(2024, 3, 31, 2, 30).toInstant(ZoneOffset.UTC).toEpochMilli());

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"UTC", "GMT+05:30", "Europe/Paris", "Asia/Tokyo"})
  void everyGetterGivesAvaticasValue(String zone) throws SQLException {
    TimeZone timeZone = TimeZone.getTimeZone(zone);
    Calendar other = Calendar.getInstance(TimeZone.getTimeZone("America/New_York"), Locale.ROOT);
    List<Object> rows = new ArrayList<>();
    VALUES.forEach(value -> rows.add(Arrays.asList(value)));
    try (ResultSet driver = TimestampResultSets.of(true, timeZone, rows);
        ResultSet avatica = TimestampResultSets.of(false, timeZone, rows)) {
      for (Long value : VALUES) {
        assertThat(driver.next()).isTrue();
        assertThat(avatica.next()).isTrue();
        String row = zone + " " + value;
        assertThat(driver.getObject(1)).as(row).isEqualTo(avatica.getObject(1));
        assertThat(driver.wasNull()).as(row).isEqualTo(value == null);
        assertThat(driver.getTimestamp(1)).as(row).isEqualTo(avatica.getTimestamp(1));
        assertThat(driver.getObject("at")).as(row).isEqualTo(avatica.getObject("at"));
        assertThat(driver.getTimestamp(1, other)).as(row).isEqualTo(avatica.getTimestamp(1, other));
        assertThat(driver.getString(1)).as(row).isEqualTo(avatica.getString(1));
        assertThat(driver.getLong(1)).as(row).isEqualTo(avatica.getLong(1));
        assertThat(driver.wasNull()).as(row).isEqualTo(value == null);
      }
      assertThat(driver.next()).isFalse();
    }
  }
}
