package io.icegate.gateway.result;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import scala.collection.Iterator;
import scala.runtime.AbstractFunction1;
import scala.runtime.BoxedUnit;

/**
 * The Spark task body: computes one partition and hands its rows over in batches of bounded size.
 */
final class PartitionPump extends AbstractFunction1<Iterator<InternalRow>, BoxedUnit>
    implements Serializable {
  private static final long serialVersionUID = 1L;
  private static final int MAX_BATCH_ROWS = 4096;

  /** Row size assumed when a row is not an UnsafeRow and cannot tell its own. */
  private static final int GENERIC_ROW_BYTES = 256;

  private final String handoffKey;
  private final long batchBytes;

  PartitionPump(String handoffKey, long batchBytes) {
    this.handoffKey = handoffKey;
    this.batchBytes = batchBytes;
  }

  @Override
  public BoxedUnit apply(Iterator<InternalRow> rows) {
    PartitionHandoff handoff = HandoffRegistry.lookup(handoffKey);
    if (handoff == null) {
      throw new IllegalStateException(
          "Cannot stream result partition "
              + handoffKey
              + ": its reader is gone or runs in another JVM");
    }
    try {
      List<InternalRow> batch = new ArrayList<>();
      long bytes = 0;
      while (rows.hasNext()) {
        // Spark reuses row objects; the copy is what crosses threads.
        InternalRow row = rows.next().copy();
        batch.add(row);
        bytes += row instanceof UnsafeRow u ? u.getSizeInBytes() : GENERIC_ROW_BYTES;
        if (bytes >= batchBytes || batch.size() >= MAX_BATCH_ROWS) {
          handoff.put(batch);
          batch = new ArrayList<>();
          bytes = 0;
        }
      }
      if (!batch.isEmpty()) {
        handoff.put(batch);
      }
      handoff.put(PartitionHandoff.END);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Result partition " + handoffKey + " was cancelled", e);
    }
    return BoxedUnit.UNIT;
  }
}
