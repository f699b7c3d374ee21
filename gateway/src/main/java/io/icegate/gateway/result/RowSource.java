package io.icegate.gateway.result;

import java.util.Iterator;
import org.apache.spark.sql.catalyst.InternalRow;

/** Rows of one result, pulled one at a time; closing it early stops the Spark work behind it. */
public interface RowSource extends Iterator<InternalRow>, AutoCloseable {
  @Override
  void close();

  /**
   * Rows that are already on the gateway (command output, local relations): nothing left to
   * compute.
   */
  static RowSource of(Iterator<InternalRow> rows) {
    return new RowSource() {
      @Override
      public boolean hasNext() {
        return rows.hasNext();
      }

      @Override
      public InternalRow next() {
        return rows.next();
      }

      @Override
      public void close() {}
    };
  }
}
