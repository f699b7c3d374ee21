package io.icegate.metadata;

/**
 * What a metadata table does with {@code VERSION AS OF} / {@code TIMESTAMP AS OF}, as Spark 3.5
 * with Iceberg does.
 */
public enum TimeTravelSupport {
  /** The table shows the metadata of the chosen snapshot. */
  HONOURED,
  /** The table shows current metadata whatever the clause says; the caller should warn. */
  IGNORED,
  /** The clause is an error. */
  REFUSED
}
