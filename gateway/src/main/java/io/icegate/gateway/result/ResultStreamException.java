package io.icegate.gateway.result;

/** A failure while computing the rows of a result that was already being sent. */
public final class ResultStreamException extends RuntimeException {
  ResultStreamException(Throwable cause) {
    super(cause.getMessage(), cause);
  }
}
