package io.icegate.gateway.policy;

import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;

/**
 * A statement the policy refused. Its own type so that the refusal is counted once, when the client
 * is told (the policy's parser runs more than once on some statements).
 */
public final class PolicyRefusal extends GatewayException {
  private static final long serialVersionUID = 1L;

  PolicyRefusal(String message) {
    super(ErrorCode.INSUFFICIENT_PRIVILEGE, message);
  }
}
