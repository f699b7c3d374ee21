package io.icegate.gateway.error;

import java.util.Locale;
import java.util.Optional;

/**
 * What a client is told when its statement needed more memory than an executor or the gateway has:
 * how much there is and the setting that changes it. The engine says at start what the executors
 * have; the gateway's heap is read from the JVM.
 */
public final class MemoryErrors {
  private static volatile String executorMemory = "1g";

  /** The message of a result task that could not reach the gateway (PartitionSender's). */
  private static final String SEND_FAILED = "Cannot send the result's rows to the gateway";

  private MemoryErrors() {}

  /** The executors' memory as {@code spark.executor.memory} sets it. */
  public static void executorsHave(String sparkExecutorMemory) {
    executorMemory = sparkExecutorMemory;
  }

  /** A task of the statement ran out of memory in an executor. */
  public static String executor() {
    return "Cannot run the statement: it ran out of memory in an executor, which has "
        + executorMemory
        + " (spark.executor.memory); it failed alone. Reduce what one group, row or value holds"
        + " (collect_list, a huge array or string, a cross join), or give the executors more"
        + " memory (spark.executor.memory)";
  }

  /** The statement would have held more than the gateway's own memory allows. */
  public static String gateway(String what) {
    return "Cannot run the statement: "
        + what
        + " would not fit in the gateway's memory ("
        + megabytes(Runtime.getRuntime().maxMemory())
        + " heap; ICEGATE_JAVA_OPTS=-Xmx...); it failed alone";
  }

  /**
   * The client's error for a failure that says a statement ran out of memory, or took more than the
   * gateway collects, in Spark's words; empty for any other.
   */
  static Optional<ClientErrors.ClientError> describe(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      String m = t.getMessage() == null ? "" : t.getMessage();
      if (m.contains("spark.driver.maxResultSize")) {
        return clientError(
            ErrorCode.RESULT_TOO_LARGE,
            "Cannot run the statement: it made Spark collect more on the gateway than it"
                + " collects for one statement (spark.driver.maxResultSize, a broadcast join"
                + " among them); it failed alone");
      }
      if (m.contains("Not enough memory to build and broadcast the table")) {
        return clientError(
            ErrorCode.OUT_OF_MEMORY, gateway("the table it broadcasts (a broadcast join)"));
      }
      if (t instanceof OutOfMemoryError) {
        // Thrown in the gateway's own JVM.
        return clientError(ErrorCode.OUT_OF_MEMORY, gateway("what it needed on the gateway"));
      }
      if (m.contains("java.lang.OutOfMemoryError")
          || m.contains("SparkOutOfMemoryError")
          || m.contains("Unable to acquire") && m.contains("bytes of memory")) {
        return clientError(ErrorCode.OUT_OF_MEMORY, executor());
      }
      if (m.contains("exited with code 52")) {
        return clientError(
            ErrorCode.OUT_OF_MEMORY,
            "Cannot run the statement: the executors running its tasks ran out of memory and"
                + " were lost too often (each has "
                + executorMemory
                + ", spark.executor.memory); the statement, or one running beside it, held"
                + " too much at once. Run it again, or give the executors more memory");
      }
      if (m.startsWith(SEND_FAILED)) {
        return clientError(
            ErrorCode.EXECUTION_FAILED,
            "Cannot finish the result: the executors could not send its rows to the gateway"
                + " (it was stopping, or the result was closed); run the statement again");
      }
    }
    return Optional.empty();
  }

  private static Optional<ClientErrors.ClientError> clientError(ErrorCode code, String message) {
    return Optional.of(new ClientErrors.ClientError(code, code.sqlState(), message));
  }

  static String megabytes(long bytes) {
    return String.format(Locale.ROOT, "%,d MB", bytes >> 20);
  }
}
