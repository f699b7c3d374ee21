package io.icegate.gateway.meta;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import java.util.TimeZone;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.remote.TypedValue;

/** A statement's JDBC parameter values as they arrive over the wire, as Java values for whoever runs it. */
final class JdbcParameters {
  private JdbcParameters() {}

  /** For Spark's {@code sql(text, args)}, as the gateway has always passed them. */
  static List<Object> forSpark(List<TypedValue> parameters) {
    List<Object> values = new ArrayList<>();
    for (TypedValue parameter : parameters) {
      values.add(parameter.toJdbc(null));
    }
    return values;
  }

  /**
   * For the procedure bridge: a timestamp as the wall-clock time the client set (Avatica sends it as that time
   * read in UTC; the bridge reads it in the session's zone, which is the client's), an array as a
   * {@link java.sql.Array}, the rest as JDBC values.
   */
  static List<Object> forProcedures(List<TypedValue> parameters) {
    Calendar utc = Calendar.getInstance(TimeZone.getTimeZone(ZoneOffset.UTC));
    List<Object> values = new ArrayList<>();
    for (TypedValue parameter : parameters) {
      if (parameter.value != null && parameter.type == ColumnMetaData.Rep.JAVA_SQL_TIMESTAMP) {
        values.add(LocalDateTime.ofInstant(Instant.ofEpochMilli(((Number) parameter.value).longValue()),
            ZoneOffset.UTC));
      } else {
        values.add(parameter.toJdbc(utc));
      }
    }
    return values;
  }
}
