package io.icegate.jdbc;

import java.util.function.IntUnaryOperator;
import org.apache.calcite.avatica.remote.AvaticaHttpClient;
import org.apache.calcite.avatica.remote.ProtobufTranslation;
import org.apache.calcite.avatica.remote.RemoteProtobufService;
import org.apache.calcite.avatica.remote.Service;

/**
 * Avatica's remote protobuf service, except that a plain statement's first frame is asked for in
 * the statement's fetch size, as every later frame is, and as Avatica already asks for a prepared
 * statement's first frame.
 *
 * <p>Avatica's remote Meta drops the first-frame size its caller gives and asks for a first frame
 * as large as the statement's row limit, so with none for the whole result (the gateway caps it at
 * {@code icegate.frame.max-rows}). The gateway then computes and encodes all of it before the
 * client reads a row, where frames of the fetch size let it make the next frame while the client
 * reads the last: reading the 10,000 rows of a metadata table's files took a fifth less time
 * (docs/PERFORMANCE.md, item 20).
 */
final class FetchSizedService extends RemoteProtobufService {
  private final IntUnaryOperator fetchSizeOfStatement;

  /**
   * @param fetchSizeOfStatement the fetch size of the connection's statement with the given id;
   *     zero or less when not known, which leaves the request as Avatica made it
   */
  FetchSizedService(
      AvaticaHttpClient client,
      ProtobufTranslation translation,
      IntUnaryOperator fetchSizeOfStatement) {
    super(client, translation);
    this.fetchSizeOfStatement = fetchSizeOfStatement;
  }

  @Override
  public Service.Response _apply(Service.Request request) {
    return super._apply(
        request instanceof Service.PrepareAndExecuteRequest execute ? sized(execute) : request);
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
}
