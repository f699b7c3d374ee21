package io.icegate.it.lifecycle;

import static io.icegate.it.lifecycle.Step.by;
import static io.icegate.it.lifecycle.Step.capture;

import java.util.ArrayList;
import java.util.List;

/**
 * The scenarios of the lifecycle harness: the sequence issue 21 opened with, and for each procedure
 * of the registry each way a table's name comes to hold another table (or the same one, replaced),
 * done by each actor in turn, with the procedure and the metadata reads run by the first connection
 * before and after, so that whatever it kept is put to the test. Catalogs rotate over the gateway's
 * default ({@code demo}), Spark's session catalog and a second Iceberg catalog the connections
 * define.
 */
final class LifecycleScenarios {
  static final List<String> CATALOGS = List.of("demo", "spark_catalog", "second");

  private static final Actor[] PERFORMERS = {
    Actor.SECOND, Actor.OTHER_GATEWAY, Actor.SPARK_APP, Actor.FIRST
  };
  private static final String CREATE =
      "CREATE TABLE {t} (id bigint, data string) USING iceberg TBLPROPERTIES"
          + " ('format-version'='2')";

  /** How a table's name comes to hold another table, or its table to be replaced. */
  enum Lifecycle {
    DROP_AND_CREATE,
    DROP_PURGE_AND_CREATE,
    CREATE_OR_REPLACE,
    REPLACE_AS_SELECT,
    RENAME_AWAY_AND_BACK,
    REGISTER_UNDER_DROPPED_NAME,
    DROP_AND_CREATE_NAMESPACE
  }

  /**
   * A procedure's call on table {@code t}, with what it needs first (numbered {@code k} to stay
   * apart).
   */
  private record Probe(String procedure, ProbeSteps steps) {}

  @FunctionalInterface
  private interface ProbeSteps {
    List<Step> at(int k);
  }

  private LifecycleScenarios() {}

  static List<Scenario> all() {
    List<Scenario> scenarios = new ArrayList<>();
    scenarios.add(issueSequence());
    List<Probe> probes = probes();
    for (int p = 0; p < probes.size(); p++) {
      Probe probe = probes.get(p);
      String catalog = CATALOGS.get(p % CATALOGS.size());
      if (probe.procedure().equals("migrate")) {
        catalog = "spark_catalog";
      }
      scenarios.add(matrix(probe, catalog, p));
    }
    return scenarios;
  }

  /**
   * The statements issue 21 opens with: CALLs after DROP ... PURGE and CREATE, and after CREATE OR
   * REPLACE.
   */
  private static Scenario issueSequence() {
    return new Scenario(
        "the issue's sequence",
        "demo",
        List.of(
            by(Actor.FIRST, "CREATE TABLE {t} (id bigint, data string) USING iceberg"),
            by(Actor.FIRST, "INSERT INTO {t} VALUES (1, 'a')"),
            by(Actor.FIRST, "SELECT count(*) FROM {t}.snapshots"),
            by(Actor.FIRST, "CALL {cat}.system.rewrite_data_files(table => '{ns}.t')"),
            by(Actor.FIRST, "DROP TABLE {t} PURGE"),
            by(Actor.FIRST, "CREATE TABLE {t} (id bigint, data string) USING iceberg"),
            by(Actor.FIRST, "INSERT INTO {t} VALUES (2, 'b')"),
            by(Actor.FIRST, "CALL {cat}.system.rewrite_data_files(table => '{ns}.t')"),
            by(
                Actor.FIRST,
                "CALL {cat}.system.expire_snapshots(table => '{ns}.t', retain_last => 1)"),
            by(Actor.FIRST, "CREATE OR REPLACE TABLE {t} (id bigint, data string) USING iceberg"),
            by(Actor.FIRST, "CALL {cat}.system.rewrite_data_files(table => '{ns}.t')"),
            by(Actor.FIRST, "SELECT count(*) FROM {t}.snapshots"),
            by(Actor.FIRST, "SELECT content, record_count FROM {t}.files"),
            by(Actor.SECOND, "DROP TABLE {t}"),
            by(Actor.FIRST, "SELECT content, record_count FROM {t}.files"),
            by(Actor.FIRST, "SELECT count(*) FROM {t}.snapshots"),
            by(
                Actor.FIRST,
                "CALL {cat}.system.expire_snapshots(table => '{ns}.t', retain_last => 1)")));
  }

