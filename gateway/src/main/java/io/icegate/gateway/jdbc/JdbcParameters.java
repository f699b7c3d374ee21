package io.icegate.gateway.jdbc;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import java.util.TimeZone;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.remote.TypedValue;

/**
 * A statement's JDBC parameter values as they arrive over the wire, as Java values for whoever runs
 * it.
 */
final class JdbcParameters {
  private JdbcParameters() {}

  /**
   * For Spark's {@code sql(text, args)}: a timestamp as the instant its wall-clock time is in the
   * client's {@code zone} (Spark's {@code timestamp}, to its microseconds when they were sent:
   * {@code micros}, Icegate's driver on a connection in its compact encoding), the rest as JDBC
   * values.
   */
  static List<Object> forSpark(List<TypedValue> parameters, boolean micros, ZoneId zone) {
    List<Object> values = new ArrayList<>();
    for (TypedValue parameter : parameters) {
      values.add(
          isTimestamp(parameter)
              ? wallClock(parameter, micros).atZone(zone).toInstant()
              : parameter.toJdbc(null));
    }
    return values;
  }

  private static boolean isTimestamp(TypedValue parameter) {
    return parameter.value != null && parameter.type == ColumnMetaData.Rep.JAVA_SQL_TIMESTAMP;
  }

  /**
   * The wall-clock time the client set, sent in milliseconds or (if {@code micros}) microseconds
   * read as UTC.
   */
  private static LocalDateTime wallClock(TypedValue parameter, boolean micros) {
    long sent = ((Number) parameter.value).longValue();
    long wallMicros = micros ? sent : Math.multiplyExact(sent, 1000L);
    return LocalDateTime.ofEpochSecond(
        Math.floorDiv(wallMicros, 1_000_000L),
        (int) Math.floorMod(wallMicros, 1_000_000L) * 1000,
        ZoneOffset.UTC);
  }

  /**
   * For the procedure bridge: a timestamp as the wall-clock time the client set (Avatica sends it
   * as that time read in UTC, in microseconds when {@code micros}; the bridge reads it in the
   * session's zone, which is the client's), an array as a {@link java.sql.Array}, the rest as JDBC
   * values.
   */
  static List<Object> forProcedures(List<TypedValue> parameters, boolean micros) {
    Calendar utc = Calendar.getInstance(TimeZone.getTimeZone(ZoneOffset.UTC));
    List<Object> values = new ArrayList<>();
    for (TypedValue parameter : parameters) {
      if (isTimestamp(parameter)) {
        values.add(wallClock(parameter, micros));
      } else {
        values.add(parameter.toJdbc(utc));
      }
    }
    return values;
  }
}
