package io.icegate.access.policy;

/**
 * A statement the statement policy refused (SQLState 42501 for the client). Its own type so that
 * the refusal is counted once, when the client is told (the policy's parser runs more than once on
 * some statements).
 */
public final class PolicyRefusal extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public PolicyRefusal(String message) {
    super(message);
  }
}
