package io.icegate.gateway.console;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** Writing the console's HTML: every value from outside is escaped, and times read alike. */
final class Html {
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT)
          .withZone(ZoneOffset.UTC);

  private Html() {}

  /** {@code text} as HTML text or attribute value; null as nothing. */
  static String escape(Object text) {
    if (text == null) {
      return "";
    }
    String s = text.toString();
    StringBuilder out = new StringBuilder(s.length() + 16);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }

  static String time(Instant instant) {
    return instant == null ? "" : TIME.format(instant);
  }

  /** A duration as a person reads it: 850 ms, 12.3 s, 4 min 05 s, 2 h 10 min. */
  static String duration(Duration d) {
    long ms = Math.max(0, d.toMillis());
    if (ms < 1000) {
      return ms + " ms";
    }
    if (ms < 60_000) {
      return String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
    }
    long s = ms / 1000;
    if (s < 3600) {
      return String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60);
    }
    return String.format(Locale.ROOT, "%d h %02d min", s / 3600, (s % 3600) / 60);
  }

  /** At most {@code max} characters of a statement, on one line. */
  static String abbreviate(String sql, int max) {
    String line = sql == null ? "" : sql.replaceAll("\\s+", " ").strip();
    return line.length() <= max ? line : line.substring(0, max - 1) + "…";
  }
}
