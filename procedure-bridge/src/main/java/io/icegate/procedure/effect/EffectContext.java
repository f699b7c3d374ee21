package io.icegate.procedure.effect;

import java.time.ZoneId;
import org.apache.iceberg.expressions.Expression;

/**
 * What predicting a call's effect needs besides the table: the session's clock and time zone, and
 * its reading of a {@code where} argument as the procedure would filter with it.
 */
public interface EffectContext {
  /** The zone a timestamp argument without one is read in (the session's). */
  ZoneId timeZone();

  /** Whether column names of a {@code where} are case sensitive (Spark's setting). */
  boolean caseSensitive();

  /**
   * The Iceberg filter the procedure makes of {@code where} on the table, converted as the
   * procedure converts it.
   */
  Expression where(String where);
}
