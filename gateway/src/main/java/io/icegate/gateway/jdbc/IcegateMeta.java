package io.icegate.gateway.jdbc;

import io.icegate.gateway.activity.AuditLog;
import io.icegate.gateway.activity.ConnectionActivity;
import io.icegate.gateway.activity.GatewayActivity;
import io.icegate.gateway.activity.StatementActivity;
import io.icegate.gateway.config.GatewayConfig;
import io.icegate.gateway.config.Setting;
import io.icegate.gateway.engine.SparkEngine;
import io.icegate.gateway.error.ClientErrors;
import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import io.icegate.gateway.metadata.NativeMetadataPath;
import io.icegate.gateway.result.ResultCursor;
import io.icegate.gateway.result.ResultRows;
import io.icegate.gateway.result.WireSignature;
import io.icegate.gateway.policy.SessionPolicies;
import io.icegate.gateway.policy.StatementPolicy;
import io.icegate.gateway.security.Identity;
import io.icegate.gateway.security.RequestContext;
import io.icegate.gateway.security.Role;
import java.sql.Connection;
import java.sql.Types;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.calcite.avatica.AvaticaParameter;
import org.apache.calcite.avatica.ConnectionPropertiesImpl;
import org.apache.calcite.avatica.QueryState;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.proto.Requests;
import org.apache.calcite.avatica.remote.ProtobufMeta;
import org.apache.calcite.avatica.remote.TypedValue;
import org.apache.spark.sql.SparkSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Avatica's view of the gateway: JDBC connections, statements and results, each backed by Spark. Every failure
 * leaves here as an exception carrying a SQLState (see {@link ClientErrors}).
 */
public final class IcegateMeta implements ProtobufMeta {
  private static final Logger LOG = LoggerFactory.getLogger(IcegateMeta.class);

  private final SparkEngine engine;
  private final GatewayConfig config;
  private final StatementRunner runner;
  private final SessionSetup sessionSetup;
  private final CatalogMetadata catalogMetadata = new CatalogMetadata();
  private final TableListings tableListings = new TableListings();
  private final RoutineMetadata routineMetadata = new RoutineMetadata();
  private final MetadataCalls metadataCalls = new MetadataCalls(tableListings, routineMetadata);
  private final ConcurrentMap<String, GatewayConnection> connections = new ConcurrentHashMap<>();
  private final GatewayActivity activity = GatewayActivity.instance();
  private final AuditLog audit;
  private final Executions executions;
  /** Computes the next frame of open results while the client reads the current one. */
  private final ExecutorService prefetcher = Executors.newCachedThreadPool(daemonThreads("icegate-prefetch-"));
  /** Runs the idle expiry and the statement timeouts. */
  private final ScheduledExecutorService timers =
      Executors.newSingleThreadScheduledExecutor(daemonThreads("icegate-timers-"));
  private final IdleConnections idle;

  public IcegateMeta(SparkEngine engine) {
    this(engine, engine.config());
  }

  /** A gateway on {@code engine} with the gateway settings of {@code config}. */
  public IcegateMeta(SparkEngine engine, GatewayConfig config) {
    this.engine = engine;
    this.config = config;
    this.runner = new StatementRunner(new ResultRows.StreamSettings(config.partitionsInFlight(),
        config.streamBatchBytes(), config.streamQueueBatches()), prefetcher,
        new NativeMetadataPath(config.metadataNative()), config.maxResultRows(), config.maxStatementChars(),
        config.maxNesting(), config.maxQueryBlocks());
    this.audit = AuditLog.open(config.auditLogPath());
    this.executions = new Executions(activity, config, timers);
    this.sessionSetup = new SessionSetup(new StatementPolicy(config.policy(), engine.warehouses()));
    this.idle = new IdleConnections(Duration.ofSeconds(config.idleTimeoutSeconds()), connections.values(),
        id -> closeConnection(new ConnectionHandle(id)), timers);
  }

