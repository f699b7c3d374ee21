package io.icegate.gateway.procedure;

import static java.util.Map.entry;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.gateway.error.ErrorCode;
import io.icegate.procedure.Reason;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ProcedureErrorCodesTest {
  /**
   * The SQLState clients see for each refusal of a CALL: the contract, as the bridge reported it
   * before.
   */
  private static final Map<Reason, String> CLIENT_STATES =
      Map.ofEntries(
          entry(Reason.UNKNOWN_PROCEDURE, "42883"),
          entry(Reason.UNKNOWN_CATALOG, "3D000"),
          entry(Reason.NOT_AN_ICEBERG_CATALOG, "42809"),
          entry(Reason.UNKNOWN_ARGUMENT, "42000"),
          entry(Reason.DUPLICATE_ARGUMENT, "42000"),
          entry(Reason.MISSING_ARGUMENT, "42000"),
          entry(Reason.TOO_MANY_ARGUMENTS, "42000"),
          entry(Reason.MISSING_PARAMETER_VALUE, "07001"),
          entry(Reason.WRONG_TYPE, "42804"),
          entry(Reason.INVALID_VALUE, "22023"),
          entry(Reason.INVALID_TABLE_NAME, "42602"),
          entry(Reason.MUTUALLY_EXCLUSIVE, "42613"),
          entry(Reason.CONFLICTING_FLAGS, "42613"),
          entry(Reason.TABLE_IN_OTHER_CATALOG, "42000"),
          entry(Reason.UNKNOWN_TABLE, "42P01"),
          entry(Reason.NOT_AN_ICEBERG_TABLE, "42809"),
          entry(Reason.TABLE_ALREADY_EXISTS, "42P07"),
          entry(Reason.UNKNOWN_SNAPSHOT, "42704"),
          entry(Reason.UNKNOWN_REF, "42704"),
          entry(Reason.NOT_SUPPORTED_BY_RUNTIME, "0A000"));

  @Test
  void everyReasonKeepsTheSqlStateClientsSaw() {
    assertThat(CLIENT_STATES.keySet())
        .as("a new reason needs its SQLState here")
        .containsExactlyInAnyOrder(Reason.values());
    for (Reason reason : Reason.values()) {
      ErrorCode code = ProcedurePath.errorCode(reason);
      assertThat(code.sqlState()).as(reason.name()).isEqualTo(CLIENT_STATES.get(reason));
      assertThat(code.kind()).as(reason.name()).isEqualTo(ErrorCode.Kind.USER);
    }
  }

  @Test
  void argumentRefusalsOfOneStateHaveCodesOfTheirOwn() {
    Set<Reason> fortyTwoThousand =
        Set.of(
            Reason.UNKNOWN_ARGUMENT,
            Reason.DUPLICATE_ARGUMENT,
            Reason.MISSING_ARGUMENT,
            Reason.TOO_MANY_ARGUMENTS,
            Reason.TABLE_IN_OTHER_CATALOG);
    Set<ErrorCode> codes =
        fortyTwoThousand.stream().map(ProcedurePath::errorCode).collect(Collectors.toSet());
    assertThat(codes).hasSize(fortyTwoThousand.size()).doesNotContain(ErrorCode.ANALYSIS_ERROR);
  }

  @Test
  void everyErrorCodeHasItsOwnNumber() {
    assertThat(Arrays.stream(ErrorCode.values()).map(ErrorCode::code).distinct().count())
        .isEqualTo(ErrorCode.values().length);
  }
}
