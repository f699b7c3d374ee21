package io.icegate.jdbc.types;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.jdbc.IcegateStruct;
import io.icegate.protocol.WallClockMicros;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Calendar;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;

/** Timestamps inside arrays, structs and maps keep Spark's microseconds, as objects and as text. */
class NestedTimestampsTest {
  private static final LocalDateTime AT = LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_000);
  private static final long AT_MICROS = micros(AT);

  private static long micros(LocalDateTime time) {
    return time.toEpochSecond(ZoneOffset.UTC) * 1_000_000L + time.getNano() / 1000;
  }

  @Test
  void nestedTimestampsKeepTheMicroseconds() {
    TimestampReader reader =
        new TimestampReader(
            Calendar.getInstance(TimeZone.getTimeZone("Europe/Paris"), Locale.ROOT));
    NestedValueConverter converter = new NestedValueConverter(reader);
    WallClockMicros value = new WallClockMicros(AT_MICROS);
    SparkType type =
        SparkTypeName.parse("struct<a:array<timestamp>,m:map<timestamp_ntz,timestamp>>");
    List<Object> raw =
        List.of(
            Arrays.asList(value, null),
            List.of(List.of(value, new WallClockMicros(AT_MICROS + 1))));

    IcegateStruct struct = (IcegateStruct) converter.toJava(raw, type);
    Object[] attributes = struct.getAttributes();
    Timestamp element = (Timestamp) ((List<?>) attributes[0]).get(0);
    assertThat(element.getNanos()).isEqualTo(123_456_000);
    assertThat(element.toInstant()).isEqualTo(AT.atZone(ZoneId.of("Europe/Paris")).toInstant());
    Map.Entry<?, ?> entry = ((Map<?, ?>) attributes[1]).entrySet().iterator().next();
    assertThat(((Timestamp) entry.getKey()).getNanos()).isEqualTo(123_456_000);
    assertThat(((Timestamp) entry.getValue()).getNanos()).isEqualTo(123_457_000);

    assertThat(NestedValueFormatter.format(raw, type))
        .isEqualTo(
            "{[2024-01-02 03:04:05.123456, null], {2024-01-02 03:04:05.123456 -> 2024-01-02"
                + " 03:04:05.123457}}");
    assertThat(
            NestedValueFormatter.format(
                List.of(
                    new WallClockMicros(micros(AT.withNano(0))),
                    new WallClockMicros(micros(AT.withNano(120_000_000)))),
                SparkTypeName.parse("array<timestamp>")))
        .isEqualTo("[2024-01-02 03:04:05, 2024-01-02 03:04:05.12]");
  }
}