  /** Closes every connection and stops the prefetch and timer threads. */
  public void close() {
    timers.shutdownNow();
    connections.keySet().forEach(id -> closeConnection(new ConnectionHandle(id)));
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
    guard(() -> {
      if (connections.containsKey(ch.id)) {
        throw new GatewayException(ErrorCode.INVALID_CONNECTION_PROPERTY,
            "Cannot open connection " + ch.id + ": a connection with this id is already open");
      }
      Map<String, String> properties = info == null ? Map.of() : info;
      if (connections.size() >= config.maxConnections()) {
        LOG.info("Refused a connection: {} open ({})", connections.size(), Setting.MAX_CONNECTIONS.key());
        throw new GatewayException(ErrorCode.TOO_MANY_CONNECTIONS, "Cannot open a connection: the gateway has "
            + connections.size() + " open, as many as it accepts (" + Setting.MAX_CONNECTIONS.key() + "="
            + config.maxConnections() + "); close unused connections or try again later");
      }
      Identity identity = identity(properties);
      ConnectionActivity connectionActivity =
          activity.connectionOpened(ch.id, identity.user(), identity.remoteAddress(), audit);
      GatewayConnection connection;
      try {
        connection = sessionSetup.open(ch.id, engine.newSession(), properties, connectionActivity, identity);
      } catch (RuntimeException e) {
        activity.connectionClosed(ch.id);
        throw e;
      }
      connections.put(ch.id, connection);
      LOG.debug("Opened connection {} with properties {}", ch.id,
          info == null ? Set.of() : info.keySet());
      return null;
    });
  }

  /**
   * Who opens a connection: the authenticated user of the request, with their role; without authentication, the
   * user the client names (or "anonymous"), who may do everything (the gateway then listens on loopback only).
   */
  private static Identity identity(Map<String, String> properties) {
    Optional<Identity> request = RequestContext.current();
    if (request.isPresent() && request.get().authenticated()) {
      return request.get();
    }
    String named = properties.get("user");
    return new Identity(named == null || named.isBlank() ? "anonymous" : named, Role.ADMIN,
        request.map(Identity::remoteAddress).orElse("unknown"), false);
  }

  /**
   * With authentication on, refuses a request about {@code connection} from another user than the one who opened
   * it; an admin may still do {@code what} when {@code adminMay}.
   */
  private static void requireOwner(GatewayConnection connection, String what, boolean adminMay) {
    Optional<Identity> request = RequestContext.current();
    if (request.isEmpty() || !request.get().authenticated()
        || request.get().user().equals(connection.identity().user())
        || adminMay && request.get().role().includes(Role.ADMIN)) {
      return;
    }
    throw new GatewayException(ErrorCode.INSUFFICIENT_PRIVILEGE, "Cannot " + what + " connection " + connection.id()
        + ": user '" + request.get().user() + "' did not open it"
        + (adminMay ? " (doing so for another user's connection needs role admin)" : ""));
  }

  @Override
  public void closeConnection(ConnectionHandle ch) {
    GatewayConnection open = connections.get(ch.id);
    if (open != null) {
      guard(() -> {
        requireOwner(open, "close", true);
        return null;
      });
    }
    GatewayConnection connection = connections.remove(ch.id);
    if (connection != null) {
      try {
        connection.close();
      } finally {
        SessionPolicies.unregister(connection.session());
        activity.connectionClosed(ch.id);
      }
      LOG.debug("Closed connection {}", ch.id);
    }
  }

  @Override
  public ConnectionProperties connectionSync(ConnectionHandle ch, ConnectionProperties props) {
    return guard(() -> {
      GatewayConnection connection = connection(ch.id);
      sessionSetup.use(connection.session(), props.getCatalog(), props.getSchema());
      return new ConnectionPropertiesImpl(true, false, Connection.TRANSACTION_NONE,
          SessionSetup.currentCatalog(connection.session()), SessionSetup.currentNamespace(connection.session()));
    });
  }

  @Override
  public void commit(ConnectionHandle ch) {
    // Iceberg commits every statement on its own; there is nothing pending to commit (docs/ARCHITECTURE.md).
    guard(() -> connection(ch.id));
  }

