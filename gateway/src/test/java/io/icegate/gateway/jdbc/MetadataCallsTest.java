package io.icegate.gateway.jdbc;

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
  private final MetadataCalls calls = new MetadataCalls(new TableListings(), new RoutineMetadata());

  @Test
  void onlyTheDriversCallsAreCalls() {
    assertThat(
            MetadataCalls.isCall(
                MetadataCall.of(MetadataMethod.GET_PRIMARY_KEYS, "c", null, "t").encode()))
        .isTrue();
    assertThat(MetadataCalls.isCall("SELECT 1")).isFalse();
    assertThat(MetadataCalls.isCall(MetadataCall.PREFIX)).isFalse();
    assertThat(MetadataCalls.isCall(null)).isFalse();
  }

  @Test
  void anUnknownCallSaysSo() {
    String sql =
        MetadataCall.PREFIX
            + MetadataCall.SEPARATOR
            + "getIndexInfo"
            + MetadataCall.SEPARATOR
            + "demo";
    assertThatThrownBy(() -> calls.answer(null, "connection-1", sql))
        .isInstanceOf(GatewayException.class)
        .hasMessage(
            "Cannot answer metadata call getIndexInfo with 1 arguments: the gateway does not know"
                + " it (a newer driver?)")
        .extracting(e -> ((GatewayException) e).errorCode())
        .isEqualTo(ErrorCode.INVALID_ARGUMENT);
  }

  @Test
  void aCancelNamesItsStatement() {
    assertThat(
            MetadataCalls.cancelledStatement(
                MetadataCall.of(MetadataMethod.CANCEL_STATEMENT, "7").encode()))
        .isEqualTo(OptionalInt.of(7));
    assertThat(
            MetadataCalls.cancelledStatement(
                MetadataCall.of(MetadataMethod.STATEMENT_PROGRESS).encode()))
        .isEmpty();
    assertThatThrownBy(
            () ->
                MetadataCalls.cancelledStatement(
                    MetadataCall.of(MetadataMethod.CANCEL_STATEMENT, "seven").encode()))
        .isInstanceOf(GatewayException.class)
        .hasMessage("Cannot cancel statement 'seven': not a statement id");
  }

  /** The progress answer's columns are the protocol's, with their types, in its order. */
  @Test
  void progressColumnsAreTheProtocols() {
    assertThat(MetadataColumns.STATEMENT_PROGRESS)
        .extracting(c -> c.name() + ":" + c.type())
        .containsExactly(
            "QUERY_ID:STRING",
            "STATEMENT_ID:INT",
            "STATE:STRING",
            "ELAPSED_MS:INT",
            "STAGES_DONE:INT",
            "STAGES_TOTAL:INT",
            "TASKS_DONE:INT",
            "TASKS_TOTAL:INT",
            "QUEUE_POSITION:INT");
    assertThat(
            calls.answer(
                null,
                "no-such-connection",
                MetadataCall.of(MetadataMethod.STATEMENT_PROGRESS).encode()))
        .isEqualTo(new MetadataCalls.Answer(MetadataColumns.STATEMENT_PROGRESS, List.of()));
    assertThat(StatementProgress.Column.values())
        .hasSize(MetadataColumns.STATEMENT_PROGRESS.size());
  }
}
