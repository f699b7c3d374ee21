package io.icegate.calcite.parser;

/**
 * What a time-travel clause names: a table version (snapshot id, branch or tag) or a point in time.
 */
public enum TimeTravelKind {
  /**
   * {@code VERSION AS OF} / {@code FOR SYSTEM_VERSION AS OF}: a snapshot id, or a branch or tag
   * name.
   */
  VERSION,
  /** {@code TIMESTAMP AS OF} / {@code FOR SYSTEM_TIME AS OF}: a timestamp, or unix seconds. */
  TIMESTAMP;

  /** The clause as Spark writes it, without FOR. */
  public String keywords() {
    return this == VERSION ? "VERSION AS OF" : "TIMESTAMP AS OF";
  }
}
