package io.icegate.gateway.result;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.avatica.Meta;
import org.apache.spark.sql.types.StructType;

/** The open result of one statement: hands out frames of at most the requested size, never the whole result. */
public final class ResultCursor implements AutoCloseable {
  private final RowSource rows;
  private final WireValues values;
  private final long maxRows;
  private long delivered;
  private boolean done;

  /** {@code maxRows} of zero or less means no limit. */
  public ResultCursor(RowSource rows, StructType schema, ZoneId zone, long maxRows) {
    this.rows = rows;
    this.values = new WireValues(schema, zone);
    this.maxRows = maxRows;
  }

  /** The next frame starting at {@code offset}, with at most {@code frameRows} rows. */
  public synchronized Meta.Frame next(long offset, int frameRows) {
    if (done) {
      return new Meta.Frame(offset, true, List.of());
    }
    List<Object> frame = new ArrayList<>(Math.min(frameRows, 1024));
    while (frame.size() < frameRows && !limitReached() && rows.hasNext()) {
      frame.add(values.row(rows.next()));
      delivered++;
    }
    if (limitReached() || !rows.hasNext()) {
      close();
    }
    return new Meta.Frame(offset, done, frame);
  }

  private boolean limitReached() {
    return maxRows > 0 && delivered >= maxRows;
  }

  public synchronized long delivered() {
    return delivered;
  }

  @Override
  public synchronized void close() {
    done = true;
    rows.close();
  }
}
