package io.icegate.metadata;

import static java.util.Objects.requireNonNull;

/**
 * A metadata table cannot be read as asked: the reason says why, so callers can choose an error
 * code.
 */
public final class MetadataTableException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** Why a read was refused. */
  public enum Reason {
    /** No metadata table has the requested name. */
    UNKNOWN_METADATA_TABLE,
    /** The snapshot id of {@code VERSION AS OF} is not one of the table's snapshots. */
    UNKNOWN_SNAPSHOT,
    /** The name of {@code VERSION AS OF} is neither a branch nor a tag. */
    UNKNOWN_REF,
    /** {@code TIMESTAMP AS OF} is before the table's first snapshot. */
    TOO_EARLY,
    /** The metadata table does not accept time travel at all. */
    TIME_TRAVEL_NOT_SUPPORTED,
    /** The metadata table needs data readers; Spark computes it. */
    COMPUTED_BY_SPARK,
    /**
     * Two ways of time travel on one table: a branch, tag, snapshot or time in its name and an AS
     * OF clause.
     */
    CONFLICTING_TIME_TRAVEL,
    /** A table-valued relation ({@code snapshot_diff}) names a table that does not exist. */
    UNKNOWN_TABLE,
    /** A table-valued relation is called with the wrong number of arguments. */
    WRONG_ARGUMENTS,
    /** An argument of a table-valued relation has the wrong type. */
    WRONG_ARGUMENT_TYPE,
    /**
     * A query uses a relation only Icegate answers ({@code snapshot_diff}) in a way Icegate does
     * not answer (Spark cannot either).
     */
    NOT_SUPPORTED
  }

  private final Reason reason;

  public MetadataTableException(Reason reason, String message) {
    super(requireNonNull(message, "message is null"));
    this.reason = requireNonNull(reason, "reason is null");
  }

  public Reason reason() {
    return reason;
  }
}
