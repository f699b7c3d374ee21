package io.icegate.gateway.activity;

import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.MemoryErrors;
import io.icegate.gateway.metrics.GatewayMetrics;
import io.icegate.gateway.security.Identity;
import io.icegate.gateway.security.Ownership;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.SparkContext;

/**
 * What the gateway is doing: its open connections and the statements they run, with the last ones
 * that ended. Read by the {@code icegate.system} tables ({@link SystemCatalog}) and by {@code CALL
 * icegate.system.cancel}.
 *
 * <p>One per JVM: Spark creates the system catalog by class name, so this is the only way it can
 * reach the gateway's state; a JVM runs one gateway (tests that start several see them all, and
 * tell them apart by connection id).
 */
public final class GatewayActivity {
  /** Ended statements kept for {@code icegate.system.queries}; older ones are forgotten. */
  static final int ENDED_KEPT = 200;

  private static final GatewayActivity INSTANCE = new GatewayActivity();

  private final AtomicLong nextQueryId = new AtomicLong();
  private final ConcurrentMap<String, ConnectionActivity> connections = new ConcurrentHashMap<>();
  private final ConcurrentSkipListMap<Long, StatementActivity> queries =
      new ConcurrentSkipListMap<>();

  /**
   * Ids of ended statements, oldest first; guarded by itself (a concurrent queue counts its size by
   * walking it).
   */
  private final ArrayDeque<Long> endedOrder = new ArrayDeque<>();

  private final ConcurrentMap<SparkContext, StatementJobs> jobs = new ConcurrentHashMap<>();

  /** Statements not yet ended, by user: the per-user limit reads it on every statement. */
  private final ConcurrentMap<String, Integer> runningByUser = new ConcurrentHashMap<>();

  private GatewayActivity() {
    GatewayMetrics.instance()
        .gauge(
            "icegate.connections.open",
            "JDBC connections open on the gateway",
            connections,
            ConcurrentMap::size);
  }

  public static GatewayActivity instance() {
    return INSTANCE;
  }

  /**
   * A task of the statement running in job group {@code jobGroup} ran out of memory in an executor:
   * the statement fails now with 53200 rather than being run again on fresh executors. False when
   * no running statement has that group.
   */
  public boolean outOfMemory(String jobGroup) {
    for (StatementActivity query : queries.values()) {
      if (!query.state().ended() && jobGroup.equals(query.jobGroup())) {
        boolean stopped = query.stop(MemoryErrors.executor(), ErrorCode.OUT_OF_MEMORY);
        if (stopped) {
          GatewayMetrics.instance().statementOutOfMemory();
        }
        return stopped;
      }
    }
    return false;
  }

  public ConnectionActivity connectionOpened(String connectionId, String user) {
    return connectionOpened(connectionId, user, "unknown", AuditLog.NONE);
  }

  /** A connection whose statements are audited in {@code audit} (its gateway's log). */
  public ConnectionActivity connectionOpened(
      String connectionId, String user, String remoteAddress, AuditLog audit) {
    ConnectionActivity connection =
        new ConnectionActivity(connectionId, user, remoteAddress, audit);
    connections.put(connectionId, connection);
    return connection;
  }

  public void connectionClosed(String connectionId) {
    connections.remove(connectionId);
  }

  /**
   * Registers a new execution of statement {@code statementId} of {@code connection}, running from
   * now.
   */
  public StatementActivity start(
      ConnectionActivity connection, int statementId, String sql, SparkContext spark) {
    long id = nextQueryId.incrementAndGet();
    StatementJobs statementJobs =
        jobs.computeIfAbsent(
            spark,
            context -> {
              StatementJobs listener = new StatementJobs(context);
              context.addSparkListener(listener);
              return listener;
            });
    StatementActivity[] created = new StatementActivity[1];
    StatementActivity query =
        new StatementActivity(
            Long.toString(id),
            connection,
            statementId,
            sql,
            spark,
            statementJobs,
            () -> ended(id, created[0]));
    created[0] = query;
    runningByUser.merge(connection.user(), 1, Integer::sum);
    queries.put(id, query);
    return query;
  }

  /** How many statements of {@code user} have started and not ended. */
  public int runningFor(String user) {
    return runningByUser.getOrDefault(user, 0);
  }

  private void ended(long id, StatementActivity query) {
    // Runs once per statement (when it ends); a user with none running is forgotten.
    runningByUser.computeIfPresent(
        query.connection().user(), (user, running) -> running > 1 ? running - 1 : null);
    GatewayMetrics.instance()
        .statementEnded(
            query.statementKind(),
            query.path(),
            query.state() == QueryState.FINISHED ? null : query.sqlState(),
            query.state() == QueryState.CANCELLED,
            Duration.between(query.started(), query.ended()));
    query.connection().audit().record(query);
    Long oldest;
    synchronized (endedOrder) {
      endedOrder.add(id);
      oldest = endedOrder.size() > ENDED_KEPT ? endedOrder.poll() : null;
    }
    StatementActivity forgotten = oldest == null ? null : queries.remove(oldest);
    if (forgotten != null) {
      jobs.values().forEach(listener -> listener.forget(forgotten.jobGroup()));
    }
  }

  /** Running statements and the last ended ones, oldest first. */
  public List<StatementActivity> queries() {
    return new ArrayList<>(queries.values());
  }

  /**
   * The statements {@code viewer} may see, oldest first: their own, or everyone's for an admin (and
   * for everyone when authentication is off). What the system tables and the console show.
   */
  public List<StatementActivity> queriesVisibleTo(Identity viewer) {
    return queries.values().stream()
        .filter(q -> Ownership.ownerOrAdmin(viewer, q.connection().user()))
        .toList();
  }

  /** The connections {@code viewer} may see, oldest first (as {@link #queriesVisibleTo}). */
  public List<ConnectionActivity> connectionsVisibleTo(Identity viewer) {
    return connections().stream().filter(c -> Ownership.ownerOrAdmin(viewer, c.user())).toList();
  }

  /** The statements of {@code connectionId} that have not ended, oldest first. */
  public List<StatementActivity> running(String connectionId) {
    return queries.values().stream()
        .filter(q -> !q.state().ended() && q.connection().id().equals(connectionId))
        .toList();
  }

  public Optional<StatementActivity> query(String queryId) {
    try {
      return Optional.ofNullable(queries.get(Long.parseLong(queryId.strip())));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  public List<ConnectionActivity> connections() {
    return connections.values().stream()
        .sorted(java.util.Comparator.comparing(ConnectionActivity::opened))
        .toList();
  }
}
