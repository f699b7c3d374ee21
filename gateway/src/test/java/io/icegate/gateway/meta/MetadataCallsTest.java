package io.icegate.gateway.meta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import io.icegate.protocol.MetadataCall;
import io.icegate.protocol.MetadataMethod;
import io.icegate.protocol.StatementProgress;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class MetadataCallsTest {
  private final MetadataCalls calls = new MetadataCalls(new TableMetadata(), new RoutineMetadata());

  @Test
  void onlyTheDriversCallsAreCalls() {
    assertThat(MetadataCalls.isCall(MetadataCall.of(MetadataMethod.GET_PRIMARY_KEYS, "c", null, "t").encode()))
        .isTrue();
    assertThat(MetadataCalls.isCall("SELECT 1")).isFalse();
    assertThat(MetadataCalls.isCall(MetadataCall.PREFIX)).isFalse();
    assertThat(MetadataCalls.isCall(null)).isFalse();
  }

  @Test
  void anUnknownCallSaysSo() {
    String sql = MetadataCall.PREFIX + MetadataCall.SEPARATOR + "getIndexInfo" + MetadataCall.SEPARATOR + "demo";
    assertThatThrownBy(() -> calls.answer(null, "connection-1", sql))
        .isInstanceOf(GatewayException.class)
        .hasMessage("Cannot answer metadata call getIndexInfo with 1 arguments: the gateway does not know it"
            + " (a newer driver?)")
        .extracting(e -> ((GatewayException) e).errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
  }

  @Test
  void aCancelNamesItsStatement() {
    assertThat(MetadataCalls.cancelledStatement(MetadataCall.of(MetadataMethod.CANCEL_STATEMENT, "7").encode()))
        .isEqualTo(OptionalInt.of(7));
    assertThat(MetadataCalls.cancelledStatement(MetadataCall.of(MetadataMethod.STATEMENT_PROGRESS).encode()))
        .isEmpty();
    assertThatThrownBy(() -> MetadataCalls.cancelledStatement(
        MetadataCall.of(MetadataMethod.CANCEL_STATEMENT, "seven").encode()))
        .isInstanceOf(GatewayException.class)
        .hasMessage("Cannot cancel statement 'seven': not a statement id");
  }

  /** The progress answer's columns are the protocol's, with their types, in its order. */
  @Test
  void progressColumnsAreTheProtocols() {
    assertThat(MetadataCalls.PROGRESS_COLUMNS).containsExactly("QUERY_ID", "STATEMENT_ID:int", "STATE",
        "ELAPSED_MS:int", "STAGES_DONE:int", "STAGES_TOTAL:int", "TASKS_DONE:int", "TASKS_TOTAL:int");
    assertThat(calls.answer(null, "no-such-connection", MetadataCall.of(MetadataMethod.STATEMENT_PROGRESS).encode()))
        .isEqualTo(new MetadataCalls.Answer(MetadataCalls.PROGRESS_COLUMNS, List.of()));
    assertThat(StatementProgress.Column.values()).hasSize(MetadataCalls.PROGRESS_COLUMNS.size());
  }
}
