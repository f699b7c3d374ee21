package io.icegate.jdbc;

/** The SQLStates the driver itself raises. */
public final class SqlStates {

  /** The client could not establish the connection (bad URL, bad settings, server unreachable). */
  public static final String CANNOT_CONNECT = "08001";

  /** The server refused the connection. */
  public static final String CONNECTION_REJECTED = "08004";

  /** An open connection stopped working (the server went away). */
  public static final String CONNECTION_FAILURE = "08006";

  /** The server reported an error without a SQLState. */
  public static final String GENERAL_ERROR = "HY000";

  /**
   * A value read with a getter of a type it does not convert to ("invalid character value for
   * cast").
   */
  public static final String INVALID_CAST = "22018";

  /** A value cannot be read as the requested Java type. */
  public static final String INCOMPATIBLE_TYPE = "07006";

  /** A value from the server does not have the shape its column type announces. */
  public static final String DATA_EXCEPTION = "22000";

  /**
   * A warning from the gateway. No subclass of the standard's warning class 01 says what the
   * gateway warns about (a clause it ignored, say), so the general one.
   */
  public static final String WARNING = "01000";

  /** A statement used after it was closed. */
  public static final String STATEMENT_CLOSED = "HY010";

  /** The JDBC feature is not implemented. */
  public static final String NOT_SUPPORTED = "0A000";

  /** A cursor moved or read where it cannot be (a forward-only result set, no current row). */
  public static final String INVALID_CURSOR_STATE = "24000";

  /** A column number the result set does not have. */
  public static final String INVALID_DESCRIPTOR_INDEX = "07009";

  /** A column name the result set does not have. */
  public static final String UNDEFINED_COLUMN = "42703";

  /** A refused user name or password (invalid authorization specification). */
  public static final String INVALID_AUTHORIZATION = "28000";

  /** A statement's execution was cancelled ({@code Statement.cancel()} or its query timeout). */
  public static final String QUERY_CANCELED = "57014";

  /** A batch element returned rows: a query where none may be executed. */
  public static final String QUERY_IN_BATCH = "07003";

  /** An argument of a JDBC method is out of its range. */
  public static final String INVALID_PARAMETER_VALUE = "22023";

  private SqlStates() {}
}
