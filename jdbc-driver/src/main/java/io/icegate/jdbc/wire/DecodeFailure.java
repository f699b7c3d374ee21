package io.icegate.jdbc.wire;

/**
 * Stands in for a value Avatica fails to decode, so that the failure surfaces as Avatica's would.
 *
 * <p>Avatica parses a whole response before decoding any value, so a response that is malformed
 * anywhere fails with protobuf's exception even when a value before the damage cannot be decoded,
 * and otherwise with the first value's failure in row and column order. Readers that decode while
 * they parse therefore carry the failure in place of the value, keep parsing, and throw only once
 * everything has been read. Carrying it as a value also lets them drop it with the value when the
 * value turns out to be unused (array elements of a column that proves to be a scalar).
 */
final class DecodeFailure {

  private final RuntimeException exception;

  private DecodeFailure(RuntimeException exception) {
    this.exception = exception;
  }

  static DecodeFailure of(RuntimeException exception) {
    return new DecodeFailure(exception);
  }

  RuntimeException exception() {
    return exception;
  }
}
