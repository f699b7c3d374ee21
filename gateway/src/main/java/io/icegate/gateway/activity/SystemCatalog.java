package io.icegate.gateway.activity;

import io.icegate.gateway.access.AccessRelations;
import io.icegate.gateway.security.RequestContext;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.analysis.NoSuchNamespaceException;
import org.apache.spark.sql.catalyst.analysis.NoSuchTableException;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.NamespaceChange;
import org.apache.spark.sql.connector.catalog.SupportsNamespaces;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCatalog;
import org.apache.spark.sql.connector.catalog.TableChange;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The gateway's own Spark catalog, {@code icegate}: namespace {@code system} holds {@code queries}
 * (running statements and the last ended ones, with their Spark progress) and {@code connections}
 * (open JDBC connections), {@code table_health} (every Iceberg table the session's catalogs hold,
 * with its maintenance state: {@link io.icegate.gateway.health.TableHealth}). Registered on every
 * session by the engine, so that any SQL, any JDBC tool and {@code DatabaseMetaData} see them as
 * tables. Read-only.
 */
public final class SystemCatalog implements TableCatalog, SupportsNamespaces {
  /** The catalog's name in every gateway session. */
  public static final String NAME = "icegate";

  public static final String NAMESPACE = "system";
  public static final String QUERIES = "queries";
  public static final String CONNECTIONS = "connections";
  public static final String TABLE_HEALTH = "table_health";

  static final StructType QUERIES_SCHEMA =
      schema(
          field("query_id", DataTypes.StringType, false),
          field("user_name", DataTypes.StringType, true),
          field("connection_id", DataTypes.StringType, false),
          field("statement_id", DataTypes.IntegerType, false),
          field("statement", DataTypes.StringType, false),
          field("state", DataTypes.StringType, false),
          field("started", DataTypes.TimestampType, false),
          field("elapsed_ms", DataTypes.LongType, false),
          field("row_count", DataTypes.LongType, false),
          field("stages_done", DataTypes.IntegerType, false),
          field("stages_total", DataTypes.IntegerType, false),
          field("tasks_done", DataTypes.IntegerType, false),
          field("tasks_total", DataTypes.IntegerType, false),
          field("progress", DataTypes.DoubleType, true),
          field("error", DataTypes.StringType, true),
          field("queue_position", DataTypes.IntegerType, true),
          field("queued_ms", DataTypes.LongType, false));

  static final StructType CONNECTIONS_SCHEMA =
      schema(
          field("connection_id", DataTypes.StringType, false),
          field("user_name", DataTypes.StringType, true),
          field("opened", DataTypes.TimestampType, false),
          field("last_active", DataTypes.TimestampType, false),
          field("idle_ms", DataTypes.LongType, false),
          field("running_queries", DataTypes.IntegerType, false));

  private String name = NAME;

  @Override
  public void initialize(String catalogName, CaseInsensitiveStringMap options) {
    this.name = catalogName;
  }

  @Override
  public String name() {
    return name;
  }

  // ---- namespaces ----

  @Override
  public String[][] listNamespaces() {
    return new String[][] {{NAMESPACE}};
  }

  @Override
  public String[][] listNamespaces(String[] namespace) throws NoSuchNamespaceException {
    requireSystem(namespace);
    return new String[0][];
  }

  @Override
  public Map<String, String> loadNamespaceMetadata(String[] namespace)
      throws NoSuchNamespaceException {
    requireSystem(namespace);
    return Map.of(
        "comment", "The gateway's own state: running statements, open connections, tables' health");
  }

  @Override
  public void createNamespace(String[] namespace, Map<String, String> metadata) {
    throw readOnly("create namespace " + String.join(".", namespace));
  }

  @Override
  public void alterNamespace(String[] namespace, NamespaceChange... changes) {
    throw readOnly("alter namespace " + String.join(".", namespace));
  }

  @Override
  public boolean dropNamespace(String[] namespace, boolean cascade) {
    throw readOnly("drop namespace " + String.join(".", namespace));
  }

  // ---- tables ----

  @Override
  public Identifier[] listTables(String[] namespace) throws NoSuchNamespaceException {
    requireSystem(namespace);
    return new Identifier[] {
      Identifier.of(namespace, CONNECTIONS),
      Identifier.of(namespace, QUERIES),
      Identifier.of(namespace, TABLE_HEALTH),
      Identifier.of(namespace, AccessRelations.PRIVILEGES),
      Identifier.of(namespace, AccessRelations.RULES)
    };
  }

  @Override
  public Table loadTable(Identifier ident) throws NoSuchTableException {
    if (isSystem(ident.namespace())) {
      switch (ident.name().toLowerCase(java.util.Locale.ROOT)) {
        case QUERIES:
          return new SystemTable(
              name + "." + NAMESPACE + "." + QUERIES, QUERIES_SCHEMA, SystemCatalog::queryRows);
        case CONNECTIONS:
          return new SystemTable(
              name + "." + NAMESPACE + "." + CONNECTIONS,
              CONNECTIONS_SCHEMA,
              SystemCatalog::connectionRows);
        case TABLE_HEALTH:
          // Spark analyzes with the session active; its catalogs are what the table reads.
          return new TableHealthTable(
              name + "." + NAMESPACE + "." + TABLE_HEALTH,
              org.apache.spark.sql.SparkSession.active());
        case AccessRelations.PRIVILEGES:
          return accessRelation(
              AccessRelations.PRIVILEGES,
              AccessRelations.PRIVILEGES_SCHEMA,
              AccessRelations::privileges);
        case AccessRelations.RULES:
          return accessRelation(
              AccessRelations.RULES, AccessRelations.RULES_SCHEMA, AccessRelations::rules);
        default:
          break;
      }
    }
    throw new NoSuchTableException(ident);
  }

