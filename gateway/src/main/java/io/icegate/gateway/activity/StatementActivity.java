package io.icegate.gateway.activity;

import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.metrics.StatementKind;
import io.icegate.gateway.metrics.StatementPath;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntSupplier;
import org.apache.spark.SparkContext;

/**
 * One execution of a statement, from the request that starts it until its result is read or closed:
 * what {@code icegate.system.queries} shows, and the handle to cancel it by id.
 */
public final class StatementActivity {
  private final String id;
  private final ConnectionActivity connection;
  private final int statementId;
  private final String sql;
  private final SparkContext spark;
  private final Instant started = Instant.now();
  private final AtomicLong rows = new AtomicLong();
  private volatile String jobGroup;
  private volatile IntSupplier queuePosition;
  private final AtomicReference<Runnable> slot = new AtomicReference<>();
  private volatile Instant queuedSince;
  private volatile long queuedNanos;
  private volatile QueryState state = QueryState.RUNNING;
  private volatile boolean cancelRequested;
  private volatile String cancelReason;
  private volatile ErrorCode cancelCode = ErrorCode.CANCELLED;
  private volatile Instant ended;
  private volatile String error;
  private volatile String sqlState = "00000";
  private volatile java.util.List<String> accessRules = java.util.List.of();
  private volatile String kind = "statement";
  private volatile StatementKind statementKind = StatementKind.UNKNOWN;
  private volatile StatementPath path = StatementPath.NONE;

  /**
   * The last progress read that knew of tasks: shown once Spark has forgotten the statement's jobs.
   */
  private volatile SparkProgress lastKnown;

  private final StatementJobs jobs;
  private final Runnable onEnd;
  private final java.util.List<Runnable> endHooks =
      new java.util.concurrent.CopyOnWriteArrayList<>();

  StatementActivity(
      String id,
      ConnectionActivity connection,
      int statementId,
      String sql,
      SparkContext spark,
      StatementJobs jobs,
      Runnable onEnd) {
    this.id = id;
    this.jobs = jobs;
    this.connection = connection;
    this.statementId = statementId;
    this.sql = sql;
    this.spark = spark;
    this.onEnd = onEnd;
  }

  public String id() {
    return id;
  }

  public ConnectionActivity connection() {
    return connection;
  }

  public int statementId() {
    return statementId;
  }

  public String sql() {
    return sql;
  }

  public Instant started() {
    return started;
  }

  public QueryState state() {
    return state;
  }

  public Instant ended() {
    return ended;
  }

  public String error() {
    return error;
  }

  public long rows() {
    return rows.get();
  }

  public boolean cancelRequested() {
    return cancelRequested;
  }

  /** Why it was cancelled, when the gateway did it (a timeout); null otherwise. */
  public String cancelReason() {
    return cancelReason;
  }

  /**
   * What the client is told its statement ended with when it was stopped: {@link
   * ErrorCode#CANCELLED} unless the gateway stopped it for another reason ({@link #stop}).
   */
  public ErrorCode cancelCode() {
    return cancelCode;
  }

  /** The Spark job group the execution's jobs run in (known once it starts on Spark). */
  public void runsIn(String group) {
    this.jobGroup = group;
  }

  public String jobGroup() {
    return jobGroup;
  }

  /**
   * What kind of statement it is ("a query", "CALL expire_snapshots", "CreateTable"), once it was
   * parsed.
   */
  public void kind(String what) {
    this.kind = what;
  }

  public String kind() {
    return kind;
  }

  /** What it is, for metrics, once it was parsed. */
  public void statementKind(StatementKind what) {
    this.statementKind = what;
  }

  public StatementKind statementKind() {
    return statementKind;
  }

  /**
   * The access rules that decided for it: the rules file's version, then each rule's id (or why no
   * rule did), in the order they first decided; empty without rules.
   */
  public void accessRules(java.util.List<String> versionAndRules) {
    this.accessRules = java.util.List.copyOf(versionAndRules);
  }

  public java.util.List<String> accessRules() {
    return accessRules;
  }

  /** Who answers it, once the gateway chose. */
  public void path(StatementPath chosen) {
    this.path = chosen;
  }

  public StatementPath path() {
    return path;
  }

  /** 00000 unless it failed. */
  public String sqlState() {
    return sqlState;
  }

  public void addRows(long count) {
    rows.addAndGet(count);
  }

  /**
   * Waits in the gateway's queue from now; {@code position} tells where (1: next to run), as long
   * as it waits.
   */
  public synchronized void queued(IntSupplier position) {
    if (state == QueryState.RUNNING) {
      queuePosition = position;
      queuedSince = Instant.now();
      state = QueryState.QUEUED;
    }
  }

