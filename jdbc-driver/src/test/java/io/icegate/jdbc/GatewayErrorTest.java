package io.icegate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ConnectException;
import java.sql.SQLException;
import java.util.List;
import org.apache.calcite.avatica.AvaticaClientRuntimeException;
import org.apache.calcite.avatica.AvaticaSeverity;
import org.apache.calcite.avatica.remote.Service.ErrorResponse;
import org.junit.jupiter.api.Test;

class GatewayErrorTest {

  private static final String ADDRESS = "http://gw.example:8765";

  @Test
  void serverErrorKeepsTheServersMessageStateAndCode() {
    AvaticaClientRuntimeException reported = reported("[SYNTAX] oops", "42601", 1001);

    RuntimeException error = GatewayError.of(reported, ADDRESS);

    assertThat(error)
        .isInstanceOf(GatewayError.class)
        .hasMessage("[SYNTAX] oops")
        .hasCause(reported);
    SQLException sql = ((GatewayError) error).toSqlException(error);
    assertThat((Throwable) sql).hasMessage("[SYNTAX] oops").hasCause(error);
    assertThat(sql.getSQLState()).isEqualTo("42601");
    assertThat(sql.getErrorCode()).isEqualTo(1001);
  }

  @Test
  void serverErrorWithoutSqlStateIsAGeneralError() {
    SQLException sql =
        toSql(
            GatewayError.of(
                reported("boom", ErrorResponse.UNKNOWN_SQL_STATE, ErrorResponse.UNKNOWN_ERROR_CODE),
                ADDRESS));

    assertThat((Throwable) sql).hasMessage("boom");
    assertThat(sql.getSQLState()).isEqualTo("HY000");
    assertThat(sql.getErrorCode()).isEqualTo(-1);
  }

  @Test
  void serverErrorWithoutMessageSaysSo() {
    assertThat(GatewayError.of(reported("", "42000", 1002), ADDRESS))
        .hasMessage("The Icegate gateway reported an error without a message");
  }

  @Test
  void unreachableGatewayIsALostConnectionNamingIt() {
    RuntimeException failure = new RuntimeException(new ConnectException("Connection refused"));

    SQLException sql = toSql(GatewayError.of(failure, ADDRESS));

    assertThat((Throwable) sql)
        .hasMessage(
            "Lost the connection to Icegate at http://gw.example:8765: "
                + "Connection refused. Reconnect to continue.")
        .hasRootCauseInstanceOf(ConnectException.class);
    assertThat(sql.getSQLState()).isEqualTo("08006");
  }

  @Test
  void httpClientsConnectWordingIsNotRepeated() {
    RuntimeException failure =
        new RuntimeException(
            new ConnectException(
                "Connect to http://gw.example:8765 [gw.example/10.0.0.1] failed: "
                    + "Connection refused"));

    assertThat(GatewayError.of(failure, ADDRESS))
        .hasMessage(
            "Lost the connection to Icegate at http://gw.example:8765: Connection refused."
                + " Reconnect to continue.");
  }

  @Test
  void otherFailuresAreLeftAlone() {
    RuntimeException failure =
        new IllegalStateException("Failed to execute HTTP Request, got HTTP/404");

    assertThat(GatewayError.of(failure, ADDRESS)).isSameAs(failure);
  }

  @Test
  void aFailureAlreadyTranslatedDeeperDownIsNotTranslatedAgain() {
    RuntimeException inner = GatewayError.of(reported("[X] inner", "42000", 1), ADDRESS);
    RuntimeException outer = new RuntimeException(new SQLException("wrapped", inner));

    assertThat(GatewayError.of(outer, ADDRESS)).isSameAs(outer);
  }

  @Test
  void callsReportTheGatewaysErrorWithWhatSurfacedAsCause() {
    RuntimeException error = GatewayError.of(reported("[X] no", "42000", 7), ADDRESS);
    SQLException avaticas = new SQLException("Error while executing SQL \"x\": [X] no", error);

    assertThatThrownBy(
            () ->
                GatewayErrors.run(
                    () -> {
                      throw avaticas;
                    }))
        .isExactlyInstanceOf(SQLException.class)
        .hasMessage("[X] no")
        .hasCause(avaticas);
  }

  @Test
  void translatingTwiceKeepsTheFirstTranslation() throws Exception {
    RuntimeException error = GatewayError.of(reported("[X] no", "42000", 7), ADDRESS);
    SQLException once = GatewayErrors.translate(error);

    assertThat((Throwable) GatewayErrors.translate(once)).isSameAs(once);
  }

  @Test
  void callsLeaveOtherFailuresAlone() {
    SQLException local = new SQLException("Statement closed");
    IllegalArgumentException bug = new IllegalArgumentException("bad");

    assertThatThrownBy(
            () ->
                GatewayErrors.run(
                    () -> {
                      throw local;
                    }))
        .isSameAs(local);
    assertThatThrownBy(
            () ->
                GatewayErrors.call(
                    () -> {
                      throw bug;
                    }))
        .isSameAs(bug);
  }

  private static SQLException toSql(RuntimeException error) {
    return ((GatewayError) error).toSqlException(error);
  }

  /** What Avatica's ErrorResponse.toException() makes of a server error. */
  private static AvaticaClientRuntimeException reported(String message, String state, int code) {
    return new ErrorResponse(List.of("trace"), message, code, state, AvaticaSeverity.ERROR, null)
        .toException();
  }
}
