package io.icegate.gateway.error;

import static java.util.Objects.requireNonNull;

/** A failure the gateway itself detected, already phrased for the client. */
public class GatewayException extends RuntimeException {
  private final ErrorCode errorCode;

  public GatewayException(ErrorCode errorCode, String message) {
    super(message);
    this.errorCode = requireNonNull(errorCode, "errorCode is null");
  }

  public GatewayException(ErrorCode errorCode, String message, Throwable cause) {
    super(message, cause);
    this.errorCode = requireNonNull(errorCode, "errorCode is null");
  }

  public ErrorCode errorCode() {
    return errorCode;
  }
}
