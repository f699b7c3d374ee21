package io.icegate.procedure;

/**
 * Why a CALL was refused before anything ran, with the SQLState the gateway should report for it.
 *
 * <p>States follow the gateway's {@code ErrorCode} where one fits (42P01 unknown table, 3D000 unknown catalog,
 * 42P07 already exists, 22023 invalid value) and SQL's standard classes elsewhere.
 */
public enum Reason {
  /** No procedure of that name; the message suggests the closest one. */
  UNKNOWN_PROCEDURE("42883"),
  /** The CALL names a catalog the session does not have. */
  UNKNOWN_CATALOG("3D000"),
  /** The catalog exists but is not an Iceberg catalog, so it has no procedures. */
  NOT_AN_ICEBERG_CATALOG("42809"),
  /** A named argument the procedure does not declare; the message suggests the closest one. */
  UNKNOWN_ARGUMENT("42000"),
  /** The same argument given twice (names compare case-insensitively, as Spark's). */
  DUPLICATE_ARGUMENT("42000"),
  /** A required argument is missing or NULL. */
  MISSING_ARGUMENT("42000"),
  /** More positional arguments than the procedure declares. */
  TOO_MANY_ARGUMENTS("42000"),
  /** A JDBC {@code ?} without a value. */
  MISSING_PARAMETER_VALUE("07001"),
  /** A value of a type the argument does not accept; the message says which type is expected. */
  WRONG_TYPE("42804"),
  /** A value of the right type that the procedure refuses (a range, a choice, an empty array). */
  INVALID_VALUE("22023"),
  /** A table name Spark cannot read (an empty string, an unquoted path). */
  INVALID_TABLE_NAME("42602"),
  /** Two arguments of which exactly one must be given ({@code snapshot_id} and {@code ref}). */
  MUTUALLY_EXCLUSIVE("42613"),
  /** Flags that cannot be set together ({@code net_changes} with {@code compute_updates}). */
  CONFLICTING_FLAGS("42613"),
  /** A table argument names a table of another catalog than the procedure's. */
  TABLE_IN_OTHER_CATALOG("42000"),
  /** A table argument names no table. */
  UNKNOWN_TABLE("42P01"),
  /** A table argument names a table that is not an Iceberg table. */
  NOT_AN_ICEBERG_TABLE("42809"),
  /** A table the procedure would create already exists. */
  TABLE_ALREADY_EXISTS("42P07"),
  /** A snapshot id that is not one of the table's snapshots. */
  UNKNOWN_SNAPSHOT("42704"),
  /** A branch or tag name that the table does not have (or a tag where a branch is needed). */
  UNKNOWN_REF("42704"),
  /** A documented form that Spark 3.5's Iceberg runtime cannot run; the message says what to use instead. */
  NOT_SUPPORTED_BY_RUNTIME("0A000");

  private final String sqlState;

  Reason(String sqlState) {
    this.sqlState = sqlState;
  }

  /** The SQLState a client should see. */
  public String sqlState() {
    return sqlState;
  }
}
