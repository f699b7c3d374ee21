package io.icegate.jdbc;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntUnaryOperator;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.remote.AvaticaHttpClient;
import org.apache.calcite.avatica.remote.ProtobufTranslation;
import org.apache.calcite.avatica.remote.RemoteProtobufService;
import org.apache.calcite.avatica.remote.Service;

/**
 * Avatica's remote protobuf service, with frames sized for throughput: a plain statement's first
 * frame is asked for in the statement's fetch size, and every later frame in as many rows as fill
 * about {@link #FRAME_BYTES} (never fewer than the fetch size), as the rows of the frames before it
 * measured.
 *
 * <p>Avatica's remote Meta drops the first-frame size its caller gives and asks for a first frame
 * as large as the statement's row limit, so with none for the whole result (the gateway caps it at
 * {@code icegate.frame.max-rows}). The gateway then computes and encodes all of it before the
 * client reads a row, where a first frame of the fetch size lets a tool show its first rows at once
 * (docs/PERFORMANCE.md, item 20).
 *
 * <p>After that, a small fetch size (DBeaver's 200, a tool's 100) would cost a round trip per
 * hundred rows: a fetch size is a hint (JDBC), and frames of about a megabyte keep what the driver
 * holds per result bounded while the round trips stop dominating.
 */
final class FetchSizedService extends RemoteProtobufService {
  /** About how many protobuf bytes a frame after the first should carry. */
  static final int FRAME_BYTES = 1 << 20;

  /** Most rows asked for in one frame, however narrow the rows. */
  static final int MAX_FRAME_ROWS = 100_000;

  private final AvaticaHttpClient client;
  private final ProtobufTranslation translation;
  private final IntUnaryOperator fetchSizeOfStatement;

  /** Protobuf bytes per row of each open statement's last frame, by statement id. */
  private final Map<Integer, Double> rowBytes = new ConcurrentHashMap<>();

  /**
   * @param fetchSizeOfStatement the fetch size of the connection's statement with the given id;
   *     zero or less when not known, which leaves the request as Avatica made it
   */
  FetchSizedService(
      AvaticaHttpClient client,
      ProtobufTranslation translation,
      IntUnaryOperator fetchSizeOfStatement) {
    super(client, translation);
    this.client = client;
    this.translation = translation;
    this.fetchSizeOfStatement = fetchSizeOfStatement;
  }

  @Override
  public Service.Response _apply(Service.Request request) {
    Service.Request sized = request;
    if (request instanceof Service.PrepareAndExecuteRequest execute) {
      rowBytes.remove(execute.statementId);
      sized = sized(execute);
    } else if (request instanceof Service.FetchRequest fetch) {
      sized = sized(fetch);
    } else if (request instanceof Service.CloseStatementRequest close) {
      rowBytes.remove(close.statementId);
    }
    byte[] bytes;
    try {
      bytes = client.send(translation.serializeRequest(sized));
    } catch (IOException e) {
      throw new RuntimeException(e);
    }
    Service.Response response;
    try {
      response = translation.parseResponse(bytes);
    } catch (IOException e) {
      throw new RuntimeException(e);
    }
    if (response instanceof Service.ErrorResponse error) {
      throw error.toException();
    }
    measure(sized, response, bytes.length);
    return response;
  }

  private Service.Request sized(Service.PrepareAndExecuteRequest request) {
    int fetchSize = fetchSizeOfStatement.applyAsInt(request.statementId);
    if (fetchSize <= 0) {
      return request;
    }
    int firstFrame =
        request.maxRowCount > 0 ? (int) Math.min(fetchSize, request.maxRowCount) : fetchSize;
    return new Service.PrepareAndExecuteRequest(
        request.connectionId, request.statementId, request.sql, request.maxRowCount, firstFrame);
  }

  private Service.Request sized(Service.FetchRequest request) {
    Double bytesPerRow = rowBytes.get(request.statementId);
    int rows = frameRows(request.fetchMaxRowCount, bytesPerRow == null ? 0 : bytesPerRow);
    return rows == request.fetchMaxRowCount
        ? request
        : new Service.FetchRequest(request.connectionId, request.statementId, request.offset, rows);
  }

  /**
   * Rows to ask for: enough to fill about {@link #FRAME_BYTES} at {@code bytesPerRow} (unknown when
   * 0), never fewer than {@code fetchSize}, never more than {@link #MAX_FRAME_ROWS}.
   */
  static int frameRows(int fetchSize, double bytesPerRow) {
    if (bytesPerRow <= 0 || fetchSize <= 0) {
      return fetchSize;
    }
    long byBytes = (long) (FRAME_BYTES / bytesPerRow);
    return (int) Math.max(fetchSize, Math.min(byBytes, MAX_FRAME_ROWS));
  }

  private void measure(Service.Request request, Service.Response response, int bytes) {
    Meta.Frame frame = null;
    int statement = -1;
    if (response instanceof Service.FetchResponse fetch
        && request instanceof Service.FetchRequest f) {
      frame = fetch.frame;
      statement = f.statementId;
    } else if (response instanceof Service.ExecuteResponse execute
        && request instanceof Service.PrepareAndExecuteRequest e
        && execute.results != null
        && execute.results.size() == 1) {
      frame = execute.results.get(0).firstFrame;
      statement = e.statementId;
    }
    if (frame == null || frame.done || !(frame.rows instanceof java.util.Collection<?> rows)) {
      return;
    }
    if (!rows.isEmpty()) {
      rowBytes.put(statement, (double) bytes / rows.size());
    }
  }
}