  /**
   * Refused: every statement was committed by Iceberg when it ran, so a rollback would claim to undo what it cannot
   * (the Icegate driver refuses it before asking; this answers plain Avatica clients the same way).
   */
  @Override
  public void rollback(ConnectionHandle ch) {
    guard(() -> {
      connection(ch.id);
      throw new GatewayException(ErrorCode.NOT_SUPPORTED, "Cannot roll back: Icegate has no transactions; Iceberg"
          + " committed every statement when it ran, and nothing was undone (to go back to an earlier state, CALL"
          + " <catalog>.system.rollback_to_snapshot)");
    });
  }

  // ---- statements ----

  @Override
  public StatementHandle createStatement(ConnectionHandle ch) {
    return guard(() -> new StatementHandle(ch.id, connection(ch.id).newStatement().id(), null));
  }

  @Override
  public void closeStatement(StatementHandle h) {
    GatewayConnection connection = connections.get(h.connectionId);
    if (connection != null) {
      connection.closeStatement(h.id);
    }
  }

  @Override
  public StatementHandle prepare(ConnectionHandle ch, String sql, long maxRowCount) {
    return guard(() -> {
      GatewayConnection connection = connection(ch.id);
      GatewayStatement statement = connection.newStatement();
      statement.prepare(sql, maxRowCount);
      List<AvaticaParameter> parameters = new ArrayList<>();
      for (int i = 0, n = ParameterMarkers.count(sql); i < n; i++) {
        parameters.add(new AvaticaParameter(false, 0, 0, Types.OTHER, "any", Object.class.getName(), "?" + (i + 1)));
      }
      StatementHandle handle = new StatementHandle(ch.id, statement.id(), null);
      // Icegate's driver sends timestamp parameters in microseconds once told that they are read so.
      handle.signature = new WireSignature(List.of(), sql, parameters, null, CursorFactory.LIST, null, List.of(),
          connection.compactRows());
      return handle;
    });
  }

  @Override
  @SuppressWarnings("deprecation")
  public ExecuteResult prepareAndExecute(StatementHandle h, String sql, long maxRowCount, PrepareCallback callback) {
    return prepareAndExecute(h, sql, maxRowCount, -1, callback);
  }

  @Override
  public ExecuteResult prepareAndExecute(StatementHandle h, String sql, long maxRowCount, int maxRowsInFirstFrame,
      PrepareCallback callback) {
    return guard(() -> {
      GatewayConnection connection = connection(h.connectionId);
      GatewayStatement statement = connection.statement(h.id);
      statement.prepare(null, maxRowCount);
      if (MetadataCalls.isCall(sql)) {
        return metadataCall(connection, statement, h, sql);
      }
      return execute(connection, statement, h, sql, List.of(), maxRowCount, maxRowsInFirstFrame);
    });
  }

  @Override
  @SuppressWarnings("deprecation")
  public ExecuteResult execute(StatementHandle h, List<TypedValue> parameterValues, long maxRowCount) {
    return execute(h, parameterValues, -1);
  }

  @Override
  public ExecuteResult execute(StatementHandle h, List<TypedValue> parameterValues, int maxRowsInFirstFrame) {
    return guard(() -> {
      GatewayConnection connection = connection(h.connectionId);
      GatewayStatement statement = connection.statement(h.id);
      String sql = requirePrepared(statement);
      return execute(connection, statement, h, sql, parameterValues == null ? List.of() : parameterValues,
          statement.maxRows(), maxRowsInFirstFrame);
    });
  }

