package io.icegate.procedure;

/**
 * Why a CALL was refused before anything ran. The gateway maps each reason to its own error code
 * and SQLState (its {@code ProcedurePath}), so the bridge names the fault and leaves the wire to
 * the gateway.
 */
public enum Reason {
  /** No procedure of that name; the message suggests the closest one. */
  UNKNOWN_PROCEDURE,
  /** The CALL names a catalog the session does not have. */
  UNKNOWN_CATALOG,
  /** The catalog exists but is not an Iceberg catalog, so it has no procedures. */
  NOT_AN_ICEBERG_CATALOG,
  /** A named argument the procedure does not declare; the message suggests the closest one. */
  UNKNOWN_ARGUMENT,
  /** The same argument given twice (names compare case-insensitively, as Spark's). */
  DUPLICATE_ARGUMENT,
  /** A required argument is missing or NULL. */
  MISSING_ARGUMENT,
  /** More positional arguments than the procedure declares. */
  TOO_MANY_ARGUMENTS,
  /** A JDBC {@code ?} without a value. */
  MISSING_PARAMETER_VALUE,
  /** A value of a type the argument does not accept; the message says which type is expected. */
  WRONG_TYPE,
  /** A value of the right type that the procedure refuses (a range, a choice, an empty array). */
  INVALID_VALUE,
  /** A table name Spark cannot read (an empty string, an unquoted path). */
  INVALID_TABLE_NAME,
  /** Two arguments of which exactly one must be given ({@code snapshot_id} and {@code ref}). */
  MUTUALLY_EXCLUSIVE,
  /** Flags that cannot be set together ({@code net_changes} with {@code compute_updates}). */
  CONFLICTING_FLAGS,
  /** A table argument names a table of another catalog than the procedure's. */
  TABLE_IN_OTHER_CATALOG,
  /** A table argument names no table. */
  UNKNOWN_TABLE,
  /** A table argument names a table that is not an Iceberg table. */
  NOT_AN_ICEBERG_TABLE,
  /** A table the procedure would create already exists. */
  TABLE_ALREADY_EXISTS,
  /** A snapshot id that is not one of the table's snapshots. */
  UNKNOWN_SNAPSHOT,
  /** A branch or tag name that the table does not have (or a tag where a branch is needed). */
  UNKNOWN_REF,
  /**
   * A documented form that Spark 3.5's Iceberg runtime cannot run; the message says what to use
   * instead.
   */
  NOT_SUPPORTED_BY_RUNTIME
}
