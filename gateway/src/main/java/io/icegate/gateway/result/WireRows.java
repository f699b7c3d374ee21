package io.icegate.gateway.result;

import java.util.List;

/**
 * Rows of one result as the values Avatica puts on the wire (see {@link SparkRowConverter}), pulled
 * one at a time. Spark's rows reach this form through {@link SparkRowConverter}; the native
 * metadata path makes it straight from Calcite's values, without building Spark's internal rows in
 * between.
 */
public interface WireRows extends AutoCloseable {
  boolean hasNext();

  /** The next row: one wire value per column. */
  List<Object> next();

  /** Stops the work behind the rows; closing early is allowed. */
  @Override
  void close();

  /** Spark's internal rows, converted as they are pulled. */
  static WireRows of(RowSource rows, SparkRowConverter values) {
    return new WireRows() {
      @Override
      public boolean hasNext() {
        return rows.hasNext();
      }

      @Override
      public List<Object> next() {
        return values.row(rows.next());
      }

      @Override
      public void close() {
        rows.close();
      }
    };
  }
}