  private ExecuteResult execute(GatewayConnection connection, GatewayStatement statement, StatementHandle h,
      String sql, List<TypedValue> parameters, long maxRows, int maxRowsInFirstFrame) {
    statement.closeResult();
    return executions.track(connection, statement, sql, query -> {
      StatementRunner.Outcome outcome = runner.run(connection, query, sql, parameters, maxRows);
      if (!outcome.hasRows()) {
        query.finish();
        return new ExecuteResult(List.of(MetaResultSet.count(connection.id(), statement.id(),
            outcome.updateCount())));
      }
      ResultCursor cursor = outcome.cursor();
      statement.open(cursor);
      // The signature takes the warnings to the client (see WireSignature). An update count travels without one, so
      // the warnings of an update would be lost; no update has any today (only native metadata queries warn).
      Signature signature = new WireSignature(outcome.columns(), sql, List.of(), null, CursorFactory.LIST,
          StatementType.SELECT, outcome.warnings());
      h.signature = signature;
      Frame first = runner.fetch(connection, statement, cursor, 0, frameRows(maxRowsInFirstFrame));
      Executions.delivered(query, first);
      return new ExecuteResult(List.of(MetaResultSet.create(connection.id(), statement.id(), false, signature,
          first)));
    });
  }

  /**
   * Stops the running execution of a statement of {@code connection}: its Spark job group is cancelled, so the
   * execution (or the fetch computing its next frame) fails as cancelled. Nothing happens if none is running.
   */
  private static void cancel(GatewayConnection connection, int statementId) {
    StatementActivity query = connection.statement(statementId).activity();
    if (query != null && query.cancel()) {
      LOG.info("Cancelled statement {} of connection {} (query {})", statementId, connection.id(), query.id());
    }
  }

  /** A DatabaseMetaData call the driver sends as a statement (see {@link MetadataCalls}): answered in one frame. */
  private ExecuteResult metadataCall(GatewayConnection connection, GatewayStatement statement, StatementHandle h,
      String sql) {
    statement.closeResult();
    OptionalInt cancelled = MetadataCalls.cancelledStatement(sql);
    if (cancelled.isPresent()) {
      cancel(connection, cancelled.getAsInt());
    }
    MetadataCalls.Answer answer = cancelled.isPresent()
        ? new MetadataCalls.Answer(List.of(), List.of())
        : metadataCalls.answer(connection.session(), connection.id(), sql);
    MetaResultSet result = MetadataResults.of(connection.id(), statement.id(), answer.columns(), answer.rows());
    h.signature = result.signature;
    // The client's own statement, not one made for the result as with Avatica's metadata requests.
    return new ExecuteResult(List.of(MetaResultSet.create(connection.id(), statement.id(), false, result.signature,
        result.firstFrame)));
  }

  @Override
  public Frame fetch(StatementHandle h, long offset, int fetchMaxRowCount) {
    return guard(() -> {
      GatewayConnection connection = connection(h.connectionId);
      GatewayStatement statement = connection.statement(h.id);
      ResultCursor cursor = statement.cursor();
      if (cursor == null) {
        return new Frame(offset, true, List.of());
      }
      StatementActivity query = statement.activity();
      return Executions.duringRequest(connection, query, () -> {
        if (query.cancelRequested()) {
          // Its Spark work stopped: the rest of the result will not come, and the client must not take the rows it
          // has for all of them.
          statement.closeResult();
          String why = query.cancelReason() != null ? query.cancelReason() : "Statement was cancelled";
          throw new GatewayException(ErrorCode.CANCELLED, why + " (query " + query.id()
              + "): the rest of its result is not available");
        }
        Frame frame = runner.fetch(connection, statement, cursor, offset, frameRows(fetchMaxRowCount));
        Executions.delivered(query, frame);
        return frame;
      });
    });
  }

  @Override
  public ExecuteBatchResult prepareAndExecuteBatch(StatementHandle h, List<String> sqlCommands) {
    return guard(() -> {
      GatewayConnection connection = connection(h.connectionId);
      GatewayStatement statement = connection.statement(h.id);
      long[] counts = new long[sqlCommands.size()];
      for (int i = 0; i < counts.length; i++) {
        counts[i] = updateCount(connection, statement, sqlCommands.get(i), List.of());
      }
      return new ExecuteBatchResult(counts);
    });
  }

