package io.icegate.gateway.server;

import io.icegate.gateway.result.WireFrame;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.remote.LocalService;

/**
 * Avatica's request handling over {@link io.icegate.gateway.jdbc.IcegateMeta}, sending the first
 * frame of a result as the gateway encoded it. Avatica's {@code LocalService} copies the first
 * frame's rows into a new plain frame, which its own encoder would then write again, cell by cell
 * and twice (in a field deprecated since Avatica 1.8).
 */
final class GatewayService extends LocalService {
  GatewayService(Meta meta) {
    super(meta);
  }

  @Override
  public ResultSetResponse toResponse(Meta.MetaResultSet resultSet) {
    ResultSetResponse response = super.toResponse(resultSet);
    if (response.firstFrame == null || !(resultSet.firstFrame instanceof WireFrame encoded)) {
      return response;
    }
    return new ResultSetResponse(
        response.connectionId,
        response.statementId,
        response.ownStatement,
        response.signature,
        encoded,
        response.updateCount,
        response.rpcMetadata);
  }
}