  /** One procedure through every lifecycle, each done by the next performer. */
  private static Scenario matrix(Probe probe, String catalog, int index) {
    List<Step> steps = new ArrayList<>();
    steps.add(by(Actor.FIRST, CREATE));
    steps.addAll(fill());
    int k = 0;
    steps.addAll(probe.steps().at(k++));
    steps.addAll(reads());
    Lifecycle[] lifecycles = Lifecycle.values();
    for (int l = 0; l < lifecycles.length; l++) {
      Actor performer = PERFORMERS[(index + l) % PERFORMERS.length];
      steps.addAll(lifecycle(lifecycles[l], performer, catalog));
      steps.addAll(probe.steps().at(k++));
      steps.addAll(reads());
    }
    return new Scenario(probe.procedure() + " on " + catalog, catalog, steps);
  }

  private static List<Step> fill() {
    return List.of(
        by(Actor.FIRST, "INSERT INTO {t} VALUES (1, 'a'), (2, 'b')"),
        by(Actor.FIRST, "INSERT INTO {t} VALUES (3, 'c')"));
  }

  /**
   * What the first connection reads after each block of the matrix: the table's history with its
   * snapshots (the native path's kept table and kept rows), and its data (Spark's).
   */
  private static List<Step> reads() {
    return List.of(
        by(
            Actor.FIRST,
            "SELECT h.snapshot_id, h.parent_id, h.is_current_ancestor, s.operation,"
                + " s.summary['total-records'] FROM {t}.history h JOIN {t}.snapshots s ON"
                + " h.snapshot_id = s.snapshot_id ORDER BY h.made_current_at, h.snapshot_id"),
        by(Actor.FIRST, "SELECT * FROM {t} ORDER BY id"));
  }

  private static List<Step> lifecycle(Lifecycle lifecycle, Actor by, String catalog) {
    List<Step> steps = new ArrayList<>();
    switch (lifecycle) {
      case DROP_AND_CREATE -> {
        steps.add(by(by, "DROP TABLE {t}"));
        steps.add(by(by, CREATE));
      }
      case DROP_PURGE_AND_CREATE -> {
        steps.add(by(by, "DROP TABLE {t} PURGE"));
        steps.add(by(by, CREATE));
      }
      case CREATE_OR_REPLACE ->
          steps.add(
              by(
                  by,
                  "CREATE OR REPLACE TABLE {t} (id bigint, data string) USING iceberg TBLPROPERTIES"
                      + " ('format-version'='2')"));
      case REPLACE_AS_SELECT ->
          steps.add(
              by(
                  by,
                  "REPLACE TABLE {t} USING iceberg TBLPROPERTIES ('format-version'='2')"
                      + " AS SELECT CAST(id + 100 AS bigint) AS id, data FROM {t}"));
      case RENAME_AWAY_AND_BACK -> {
        // a -> b, then c -> a: the name now holds a table that was created under another.
        steps.add(by(by, "ALTER TABLE {t} RENAME TO {ns}.t_away"));
        steps.add(by(by, CREATE.replace("{t}", "{cat}.{ns}.t_new")));
        steps.add(by(by, "INSERT INTO {cat}.{ns}.t_new VALUES (40, 'renamed')"));
        steps.add(by(by, "ALTER TABLE {cat}.{ns}.t_new RENAME TO {ns}.t"));
        steps.add(by(Actor.FIRST, "SELECT count(*) FROM {cat}.{ns}.t_away.snapshots"));
        steps.add(by(by, "DROP TABLE {cat}.{ns}.t_away"));
      }
      case REGISTER_UNDER_DROPPED_NAME -> {
        // The name comes back holding an older state of another table: the one kept aside here.
        steps.add(by(by, CREATE.replace("{t}", "{cat}.{ns}.t_aside")));
        steps.add(by(by, "INSERT INTO {cat}.{ns}.t_aside VALUES (50, 'registered')"));
        steps.add(
            capture(
                by,
                "aside_metadata",
                "SELECT file FROM {cat}.{ns}.t_aside.metadata_log_entries ORDER BY timestamp DESC"
                    + " LIMIT 1"));
        steps.add(by(by, "DROP TABLE {cat}.{ns}.t_aside"));
        steps.add(by(by, "DROP TABLE {t}"));
        steps.add(
            by(
                by,
                "CALL {cat}.system.register_table(table => '{ns}.t', metadata_file =>"
                    + " '${aside_metadata}')"));
      }
      case DROP_AND_CREATE_NAMESPACE -> {
        // Iceberg's catalogs drop only an empty namespace (Spark's CASCADE is refused alike): the
        // table first.
        steps.add(by(by, "DROP TABLE {t}"));
        steps.add(by(by, "DROP NAMESPACE {cat}.{ns}"));
        steps.add(by(by, "CREATE NAMESPACE {cat}.{ns}"));
        steps.add(by(by, CREATE));
      }
      default -> throw new IllegalArgumentException(lifecycle.name());
    }
    if (lifecycle != Lifecycle.REPLACE_AS_SELECT) {
      steps.add(by(by, "INSERT INTO {t} VALUES (1, 'a'), (2, 'b')"));
      steps.add(by(by, "INSERT INTO {t} VALUES (3, 'c')"));
    }
    return steps;
  }

