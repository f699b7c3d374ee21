package io.icegate.jdbc.types;

/** A nested value from the server does not have the shape its Spark type announces. */
final class WireValueException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  WireValueException(SparkType type, String expected) {
    super("Cannot read a value of type " + type + ": expected " + expected);
  }
}
