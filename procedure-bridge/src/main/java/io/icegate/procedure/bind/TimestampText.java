package io.icegate.procedure.bind;

import io.icegate.procedure.value.SparkTimestamp;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the text of a {@code TIMESTAMP '...'} literal as Spark does: {@code yyyy[-m[m][-d[d]]]},
 * then optionally {@code ' '} or {@code 'T'} and {@code h[h]:m[m][:s[s][.fraction]]}, then
 * optionally a zone ({@code Z}, {@code +01:00}, {@code UTC+1}, {@code Europe/Berlin}). Without a
 * zone it is a wall-clock time of the session.
 */
final class TimestampText {
  private static final Pattern TIMESTAMP =
      Pattern.compile(
          "(\\d{4})(?:-(\\d{1,2})(?:-(\\d{1,2}))?)?"
              + "(?:[ T](\\d{1,2}):(\\d{1,2})(?::(\\d{1,2})(?:\\.(\\d{0,9}))?)?)?"
              + "\\s*(\\S.*)?");

  private TimestampText() {}

  /** The timestamp {@code text} stands for, or empty if Spark would not read it as one. */
  static Optional<SparkTimestamp> parse(String text) {
    Matcher matcher = TIMESTAMP.matcher(text.strip());
    if (!matcher.matches()) {
      return Optional.empty();
    }
    try {
      LocalDate date =
          LocalDate.of(number(matcher, 1, 0), number(matcher, 2, 1), number(matcher, 3, 1));
      String fraction = matcher.group(7) == null ? "" : matcher.group(7);
      int nanos =
          fraction.isEmpty() ? 0 : Integer.parseInt((fraction + "000000000").substring(0, 9));
      LocalTime time =
          LocalTime.of(number(matcher, 4, 0), number(matcher, 5, 0), number(matcher, 6, 0), nanos);
      LocalDateTime dateTime = LocalDateTime.of(date, time);
      String zone = matcher.group(8);
      if (zone == null) {
        return Optional.of(SparkTimestamp.local(dateTime));
      }
      return Optional.of(
          SparkTimestamp.instant(dateTime.atZone(ZoneId.of(zone.strip())).toInstant()));
    } catch (DateTimeException e) {
      return Optional.empty();
    }
  }

  private static int number(Matcher matcher, int group, int absent) {
    String text = matcher.group(group);
    return text == null ? absent : Integer.parseInt(text);
  }
}
