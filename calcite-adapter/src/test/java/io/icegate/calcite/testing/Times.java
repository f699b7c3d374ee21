package io.icegate.calcite.testing;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** Times as the metadata-tables messages write them. */
public final class Times {
  private static final DateTimeFormatter SECONDS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter MILLIS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

  private Times() {}

  /** {@code 2021-01-01 00:00:00.123 UTC}, with milliseconds only when there are some. */
  public static String utc(long millis) {
    return (millis % 1000 == 0 ? SECONDS : MILLIS).format(Instant.ofEpochMilli(millis)) + " UTC";
  }
}