  @Override
  public Table createTable(
      Identifier ident, StructType schema, Transform[] partitions, Map<String, String> properties) {
    throw readOnly("create table " + ident);
  }

  @Override
  public Table alterTable(Identifier ident, TableChange... changes) {
    throw readOnly("alter table " + ident);
  }

  @Override
  public boolean dropTable(Identifier ident) {
    throw readOnly("drop table " + ident);
  }

  @Override
  public void renameTable(Identifier oldIdent, Identifier newIdent) {
    throw readOnly("rename table " + oldIdent);
  }

  /** An access relation's rows, for the session Spark analyzes with (its user's). */
  private Table accessRelation(
      String table,
      StructType schema,
      java.util.function.Function<org.apache.spark.sql.SparkSession, InternalRow[]> rows) {
    org.apache.spark.sql.SparkSession session = org.apache.spark.sql.SparkSession.active();
    return new SystemTable(name + "." + NAMESPACE + "." + table, schema, () -> rows.apply(session));
  }

  private UnsupportedOperationException readOnly(String what) {
    return new UnsupportedOperationException(
        "Cannot "
            + what
            + " in catalog "
            + name
            + ": it holds the gateway's own read-only tables ("
            + NAMESPACE
            + "."
            + QUERIES
            + ", "
            + NAMESPACE
            + "."
            + CONNECTIONS
            + ", "
            + NAMESPACE
            + "."
            + TABLE_HEALTH
            + ")");
  }

  private static boolean isSystem(String[] namespace) {
    return namespace.length == 1 && namespace[0].equalsIgnoreCase(NAMESPACE);
  }

  private static void requireSystem(String[] namespace) throws NoSuchNamespaceException {
    if (!isSystem(namespace)) {
      throw new NoSuchNamespaceException(namespace);
    }
  }

  // ---- rows ----

  static InternalRow[] queryRows() {
    Instant now = Instant.now();
    GatewayActivity activity = GatewayActivity.instance();
    // Outside a client's request (the gateway's own sessions), everything.
    List<StatementActivity> queries =
        RequestContext.current().map(activity::queriesVisibleTo).orElseGet(activity::queries);
    InternalRow[] rows = new InternalRow[queries.size()];
    for (int i = 0; i < rows.length; i++) {
      StatementActivity q = queries.get(i);
      SparkProgress progress = q.progress();
      Instant end = q.ended() == null ? now : q.ended();
      rows[i] =
          new GenericInternalRow(
              new Object[] {
                utf8(q.id()),
                utf8(q.connection().user()),
                utf8(q.connection().id()),
                q.statementId(),
                utf8(q.sql()),
                utf8(q.state().name()),
                micros(q.started()),
                Math.max(0, end.toEpochMilli() - q.started().toEpochMilli()),
                q.rows(),
                progress.stagesDone(),
                progress.stagesTotal(),
                progress.tasksDone(),
                progress.tasksTotal(),
                progress.fraction(),
                utf8(q.error()),
                q.state() == QueryState.QUEUED ? q.queuePosition() : null,
                q.queued().toMillis()
              });
    }
    return rows;
  }

  static InternalRow[] connectionRows() {
    GatewayActivity activity = GatewayActivity.instance();
    List<ConnectionActivity> connections =
        RequestContext.current()
            .map(activity::connectionsVisibleTo)
            .orElseGet(activity::connections);
    InternalRow[] rows = new InternalRow[connections.size()];
    for (int i = 0; i < rows.length; i++) {
      ConnectionActivity c = connections.get(i);
      rows[i] =
          new GenericInternalRow(
              new Object[] {
                utf8(c.id()),
                utf8(c.user()),
                micros(c.opened()),
                micros(c.lastActive()),
                c.idle().toMillis(),
                activity.running(c.id()).size()
              });
    }
    return rows;
  }

  /** {@code s} as Spark holds text; null stays null. */
  public static UTF8String utf8(String s) {
    return s == null ? null : UTF8String.fromString(s);
  }

  /** {@code instant} as Spark holds a timestamp: microseconds since the epoch. */
  public static long micros(Instant instant) {
    return instant.getEpochSecond() * 1_000_000L + instant.getNano() / 1_000;
  }

  /** A column of a system table. */
  public static StructField field(
      String name, org.apache.spark.sql.types.DataType type, boolean nullable) {
    return new StructField(name, type, nullable, Metadata.empty());
  }

  /** A system table's columns. */
  public static StructType schema(StructField... fields) {
    return new StructType(Arrays.copyOf(fields, fields.length));
  }
}
