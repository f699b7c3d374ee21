package io.icegate.gateway.result;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.Platform;
import scala.collection.Iterator;
import scala.runtime.AbstractFunction1;
import scala.runtime.BoxedUnit;

/**
 * The Spark task body of a result partition computed in an executor of its own: it connects to the
 * gateway's {@link ResultStreamServer} and writes the partition's rows as frames of Spark's own row
 * bytes. Writing blocks while the gateway is behind, so the executor holds one frame.
 *
 * <p>On the wire, after the handshake ({@link #MAGIC}, the partition's key, the task's attempt
 * number and the stream's token), each frame is its payload length, its row count and, per row, the
 * row's length and bytes; a length of {@link #END} closes the partition. A task that fails closes
 * its connection without it.
 */
final class PartitionSender extends AbstractFunction1<Iterator<InternalRow>, BoxedUnit>
    implements Serializable {
  private static final long serialVersionUID = 1L;
  static final int MAGIC = 0x49474652;
  static final int END = -1;

  /** The task's failure when the gateway's end went away (the result was closed or cancelled). */
  static final String SEND_FAILED = "Cannot send the result's rows to the gateway";

  private static final int MAX_FRAME_ROWS = 4096;

  private final String host;
  private final int port;
  private final String key;
  private final byte[] token;
  private final long batchBytes;
  private final StructType schema;

  PartitionSender(
      String host, int port, String key, byte[] token, long batchBytes, StructType schema) {
    this.host = host;
    this.port = port;
    this.key = key;
    this.token = token.clone();
    this.batchBytes = batchBytes;
    this.schema = schema;
  }

  @Override
  public BoxedUnit apply(Iterator<InternalRow> rows) {
    TaskContext task = TaskContext.get();
    // An interruptible channel: cancelling the task stops a write that waits for the gateway.
    try (SocketChannel channel = SocketChannel.open(new InetSocketAddress(host, port))) {
      channel.socket().setTcpNoDelay(true);
      DataOutputStream out =
          new DataOutputStream(
              new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 16));
      byte[] name = key.getBytes(StandardCharsets.UTF_8);
      out.writeInt(MAGIC);
      out.writeInt(name.length);
      out.write(name);
      out.writeInt(task == null ? 0 : task.attemptNumber());
      out.write(token);
      // Now, not with the first frame: a partition whose first rows take long to compute must not
      // look like a silent stranger to the gateway's handshake.
      out.flush();
      send(rows, task, out);
      out.writeInt(END);
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(SEND_FAILED, e);
    }
    return BoxedUnit.UNIT;
  }

  private void send(Iterator<InternalRow> rows, TaskContext task, DataOutputStream out)
      throws IOException {
    UnsafeProjection toUnsafe = null;
    byte[] frame = new byte[(int) Math.min(batchBytes + 1024, Integer.MAX_VALUE - 16)];
    int used = 0;
    int count = 0;
    while (rows.hasNext()) {
      InternalRow next = rows.next();
      UnsafeRow row;
      if (next instanceof UnsafeRow unsafe) {
        row = unsafe;
      } else {
        if (toUnsafe == null) {
          toUnsafe = UnsafeProjection.create(schema);
        }
        row = toUnsafe.apply(next);
      }
      int size = row.getSizeInBytes();
      if (used + 4 + size > frame.length) {
        if (count > 0) {
          writeFrame(out, frame, used, count);
          used = 0;
          count = 0;
        }
        if (4 + size > frame.length) {
          frame = new byte[4 + size];
        }
      }
      Platform.putInt(frame, Platform.BYTE_ARRAY_OFFSET + used, size);
      Platform.copyMemory(
          row.getBaseObject(),
          row.getBaseOffset(),
          frame,
          Platform.BYTE_ARRAY_OFFSET + used + 4,
          size);
      used += 4 + size;
      count++;
      if (used >= batchBytes || count >= MAX_FRAME_ROWS) {
        writeFrame(out, frame, used, count);
        used = 0;
        count = 0;
        if (task != null) {
          task.killTaskIfInterrupted();
        }
      }
    }
    if (count > 0) {
      writeFrame(out, frame, used, count);
    }
  }

  private static void writeFrame(DataOutputStream out, byte[] frame, int used, int count)
      throws IOException {
    out.writeInt(used);
    out.writeInt(count);
    out.write(frame, 0, used);
  }
}
