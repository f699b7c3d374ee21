package io.icegate.gateway.jdbc;

import static io.icegate.gateway.error.ClientErrors.answering;

import io.icegate.access.AccessControl;
import io.icegate.access.Role;
import io.icegate.access.policy.StatementPolicy;
import io.icegate.gateway.access.SessionAccess;
import io.icegate.gateway.activity.AuditLog;
import io.icegate.gateway.activity.ConnectionActivity;
import io.icegate.gateway.activity.GatewayActivity;
import io.icegate.gateway.bounds.PlanBounds;
import io.icegate.gateway.config.GatewayConfig;
import io.icegate.gateway.config.Setting;
import io.icegate.gateway.engine.SparkEngine;
import io.icegate.gateway.error.ClientErrors;
import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import io.icegate.gateway.metadata.NativeMetadataPath;
import io.icegate.gateway.policy.SessionPolicies;
import io.icegate.gateway.result.ResultRows;
import io.icegate.gateway.scheduling.AdmissionQueue;
import io.icegate.gateway.scheduling.SchedulerPools;
import io.icegate.gateway.security.Identity;
import io.icegate.gateway.security.Ownership;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.apache.calcite.avatica.ConnectionPropertiesImpl;
import org.apache.calcite.avatica.QueryState;
import org.apache.calcite.avatica.proto.Requests;
import org.apache.calcite.avatica.remote.TypedValue;
import org.apache.spark.sql.SparkSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Avatica's view of the gateway: JDBC connections, statements and results, each backed by Spark.
 * Every failure leaves here as an exception carrying a SQLState (see {@link ClientErrors}).
 */
public final class IcegateMeta extends DatabaseMetaDataRequests {
  private static final Logger LOG = LoggerFactory.getLogger(IcegateMeta.class);

  private final SparkEngine engine;
  private final StatementRequests statements;
  private final SessionSetup sessionSetup;
  private final GatewayActivity activity = GatewayActivity.instance();
  private final AuditLog audit;

  /** Computes the next frame of open results while the client reads the current one. */
  private final ExecutorService prefetcher =
      Executors.newCachedThreadPool(daemonThreads("icegate-prefetch-"));

  /** Runs the idle expiry and the statement timeouts. */
  private final ScheduledExecutorService timers =
      Executors.newSingleThreadScheduledExecutor(daemonThreads("icegate-timers-"));

  private final ConnectionRegistry connections;
  private final NativeMetadataPath nativeMetadataPath;

  /**
   * A gateway on {@code engine} with the gateway settings of {@code config} and the access rules
   * {@code access}.
   */
  public IcegateMeta(SparkEngine engine, GatewayConfig config, AccessControl access) {
    this.engine = engine;
    PlanBounds.configure(config.maxPlanNodes(), config.maxConstantBytes());
    this.nativeMetadataPath = new NativeMetadataPath(config.metadataNative());
    StatementRunner runner =
        new StatementRunner(
            new ResultRows.StreamSettings(
                config.partitionsInFlight(),
                config.streamBatchBytes(),
                config.streamQueueBatches(),
                engine.resultServer().orElse(null)),
            prefetcher,
            nativeMetadataPath,
            config.maxResultRows(),
            config.maxStatementChars(),
            config.maxNesting(),
            config.maxQueryBlocks(),
            new AdmissionQueue(
                runningStatementsLimit(config, engine),
                Duration.ofSeconds(config.queueTimeoutSeconds()),
                Setting.MAX_RUNNING_STATEMENTS.key(),
                Setting.QUEUE_TIMEOUT.key()),
            new SchedulerPools(
                Map.of(
                    Role.READ, config.poolWeights().read(),
                    Role.WRITE, config.poolWeights().write(),
                    Role.ADMIN, config.poolWeights().admin())));
    this.statements =
        new StatementRequests(
            runner,
            new Executions(activity, config, timers),
            metadataCalls(),
            config.frameMaxRows());
    this.audit = AuditLog.open(config.auditLogPath());
    this.sessionSetup =
        new SessionSetup(new StatementPolicy(config.policy(), engine.warehouses()), access);
    Duration idleTimeout = Duration.ofSeconds(config.idleTimeoutSeconds());
    this.connections =
        new ConnectionRegistry(
            config.maxConnections(),
            idleTimeout,
            timers,
            connection -> {
              SessionPolicies.unregister(connection.session());
              SessionAccess.unregister(connection.session());
              activity.connectionClosed(connection.id());
            });
  }

