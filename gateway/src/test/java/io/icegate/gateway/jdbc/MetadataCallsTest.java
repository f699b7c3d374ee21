package io.icegate.gateway.jdbc;

import static io.icegate.jdbc.IcegateDatabaseMetaData.METADATA_CALL;
import static io.icegate.jdbc.IcegateDatabaseMetaData.METADATA_CALL_SEPARATOR;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import org.junit.jupiter.api.Test;

class MetadataCallsTest {
  private final MetadataCalls calls = new MetadataCalls(new TableListings(), new RoutineMetadata());

  @Test
  void onlyTheDriversCallsAreCalls() {
    assertThat(MetadataCalls.isCall(METADATA_CALL + METADATA_CALL_SEPARATOR + "getPrimaryKeys")).isTrue();
    assertThat(MetadataCalls.isCall("SELECT 1")).isFalse();
    assertThat(MetadataCalls.isCall(METADATA_CALL)).isFalse();
    assertThat(MetadataCalls.isCall(null)).isFalse();
  }

  @Test
  void anUnknownCallSaysSo() {
    String sql = METADATA_CALL + METADATA_CALL_SEPARATOR + "getIndexInfo" + METADATA_CALL_SEPARATOR + "demo";
    assertThatThrownBy(() -> calls.answer(null, "connection-1", sql))
        .isInstanceOf(GatewayException.class)
        .hasMessage("Cannot answer metadata call getIndexInfo with 1 arguments: the gateway does not know it"
            + " (a newer driver?)")
        .extracting(e -> ((GatewayException) e).errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
  }
}
