package io.icegate.procedure.spec;

/**
 * What an argument's value refers to, so it can be checked against the session and the table before
 * the call runs. Table kinds also say which catalog a name without one resolves in, as the 3.5
 * runtime resolves it.
 */
public enum ArgumentKind {
  /** A plain value. */
  VALUE(null),
  /** An existing Iceberg table of the procedure's catalog (most procedures' {@code table}). */
  ICEBERG_TABLE(TableScope.PROCEDURE_CATALOG),
  /** A table register_table creates in the procedure's catalog: it must not exist. */
  NEW_ICEBERG_TABLE(TableScope.PROCEDURE_CATALOG),
  /**
   * snapshot's new table. The runtime (SparkActions) resolves it in the session's current catalog,
   * not the procedure's: it must not exist.
   */
  NEW_TABLE(TableScope.CURRENT_CATALOG),
  /**
   * snapshot's source and migrate's table: an existing (usually non-Iceberg) table of the current
   * catalog.
   */
  SPARK_TABLE(TableScope.CURRENT_CATALOG),
  /**
   * add_files's source: an existing table of the session catalog ({@code spark_catalog}) unless a
   * catalog is named, or files as {@code `format`.`path`} (parquet, orc, avro), which is not
   * checked.
   */
  FILES_OR_TABLE(TableScope.SESSION_CATALOG),
  /** A snapshot id of the procedure's table. */
  SNAPSHOT_ID(null),
  /** Snapshot ids of the procedure's table. */
  SNAPSHOT_IDS(null),
  /** A snapshot id or a branch or tag name of the procedure's table, resolved to a snapshot id. */
  SNAPSHOT_ID_OR_REF(null),
  /** An existing branch or tag of the procedure's table. */
  REF(null),
  /** An existing branch of the procedure's table ({@code main} always counts). */
  BRANCH(null),
  /**
   * A branch to move: created if missing, but it cannot be a tag (fast_forward's {@code branch}).
   */
  BRANCH_TO_UPDATE(null),
  /** A partition spec id of the procedure's table. */
  SPEC_ID(null),
  /**
   * Partition field names of a partition spec of the procedure's table (rewrite_manifests's
   * sort_by).
   */
  PARTITION_FIELDS(null);

  /** Where a table name without a catalog is looked up. */
  public enum TableScope {
    /** The catalog the procedure is called in. */
    PROCEDURE_CATALOG,
    /** The session's current catalog ({@code USE}). */
    CURRENT_CATALOG,
    /** Spark's session catalog. */
    SESSION_CATALOG
  }

  private final TableScope scope;

  ArgumentKind(TableScope scope) {
    this.scope = scope;
  }

  /** Whether the value is a table name. */
  public boolean isTable() {
    return scope != null;
  }

  /** Where a table name without a catalog resolves; only for table kinds. */
  public TableScope scope() {
    if (scope == null) {
      throw new IllegalStateException(this + " is not a table kind");
    }
    return scope;
  }
}
