package io.icegate.gateway.config;

import static java.util.Objects.requireNonNull;

import io.icegate.access.policy.PolicySettings;
import io.icegate.gateway.activity.SystemCatalog;
import io.icegate.gateway.health.HealthThresholds;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The gateway's configuration, parsed and validated once. Keys starting with {@code spark.} go to
 * Spark untouched; {@code icegate.*} keys are the {@link Setting}s.
 */
public record GatewayConfig(
    String host,
    int port,
    Path warehouse,
    String catalog,
    String engineDirectory,
    String serialization,
    int frameMaxRows,
    int partitionsInFlight,
    long streamBatchBytes,
    int streamQueueBatches,
    int spoolAfterSeconds,
    long spoolMaxBytes,
    boolean metadataNative,
    int partitionCacheCounts,
    HealthThresholds health,
    int idleTimeoutSeconds,
    String auditFile,
    int maxConnections,
    int maxStatementsPerUser,
    int maxRunningStatements,
    int queueTimeoutSeconds,
    PoolWeights poolWeights,
    int statementTimeoutSeconds,
    long maxResultRows,
    int maxStatementChars,
    int maxNesting,
    int maxQueryBlocks,
    int maxPlanNodes,
    long maxConstantBytes,
    Optional<Path> usersFile,
    Optional<Path> rulesFile,
    boolean insecure,
    Optional<Path> tlsKeystore,
    String tlsKeystorePassword,
    PolicySettings policy,
    int readyCatalogTimeoutMillis,
    int readyExecutorTimeoutSeconds,
    int shutdownDrainSeconds,
    Map<String, String> sparkConf) {

  public GatewayConfig {
    requireNonNull(host, "host is null");
    requireNonNull(warehouse, "warehouse is null");
    requireNonNull(catalog, "catalog is null");
    requireNonNull(engineDirectory, "engineDirectory is null");
    requireNonNull(serialization, "serialization is null");
    requireNonNull(auditFile, "auditFile is null");
    requireNonNull(usersFile, "usersFile is null");
    requireNonNull(rulesFile, "rulesFile is null");
    requireNonNull(tlsKeystore, "tlsKeystore is null");
    requireNonNull(tlsKeystorePassword, "tlsKeystorePassword is null");
    requireNonNull(policy, "policy is null");
    requireNonNull(health, "health is null");
    requireNonNull(poolWeights, "poolWeights is null");
    sparkConf = Map.copyOf(sparkConf);
  }

  /** Builds a configuration from key/value pairs; later entries win. */
  public static GatewayConfig from(Map<String, String> entries) {
    Map<String, String> values = new LinkedHashMap<>();
    Map<String, String> spark = new LinkedHashMap<>();
    List<String> unknown = new ArrayList<>();
    for (Map.Entry<String, String> e : entries.entrySet()) {
      String key = e.getKey().trim();
      if (key.startsWith("spark.")) {
        spark.put(key, e.getValue());
      } else if (Setting.byKey(key) != null) {
        values.put(key, e.getValue().trim());
      } else {
        unknown.add(key);
      }
    }
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException(
          "Cannot configure Icegate: unknown key(s) "
              + unknown
              + " (valid: spark.* and "
              + Arrays.stream(Setting.values()).map(Setting::key).toList()
              + ")");
    }
    String serialization = value(values, Setting.SERIALIZATION).toLowerCase(java.util.Locale.ROOT);
    if (!serialization.equals("protobuf") && !serialization.equals("json")) {
      throw new IllegalArgumentException(
          "Cannot configure Icegate: "
              + Setting.SERIALIZATION.key()
              + " must be protobuf or json, not '"
              + serialization
              + "'");
    }
    Path warehouse = Path.of(value(values, Setting.WAREHOUSE)).toAbsolutePath().normalize();
    String catalog = value(values, Setting.CATALOG);
    if (catalog.equalsIgnoreCase(SystemCatalog.NAME)) {
      throw new IllegalArgumentException(
          "Cannot configure Icegate: "
              + Setting.CATALOG.key()
              + " cannot be '"
              + catalog
              + "', the name of the gateway's own system catalog");
    }
    return new GatewayConfig(
        value(values, Setting.HOST),
        intValue(values, Setting.PORT, 0, 65535),
        warehouse,
        catalog,
        value(values, Setting.ENGINE_DIR),
        serialization,
        intValue(values, Setting.FRAME_ROWS, 1, Integer.MAX_VALUE),
        intValue(values, Setting.PARTITIONS_IN_FLIGHT, 1, 64),
        intValue(values, Setting.STREAM_BATCH_BYTES, 1024, Integer.MAX_VALUE),
        intValue(values, Setting.STREAM_QUEUE_BATCHES, 1, 1024),
        intValue(values, Setting.SPOOL_AFTER, 0, Integer.MAX_VALUE),
        longValue(values, Setting.SPOOL_MAX_BYTES, 0, Long.MAX_VALUE),
        booleanValue(values, Setting.METADATA_NATIVE),
        intValue(values, Setting.METADATA_PARTITION_CACHE_COUNTS, 0, Integer.MAX_VALUE),
        new HealthThresholds(
            intValue(values, Setting.HEALTH_MAX_SNAPSHOTS, 1, Integer.MAX_VALUE),
            intValue(values, Setting.HEALTH_MAX_SNAPSHOT_AGE_HOURS, 1, Integer.MAX_VALUE),
            intValue(values, Setting.HEALTH_MIN_SMALL_FILES, 1, Integer.MAX_VALUE),
            intValue(values, Setting.HEALTH_MIN_DELETE_FILES, 1, Integer.MAX_VALUE),
            intValue(values, Setting.HEALTH_MAX_MANIFESTS, 1, Integer.MAX_VALUE)),
        intValue(values, Setting.IDLE_TIMEOUT, 1, Integer.MAX_VALUE),
        value(values, Setting.AUDIT_FILE),
        intValue(values, Setting.MAX_CONNECTIONS, 1, Integer.MAX_VALUE),
        intValue(values, Setting.MAX_STATEMENTS_PER_USER, 1, Integer.MAX_VALUE),
        intValue(values, Setting.MAX_RUNNING_STATEMENTS, 0, Integer.MAX_VALUE),
        intValue(values, Setting.QUEUE_TIMEOUT, 0, Integer.MAX_VALUE),
        new PoolWeights(
            intValue(values, Setting.POOL_WEIGHT_READ, 1, 1000),
            intValue(values, Setting.POOL_WEIGHT_WRITE, 1, 1000),
            intValue(values, Setting.POOL_WEIGHT_ADMIN, 1, 1000)),
        intValue(values, Setting.STATEMENT_TIMEOUT, 0, Integer.MAX_VALUE),
        intValue(values, Setting.MAX_RESULT_ROWS, 0, Integer.MAX_VALUE),
        intValue(values, Setting.MAX_STATEMENT_CHARS, 1, Integer.MAX_VALUE),
        intValue(values, Setting.MAX_NESTING, 1, Integer.MAX_VALUE),
        intValue(values, Setting.MAX_QUERY_BLOCKS, 1, Integer.MAX_VALUE),
        intValue(values, Setting.MAX_PLAN_NODES, 10, Integer.MAX_VALUE),
        longValue(values, Setting.MAX_CONSTANT_BYTES, 1024, Long.MAX_VALUE),
        optionalPath(values, Setting.AUTH_USERS_FILE),
        optionalPath(values, Setting.AUTH_RULES_FILE),
        booleanValue(values, Setting.INSECURE),
        optionalPath(values, Setting.TLS_KEYSTORE),
        value(values, Setting.TLS_KEYSTORE_PASSWORD),
        new PolicySettings(
            booleanValue(values, Setting.POLICY_ALLOW_REFLECTION),
            booleanValue(values, Setting.POLICY_ALLOW_SCRIPT_TRANSFORM),
            list(values, Setting.POLICY_FILE_ROOTS_READ),
            list(values, Setting.POLICY_FILE_ROOTS_WRITE),
            list(values, Setting.POLICY_FILE_ROOTS_ADMIN),
            list(values, Setting.POLICY_DATA_SOURCES),
            list(values, Setting.POLICY_SESSION_SETTINGS),
            list(values, Setting.POLICY_ADMIN_SETTINGS),
            booleanValue(values, Setting.POLICY_ORPHAN_FILES_OUTSIDE_TABLE)),
        intValue(values, Setting.READY_CATALOG_TIMEOUT, 1, Integer.MAX_VALUE),
        intValue(values, Setting.READY_EXECUTOR_TIMEOUT, 1, Integer.MAX_VALUE),
        intValue(values, Setting.SHUTDOWN_DRAIN, 0, 3600),
        spark);
  }

  /** The entries, with the keystore password masked: a configuration may be logged. */
  @Override
  public String toString() {
    Map<String, String> shown = asEntries();
    shown.computeIfPresent(Setting.TLS_KEYSTORE_PASSWORD.key(), (k, v) -> v.isEmpty() ? v : "***");
    return "GatewayConfig" + shown;
  }

  /** A copy with one {@code icegate.*} or {@code spark.*} entry changed. */
  public GatewayConfig with(String key, String value) {
    Map<String, String> entries = new LinkedHashMap<>(asEntries());
    entries.put(key, value);
    return from(entries);
  }

  /** The configuration as the key/value pairs it was built from. */
  public Map<String, String> asEntries() {
    Map<String, String> entries = new LinkedHashMap<>();
    entries.put(Setting.HOST.key(), host);
    entries.put(Setting.PORT.key(), Integer.toString(port));
    entries.put(Setting.WAREHOUSE.key(), warehouse.toString());
    entries.put(Setting.CATALOG.key(), catalog);
    entries.put(Setting.ENGINE_DIR.key(), engineDirectory);
    entries.put(Setting.SERIALIZATION.key(), serialization);
    entries.put(Setting.FRAME_ROWS.key(), Integer.toString(frameMaxRows));
    entries.put(Setting.PARTITIONS_IN_FLIGHT.key(), Integer.toString(partitionsInFlight));
    entries.put(Setting.STREAM_BATCH_BYTES.key(), Long.toString(streamBatchBytes));
    entries.put(Setting.STREAM_QUEUE_BATCHES.key(), Integer.toString(streamQueueBatches));
    entries.put(Setting.SPOOL_AFTER.key(), Integer.toString(spoolAfterSeconds));
    entries.put(Setting.SPOOL_MAX_BYTES.key(), Long.toString(spoolMaxBytes));
    entries.put(Setting.METADATA_NATIVE.key(), Boolean.toString(metadataNative));
    entries.put(
        Setting.METADATA_PARTITION_CACHE_COUNTS.key(), Integer.toString(partitionCacheCounts));
    entries.put(Setting.HEALTH_MAX_SNAPSHOTS.key(), Integer.toString(health.maxSnapshots()));
    entries.put(
        Setting.HEALTH_MAX_SNAPSHOT_AGE_HOURS.key(),
        Integer.toString(health.maxSnapshotAgeHours()));
    entries.put(Setting.HEALTH_MIN_SMALL_FILES.key(), Integer.toString(health.minSmallFiles()));
    entries.put(Setting.HEALTH_MIN_DELETE_FILES.key(), Integer.toString(health.minDeleteFiles()));
    entries.put(Setting.HEALTH_MAX_MANIFESTS.key(), Integer.toString(health.maxManifests()));
    entries.put(Setting.IDLE_TIMEOUT.key(), Integer.toString(idleTimeoutSeconds));
    entries.put(Setting.AUDIT_FILE.key(), auditFile);
    entries.put(Setting.MAX_CONNECTIONS.key(), Integer.toString(maxConnections));
    entries.put(Setting.MAX_STATEMENTS_PER_USER.key(), Integer.toString(maxStatementsPerUser));
    entries.put(Setting.MAX_RUNNING_STATEMENTS.key(), Integer.toString(maxRunningStatements));
    entries.put(Setting.QUEUE_TIMEOUT.key(), Integer.toString(queueTimeoutSeconds));
    entries.put(Setting.POOL_WEIGHT_READ.key(), Integer.toString(poolWeights.read()));
    entries.put(Setting.POOL_WEIGHT_WRITE.key(), Integer.toString(poolWeights.write()));
    entries.put(Setting.POOL_WEIGHT_ADMIN.key(), Integer.toString(poolWeights.admin()));
    entries.put(Setting.STATEMENT_TIMEOUT.key(), Integer.toString(statementTimeoutSeconds));
    entries.put(Setting.MAX_RESULT_ROWS.key(), Long.toString(maxResultRows));
    entries.put(Setting.MAX_STATEMENT_CHARS.key(), Integer.toString(maxStatementChars));
    entries.put(Setting.MAX_NESTING.key(), Integer.toString(maxNesting));
    entries.put(Setting.MAX_QUERY_BLOCKS.key(), Integer.toString(maxQueryBlocks));
    entries.put(Setting.MAX_PLAN_NODES.key(), Integer.toString(maxPlanNodes));
    entries.put(Setting.MAX_CONSTANT_BYTES.key(), Long.toString(maxConstantBytes));
    entries.put(Setting.AUTH_USERS_FILE.key(), usersFile.map(Path::toString).orElse(""));
    entries.put(Setting.AUTH_RULES_FILE.key(), rulesFile.map(Path::toString).orElse(""));
    entries.put(Setting.INSECURE.key(), Boolean.toString(insecure));
    entries.put(Setting.TLS_KEYSTORE.key(), tlsKeystore.map(Path::toString).orElse(""));
    entries.put(Setting.TLS_KEYSTORE_PASSWORD.key(), tlsKeystorePassword);
    entries.put(Setting.POLICY_ALLOW_REFLECTION.key(), Boolean.toString(policy.allowReflection()));
    entries.put(
        Setting.POLICY_ALLOW_SCRIPT_TRANSFORM.key(),
        Boolean.toString(policy.allowScriptTransform()));
    entries.put(Setting.POLICY_FILE_ROOTS_READ.key(), String.join(",", policy.readRoots()));
    entries.put(Setting.POLICY_FILE_ROOTS_WRITE.key(), String.join(",", policy.writeRoots()));
    entries.put(Setting.POLICY_FILE_ROOTS_ADMIN.key(), String.join(",", policy.adminRoots()));
    entries.put(Setting.POLICY_DATA_SOURCES.key(), String.join(",", policy.dataSources()));
    entries.put(Setting.POLICY_SESSION_SETTINGS.key(), String.join(",", policy.sessionSettings()));
    entries.put(Setting.POLICY_ADMIN_SETTINGS.key(), String.join(",", policy.adminSettings()));
    entries.put(
        Setting.POLICY_ORPHAN_FILES_OUTSIDE_TABLE.key(),
        Boolean.toString(policy.orphanFilesOutsideTable()));
    entries.put(Setting.READY_CATALOG_TIMEOUT.key(), Integer.toString(readyCatalogTimeoutMillis));
    entries.put(
        Setting.READY_EXECUTOR_TIMEOUT.key(), Integer.toString(readyExecutorTimeoutSeconds));
    entries.put(Setting.SHUTDOWN_DRAIN.key(), Integer.toString(shutdownDrainSeconds));
    entries.putAll(sparkConf);
    return entries;
  }

  /** Each role's weight in Spark's FAIR scheduler ({@code icegate.scheduler.weight.*}). */
  public record PoolWeights(int read, int write, int admin) {}

  /** The embedded Spark cluster's directory: as set, or .icegate-engine in the warehouse. */
  public Path engineDir() {
    return engineDirectory.isBlank()
        ? warehouse.resolve(".icegate-engine")
        : Path.of(engineDirectory).toAbsolutePath().normalize();
  }

  /** The audit log's file: as set, or audit.log in the warehouse directory. */
  public Path auditLogPath() {
    return auditFile.isBlank()
        ? warehouse.resolve("audit.log")
        : Path.of(auditFile).toAbsolutePath().normalize();
  }

  private static String value(Map<String, String> values, Setting setting) {
    return values.getOrDefault(setting.key(), setting.defaultValue());
  }

  /**
   * An optional file setting: empty means not set; a relative path is resolved against the working
   * directory.
   */
  private static Optional<Path> optionalPath(Map<String, String> values, Setting setting) {
    String text = value(values, setting);
    return text.isEmpty()
        ? Optional.empty()
        : Optional.of(Path.of(text).toAbsolutePath().normalize());
  }

  /** A comma-separated list setting, entries trimmed, blanks dropped. */
  private static List<String> list(Map<String, String> values, Setting setting) {
    return Arrays.stream(value(values, setting).split(","))
        .map(String::strip)
        .filter(e -> !e.isEmpty())
        .toList();
  }

  private static boolean booleanValue(Map<String, String> values, Setting setting) {
    String text = value(values, setting).toLowerCase(java.util.Locale.ROOT);
    if (!text.equals("true") && !text.equals("false")) {
      throw new IllegalArgumentException(
          "Cannot configure Icegate: "
              + setting.key()
              + " must be true or false, not '"
              + text
              + "'");
    }
    return Boolean.parseBoolean(text);
  }

  private static long longValue(Map<String, String> values, Setting setting, long min, long max) {
    String text = value(values, setting);
    try {
      long parsed = Long.parseLong(text);
      if (parsed < min || parsed > max) {
        throw new NumberFormatException();
      }
      return parsed;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "Cannot configure Icegate: "
              + setting.key()
              + " must be an integer from "
              + min
              + " to "
              + max
              + ", not '"
              + text
              + "'");
    }
  }

  private static int intValue(Map<String, String> values, Setting setting, int min, int max) {
    return (int) longValue(values, setting, min, max);
  }
}
