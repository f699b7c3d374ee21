package io.icegate.gateway.config;

import io.icegate.gateway.bounds.PlanBounds;
import io.icegate.gateway.health.HealthThresholds;
import io.icegate.metadata.partitions.PartitionCountsCache;

/**
 * Every gateway setting with its default and one line of documentation; keys not listed here are
 * rejected.
 */
public enum Setting {
  HOST("icegate.host", "127.0.0.1", "Address the HTTP server binds to."),
  PORT("icegate.port", "8765", "TCP port of the HTTP server (0 picks a free one)."),
  WAREHOUSE(
      "icegate.warehouse",
      "./warehouse",
      "Directory holding the embedded catalogs and their tables."),
  CATALOG("icegate.catalog", "demo", "Name of the embedded Iceberg catalog."),
  ENGINE_DIR(
      "icegate.engine.dir",
      "",
      "Directory of the embedded Spark cluster the gateway starts when spark.master is not set:"
          + " its Spark home and each executor's directory with its log (default: .icegate-engine"
          + " in the warehouse directory)."),
  SERIALIZATION("icegate.serialization", "protobuf", "Avatica wire format: protobuf or json."),
  FRAME_ROWS(
      "icegate.frame.max-rows",
      "10000",
      "Upper bound of rows in one frame when the client asks for more (or for no limit)."),
  PARTITIONS_IN_FLIGHT(
      "icegate.stream.partitions-in-flight",
      "2",
      "Result partitions computed ahead of the one being sent (bounds gateway memory)."),
  STREAM_BATCH_BYTES(
      "icegate.stream.batch-bytes",
      "1048576",
      "Approximate size of one row batch handed from a Spark task to the gateway (at most 256 KB"
          + " from executors in processes of their own)."),
  STREAM_QUEUE_BATCHES(
      "icegate.stream.queue-batches",
      "4",
      "Batches buffered per partition before the producing Spark task waits."),
  SPOOL_AFTER(
      "icegate.stream.spool-after-seconds",
      "5",
      "A result partition its client has not read for this long moves to the gateway's disk, so"
          + " that the executor computing it is free for other statements (a tool that shows the"
          + " first rows and keeps the result open); 0 never. Read when Spark starts, with the"
          + " spark.* settings."),
  SPOOL_MAX_BYTES(
      "icegate.stream.spool-max-bytes",
      Long.toString(8L << 30),
      "Most bytes all spooled results may hold on the gateway's disk together (in"
          + " icegate.engine.dir); past it, the executors wait for their readers again."),
  METADATA_NATIVE(
      "icegate.metadata.native",
      "true",
      "Answer queries over Iceberg metadata tables without Spark; false sends them to Spark (per"
          + " connection: SET icegate.metadata.native=false), for comparing."),
  METADATA_PARTITION_CACHE_COUNTS(
      "icegate.metadata.partition-cache-counts",
      Long.toString(PartitionCountsCache.DEFAULT_MAX_COUNTS),
      "Per-manifest partition counts kept for the partitions metadata table (a manifest never"
          + " changes, so a query reads only the manifests committed since): about 200 bytes each"
          + " for one short text partition field; 0 keeps none. One cache per process: the last"
          + " gateway started in a JVM sets it."),
  HEALTH_MAX_SNAPSHOTS(
      HealthThresholds.MAX_SNAPSHOTS,
      Integer.toString(HealthThresholds.DEFAULTS.maxSnapshots()),
      "icegate.system.table_health suggests expire_snapshots for a table with more snapshots;"
          + " a table property of the same key overrides it."),
  HEALTH_MAX_SNAPSHOT_AGE_HOURS(
      HealthThresholds.MAX_SNAPSHOT_AGE_HOURS,
      Integer.toString(HealthThresholds.DEFAULTS.maxSnapshotAgeHours()),
      "table_health suggests expire_snapshots for a table with a snapshot older than this that no"
          + " ref holds (Iceberg's history.expire.max-snapshot-age-ms is 5 days); a table property"
          + " overrides it."),
  HEALTH_MIN_SMALL_FILES(
      HealthThresholds.MIN_SMALL_FILES,
      Integer.toString(HealthThresholds.DEFAULTS.minSmallFiles()),
      "table_health suggests rewrite_data_files for a table with at least this many data files"
          + " below 0.75 x write.target-file-size-bytes (rewrite_data_files' min-input-files and"
          + " min-file-size-bytes defaults); a table property overrides it."),
  HEALTH_MIN_DELETE_FILES(
      HealthThresholds.MIN_DELETE_FILES,
      Integer.toString(HealthThresholds.DEFAULTS.minDeleteFiles()),
      "table_health suggests rewrite_position_delete_files for a table with at least this many"
          + " delete files; a table property overrides it."),
  HEALTH_MAX_MANIFESTS(
      HealthThresholds.MAX_MANIFESTS,
      Integer.toString(HealthThresholds.DEFAULTS.maxManifests()),
      "table_health suggests rewrite_manifests for a table with more manifests (Iceberg merges"
          + " appends' manifests from commit.manifest.min-count-to-merge, 100); a table property"
          + " overrides it."),
  IDLE_TIMEOUT(
      "icegate.connection.idle-timeout-seconds",
      "1800",
      "Seconds a connection may go without a request before the gateway closes it, cancels its work"
          + " and frees its session (a client that went away costs nothing after this)."),
  AUDIT_FILE(
      "icegate.audit.file",
      "",
      "File the audit log appends one JSON line per statement to (default: audit.log in the"
          + " warehouse directory)."),
  MAX_CONNECTIONS(
      "icegate.limits.max-connections",
      "200",
      "Open JDBC connections the gateway accepts at once; one more is refused (SQLState 53300)."),
  MAX_STATEMENTS_PER_USER(
      "icegate.limits.max-statements-per-user",
      "16",
      "Statements one user may have running (or being read) at once; one more is refused (SQLState"
          + " 53400)."),
  MAX_RUNNING_STATEMENTS(
      "icegate.limits.max-running-statements",
      "0",
      "Statements that may be starting Spark work at once (planning, and computing their first"
          + " rows or their update), all users together; more wait in a queue in arrival order,"
          + " shown as QUEUED in icegate.system.queries. 0: four per executor core, at least 8."
          + " Metadata tables, system tables, SHOW, SET and the like never wait."),
  QUEUE_TIMEOUT(
      "icegate.limits.queue-timeout-seconds",
      "120",
      "A statement that has waited this long in the queue fails (SQLState 53400); 0 to wait as"
          + " long as it takes."),
  POOL_WEIGHT_READ(
      "icegate.scheduler.weight.read",
      "1",
      "Weight of a read user's Spark scheduler pool: each user's statements share the executors"
          + " with other users' in proportion to their pools' weights (Spark's FAIR scheduler)."),
  POOL_WEIGHT_WRITE(
      "icegate.scheduler.weight.write", "1", "Weight of a write user's Spark scheduler pool."),
  POOL_WEIGHT_ADMIN(
      "icegate.scheduler.weight.admin", "1", "Weight of an admin's Spark scheduler pool."),
  STATEMENT_TIMEOUT(
      "icegate.limits.statement-timeout-seconds",
      "0",
      "A statement still running after this many seconds is cancelled (SQLState 57014); 0 for no"
          + " limit."),
  MAX_STATEMENT_CHARS(
      "icegate.limits.max-statement-chars",
      "262144",
      "Longest statement accepted, in characters; a longer one is refused before parsing (SQLState"
          + " 54000)."),
  MAX_NESTING(
      "icegate.limits.max-nesting",
      "200",
      "Deepest nesting of parentheses or bracketed comments accepted; a deeper statement is refused"
          + " before parsing (SQLState 54001)."),
  MAX_QUERY_BLOCKS(
      "icegate.limits.max-query-blocks",
      "500",
      "Most query blocks (SELECTs, WITH entries) in one statement; a statement with more is refused"
          + " before Spark analyzes it (SQLState 54001)."),
  MAX_PLAN_NODES(
      "icegate.limits.max-plan-nodes",
      Integer.toString(PlanBounds.DEFAULT_MAX_PLAN_NODES),
      "Most nodes a statement's plan may have once its views and common table expressions are"
          + " expanded; a larger one is refused while Spark analyzes it (SQLState 54001)."),
  MAX_CONSTANT_BYTES(
      "icegate.limits.max-constant-bytes",
      Long.toString(PlanBounds.DEFAULT_MAX_CONSTANT_BYTES),
      "Largest constant value (repeat('x', n), sequence(1, n), ...) a statement may make Spark"
          + " compute on the gateway while it plans; a larger one is refused (SQLState 54000)."),
  MAX_RESULT_ROWS(
      "icegate.limits.max-result-rows",
      "0",
      "Most rows one result may send; a result with more fails when it passes the limit (SQLState"
          + " 54000); 0 for no limit."),
  AUTH_USERS_FILE(
      "icegate.auth.users-file",
      "",
      "Users file (bin/icegate user add|remove|list); when set, every request needs HTTP Basic"
          + " credentials of a user in it. Empty: no authentication, and the gateway binds only to"
          + " loopback unless icegate.insecure."),
  AUTH_RULES_FILE(
      "icegate.auth.rules-file",
      "",
      "Access rules file (YAML or JSON): which user, group or role may see and change which"
          + " catalog, namespace, table and column, call which procedure and set which setting"
          + " (docs/SECURITY.md, \"Access rules\"). Read again when it changes. Empty: roles alone"
          + " decide."),
  INSECURE(
      "icegate.insecure",
      "false",
      "Allow binding an address other than loopback without authentication (logs a warning)."),
  TLS_KEYSTORE(
      "icegate.tls.keystore",
      "",
      "Keystore (PKCS12 or JKS) with the gateway's certificate and key; when set, the gateway"
          + " serves HTTPS only."),
  TLS_KEYSTORE_PASSWORD("icegate.tls.keystore-password", "", "Password of icegate.tls.keystore."),
  POLICY_ALLOW_REFLECTION(
      "icegate.policy.allow-reflection",
      "false",
      "Let admins call Java methods from SQL (reflect, java_method); refused to every role when"
          + " false."),
  POLICY_ALLOW_SCRIPT_TRANSFORM(
      "icegate.policy.allow-script-transform",
      "false",
      "Let admins run programs on the gateway's host from SQL (TRANSFORM/MAP/REDUCE ... USING);"
          + " refused to every role when false."),
  POLICY_FILE_ROOTS_READ(
      "icegate.policy.file-roots.read",
      "",
      "Comma-separated directories (paths or URIs) whose files read users, and every role above,"
          + " may read by path."),
  POLICY_FILE_ROOTS_WRITE(
      "icegate.policy.file-roots.write",
      "",
      "Comma-separated directories write users, and admins, may read and write by path and place"
          + " tables in."),
  POLICY_FILE_ROOTS_ADMIN(
      "icegate.policy.file-roots.admin",
      "",
      "Comma-separated directories admins may use besides the catalogs' warehouses (which they"
          + " always may)."),
  POLICY_DATA_SOURCES(
      "icegate.policy.data-sources",
      "",
      "Comma-separated data sources beyond files and Iceberg that statements may use (jdbc, ...):"
          + " they connect out of the gateway."),
  POLICY_SESSION_SETTINGS(
      "icegate.policy.session-settings",
      "",
      "Comma-separated keys (a trailing * for a prefix) any role may SET besides the built-in"
          + " session-safe ones."),
  POLICY_ADMIN_SETTINGS(
      "icegate.policy.admin-settings",
      "",
      "Comma-separated keys that reach past the session (catalogs, Hadoop, classes, this policy)"
          + " admins may SET."),
  POLICY_ORPHAN_FILES_OUTSIDE_TABLE(
      "icegate.policy.remove-orphan-files-outside-table",
      "false",
      "Let remove_orphan_files take a location outside the table's own (it deletes what no table"
          + " references)."),
  READY_CATALOG_TIMEOUT(
      "icegate.ready.catalog-timeout-ms",
      "2000",
      "Milliseconds GET /ready waits for each configured catalog to list its namespaces before it"
          + " reports the catalog not ready (503)."),
  READY_EXECUTOR_TIMEOUT(
      "icegate.ready.executor-timeout-seconds",
      "60",
      "Seconds the embedded cluster may go without a running executor before GET /ready answers 503"
          + " naming them (replacing a lost executor takes seconds; /ready stays 200 meanwhile)."
          + " Read when Spark starts."),
  SHUTDOWN_DRAIN(
      "icegate.shutdown.drain-seconds",
      "0",
      "Seconds between a stop signal and closing the port, during which GET /ready answers 503"
          + " so that a load balancer stops sending new connections; statements go on meanwhile.");

  private final String key;
  private final String defaultValue;
  private final String description;

  Setting(String key, String defaultValue, String description) {
    this.key = key;
    this.defaultValue = defaultValue;
    this.description = description;
  }

  public String key() {
    return key;
  }

  public String defaultValue() {
    return defaultValue;
  }

  public String description() {
    return description;
  }

  /** Returns the setting named {@code key}, or null. */
  public static Setting byKey(String key) {
    for (Setting setting : values()) {
      if (setting.key.equals(key)) {
        return setting;
      }
    }
    return null;
  }
}
