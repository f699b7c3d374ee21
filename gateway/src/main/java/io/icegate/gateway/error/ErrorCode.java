package io.icegate.gateway.error;

/** Every kind of failure a client can see, with the SQLState it carries and whose fault it is. */
public enum ErrorCode {
  SYNTAX_ERROR(1001, "42601", Kind.USER),
  ANALYSIS_ERROR(1002, "42000", Kind.USER),
  TABLE_NOT_FOUND(1003, "42P01", Kind.USER),
  NAMESPACE_NOT_FOUND(1004, "3F000", Kind.USER),
  CATALOG_NOT_FOUND(1005, "3D000", Kind.USER),
  ALREADY_EXISTS(1006, "42P07", Kind.USER),
  INVALID_ARGUMENT(1007, "22023", Kind.USER),
  INVALID_CONNECTION_PROPERTY(1008, "08004", Kind.USER),
  CONNECTION_CLOSED(1009, "08003", Kind.USER),
  STATEMENT_CLOSED(1010, "HY010", Kind.USER),
  NOT_SUPPORTED(1011, "0A000", Kind.USER),
  CANCELLED(1012, "57014", Kind.USER),
  UNKNOWN_PROCEDURE(1013, "42883", Kind.USER),
  WRONG_OBJECT_TYPE(1014, "42809", Kind.USER),
  MISSING_PARAMETER_VALUE(1015, "07001", Kind.USER),
  DATATYPE_MISMATCH(1016, "42804", Kind.USER),
  INVALID_NAME(1017, "42602", Kind.USER),
  INVALID_ARGUMENT_COMBINATION(1018, "42613", Kind.USER),
  UNDEFINED_OBJECT(1019, "42704", Kind.USER),
  /**
   * A statement in a batch returned rows (JDBC's "dynamic SQL error: wrong number of result sets").
   */
  QUERY_IN_BATCH(1020, "07003", Kind.USER),
  /** The user's role does not allow the statement. */
  INSUFFICIENT_PRIVILEGE(1021, "42501", Kind.USER),
  /** The gateway holds as many connections as it accepts. */
  TOO_MANY_CONNECTIONS(1022, "53300", Kind.USER),
  /** The user runs as many statements at once as the gateway allows one user. */
  TOO_MANY_STATEMENTS(1023, "53400", Kind.USER),
  /** A result has more rows than the gateway sends for one result. */
  RESULT_TOO_LARGE(1024, "54000", Kind.USER),
  /** A statement longer than the gateway accepts. */
  STATEMENT_TOO_LONG(1025, "54000", Kind.USER),
  /** A statement nested too deeply, or too complex, to parse or analyze. */
  STATEMENT_TOO_COMPLEX(1026, "54001", Kind.USER),
  /**
   * The object's state does not allow the statement (a branch that diverged, a WAP id published
   * already).
   */
  WRONG_OBJECT_STATE(1027, "55000", Kind.USER),
  /**
   * The object is still in use by another (a snapshot a tag keeps, a namespace that holds tables).
   */
  STILL_REFERENCED(1028, "2BP01", Kind.USER),
  /** A branch, tag or other object that is not a table already exists. */
  DUPLICATE_OBJECT(1029, "42710", Kind.USER),
  /** A CALL names an argument the procedure does not declare. */
  UNKNOWN_ARGUMENT(1030, "42000", Kind.USER),
  /** A CALL gives the same argument twice. */
  DUPLICATE_ARGUMENT(1031, "42000", Kind.USER),
  /** A CALL leaves out (or passes NULL for) an argument the procedure requires. */
  MISSING_ARGUMENT(1032, "42000", Kind.USER),
  /** A CALL gives more positional arguments than the procedure declares. */
  TOO_MANY_ARGUMENTS(1033, "42000", Kind.USER),
  /** A CALL's table argument names a table of another catalog than the procedure's. */
  TABLE_IN_OTHER_CATALOG(1034, "42000", Kind.USER),
  /**
   * The statement needed more memory than an executor (or the gateway) has: it failed alone, and
   * the next statement runs.
   */
  OUT_OF_MEMORY(1035, "53200", Kind.USER),
  /** The statement waited longer than the gateway lets one wait for a slot to run Spark work. */
  QUEUE_TIMEOUT(1036, "53400", Kind.USER),
  /** A constant the gateway would compute while planning is larger than it computes. */
  VALUE_TOO_LARGE(1037, "54000", Kind.USER),
  /**
   * The connection is read-only ({@code Connection.setReadOnly(true)}, or the {@code readOnly}
   * connection property) and the statement would write or change something.
   */
  READ_ONLY_CONNECTION(1038, "25006", Kind.USER),
  /**
   * The statement raised the error on purpose ({@code raise_error}, {@code assert_true}):
   * PostgreSQL's {@code raise_exception}, and the state Spark 4 gives it.
   */
  USER_RAISED(1039, "P0001", Kind.USER),
  /** A number in the statement (a literal, an option's value) beyond its type's range. */
  NUMERIC_OUT_OF_RANGE(1040, "22003", Kind.USER),
  /** An interval in the statement beyond what an interval holds. */
  INTERVAL_OVERFLOW(1041, "22015", Kind.USER),
  /** A date or time with a field out of range (February 30th), refused under ANSI mode. */
  DATETIME_OUT_OF_RANGE(1042, "22008", Kind.USER),
  COMMIT_CONFLICT(2001, "40001", Kind.EXTERNAL),
  EXECUTION_FAILED(2002, "58000", Kind.EXTERNAL),
  /**
   * A service the statement needs (a catalog's metastore or REST server, storage) refused or did
   * not answer.
   */
  SERVICE_UNREACHABLE(2003, "58030", Kind.EXTERNAL),
  /**
   * A file a table's metadata refers to is gone from storage (deleted or moved outside Iceberg):
   * the table is damaged, as PostgreSQL's data_corrupted says; not 58030, which says the storage
   * failed and a retry may pass.
   */
  TABLE_FILES_MISSING(2004, "XX001", Kind.EXTERNAL),
  INTERNAL_ERROR(3001, "XX000", Kind.INTERNAL);

  /** Whose fault a failure is. */
  public enum Kind {
    USER,
    EXTERNAL,
    INTERNAL
  }

  private final int code;
  private final String sqlState;
  private final Kind kind;

  ErrorCode(int code, String sqlState, Kind kind) {
    this.code = code;
    this.sqlState = sqlState;
    this.kind = kind;
  }

  public int code() {
    return code;
  }

  public String sqlState() {
    return sqlState;
  }

  public Kind kind() {
    return kind;
  }
}
