package io.icegate.gateway.result;

/**
 * A result has more rows than the gateway sends for one result ({@code
 * icegate.limits.max-result-rows}).
 */
public final class ResultLimitException extends RuntimeException {
  private final long limit;

  public ResultLimitException(long limit) {
    super(
        "Cannot send more than "
            + limit
            + " rows of one result (icegate.limits.max-result-rows): the result has"
            + " more; narrow the query or add a LIMIT");
    this.limit = limit;
  }

  public long limit() {
    return limit;
  }
}
