package io.icegate.calcite.exec;

import java.time.ZoneId;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.linq4j.QueryProvider;
import org.apache.calcite.rel.type.TimeFrames;
import org.apache.calcite.schema.SchemaPlus;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * What generated code reads while a native query runs: the schema tree, the session's time zone (so
 * casts between {@code timestamp}, {@code timestamp_ntz}, dates and strings use it, as Spark's
 * session zone), the statement's start time for {@code CURRENT_TIMESTAMP}, and the cancel flag.
 */
final class QueryDataContext implements DataContext {
  private final SchemaPlus root;
  private final JavaTypeFactory typeFactory;
  private final Map<String, Object> variables;

  /**
   * @param parameters values the plan's generated code reads by name (Calcite stashes plan
   *     fragments there)
   */
  QueryDataContext(
      SchemaPlus root,
      JavaTypeFactory typeFactory,
      ZoneId zone,
      long nowMillis,
      AtomicBoolean cancel,
      Map<String, Object> parameters) {
    this.root = root;
    this.typeFactory = typeFactory;
    TimeZone timeZone = TimeZone.getTimeZone(zone);
    long offset = timeZone.getOffset(nowMillis);
    Map<String, Object> values = new HashMap<>(parameters);
    values.putAll(
        Map.of(
            Variable.UTC_TIMESTAMP.camelName,
            nowMillis,
            // CURRENT_TIMESTAMP and LOCALTIMESTAMP are wall-clock times in the session's zone, as
            // Calcite keeps them.
            Variable.CURRENT_TIMESTAMP.camelName,
            nowMillis + offset,
            Variable.LOCAL_TIMESTAMP.camelName,
            nowMillis + offset,
            Variable.SYS_TIMESTAMP.camelName,
            nowMillis + TimeZone.getDefault().getOffset(nowMillis),
            Variable.TIME_ZONE.camelName,
            timeZone,
            Variable.TIME_FRAME_SET.camelName,
            typeFactory.getTypeSystem().deriveTimeFrameSet(TimeFrames.CORE),
            Variable.LOCALE.camelName,
            Locale.ROOT,
            Variable.CANCEL_FLAG.camelName,
            cancel));
    this.variables = values;
  }

  @Override
  public SchemaPlus getRootSchema() {
    return root;
  }

  @Override
  public JavaTypeFactory getTypeFactory() {
    return typeFactory;
  }

  /** Only queryable tables need one; metadata tables are scannable. */
  @Override
  public QueryProvider getQueryProvider() {
    throw new UnsupportedOperationException(
        "Cannot provide queryables: metadata tables are scanned");
  }

  @Override
  public @Nullable Object get(String name) {
    return variables.get(name);
  }
}