  @Override
  public ExecuteBatchResult executeBatch(StatementHandle h, List<List<TypedValue>> parameterValues) {
    return guard(() -> {
      GatewayConnection connection = connection(h.connectionId);
      GatewayStatement statement = connection.statement(h.id);
      String sql = requirePrepared(statement);
      long[] counts = new long[parameterValues.size()];
      for (int i = 0; i < counts.length; i++) {
        counts[i] = updateCount(connection, statement, sql, parameterValues.get(i));
      }
      return new ExecuteBatchResult(counts);
    });
  }

  @Override
  public ExecuteBatchResult executeBatchProtobuf(StatementHandle h, List<Requests.UpdateBatch> batches) {
    List<List<TypedValue>> values = new ArrayList<>(batches.size());
    for (Requests.UpdateBatch batch : batches) {
      List<TypedValue> row = new ArrayList<>(batch.getParameterValuesCount());
      for (Common.TypedValue value : batch.getParameterValuesList()) {
        row.add(TypedValue.fromProto(value));
      }
      values.add(row);
    }
    return executeBatch(h, values);
  }

  private long updateCount(GatewayConnection connection, GatewayStatement statement, String sql,
      List<TypedValue> parameters) {
    return executions.track(connection, statement, sql, query -> {
      StatementRunner.Outcome outcome = runner.run(connection, query, sql, parameters, 0);
      if (outcome.hasRows()) {
        outcome.cursor().close();
        throw new GatewayException(ErrorCode.QUERY_IN_BATCH,
            "Cannot run a query in a batch: batches take statements that return no rows (the query ran)");
      }
      query.finish();
      return outcome.updateCount();
    });
  }

  @Override
  public boolean syncResults(StatementHandle sh, QueryState state, long offset) {
    return false;
  }

  @Override
  public Iterable<Object> createIterable(StatementHandle stmt, QueryState state, Signature signature,
      List<TypedValue> parameters, Frame firstFrame) {
    return firstFrame == null ? List.of() : firstFrame.rows;
  }

  // ---- database metadata ----

  @Override
  public Map<DatabaseProperty, Object> getDatabaseProperties(ConnectionHandle ch) {
    return Map.of();
  }

  @Override
  public MetaResultSet getTables(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern,
      List<String> typeList) {
    return metadata(ch, MetadataResults.TABLES,
        session -> tableListings.tables(session, catalog, schemaPattern, tableNamePattern, typeList));
  }

  @Override
  public MetaResultSet getColumns(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern,
      Pat columnNamePattern) {
    return metadata(ch, MetadataResults.COLUMNS,
        session -> tableListings.columns(session, catalog, schemaPattern, tableNamePattern, columnNamePattern));
  }

  @Override
  public MetaResultSet getSchemas(ConnectionHandle ch, String catalog, Pat schemaPattern) {
    return metadata(ch, MetadataResults.SCHEMAS, session -> catalogMetadata.schemas(session, catalog, schemaPattern));
  }

  @Override
  public MetaResultSet getCatalogs(ConnectionHandle ch) {
    return metadata(ch, MetadataResults.CATALOGS, catalogMetadata::catalogs);
  }

  @Override
  public MetaResultSet getTableTypes(ConnectionHandle ch) {
    return metadata(ch, MetadataResults.TABLE_TYPES, session -> TableListings.tableTypes());
  }

  @Override
  public MetaResultSet getPrimaryKeys(ConnectionHandle ch, String catalog, String schema, String table) {
    return metadata(ch, MetadataResults.PRIMARY_KEYS,
        session -> tableListings.primaryKeys(session, catalog, schema, table));
  }

  @Override
  public MetaResultSet getProcedures(ConnectionHandle ch, String catalog, Pat schemaPattern,
      Pat procedureNamePattern) {
    return metadata(ch, MetadataResults.PROCEDURES,
        session -> routineMetadata.procedures(session, catalog, schemaPattern, procedureNamePattern));
  }

  @Override
  public MetaResultSet getProcedureColumns(ConnectionHandle ch, String catalog, Pat schemaPattern,
      Pat procedureNamePattern, Pat columnNamePattern) {
    return metadata(ch, MetadataResults.PROCEDURE_COLUMNS, session -> routineMetadata.procedureColumns(session,
        catalog, schemaPattern, procedureNamePattern, columnNamePattern));
  }

