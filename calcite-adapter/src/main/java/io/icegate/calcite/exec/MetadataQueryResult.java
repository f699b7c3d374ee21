package io.icegate.calcite.exec;

import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.apache.calcite.linq4j.Enumerator;

/**
 * The rows of a native query, read one at a time like a JDBC result set, with their columns and
 * warnings.
 *
 * <p>Values are in Calcite's internal representation of each column's type:
 *
 * <table>
 *   <caption>Values by column type</caption>
 *   <tr><th>type</th><th>value</th></tr>
 *   <tr><td>BOOLEAN, TINYINT, SMALLINT, INTEGER, BIGINT, REAL, DOUBLE</td>
 *       <td>Boolean, Byte, Short, Integer, Long, Float, Double</td></tr>
 *   <tr><td>DECIMAL</td><td>BigDecimal</td></tr>
 *   <tr><td>CHAR, VARCHAR</td><td>String</td></tr>
 *   <tr><td>BINARY, VARBINARY</td><td>{@code org.apache.calcite.avatica.util.ByteString}</td></tr>
 *   <tr><td>DATE</td><td>Integer: days since 1970-01-01</td></tr>
 *   <tr><td>TIMESTAMP_WITH_LOCAL_TIME_ZONE (Spark's timestamp)</td>
 *       <td>Long: milliseconds since the epoch, the instant</td></tr>
 *   <tr><td>TIMESTAMP (Spark's timestamp_ntz)</td>
 *       <td>Long: milliseconds of the wall-clock time read as UTC</td></tr>
 *   <tr><td>ROW</td><td>Object[] in field order</td></tr>
 *   <tr><td>MAP</td><td>java.util.Map, insertion order kept</td></tr>
 *   <tr><td>ARRAY</td><td>java.util.List</td></tr>
 * </table>
 *
 * <p>Not thread-safe, except {@link #cancel()}. Close it (or read to the end) to release what it
 * holds.
 */
public final class MetadataQueryResult implements AutoCloseable {
  private final List<ResultColumn> columns;
  private final List<String> warnings;
  private final Supplier<Enumerator<?>> source;
  private final boolean scalarRows;
  private final AtomicBoolean cancel;
  private final List<UnaryOperator<Object>> values;
  private Enumerator<?> rows;
  private Object[] current;
  private boolean closed;

  MetadataQueryResult(
      List<ResultColumn> columns,
      List<String> warnings,
      Supplier<Enumerator<?>> source,
      boolean scalarRows,
      AtomicBoolean cancel) {
    this.columns = columns;
    this.warnings = warnings;
    this.source = source;
    this.scalarRows = scalarRows;
    this.cancel = cancel;
    this.values = columns.stream().map(column -> ResultValues.forType(column.type())).toList();
  }

  public List<ResultColumn> columns() {
    return columns;
  }

  /** See {@link NativeQuery#warnings()}. */
  public List<String> warnings() {
    return warnings;
  }

  /** Moves to the next row; false (and closed) at the end. */
  public boolean next() {
    if (closed) {
      return false;
    }
    if (rows == null && !cancel.get()) {
      // A sort or an aggregate reads its whole input here.
      rows = source.get();
    }
    if (cancel.get() || !rows.moveNext()) {
      close();
      return false;
    }
    Object row = rows.current();
    // A copy: the row is Calcite's, and the same array may come again (a cross join repeats rows).
    Object[] computed = scalarRows ? new Object[] {row} : ((Object[]) row).clone();
    for (int i = 0; i < computed.length; i++) {
      computed[i] = values.get(i).apply(computed[i]);
    }
    current = computed;
    return true;
  }

  /** The current row, one value per column. */
  public Object[] row() {
    if (current == null) {
      throw new NoSuchElementException("Cannot read a row: next() did not return true");
    }
    return current;
  }

  /**
   * Asks a running query to stop, from any thread: {@link #next()} then returns false, or, when it
   * is inside a sort or an aggregate still reading, throws {@link
   * java.util.concurrent.CancellationException}.
   */
  public void cancel() {
    cancel.set(true);
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      current = null;
      if (rows != null) {
        rows.close();
      }
    }
  }
}
