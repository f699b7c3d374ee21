package io.icegate.access.policy;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Which settings a statement ({@code SET key=value}) or a connection property may change. Every
 * role may set the session-safe keys; other keys only an admin, except the kinds that reach past
 * the session (catalogs, file systems, class loading, Spark's own processes, the policy's
 * switches), which nobody may set unless the operator lists them for admins. A pattern ending in
 * {@code *} stands for every key with that prefix.
 */
public record SessionSettings(List<String> moreSafe, List<String> adminAllowed) {
  /** Safe for anyone: they change how this session's statements compute, never what they reach. */
  public static final List<String> SESSION_SAFE =
      List.of(
          "spark.sql.shuffle.partitions",
          "spark.sql.ansi.enabled",
          "spark.sql.session.timeZone",
          "spark.sql.adaptive.*",
          "spark.sql.autoBroadcastJoinThreshold",
          "spark.sql.files.maxPartitionBytes",
          "spark.sql.files.openCostInBytes",
          "spark.sql.files.maxRecordsPerFile",
          "spark.sql.caseSensitive",
          "spark.sql.crossJoin.enabled",
          "spark.sql.storeAssignmentPolicy",
          "spark.sql.sources.partitionOverwriteMode",
          "spark.sql.legacy.timeParserPolicy",
          "spark.sql.parser.escapedStringLiterals",
          "spark.sql.timestampType",
          "spark.sql.decimalOperations.allowPrecisionLoss",
          "spark.sql.mapKeyDedupPolicy",
          "spark.sql.join.preferSortMergeJoin",
          "spark.sql.groupByAliases",
          "spark.sql.groupByOrdinal",
          "spark.sql.orderByOrdinal",
          "spark.sql.debug.maxToStringFields",
          "spark.sql.maxPlanStringLength",
          "spark.sql.parquet.compression.codec",
          "spark.sql.orc.compression.codec",
          "spark.sql.iceberg.*",
          "spark.wap.id",
          "spark.wap.branch",
          "icegate.metadata.native");

  /**
   * Refused to everyone, admins included, unless the operator lists them in
   * icegate.policy.admin-settings: they define catalogs, file systems or the warehouse, load
   * classes, reach Spark's driver and executors, or switch off a check of this policy ({@code
   * spark.sql.runSQLOnFiles}, variable substitution that reads the environment, redaction of
   * secrets).
   */
  public static final List<String> REACHING =
      List.of(
          "spark.sql.catalog.*",
          "spark.sql.catalogImplementation",
          "spark.sql.warehouse.dir",
          "spark.sql.extensions",
          "spark.sql.runSQLOnFiles",
          "spark.sql.variable.substitute",
          "spark.sql.redaction.*",
          "spark.sql.hive.*",
          "spark.sql.streaming.checkpointLocation",
          "spark.sql.sources.*",
          "spark.sql.queryExecutionListeners",
          "spark.sql.execution.pyspark.*",
          "spark.hadoop.*",
          "icegate.policy.*");

  /**
   * @param moreSafe keys the operator makes safe for every role besides {@link #SESSION_SAFE}; they
   *     cannot open a reaching key
   * @param adminAllowed reaching keys the operator opens to admins
   */
  public SessionSettings {
    moreSafe = List.copyOf(moreSafe);
    adminAllowed = List.copyOf(adminAllowed);
  }

  /** Why {@code key} may not be set by a user of {@code admin} rights, or empty when it may. */
  public Optional<String> refusal(String key, boolean admin) {
    String k = key.strip();
    if (!namesCode(k) && (matchesAny(k, SESSION_SAFE) || matchesAny(k, moreSafe) && !reaching(k))) {
      return Optional.empty();
    }
    if (reaching(k)) {
      return admin && matchesAny(k, adminAllowed)
          ? Optional.empty()
          : Optional.of(
              "it reaches past the session (catalogs, files, classes, Spark's processes or this"
                  + " policy's checks); the operator may open it to admins with"
                  + " icegate.policy.admin-settings");
    }
    if (admin) {
      return Optional.empty();
    }
    return Optional.of(
        "only admins may set it; any role may set the session-safe keys (docs/SECURITY.md lists"
            + " them; the operator adds more with icegate.policy.session-settings)");
  }

  /**
   * Whether reading {@code key}'s value is refused to a non-admin: reaching keys hold credentials
   * and paths.
   */
  public boolean hidden(String key) {
    return reaching(key.strip());
  }

  /**
   * A reaching key: one of {@link #REACHING}, a key naming a class or an implementation, or any
   * {@code spark.*} key outside Spark SQL's session settings (Spark's driver, executors, jars,
   * files, event log, cluster managers).
   */
  static boolean reaching(String key) {
    String lower = key.toLowerCase(Locale.ROOT);
    if (matchesAny(key, REACHING) || namesCode(key)) {
      return true;
    }
    return lower.startsWith("spark.")
        && !lower.startsWith("spark.sql.")
        && !lower.startsWith("spark.wap.");
  }

  /**
   * A key whose value names a class to load (Spark's {@code ...Class}, Iceberg's {@code ...impl},
   * providers).
   */
  static boolean namesCode(String key) {
    String lower = key.toLowerCase(Locale.ROOT);
    return lower.endsWith("class")
        || lower.endsWith("classes")
        || lower.endsWith(".impl")
        || lower.endsWith("provider")
        || lower.contains("committer");
  }

  static boolean matchesAny(String key, List<String> patterns) {
    for (String pattern : patterns) {
      String p = pattern.strip();
      if (p.endsWith("*")
          ? key.regionMatches(true, 0, p, 0, p.length() - 1) && key.length() >= p.length() - 1
          : key.equalsIgnoreCase(p)) {
        return true;
      }
    }
    return false;
  }
}