  /**
   * {@code icegate.limits.max-running-statements}, or four per core Spark's executors have (at
   * least eight) when it is 0.
   */
  static int runningStatementsLimit(GatewayConfig config, SparkEngine engine) {
    if (config.maxRunningStatements() > 0) {
      return config.maxRunningStatements();
    }
    return Math.max(8, 4 * engine.rootSession().sparkContext().defaultParallelism());
  }

  /**
   * The native metadata path of this gateway's statements, with its counts of answers and
   * fallbacks.
   */
  public NativeMetadataPath nativeMetadataPath() {
    return nativeMetadataPath;
  }

  /** Closes every connection and stops the prefetch and timer threads. */
  public void close() {
    timers.shutdownNow();
    connections.closeAll();
    prefetcher.shutdownNow();
    audit.close();
  }

  private static ThreadFactory daemonThreads(String prefix) {
    AtomicInteger counter = new AtomicInteger();
    return runnable -> {
      Thread thread = new Thread(runnable, prefix + counter.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }

  /** Number of open JDBC connections. */
  public int openConnections() {
    return connections.size();
  }

  // ---- connections ----

  @Override
  public void openConnection(ConnectionHandle ch, Map<String, String> info) {
    answering(
        () -> {
          Map<String, String> properties = info == null ? Map.of() : info;
          connections.open(
              ch.id,
              () -> {
                Identity identity = Ownership.opener(properties);
                ConnectionActivity connectionActivity =
                    activity.connectionOpened(
                        ch.id, identity.user(), identity.remoteAddress(), audit);
                try {
                  return sessionSetup.open(
                      ch.id, engine.newSession(), properties, connectionActivity, identity);
                } catch (RuntimeException e) {
                  activity.connectionClosed(ch.id);
                  throw e;
                }
              });
          LOG.debug("Opened connection {} with properties {}", ch.id, properties.keySet());
          return null;
        });
  }

  @Override
  public void closeConnection(ConnectionHandle ch) {
    connections
        .find(ch.id)
        .ifPresent(
            open ->
                answering(
                    () -> {
                      Ownership.require(Ownership.Access.CLOSE, open.id(), open.identity());
                      return null;
                    }));
    connections.close(ch.id);
  }

  @Override
  public ConnectionProperties connectionSync(ConnectionHandle ch, ConnectionProperties props) {
    return answering(
        () -> {
          GatewayConnection connection = connection(ch.id);
          sessionSetup.use(connection.session(), props.getCatalog(), props.getSchema());
          if (props.isReadOnly() != null) {
            connection.readOnly(props.isReadOnly());
          }
          return new ConnectionPropertiesImpl(
              true,
              connection.readOnly(),
              Connection.TRANSACTION_NONE,
              SessionSetup.currentCatalog(connection.session()),
              SessionSetup.currentNamespace(connection.session()));
        });
  }

  @Override
  public void commit(ConnectionHandle ch) {
    // Iceberg commits every statement on its own; there is nothing pending to commit
    // (docs/ARCHITECTURE.md).
    answering(() -> connection(ch.id));
  }

  /**
   * Refused: every statement was committed by Iceberg when it ran, so a rollback would claim to
   * undo what it cannot (the Icegate driver refuses it before asking; this answers plain Avatica
   * clients the same way).
   */
  @Override
  public void rollback(ConnectionHandle ch) {
    answering(
        () -> {
          connection(ch.id);
          throw new GatewayException(
              ErrorCode.NOT_SUPPORTED,
              "Cannot roll back: Icegate has no transactions; Iceberg committed every statement"
                  + " when it ran, and nothing was undone (to go back to an earlier state, CALL"
                  + " <catalog>.system.rollback_to_snapshot)");
        });
  }

  // ---- statements ----

  @Override
  public StatementHandle createStatement(ConnectionHandle ch) {
    return answering(() -> new StatementHandle(ch.id, connection(ch.id).newStatement().id(), null));
  }

  @Override
  public void closeStatement(StatementHandle h) {
    connections.find(h.connectionId).ifPresent(connection -> connection.closeStatement(h.id));
  }

  @Override
  public StatementHandle prepare(ConnectionHandle ch, String sql, long maxRowCount) {
    return answering(
        () -> {
          GatewayConnection connection = connection(ch.id);
          return StatementRequests.prepare(connection, connection.newStatement(), sql, maxRowCount);
        });
  }

  @Override
  @SuppressWarnings("deprecation")
  public ExecuteResult prepareAndExecute(
      StatementHandle h, String sql, long maxRowCount, PrepareCallback callback) {
    return prepareAndExecute(h, sql, maxRowCount, -1, callback);
  }

  @Override
  public ExecuteResult prepareAndExecute(
      StatementHandle h,
      String sql,
      long maxRowCount,
      int maxRowsInFirstFrame,
      PrepareCallback callback) {
    return answering(
        () -> {
          GatewayConnection connection = connection(h.connectionId);
          GatewayStatement statement = connection.statement(h.id);
          statement.prepare(null, maxRowCount);
          if (MetadataCalls.isCall(sql)) {
            return statements.metadataCall(connection, statement, h, sql);
          }
          return statements.execute(
              connection, statement, h, sql, List.of(), maxRowCount, maxRowsInFirstFrame);
        });
  }

  @Override
  @SuppressWarnings("deprecation")
  public ExecuteResult execute(
      StatementHandle h, List<TypedValue> parameterValues, long maxRowCount) {
    return execute(h, parameterValues, -1);
  }

  @Override
  public ExecuteResult execute(
      StatementHandle h, List<TypedValue> parameterValues, int maxRowsInFirstFrame) {
    return answering(
        () -> {
          GatewayConnection connection = connection(h.connectionId);
          GatewayStatement statement = connection.statement(h.id);
          String sql = StatementRequests.requirePrepared(statement);
          return statements.execute(
              connection,
              statement,
              h,
              sql,
              parameterValues == null ? List.of() : parameterValues,
              statement.maxRows(),
              maxRowsInFirstFrame);
        });
  }

  @Override
  public Frame fetch(StatementHandle h, long offset, int fetchMaxRowCount) {
    return answering(
        () -> {
          GatewayConnection connection = connection(h.connectionId);
          return statements.fetch(connection, connection.statement(h.id), offset, fetchMaxRowCount);
        });
  }

  @Override
  public ExecuteBatchResult prepareAndExecuteBatch(StatementHandle h, List<String> sqlCommands) {
    return answering(
        () -> {
          GatewayConnection connection = connection(h.connectionId);
          return statements.batch(connection, connection.statement(h.id), sqlCommands);
        });
  }

  @Override
  public ExecuteBatchResult executeBatch(
      StatementHandle h, List<List<TypedValue>> parameterValues) {
    return answering(
        () -> {
          GatewayConnection connection = connection(h.connectionId);
          return statements.preparedBatch(connection, connection.statement(h.id), parameterValues);
        });
  }

  @Override
  public ExecuteBatchResult executeBatchProtobuf(
      StatementHandle h, List<Requests.UpdateBatch> batches) {
    return executeBatch(h, StatementRequests.parameterRows(batches));
  }

  @Override
  public boolean syncResults(StatementHandle sh, QueryState state, long offset) {
    return false;
  }

  @Override
  public Iterable<Object> createIterable(
      StatementHandle stmt,
      QueryState state,
      Signature signature,
      List<TypedValue> parameters,
      Frame firstFrame) {
    return firstFrame == null ? List.of() : firstFrame.rows;
  }

  // ---- database metadata (the calls are DatabaseMetaDataRequests's) ----

  @Override
  MetaResultSet metadata(
      ConnectionHandle ch,
      List<ResultColumn> columns,
      Function<SparkSession, List<List<Object>>> rows) {
    return answering(
        () -> {
          GatewayConnection connection = connection(ch.id);
          return MetadataResults.of(
              ch.id, connection.newStatement().id(), columns, rows.apply(connection.session()));
        });
  }

  // ---- helpers ----

  /** The open connection {@code id}, used now (which keeps it from expiring). */
  private GatewayConnection connection(String id) {
    GatewayConnection connection = connections.get(id);
    Ownership.require(Ownership.Access.USE, id, connection.identity());
    connection.activity().touch();
    return connection;
  }
}
