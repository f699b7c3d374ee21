package io.icegate.jdbc;

/** The SQLStates the driver itself raises. */
final class SqlStates {

  /** The client could not establish the connection (bad URL, bad settings, server unreachable). */
  static final String CANNOT_CONNECT = "08001";

  /** The server refused the connection. */
  static final String CONNECTION_REJECTED = "08004";

  /** An open connection stopped working (the server went away). */
  static final String CONNECTION_FAILURE = "08006";

  /** The server reported an error without a SQLState. */
  static final String GENERAL_ERROR = "HY000";

  /** A value read with a getter of a type it does not convert to ("invalid character value for cast"). */
  static final String INVALID_CAST = "22018";

  /** A value cannot be read as the requested Java type. */
  static final String INCOMPATIBLE_TYPE = "07006";

  /** A value from the server does not have the shape its column type announces. */
  static final String DATA_EXCEPTION = "22000";

  /**
   * A warning from the gateway. No subclass of the standard's warning class 01 says what the
   * gateway warns about (a clause it ignored, say), so the general one.
   */
  static final String WARNING = "01000";

  /** A statement used after it was closed. */
  static final String STATEMENT_CLOSED = "HY010";

  /** The JDBC feature is not implemented. */
  static final String NOT_SUPPORTED = "0A000";

  private SqlStates() {
  }
}
