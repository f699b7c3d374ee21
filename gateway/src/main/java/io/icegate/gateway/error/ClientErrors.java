package io.icegate.gateway.error;

import io.icegate.access.policy.PolicyRefusal;
import io.icegate.calcite.exec.SnapshotDiffCalls;
import io.icegate.gateway.metrics.GatewayMetrics;
import io.icegate.gateway.result.ResultLimitException;
import io.icegate.metadata.SnapshotDiff;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.AvaticaSeverity;
import org.apache.calcite.avatica.remote.AvaticaRuntimeException;
import org.apache.spark.SparkThrowable;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.catalyst.parser.ParseException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns any failure into the exception Avatica sends to the client: a real SQLState and a short
 * message with no stack trace, logical plan or Java/Scala class name in it.
 */
public final class ClientErrors {
  private static final Logger LOG = LoggerFactory.getLogger(ClientErrors.class);
  // "org.apache.iceberg.exceptions.NoSuchTableException: " and the like, wherever they appear in a
  // message.
  // Starts only where a name starts, and never gives back what it matched: linear on long runs of
  // word characters
  // (a message quoting a megabyte-long identifier took minutes with a backtracking pattern).
  private static final Pattern CLASS_PREFIX =
      Pattern.compile(
          "(?<![\\w$.])(?:[a-z_$][\\w$]*+\\.)++[A-Z][\\w$]*+(?<=Exception|Error|Throwable)(?:\\$\\w++)?+:\\s*+");

  /**
   * Iceberg's conflict messages: "Cannot commit db.t: ..." and "Failed to update table db.t from
   * catalog c".
   */
  private static final Pattern CONFLICTED_TABLE =
      Pattern.compile("^Cannot commit (\\S+?):|Failed to update table (\\S+)");

  /** Spark 3.5's parse failure for an interval literal beyond an interval's range. */
  private static final Pattern INTERVAL_OVERFLOW =
      Pattern.compile("to interval, (integer|long) overflow|interval .*overflow");

  /** Longest message a client gets: one quoting a huge statement is cut, with a mark. */
  private static final int MAX_MESSAGE_CHARS = 2_000;

  /**
   * By the simple class name of the most specific cause; a path or URI a user gave that is not one
   * is theirs.
   */
  private static final Map<String, ErrorCode> BY_EXCEPTION_NAME =
      Map.ofEntries(
          Map.entry("NoSuchTableException", ErrorCode.TABLE_NOT_FOUND),
          Map.entry("NoSuchViewException", ErrorCode.TABLE_NOT_FOUND),
          Map.entry("NoSuchNamespaceException", ErrorCode.NAMESPACE_NOT_FOUND),
          Map.entry("AlreadyExistsException", ErrorCode.ALREADY_EXISTS),
          Map.entry("NamespaceNotEmptyException", ErrorCode.STILL_REFERENCED),
          Map.entry("CommitFailedException", ErrorCode.COMMIT_CONFLICT),
          Map.entry("CommitStateUnknownException", ErrorCode.EXECUTION_FAILED),
          Map.entry("ValidationException", ErrorCode.INVALID_ARGUMENT),
          Map.entry("IllegalArgumentException", ErrorCode.INVALID_ARGUMENT),
          Map.entry("CatalogNotFoundException", ErrorCode.CATALOG_NOT_FOUND),
          Map.entry("UnsupportedOperationException", ErrorCode.NOT_SUPPORTED),
          Map.entry("URISyntaxException", ErrorCode.INVALID_ARGUMENT));

  private ClientErrors() {}

  /**
   * Runs a Meta method's {@code body}: whatever it throws leaves as the client's exception for it.
   */
  public static <T> T answering(Supplier<T> body) {
    try {
      return body.get();
    } catch (StackOverflowError tooDeep) {
      // The statement's, not the gateway's: a parser or analyzer recursing through a deeply nested
      // statement.
      throw toClient(tooDeep);
    } catch (VirtualMachineError fatal) {
      throw fatal;
    } catch (Throwable e) {
      // Spark's Scala code throws checked exceptions (ParseException, AnalysisException) without
      // declaring them.
      throw toClient(e);
    }
  }