  /** A call of each procedure of the registry on table {@code t} of a scenario. */
  private static List<Probe> probes() {
    String t = "'{ns}.t'";
    return List.of(
        probe(
            "metadata tables",
            k ->
                List.of(
                    by(Actor.FIRST, "SELECT content, file_format, record_count FROM {t}.files"),
                    by(Actor.FIRST, "SELECT name, type, snapshot_id FROM {t}.refs ORDER BY name"),
                    by(Actor.FIRST, "SELECT record_count, file_count FROM {t}.partitions"),
                    by(Actor.FIRST, "SELECT count(*) FROM {t}.manifests"),
                    by(Actor.FIRST, "SELECT count(*) FROM {t}.metadata_log_entries"),
                    by(Actor.FIRST, "SHOW TABLES IN {cat}.{ns}"))),
        probe(
            "ancestors_of",
            k -> List.of(by(Actor.FIRST, "CALL {cat}.system.ancestors_of(" + t + ")"))),
        probe(
            "create_changelog_view",
            k ->
                List.of(
                    by(
                        Actor.FIRST,
                        "CALL {cat}.system.create_changelog_view(table => "
                            + t
                            + ", changelog_view => 'lc_changes')"),
                    by(
                        Actor.FIRST,
                        "SELECT id, data, _change_type, _change_ordinal FROM lc_changes"
                            + " ORDER BY _change_ordinal, id, _change_type"))),
        probe(
            "compute_table_stats",
            k ->
                List.of(
                    by(Actor.FIRST, "CALL {cat}.system.compute_table_stats(table => " + t + ")"),
                    by(Actor.FIRST, "SELECT count(*) FROM {t}.snapshots"))),
        probe(
            "compute_partition_stats",
            k ->
                List.of(
                    by(
                        Actor.FIRST,
                        "CALL {cat}.system.compute_partition_stats(table => " + t + ")"))),
        probe(
            "rewrite_table_path",
            k ->
                List.of(
                    capture(
                        Actor.FIRST,
                        "location",
                        "SELECT regexp_extract(file, '^(.*)/metadata/[^/]*$', 1)"
                            + " FROM {t}.metadata_log_entries ORDER BY timestamp DESC LIMIT 1"),
                    by(
                        Actor.FIRST,
                        "CALL {cat}.system.rewrite_table_path(table => "
                            + t
                            + ", source_prefix => '${location}',"
                            + " target_prefix => '{dir}/copy"
                            + k
                            + "', staging_location => '{dir}/staging"
                            + k
                            + "')"))),
        probe(
            "expire_snapshots",
            k ->
                List.of(
                    by(
                        Actor.FIRST,
                        "CALL {cat}.system.expire_snapshots(table => "
                            + t
                            + ", older_than => TIMESTAMP '9999-12-31 00:00:00', retain_last =>"
                            + " 1)"))),
        probe(
            "remove_orphan_files",
            k ->
                List.of(
                    by(
                        Actor.FIRST,
                        "CALL {cat}.system.remove_orphan_files(table => "
                            + t
                            + ", dry_run => true)"))),
        probe(
            "rewrite_data_files",
            k ->
                List.of(
                    by(
                        Actor.FIRST,
                        "CALL {cat}.system.rewrite_data_files(table => "
                            + t
                            + ", options => map('min-input-files', '2'))"))),
        probe(
            "rewrite_manifests",
            k ->
                List.of(
                    by(Actor.FIRST, "CALL {cat}.system.rewrite_manifests(table => " + t + ")"))),
        probe(
            "rewrite_position_delete_files",
            k ->
                List.of(
                    by(
                        Actor.FIRST,
                        "ALTER TABLE {t} SET TBLPROPERTIES ('write.delete.mode'='merge-on-read')"),
                    by(Actor.FIRST, "DELETE FROM {t} WHERE id = 1"),
                    by(Actor.FIRST, "DELETE FROM {t} WHERE id = 2"),
                    by(
                        Actor.FIRST,
                        "CALL {cat}.system.rewrite_position_delete_files(table => "
                            + t
                            + ", options => map('rewrite-all', 'true'))"))),
        probe(
            "snapshot",
            k ->
                List.of(
                    by(
                        Actor.FIRST,
                        "CREATE TABLE spark_catalog.{ns}x.source"
                            + k
                            + " (id bigint, data string) USING parquet"
                            + " LOCATION '{dir}/source"
                            + k
                            + "'"),
                    by(
                        Actor.FIRST,
                        "INSERT INTO spark_catalog.{ns}x.source" + k + " VALUES (60, 'snapshot')"),
                    by(Actor.FIRST, "DROP TABLE IF EXISTS {cat}.{ns}x.t_snapshot"),
                    by(
                        Actor.FIRST,
                        "CALL {cat}.system.snapshot(source_table => 'spark_catalog.{ns}x.source"
                            + k
                            + "',"
                            + " table => '{cat}.{ns}x.t_snapshot', location => '{dir}/snapshot"
                            + k
                            + "')"),
                    by(
                        Actor.FIRST,
                        "SELECT operation, summary['added-records'] FROM"
                            + " {cat}.{ns}x.t_snapshot.snapshots"))),
        probe(
            "migrate",
            k ->
                List.of(
                    by(Actor.FIRST, "DROP TABLE IF EXISTS spark_catalog.{ns}x.migrated"),
                    by(
                        Actor.FIRST,
                        "CREATE TABLE spark_catalog.{ns}x.migrated (id bigint, data string) USING"
                            + " parquet LOCATION '{dir}/migrated"
                            + k
                            + "'"),
                    by(
                        Actor.FIRST,
                        "INSERT INTO spark_catalog.{ns}x.migrated VALUES (70, 'migrate')"),
                    by(
                        Actor.FIRST,
                        "CALL spark_catalog.system.migrate(table => 'spark_catalog.{ns}x.migrated',"
                            + " drop_backup => true)"),
                    by(
                        Actor.FIRST,
                        "SELECT operation, summary['added-records'] FROM"
                            + " spark_catalog.{ns}x.migrated.snapshots"))),
        probe(
            "add_files",
            k ->
                List.of(
                    by(
                        Actor.FIRST,
                        "INSERT OVERWRITE DIRECTORY '{dir}/files"
                            + k
                            + "' USING parquet"
                            + " SELECT CAST(80 AS bigint) AS id, 'added' AS data"),
                    by(
                        Actor.FIRST,
                        "CALL {cat}.system.add_files(table => "
                            + t
                            + ", source_table => '`parquet`.`{dir}/files"
                            + k
                            + "`')"))),
        probe(
            "register_table",
            k ->
                List.of(
                    capture(
                        Actor.FIRST,
                        "metadata",
                        "SELECT file FROM {t}.metadata_log_entries ORDER BY timestamp DESC LIMIT"
                            + " 1"),
                    by(
                        Actor.FIRST,
                        "CALL {cat}.system.register_table(table => '{ns}x.registered"
                            + k
                            + "',"
                            + " metadata_file => '${metadata}')"),
                    by(
                        Actor.FIRST,
                        "SELECT count(*) FROM {cat}.{ns}x.registered" + k + ".snapshots"))),
        probe(
            "rollback_to_snapshot",
            k ->
                List.of(
                    capture(
                        Actor.FIRST,
                        "first",
                        "SELECT snapshot_id FROM {t}.snapshots ORDER BY committed_at LIMIT 1"),
                    by(
                        Actor.FIRST,
                        "CALL {cat}.system.rollback_to_snapshot(" + t + ", ${first})"))),
        probe(
            "rollback_to_timestamp",
            k ->
                List.of(
                    capture(
                        Actor.FIRST,
                        "second_commit",
                        "SELECT committed_at FROM {t}.snapshots ORDER BY committed_at LIMIT 1"
                            + " OFFSET 1"),
                    by(
                        Actor.FIRST,
                        "CALL {cat}.system.rollback_to_timestamp("
                            + t
                            + ", TIMESTAMP '${second_commit}')"))),
        probe(
            "set_current_snapshot",
            k ->
                List.of(
                    capture(
                        Actor.FIRST,
                        "first",
                        "SELECT snapshot_id FROM {t}.snapshots ORDER BY committed_at LIMIT 1"),
                    by(
                        Actor.FIRST,
                        "CALL {cat}.system.set_current_snapshot(" + t + ", ${first})"))),
        probe(
            "cherrypick_snapshot",
            k -> {
              List<Step> steps = new ArrayList<>(staged(k));
              steps.add(
                  capture(
                      Actor.FIRST,
                      "staged",
                      "SELECT snapshot_id FROM {t}.snapshots WHERE summary['wap.id'] = 'wap"
                          + k
                          + "'"));
              steps.add(
                  by(Actor.FIRST, "CALL {cat}.system.cherrypick_snapshot(" + t + ", ${staged})"));
              return steps;
            }),
        probe(
            "publish_changes",
            k -> {
              List<Step> steps = new ArrayList<>(staged(k));
              steps.add(
                  by(Actor.FIRST, "CALL {cat}.system.publish_changes(" + t + ", 'wap" + k + "')"));
              return steps;
            }),
        probe(
            "fast_forward",
            k ->
                List.of(
                    by(Actor.FIRST, "ALTER TABLE {t} CREATE BRANCH audit" + k),
                    by(Actor.FIRST, "INSERT INTO {t}.branch_audit" + k + " VALUES (90, 'branch')"),
                    by(
                        Actor.FIRST,
                        "CALL {cat}.system.fast_forward(" + t + ", 'main', 'audit" + k + "')"))));
  }

  /** A write staged under WAP id {@code wap<k>}, not made current. */
  private static List<Step> staged(int k) {
    return List.of(
        by(Actor.FIRST, "ALTER TABLE {t} SET TBLPROPERTIES ('write.wap.enabled'='true')"),
        by(Actor.FIRST, "SET spark.wap.id = wap" + k),
        by(Actor.FIRST, "INSERT INTO {t} VALUES (99, 'staged')"),
        by(Actor.FIRST, "RESET spark.wap.id"));
  }

  private static Probe probe(String procedure, ProbeSteps steps) {
    return new Probe(procedure, steps);
  }
}
