package io.icegate.gateway.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.gateway.result.WireFrame;
import java.sql.Types;
import java.util.List;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;
import org.junit.jupiter.api.Test;

class GatewayServiceTest {
  private static final Meta.Signature SIGNATURE =
      new Meta.Signature(
          List.of(
              ColumnMetaData.dummy(
                  ColumnMetaData.scalar(Types.BIGINT, "bigint", ColumnMetaData.Rep.LONG), true)),
          "SELECT id",
          List.of(),
          null,
          Meta.CursorFactory.LIST,
          Meta.StatementType.SELECT);

  @Test
  void sendsTheFirstFrameAsTheGatewayEncodedIt() throws Exception {
    WireFrame first = new WireFrame(0, false, List.of(List.of(1L), List.of(2L)), false);

    Service.ResultSetResponse response =
        new GatewayService(null)
            .toResponse(Meta.MetaResultSet.create("c", 1, false, SIGNATURE, first));

    assertThat(response.firstFrame).isSameAs(first);
    byte[] bytes = new ProtobufTranslationImpl().serializeResponse(response);
    Service.ResultSetResponse read =
        (Service.ResultSetResponse) new ProtobufTranslationImpl().parseResponse(bytes);
    assertThat(read.firstFrame.rows).containsExactly(List.of(1L), List.of(2L));
    assertThat(read.firstFrame.done).isFalse();
  }

  @Test
  void leavesOtherFramesAndUpdateCountsToAvatica() {
    Meta.Frame plain = Meta.Frame.create(0, true, List.of(List.of(3L)));

    Service.ResultSetResponse rows =
        new GatewayService(null)
            .toResponse(Meta.MetaResultSet.create("c", 1, false, SIGNATURE, plain));
    Service.ResultSetResponse count =
        new GatewayService(null).toResponse(Meta.MetaResultSet.count("c", 1, 7));

    assertThat(rows.firstFrame.rows).containsExactly(List.of(3L));
    assertThat(count.firstFrame).isNull();
    assertThat(count.updateCount).isEqualTo(7);
  }
}