  /** The exception to throw out of a Meta method for {@code failure}. */
  public static AvaticaRuntimeException toClient(Throwable failure) {
    if (failure instanceof AvaticaRuntimeException already) {
      return already;
    }
    ClientError error = describe(failure);
    for (Throwable c = failure; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof PolicyRefusal) {
        GatewayMetrics.instance().policyRefused();
        break;
      }
    }
    switch (error.code()) {
      case TOO_MANY_CONNECTIONS,
          TOO_MANY_STATEMENTS,
          RESULT_TOO_LARGE,
          STATEMENT_TOO_LONG,
          STATEMENT_TOO_COMPLEX ->
          GatewayMetrics.instance().limitRefused(error.code().name());
      default -> {
        // Not a limit.
      }
    }
    if (error.code().kind() == ErrorCode.Kind.INTERNAL) {
      LOG.error("Internal error, reported to the client as: {}", error.message(), failure);
    } else {
      LOG.debug("Statement failed: {}", error.message(), failure);
    }
    return new AvaticaRuntimeException(
        error.message(), error.code().code(), error.sqlState(), AvaticaSeverity.ERROR);
  }

  /** The code, SQLState and message a client sees for {@code failure}. */
  public static ClientError describe(Throwable failure) {
    Throwable t = unwrap(failure);
    if (t instanceof GatewayException g) {
      return new ClientError(g.errorCode(), g.errorCode().sqlState(), g.getMessage());
    }
    if (t instanceof PolicyRefusal refused) {
      return new ClientError(
          ErrorCode.INSUFFICIENT_PRIVILEGE,
          ErrorCode.INSUFFICIENT_PRIVILEGE.sqlState(),
          refused.getMessage());
    }
    if (t instanceof ResultLimitException limit) {
      return new ClientError(
          ErrorCode.RESULT_TOO_LARGE, ErrorCode.RESULT_TOO_LARGE.sqlState(), limit.getMessage());
    }
    if (t instanceof ParseException p && isSnapshotDiffCall(p)) {
      // Spark 3.5 cannot name a catalog's table function; only Icegate answers this one.
      String message =
          SnapshotDiffCalls.refusal(
                  "Spark got the statement, as Icegate's parser does not read it (EXPLAIN, CREATE"
                      + " ... AS SELECT, Spark-only syntax)")
              .getMessage();
      return new ClientError(ErrorCode.NOT_SUPPORTED, ErrorCode.NOT_SUPPORTED.sqlState(), message);
    }
    if (t instanceof ParseException p) {
      String where =
          p.line().isDefined() && p.startPosition().isDefined()
              ? " (line "
                  + p.line().get()
                  + ", column "
                  + ((Integer) p.startPosition().get() + 1)
                  + ")"
              : "";
      // Spark 3.5 gives these no SQLState of their own (Spark 4 does: 22003); they are the
      // value's fault, not the syntax's.
      ErrorCode code =
          "INVALID_NUMERIC_LITERAL_RANGE".equals(p.getErrorClass())
              ? ErrorCode.NUMERIC_OUT_OF_RANGE
              : p.message() != null && INTERVAL_OVERFLOW.matcher(p.message()).find()
                  ? ErrorCode.INTERVAL_OVERFLOW
                  : ErrorCode.SYNTAX_ERROR;
      return new ClientError(
          code,
          code == ErrorCode.SYNTAX_ERROR ? sqlState(p, code) : code.sqlState(),
          clean(p.message()) + where);
    }
    if (t instanceof AnalysisException a) {
      ErrorCode code = analysisCode(a);
      return new ClientError(code, sqlState(a, code), clean(a.getSimpleMessage()));
    }
    if (isCancellation(t)) {
      return new ClientError(
          ErrorCode.CANCELLED, ErrorCode.CANCELLED.sqlState(), "Statement was cancelled");
    }
    if (t instanceof StackOverflowError || isMaxIterations(t)) {
      return new ClientError(
          ErrorCode.STATEMENT_TOO_COMPLEX,
          ErrorCode.STATEMENT_TOO_COMPLEX.sqlState(),
          "Cannot run the statement: it is nested too deeply or too complex for Spark to parse or"
              + " analyze; split or simplify it");
    }
    if (t instanceof LinkageError) {
      // A class missing from the gateway's installation: the class name means nothing to the
      // client.
      return new ClientError(
          ErrorCode.INTERNAL_ERROR,
          ErrorCode.INTERNAL_ERROR.sqlState(),
          "Cannot run statement: the gateway's installation is incomplete (see the gateway log)");
    }
    Optional<Throwable> raised = raisedByStatement(t);
    if (raised.isPresent()) {
      return new ClientError(
          ErrorCode.USER_RAISED,
          ErrorCode.USER_RAISED.sqlState(),
          "The statement raised an error (raise_error or assert_true): "
              + clean(raised.get().getMessage()));
    }
    Optional<ClientError> memory = MemoryErrors.describe(t);
    if (memory.isPresent()) {
      return memory.get();
    }
    Throwable specific = mostSpecific(t);
    if (isUnreachableService(t)) {
      String cause =
          specific.getMessage() == null
              ? specific.getClass().getSimpleName()
              : clean(specific.getMessage());
      return new ClientError(
          ErrorCode.SERVICE_UNREACHABLE,
          ErrorCode.SERVICE_UNREACHABLE.sqlState(),
          "Cannot reach a service the statement needs (a catalog's metastore or REST server, or"
              + " storage): "
              + cause
              + "; check its address in the catalog's settings (uri) and that it is running");
    }
    Optional<ClientError> value = ValueErrors.describe(t, specific);
    if (value.isPresent()) {
      return value.get();
    }
    Optional<ClientError> userState = IcebergStates.describe(failure, t);
    if (userState.isPresent()) {
      return userState.get();
    }
    ErrorCode code = BY_EXCEPTION_NAME.get(specific.getClass().getSimpleName());
    if (code == null) {
      // A failure inside a Spark job (a user function, bad data) is the statement's, not the
      // gateway's.
      code =
          anyInChain(t, SparkThrowable.class)
              ? ErrorCode.EXECUTION_FAILED
              : ErrorCode.INTERNAL_ERROR;
    }
    if ((specific instanceof ClassNotFoundException || specific instanceof NoClassDefFoundError)
        && anyInChain(t, SparkThrowable.class)) {
      // A task failed on an executor that lacks a jar the gateway has (a Spark cluster without
      // spark.jars).
      return new ClientError(
          ErrorCode.EXECUTION_FAILED,
          ErrorCode.EXECUTION_FAILED.sqlState(),
          "Cannot run the statement on Spark's executors: class "
              + specific.getMessage().replace('/', '.')
              + " is missing there; ship its jar with spark.jars (see docs/DEPLOY.md)");
    }
    String message = specific.getMessage() == null ? "" : clean(specific.getMessage());
    if (message.isBlank()) {
      message =
          "Cannot run statement: "
              + specific
                  .getClass()
                  .getSimpleName()
                  .replaceAll("(?<=[a-z])(?=[A-Z])", " ")
                  .toLowerCase(java.util.Locale.ROOT);
    }
    return new ClientError(code, sqlState(specific, code), message);
  }

  private static boolean isSnapshotDiffCall(ParseException p) {
    return "INVALID_SQL_SYNTAX.INVALID_TABLE_VALUED_FUNC_NAME".equals(p.getErrorClass())
        && p.getMessage() != null
        && p.getMessage()
            .toLowerCase(java.util.Locale.ROOT)
            .contains("`" + SnapshotDiff.NAME + "`");
  }

  private static ErrorCode analysisCode(AnalysisException a) {
    if (a.getClass().getSimpleName().equals("IcebergParseException")) {
      // Iceberg's SQL extensions (ALTER TABLE ... PARTITION FIELD, BRANCH, TAG, CALL) report parse
      // failures so.
      return ErrorCode.SYNTAX_ERROR;
    }
    String errorClass = a.getErrorClass() == null ? "" : a.getErrorClass();
    if (errorClass.startsWith("TABLE_OR_VIEW_NOT_FOUND")
        || a.getClass().getSimpleName().equals("NoSuchTableException")) {
      return ErrorCode.TABLE_NOT_FOUND;
    }
    if (errorClass.startsWith("SCHEMA_NOT_FOUND")
        || a.getClass().getSimpleName().equals("NoSuchNamespaceException")) {
      return ErrorCode.NAMESPACE_NOT_FOUND;
    }
    if (errorClass.startsWith("CATALOG_NOT_FOUND")) {
      return ErrorCode.CATALOG_NOT_FOUND;
    }
    if (errorClass.endsWith("ALREADY_EXISTS")) {
      return ErrorCode.ALREADY_EXISTS;
    }
    if (a.getSimpleMessage().startsWith("Wrong arg type for ")) {
      // Iceberg's check of a CALL's argument types (ProcedureArgumentCoercion), when the bridge let
      // one through.
      return ErrorCode.DATATYPE_MISMATCH;
    }
    return ErrorCode.ANALYSIS_ERROR;
  }

  private static String sqlState(Throwable t, ErrorCode fallback) {
    if (t instanceof SparkThrowable s && s.getSqlState() != null && !s.getSqlState().isBlank()) {
      return s.getSqlState();
    }
    return fallback.sqlState();
  }

  /**
   * Spark and Jetty wrap the interesting failure in layers that only say "job aborted" or
   * "invocation failed".
   */
  /**
   * Spark's "internal error" around a failure of the statement's own (a check of the gateway's, an
   * analysis error) that Spark met evaluating a sub-query during analysis, such as a time travel's
   * {@code AS OF (SELECT ...)}: the client gets the failure inside.
   */
  private static boolean isInternalError(Throwable t) {
    return t instanceof SparkThrowable spark && "INTERNAL_ERROR".equals(spark.getErrorClass());
  }

  private static Throwable unwrap(Throwable t) {
    Throwable current = t;
    while (current.getCause() != null
        && current.getCause() != current
        && (current instanceof java.util.concurrent.ExecutionException
            || current instanceof java.lang.reflect.InvocationTargetException
            || current instanceof java.lang.reflect.UndeclaredThrowableException
            || current instanceof io.icegate.gateway.result.ResultStreamException
            || (current instanceof RuntimeException
                && current.getClass() == RuntimeException.class))) {
      current = current.getCause();
    }
    if (isInternalError(current)) {
      for (Throwable c = current.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
        if (c instanceof GatewayException
            || c instanceof PolicyRefusal
            || c instanceof AnalysisException) {
          return unwrap(c);
        }
      }
    }
    return current;
  }

  /**
   * The deepest cause that still has a message: Spark's task failures carry the user's error at the
   * bottom.
   */
  private static Throwable mostSpecific(Throwable t) {
    if (t instanceof SparkThrowable st && st.getErrorClass() != null) {
      return t;
    }
    Throwable best = t;
    for (Throwable c = t.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
      if (c.getMessage() != null && !c.getMessage().isBlank()) {
        best = c;
      }
    }
    return best;
  }

  /**
   * The error a statement raised on purpose: Spark 3.5's {@code raise_error} (and {@code
   * assert_true}, which calls it) throws a bare {@link RuntimeException} from {@code RaiseError},
   * or from the code Spark generated for it in a task. Spark's own failures are {@link
   * SparkThrowable}s or more specific exceptions.
   */
  private static Optional<Throwable> raisedByStatement(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      StackTraceElement[] frames = c.getStackTrace();
      if (c.getClass() == RuntimeException.class && c.getMessage() != null && frames.length > 0) {
        String thrower = frames[0].getClassName();
        if (thrower.equals("org.apache.spark.sql.catalyst.expressions.RaiseError")
            || thrower.startsWith("org.apache.spark.sql.catalyst.expressions.GeneratedClass")) {
          return Optional.of(c);
        }
      }
    }
    return Optional.empty();
  }

  private static boolean anyInChain(Throwable t, Class<?> type) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (type.isInstance(c)) {
        return true;
      }
    }
    return false;
  }

  /**
   * A connection to a service refused or unanswered. Hive's metastore client reports it only in its
   * message (a MetaException without cause), Thrift as a TTransportException, the rest as
   * java.net's exceptions.
   */
  private static boolean isUnreachableService(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof java.net.ConnectException
          || c instanceof java.net.UnknownHostException
          || c instanceof java.net.NoRouteToHostException
          || c instanceof java.net.http.HttpConnectTimeoutException
          || c.getClass().getSimpleName().equals("TTransportException")
          || (c.getMessage() != null
              && c.getMessage().startsWith("Could not connect to meta store"))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Spark's analyzer or optimizer giving up on a statement ("Max iterations (100) reached for batch
   * ...").
   */
  private static boolean isMaxIterations(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      String m = c.getMessage();
      if (m != null && m.startsWith("Max iterations (")) {
        return true;
      }
    }
    return false;
  }

  /**
   * A commit that lost a race, said so that the client knows what to do: Iceberg's own message
   * names metadata files on the gateway's disk, or the files of the check that failed, and not the
   * remedy.
   */
  static String conflictMessage(Throwable conflict) {
    String icebergMessage = conflict.getMessage() == null ? "" : conflict.getMessage();
    Matcher table = CONFLICTED_TABLE.matcher(icebergMessage);
    String which =
        table.find()
            ? " to table " + (table.group(1) != null ? table.group(1) : table.group(2))
            : "";
    if (conflict.getClass().getSimpleName().equals("CommitFailedException")) {
      return "Cannot commit"
          + which
          + ": another statement committed to it first (a commit conflict); retry the"
          + " statement";
    }
    if (icebergMessage.startsWith("Cannot commit rewrite because of")) {
      // Spark's rewrite action names Java exceptions; what it means, and its remedy, said plainly.
      return "Cannot commit the rewrite: another statement changed the table while it ran (a commit"
          + " conflict); retry the call, or pass options => map('partial-progress.enabled',"
          + " 'true') so that the rewrite commits in smaller parts that succeed on their"
          + " own";
    }
    if (icebergMessage.startsWith("Runtime file filtering is not possible")) {
      return "Cannot run the statement: another statement committed to the table while this one"
          + " was choosing the files to rewrite (a commit conflict); retry the statement";
    }
    if (IcebergConflicts.isExpiryRetriedAfterAnotherExpiry(conflict)) {
      return "Cannot commit the snapshot expiry: another statement expired snapshots of the table"
          + " while it ran (a commit conflict); retry the statement, which reads the table"
          + " again";
    }
    String check = clean(icebergMessage);
    if (check.length() > 200) {
      check = check.substring(0, 200) + "...";
    }
    return "Cannot commit: another statement changed the table after this one read it, and"
        + " Iceberg's check of the commit failed ("
        + check
        + "); retry the statement, which reads the table again";
  }

  private static boolean isCancellation(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof InterruptedException) {
        return true;
      }
      String m = c.getMessage();
      if (m != null
          && (m.contains("cancelled as part of cancellation of all jobs")
              || m.contains("part of cancelled job group")
              || m.contains("cancelled because SparkContext was shut down"))) {
        return true;
      }
    }
    return false;
  }

  /**
   * One readable line or paragraph: no class names, no plan dumps after a blank line, no trailing
   * whitespace.
   */
  static String clean(String message) {
    String cut =
        message.length() <= MAX_MESSAGE_CHARS
            ? message
            : message.substring(0, MAX_MESSAGE_CHARS) + "...";
    String text = CLASS_PREFIX.matcher(cut).replaceAll("");
    int plan = text.indexOf("\n;\n");
    if (plan > 0) {
      text = text.substring(0, plan);
    }
    int sql = text.indexOf("\n== SQL");
    if (sql > 0) {
      text = text.substring(0, sql);
    }
    return text.strip();
  }

  /** What the client sees. */
  public record ClientError(ErrorCode code, String sqlState, String message) {}
}