  @Override
  public MetaResultSet getColumnPrivileges(ConnectionHandle ch, String catalog, String schema, String table,
      Pat columnNamePattern) {
    return metadata(ch, List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "GRANTOR", "GRANTEE",
        "PRIVILEGE", "IS_GRANTABLE"));
  }

  @Override
  public MetaResultSet getTablePrivileges(ConnectionHandle ch, String catalog, Pat schemaPattern,
      Pat tableNamePattern) {
    return metadata(ch, List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "GRANTOR", "GRANTEE", "PRIVILEGE",
        "IS_GRANTABLE"));
  }

  @Override
  public MetaResultSet getBestRowIdentifier(ConnectionHandle ch, String catalog, String schema, String table,
      int scope, boolean nullable) {
    return metadata(ch, List.of("SCOPE:short", "COLUMN_NAME", "DATA_TYPE:int", "TYPE_NAME", "COLUMN_SIZE:int",
        "BUFFER_LENGTH:int", "DECIMAL_DIGITS:short", "PSEUDO_COLUMN:short"));
  }

  @Override
  public MetaResultSet getVersionColumns(ConnectionHandle ch, String catalog, String schema, String table) {
    return metadata(ch, List.of("SCOPE:short", "COLUMN_NAME", "DATA_TYPE:int", "TYPE_NAME", "COLUMN_SIZE:int",
        "BUFFER_LENGTH:int", "DECIMAL_DIGITS:short", "PSEUDO_COLUMN:short"));
  }

  @Override
  public MetaResultSet getImportedKeys(ConnectionHandle ch, String catalog, String schema, String table) {
    return metadata(ch, MetadataResults.FOREIGN_KEYS);
  }

  @Override
  public MetaResultSet getExportedKeys(ConnectionHandle ch, String catalog, String schema, String table) {
    return metadata(ch, MetadataResults.FOREIGN_KEYS);
  }

  @Override
  public MetaResultSet getCrossReference(ConnectionHandle ch, String parentCatalog, String parentSchema,
      String parentTable, String foreignCatalog, String foreignSchema, String foreignTable) {
    return metadata(ch, MetadataResults.FOREIGN_KEYS);
  }

  @Override
  public MetaResultSet getTypeInfo(ConnectionHandle ch) {
    return metadata(ch, MetadataResults.TYPE_INFO, session -> SparkTypeInfo.rows());
  }

  @Override
  public MetaResultSet getIndexInfo(ConnectionHandle ch, String catalog, String schema, String table, boolean unique,
      boolean approximate) {
    return metadata(ch, List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "NON_UNIQUE:boolean", "INDEX_QUALIFIER",
        "INDEX_NAME", "TYPE:short", "ORDINAL_POSITION:short", "COLUMN_NAME", "ASC_OR_DESC", "CARDINALITY:int",
        "PAGES:int", "FILTER_CONDITION"));
  }

  @Override
  public MetaResultSet getUDTs(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat typeNamePattern,
      int[] types) {
    return metadata(ch, List.of("TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "CLASS_NAME", "DATA_TYPE:int", "REMARKS",
        "BASE_TYPE:short"));
  }

  @Override
  public MetaResultSet getSuperTypes(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat typeNamePattern) {
    return metadata(ch, List.of("TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "SUPERTYPE_CAT", "SUPERTYPE_SCHEM",
        "SUPERTYPE_NAME"));
  }

  @Override
  public MetaResultSet getSuperTables(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern) {
    return metadata(ch, List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "SUPERTABLE_NAME"));
  }

  @Override
  public MetaResultSet getAttributes(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat typeNamePattern,
      Pat attributeNamePattern) {
    return metadata(ch, List.of("TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "ATTR_NAME", "DATA_TYPE:int",
        "ATTR_TYPE_NAME", "ATTR_SIZE:int", "DECIMAL_DIGITS:int", "NUM_PREC_RADIX:int", "NULLABLE:int", "REMARKS",
        "ATTR_DEF", "SQL_DATA_TYPE:int", "SQL_DATETIME_SUB:int", "CHAR_OCTET_LENGTH:int", "ORDINAL_POSITION:int",
        "IS_NULLABLE", "SCOPE_CATALOG", "SCOPE_SCHEMA", "SCOPE_TABLE", "SOURCE_DATA_TYPE:short"));
  }

  @Override
  public MetaResultSet getClientInfoProperties(ConnectionHandle ch) {
    return metadata(ch, List.of("NAME", "MAX_LEN:int", "DEFAULT_VALUE", "DESCRIPTION"));
  }

  @Override
  public MetaResultSet getFunctions(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat functionNamePattern) {
    return metadata(ch, MetadataResults.FUNCTIONS,
        session -> routineMetadata.functions(session, catalog, schemaPattern, functionNamePattern));
  }

  @Override
  public MetaResultSet getFunctionColumns(ConnectionHandle ch, String catalog, Pat schemaPattern,
      Pat functionNamePattern, Pat columnNamePattern) {
    return metadata(ch, List.of("FUNCTION_CAT", "FUNCTION_SCHEM", "FUNCTION_NAME", "COLUMN_NAME",
        "COLUMN_TYPE:short", "DATA_TYPE:int", "TYPE_NAME", "PRECISION:int", "LENGTH:int", "SCALE:short",
        "RADIX:short", "NULLABLE:short", "REMARKS", "CHAR_OCTET_LENGTH:int", "ORDINAL_POSITION:int", "IS_NULLABLE",
        "SPECIFIC_NAME"));
  }

  @Override
  public MetaResultSet getPseudoColumns(ConnectionHandle ch, String catalog, Pat schemaPattern,
      Pat tableNamePattern, Pat columnNamePattern) {
    return metadata(ch, List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "DATA_TYPE:int",
        "COLUMN_SIZE:int", "DECIMAL_DIGITS:int", "NUM_PREC_RADIX:int", "COLUMN_USAGE", "REMARKS",
        "CHAR_OCTET_LENGTH:int", "IS_NULLABLE"));
  }

  /** An empty result with the standard columns: what the gateway does not answer yet it answers with no rows. */
  private MetaResultSet metadata(ConnectionHandle ch, List<String> columns) {
    return metadata(ch, columns, session -> List.of());
  }

  /** A metadata result with the standard columns and the rows {@code rows} reads from the connection's session. */
  private MetaResultSet metadata(ConnectionHandle ch, List<String> columns,
      Function<SparkSession, List<List<Object>>> rows) {
    return guard(() -> {
      GatewayConnection connection = connection(ch.id);
      return MetadataResults.of(ch.id, connection.newStatement().id(), columns, rows.apply(connection.session()));
    });
  }

  // ---- helpers ----

  /** The open connection {@code id}, used now (which keeps it from expiring). */
  private GatewayConnection connection(String id) {
    GatewayConnection connection = connections.get(id);
    if (connection == null) {
      throw idle.notOpen(id);
    }
    requireOwner(connection, "use", false);
    connection.activity().touch();
    return connection;
  }

  private static String requirePrepared(GatewayStatement statement) {
    String sql = statement.preparedSql();
    if (sql == null) {
      throw new GatewayException(ErrorCode.STATEMENT_CLOSED,
          "Cannot execute statement " + statement.id() + ": it was not prepared");
    }
    return sql;
  }

  private int frameRows(int requested) {
    return requested <= 0 ? config.frameMaxRows() : Math.min(requested, config.frameMaxRows());
  }

  private static <T> T guard(Supplier<T> body) {
    try {
      return body.get();
    } catch (StackOverflowError tooDeep) {
      // The statement's, not the gateway's: a parser or analyzer recursing through a deeply nested statement.
      throw ClientErrors.toClient(tooDeep);
    } catch (VirtualMachineError fatal) {
      throw fatal;
    } catch (Throwable e) {
      // Spark's Scala code throws checked exceptions (ParseException, AnalysisException) without declaring them.
      throw ClientErrors.toClient(e);
    }
  }
}
