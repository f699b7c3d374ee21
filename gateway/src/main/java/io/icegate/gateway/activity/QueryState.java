package io.icegate.gateway.activity;

/** Where one execution of a statement stands, as {@code icegate.system.queries} shows it. */
public enum QueryState {
  /**
   * Waiting in the gateway's queue for a slot to run Spark work ({@code
   * icegate.limits.max-running-statements}); it runs when the statements before it have.
   */
  QUEUED,
  /** Running on the gateway: no result has reached the client yet. */
  RUNNING,
  /** The client is reading the result; Spark may still compute the rest of it. */
  STREAMING,
  /** Ended normally: the whole result was read or closed, or the update was done. */
  FINISHED,
  /** Ended with an error. */
  FAILED,
  /**
   * Ended because it was cancelled (Statement.cancel(), a query timeout, icegate.system.cancel, an
   * expired connection).
   */
  CANCELLED;

  public boolean ended() {
    return this == FINISHED || this == FAILED || this == CANCELLED;
  }
}
