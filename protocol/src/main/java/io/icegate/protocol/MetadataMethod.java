package io.icegate.protocol;

import java.util.Optional;

/**
 * The calls the Icegate driver makes to the gateway that Avatica's protocol has no request for,
 * sent as a statement of their own ({@link MetadataCall}): DatabaseMetaData's primary keys,
 * procedures and functions, and the driver's {@code Statement.cancel()} and statement progress.
 */
public enum MetadataMethod {
  /** {@code DatabaseMetaData.getPrimaryKeys}: catalog, schema, table. */
  GET_PRIMARY_KEYS("getPrimaryKeys", 3),
  /** {@code DatabaseMetaData.getProcedures}: catalog, schema pattern, procedure name pattern. */
  GET_PROCEDURES("getProcedures", 3),
  /**
   * {@code DatabaseMetaData.getProcedureColumns}: catalog, schema, procedure and column name
   * patterns.
   */
  GET_PROCEDURE_COLUMNS("getProcedureColumns", 4),
  /** {@code DatabaseMetaData.getFunctions}: catalog, schema pattern, function name pattern. */
  GET_FUNCTIONS("getFunctions", 3),
  /** {@code Statement.cancel()}: the id of the statement to cancel; answered with no rows. */
  CANCEL_STATEMENT("cancelStatement", 1),
  /** The calling connection's statements that have not ended, as {@link StatementProgress} rows. */
  STATEMENT_PROGRESS("statementProgress", 0);

  private final String wireName;
  private final int arity;

  MetadataMethod(String wireName, int arity) {
    this.wireName = wireName;
    this.arity = arity;
  }

  /** The name the call travels under (the JDBC method's name, for the DatabaseMetaData calls). */
  public String wireName() {
    return wireName;
  }

  /** How many arguments the call takes. */
  public int arity() {
    return arity;
  }

  /**
   * The method a call names with {@code arguments} arguments, or empty if there is none of that
   * name and arity.
   */
  public static Optional<MetadataMethod> of(String wireName, int arguments) {
    for (MetadataMethod method : values()) {
      if (method.wireName.equals(wireName) && method.arity == arguments) {
        return Optional.of(method);
      }
    }
    return Optional.empty();
  }
}