  /** Left the queue: to run, or to end (cancelled, timed out). */
  public synchronized void dequeued() {
    Instant since = queuedSince;
    if (since != null) {
      queuedNanos += Duration.between(since, Instant.now()).toNanos();
      queuedSince = null;
    }
    queuePosition = null;
    if (state == QueryState.QUEUED) {
      state = QueryState.RUNNING;
    }
  }

  /**
   * It holds one of the gateway's slots to start Spark work; {@code release} gives it back, once,
   * at {@link #releaseSlot} or at the end, whichever comes first.
   */
  public void holdsSlot(Runnable release) {
    slot.set(release);
    if (state.ended()) {
      releaseSlot();
    }
  }

  /** Gives its slot back, if it holds one: its start is over (its first rows sent, or done). */
  public void releaseSlot() {
    Runnable release = slot.getAndSet(null);
    if (release != null) {
      release.run();
    }
  }

  /** Its place in the queue (1: next to run), or 0 when it is not queued. */
  public int queuePosition() {
    IntSupplier position = queuePosition;
    return position == null ? 0 : Math.max(0, position.getAsInt());
  }

  /** How long it has waited in the queue, so far or in all. */
  public Duration queued() {
    Instant since = queuedSince;
    long nanos = queuedNanos;
    return since == null
        ? Duration.ofNanos(nanos)
        : Duration.ofNanos(nanos).plus(Duration.between(since, Instant.now()));
  }

  /** The first frame of the result went to the client. */
  public synchronized void streaming() {
    if (state == QueryState.RUNNING) {
      state = QueryState.STREAMING;
    }
  }

  /**
   * Stages and tasks done and in all, read from Spark now. Spark learns of jobs through its
   * listener bus, a moment after they start and end, and forgets old ones (spark.ui.retainedJobs):
   * what it last knew is kept for then.
   */
  public SparkProgress progress() {
    String group = jobGroup;
    SparkProgress now =
        group == null
            ? SparkProgress.NONE
            : SparkProgress.of(spark.statusTracker(), group, jobs.jobsOf(group));
    if (now.tasksTotal() > 0) {
      lastKnown = now;
      return now;
    }
    SparkProgress kept = lastKnown;
    return kept != null ? kept : now;
  }

  /**
   * Cancels the execution: its Spark job group is cancelled, so running work fails as cancelled
   * (and jobs it starts later are cancelled as they start), and a result being read fails at the
   * client's next fetch. False when it had already ended.
   */
  public boolean cancel() {
    return cancel(null);
  }

  /**
   * {@link #cancel()}, saying why ({@code reason} replaces "Statement was cancelled" in the
   * client's error).
   */
  public boolean cancel(String reason) {
    if (state.ended()) {
      return false;
    }
    if (reason != null) {
      cancelReason = reason;
    }
    cancelRequested = true;
    String group = jobGroup;
    if (group != null) {
      jobs.cancel(group);
    }
    return true;
  }

  /**
   * Stops the execution as {@link #cancel(String)} does, but as a failure of kind {@code code} (out
   * of memory, say) rather than a cancellation. False when it had already ended.
   */
  public boolean stop(String reason, ErrorCode code) {
    synchronized (this) {
      if (state.ended() || cancelRequested) {
        return false;
      }
      cancelCode = code;
    }
    return cancel(reason);
  }

  public void finish() {
    end(
        cancelRequested ? QueryState.CANCELLED : QueryState.FINISHED,
        cancelRequested ? "57014" : "00000",
        null);
  }

  /** Ends with what the client was told; cancelled if a cancel was asked for. */
  public void fail(String failureSqlState, String message, boolean cancellation) {
    boolean cancelled = (cancelRequested || cancellation) && cancelCode == ErrorCode.CANCELLED;
    end(cancelled ? QueryState.CANCELLED : QueryState.FAILED, failureSqlState, message);
  }

  private void end(QueryState endState, String endSqlState, String message) {
    synchronized (this) {
      if (state.ended()) {
        return;
      }
      if (queuedSince != null) {
        queuedNanos += Duration.between(queuedSince, Instant.now()).toNanos();
        queuedSince = null;
        queuePosition = null;
      }
      ended = Instant.now();
      error = message;
      sqlState = endSqlState;
      state = endState;
    }
    releaseSlot();
    onEnd.run();
    endHooks.forEach(Runnable::run);
  }

  /** Runs {@code hook} when the execution ends (at once if it has). */
  public void onEnd(Runnable hook) {
    endHooks.add(hook);
    if (state.ended() && endHooks.remove(hook)) {
      hook.run();
    }
  }
}
