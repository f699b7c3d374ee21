package io.icegate.gateway.metrics;

/** Who answered a statement, as the {@code path} label of the statement meters says it. */
public enum StatementPath {
  /** The native metadata path: Calcite over Iceberg's metadata, no Spark job. */
  NATIVE("native"),
  /** The gateway's system tables on Calcite ({@code icegate.system.*}). */
  SYSTEM("system"),
  /** A procedure CALL that Spark runs. */
  CALL("call"),
  /**
   * The gateway itself: EXPLAIN CALL, its own procedures, rewrite_manifests with sort_by, DDL forms
   * it translates.
   */
  GATEWAY("gateway"),
  /** Spark: every other statement. */
  SPARK("spark"),
  /** Refused before it reached any of them (role, limit, syntax). */
  NONE("none");

  private final String label;

  StatementPath(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }
}
