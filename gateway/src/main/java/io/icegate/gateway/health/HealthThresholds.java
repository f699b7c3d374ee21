package io.icegate.gateway.health;

import java.util.Map;

/**
 * When {@code icegate.system.table_health} suggests a maintenance call: the gateway's settings
 * ({@code icegate.health.*}), each overridden per table by a table property of the same key.
 *
 * @param maxSnapshots more snapshots than this: expire_snapshots keeping this many
 * @param maxSnapshotAgeHours a snapshot older than this that no ref holds: expire_snapshots
 * @param minSmallFiles at least this many data files below rewrite_data_files' min-file-size-bytes:
 *     rewrite_data_files (Iceberg's min-input-files)
 * @param minDeleteFiles at least this many delete files: rewrite_position_delete_files
 * @param maxManifests more manifests than this: rewrite_manifests (Iceberg merges appends'
 *     manifests at commit.manifest.min-count-to-merge, 100)
 */
public record HealthThresholds(
    int maxSnapshots,
    int maxSnapshotAgeHours,
    int minSmallFiles,
    int minDeleteFiles,
    int maxManifests) {
  public static final String MAX_SNAPSHOTS = "icegate.health.max-snapshots";
  public static final String MAX_SNAPSHOT_AGE_HOURS = "icegate.health.max-snapshot-age-hours";
  public static final String MIN_SMALL_FILES = "icegate.health.min-small-files";
  public static final String MIN_DELETE_FILES = "icegate.health.min-delete-files";
  public static final String MAX_MANIFESTS = "icegate.health.max-manifests";

  public static final HealthThresholds DEFAULTS = new HealthThresholds(100, 120, 5, 5, 100);

  /** The gateway's settings; SystemCatalog is made by Spark, so they are one per process. */
  private static volatile HealthThresholds configured = DEFAULTS;

  /** Sets the gateway's thresholds: the last gateway started in a JVM sets them. */
  public static void configure(HealthThresholds thresholds) {
    configured = thresholds;
  }

  public static HealthThresholds configured() {
    return configured;
  }

  /** These thresholds with a table's own properties ({@code icegate.health.*}) in their place. */
  public HealthThresholds forTable(Map<String, String> properties) {
    return new HealthThresholds(
        property(properties, MAX_SNAPSHOTS, maxSnapshots),
        property(properties, MAX_SNAPSHOT_AGE_HOURS, maxSnapshotAgeHours),
        property(properties, MIN_SMALL_FILES, minSmallFiles),
        property(properties, MIN_DELETE_FILES, minDeleteFiles),
        property(properties, MAX_MANIFESTS, maxManifests));
  }

  private static int property(Map<String, String> properties, String key, int fallback) {
    String value = properties.get(key);
    if (value == null) {
      return fallback;
    }
    try {
      int parsed = Integer.parseInt(value.strip());
      if (parsed < 1) {
        throw new NumberFormatException();
      }
      return parsed;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "Table property " + key + " must be a positive integer, not '" + value + "'");
    }
  }
}
