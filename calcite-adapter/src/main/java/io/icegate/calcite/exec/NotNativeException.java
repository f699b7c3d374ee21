package io.icegate.calcite.exec;

/**
 * A statement that the native path does not run: Spark should run it instead. Not an error for the
 * user; the message says why, for logs (for example {@code Cannot run natively: demo.db.t is a data
 * table}).
 */
public final class NotNativeException extends Exception {
  private static final long serialVersionUID = 1L;

  public NotNativeException(String reason) {
    super("Cannot run natively: " + reason);
  }

  public NotNativeException(String reason, Throwable cause) {
    super("Cannot run natively: " + reason, cause);
  }
}
