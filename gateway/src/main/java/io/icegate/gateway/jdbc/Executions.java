package io.icegate.gateway.jdbc;

import io.icegate.gateway.activity.GatewayActivity;
import io.icegate.gateway.activity.StatementActivity;
import io.icegate.gateway.activity.SystemCatalog;
import io.icegate.gateway.config.GatewayConfig;
import io.icegate.gateway.config.Setting;
import io.icegate.gateway.error.ClientErrors;
import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.calcite.avatica.Meta.Frame;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The life of one statement execution as the gateway tracks it: the per-user limit and the
 * statement timeout it starts under, its registration in {@code icegate.system.queries}, the
 * requests that work on it (its connection is not idle meanwhile), the rows it delivers and how it
 * ends.
 */
final class Executions {
  private static final Logger LOG = LoggerFactory.getLogger(Executions.class);

  private final GatewayActivity activity;
  private final GatewayConfig config;
  private final ScheduledExecutorService timers;

  Executions(GatewayActivity activity, GatewayConfig config, ScheduledExecutorService timers) {
    this.activity = activity;
    this.config = config;
    this.timers = timers;
  }

  /**
   * Runs a new execution of {@code statement}, visible in {@code icegate.system.queries} from now
   * on and cancellable by id; a failure ends it (as cancelled when it was) and reaches the client
   * unchanged.
   */
  <T> T track(
      GatewayConnection connection,
      GatewayStatement statement,
      String sql,
      Function<StatementActivity, T> body) {
    int running = activity.runningFor(connection.identity().user());
    if (running >= config.maxStatementsPerUser()) {
      LOG.info(
          "Refused a statement of user '{}' on connection {}: {} running ({})",
          connection.identity().user(),
          connection.id(),
          running,
          Setting.MAX_STATEMENTS_PER_USER.key());
      throw new GatewayException(
          ErrorCode.TOO_MANY_STATEMENTS,
          "Cannot run another statement for user '"
              + connection.identity().user()
              + "': "
              + running
              + " are running or being read, as many as one user may"
              + " have ("
              + Setting.MAX_STATEMENTS_PER_USER.key()
              + "="
              + config.maxStatementsPerUser()
              + "); finish or"
              + " close one (see "
              + SystemCatalog.NAME
              + ".system."
              + SystemCatalog.QUERIES
              + ")");
    }
    StatementActivity query =
        activity.start(
            connection.activity(), statement.id(), sql, connection.session().sparkContext());
    statement.nextExecution(connection.id(), query);
    if (config.statementTimeoutSeconds() > 0) {
      int seconds = config.statementTimeoutSeconds();
      ScheduledFuture<?> timeout =
          timers.schedule(
              () ->
                  query.cancel(
                      "Statement timed out"
                          + " after "
                          + seconds
                          + " s, the gateway's limit ("
                          + Setting.STATEMENT_TIMEOUT.key()
                          + "); its work was"
                          + " cancelled"),
              seconds,
              TimeUnit.SECONDS);
      query.onEnd(() -> timeout.cancel(false));
    }
    try {
      return duringRequest(connection, query, () -> body.apply(query));
    } finally {
      // Its start is over: the rest of a result streams in its user's pool, and a result nobody
      // reads moves to the gateway's disk, so what it holds is no slot's business.
      query.releaseSlot();
    }
  }

  /**
   * Runs a request's work on {@code query}; its connection is not idle meanwhile, and a failure
   * ends the query.
   */
  static <T> T duringRequest(
      GatewayConnection connection, StatementActivity query, Supplier<T> work) {
    connection.activity().requestStarted();
    try {
      return work.get();
    } catch (Throwable e) {
      // Throwable: Spark's Scala code throws checked exceptions (SparkException) without declaring
      // them.
      ClientErrors.ClientError error = ClientErrors.describe(e);
      boolean cancelled = error.code() == ErrorCode.CANCELLED;
      if (cancelled && query.cancelReason() != null) {
        ErrorCode code = query.cancelCode();
        query.fail(code.sqlState(), query.cancelReason(), true);
        throw ClientErrors.toClient(new GatewayException(code, query.cancelReason(), e));
      }
      query.fail(error.sqlState(), error.message(), cancelled);
      throw ClientErrors.toClient(e);
    } finally {
      connection.activity().requestEnded();
    }
  }

  /** Counts a frame's rows; the last frame ends the query, the first sets it streaming. */
  static void delivered(StatementActivity query, Frame frame) {
    query.addRows(((List<?>) frame.rows).size());
    if (frame.done) {
      query.finish();
    } else {
      query.streaming();
    }
  }
}
