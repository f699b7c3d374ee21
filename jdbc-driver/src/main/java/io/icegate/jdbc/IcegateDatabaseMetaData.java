package io.icegate.jdbc;

import io.icegate.protocol.MetadataCall;
import io.icegate.protocol.MetadataMethod;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaDatabaseMetaData;

/**
 * Database metadata of an Icegate connection: Avatica's, except that every method that calls the
 * gateway reports the gateway's own error (see {@link GatewayErrors}).
 *
 * <p>Overridden are how Spark SQL names things (back-tick quotes, catalogs and namespaces) and what
 * it supports; the catalog queries, the properties Avatica asks the gateway for (keywords, function
 * lists, default isolation) and {@code unwrap(Properties.class)}, which reads them all; everything
 * else is answered by the driver. Primary keys, procedures and functions, for which Avatica's
 * protocol has no request, are asked with a statement of their own ({@link MetadataCall}). {@code
 * getSchemas()} delegates to {@code getSchemas(String, String)}. Avatica's own {@code
 * getRemoteAvaticaProperties()} and {@code getAvaticaServerVersion()} declare no SQLException, so
 * they let the unchecked {@link GatewayError} out, which carries the same message.
 */
public class IcegateDatabaseMetaData extends AvaticaDatabaseMetaData {

  /** Creates the metadata; called by the driver's factory. */
  IcegateDatabaseMetaData(AvaticaConnection connection) {
    super(connection);
  }

  // ---- what the driver answers itself: how Spark SQL names things and what it supports ----

  /** Spark quotes identifiers with back-ticks. */
  @Override
  public String getIdentifierQuoteString() {
    return "`";
  }

  /** Names in patterns escape {@code %} and {@code _} with a backslash. */
  @Override
  public String getSearchStringEscape() {
    return "\\";
  }

  /** JDBC catalogs are Spark catalogs. */
  @Override
  public String getCatalogTerm() {
    return "catalog";
  }

  /** JDBC schemas are Spark namespaces; nested ones are dotted names. */
  @Override
  public String getSchemaTerm() {
    return "namespace";
  }

  /** JDBC procedures are Iceberg's procedures, run with {@code CALL}. */
  @Override
  public String getProcedureTerm() {
    return "procedure";
  }

  /** Names are written {@code catalog.namespace.table}. */
  @Override
  public String getCatalogSeparator() {
    return ".";
  }

  @Override
  public boolean isCatalogAtStart() {
    return true;
  }

  @Override
  public boolean supportsCatalogsInDataManipulation() {
    return true;
  }

  @Override
  public boolean supportsCatalogsInTableDefinitions() {
    return true;
  }

  @Override
  public boolean supportsCatalogsInProcedureCalls() {
    return true;
  }

  @Override
  public boolean supportsCatalogsInIndexDefinitions() {
    return false;
  }

  @Override
  public boolean supportsCatalogsInPrivilegeDefinitions() {
    return false;
  }

  @Override
  public boolean supportsSchemasInDataManipulation() {
    return true;
  }

  @Override
  public boolean supportsSchemasInTableDefinitions() {
    return true;
  }

  @Override
  public boolean supportsSchemasInProcedureCalls() {
    return true;
  }

  @Override
  public boolean supportsSchemasInIndexDefinitions() {
    return false;
  }

  @Override
  public boolean supportsSchemasInPrivilegeDefinitions() {
    return false;
  }

  /** Iceberg's procedures, through {@code CALL}. */
  @Override
  public boolean supportsStoredProcedures() {
    return true;
  }

  /** Spark sorts nulls first in ascending order and last in descending order. */
  @Override
  public boolean nullsAreSortedLow() {
    return true;
  }

  @Override
  public boolean nullsAreSortedHigh() {
    return false;
  }

  @Override
  public boolean nullsAreSortedAtStart() {
    return false;
  }

  @Override
  public boolean nullsAreSortedAtEnd() {
    return false;
  }

  @Override
  public boolean supportsOuterJoins() {
    return true;
  }

  @Override
  public boolean supportsFullOuterJoins() {
    return true;
  }

  @Override
  public boolean supportsLimitedOuterJoins() {
    return true;
  }

  @Override
  public boolean supportsUnion() {
    return true;
  }

  @Override
  public boolean supportsUnionAll() {
    return true;
  }

  @Override
  public boolean supportsGroupBy() {
    return true;
  }

  @Override
  public boolean supportsBatchUpdates() {
    return true;
  }

  /**
   * Iceberg commits every statement on its own: there are no multi-statement transactions. The
   * connection stays in auto-commit mode ({@code setAutoCommit(false)} is refused), {@code commit}
   * changes nothing and {@code rollback} is refused, since it could not undo anything.
   */
  @Override
  public boolean supportsTransactions() {
    return false;
  }

  @Override
  public boolean supportsSavepoints() {
    return false;
  }

  @Override
  public boolean supportsGetGeneratedKeys() {
    return false;
  }

  @Override
  public boolean supportsMultipleResultSets() {
    return false;
  }

  /** Whether the connection is read-only ({@code Connection.setReadOnly}), as pgjdbc answers. */
  @Override
  public boolean isReadOnly() throws SQLException {
    return getConnection().isReadOnly();
  }

  @Override
  public boolean allTablesAreSelectable() {
    return true;
  }

  @Override
  public boolean allProceduresAreCallable() {
    return true;
  }

  // Result sets are forward-only and read-only, and survive commit (which does nothing). Avatica's
  // own answers to the calls below throw "todo: implement this method", an unchecked exception,
  // which metadata crawlers (SchemaCrawler, DBeaver's driver properties) read as a failure.

  /** Result sets are not updatable: nothing of a result set's own changes to show. */
  @Override
  public boolean ownUpdatesAreVisible(int type) {
    return false;
  }

  @Override
  public boolean ownDeletesAreVisible(int type) {
    return false;
  }

  @Override
  public boolean ownInsertsAreVisible(int type) {
    return false;
  }

  /** A result reads the table version of its statement; later commits do not show in it. */
  @Override
  public boolean othersUpdatesAreVisible(int type) {
    return false;
  }

  @Override
  public boolean othersDeletesAreVisible(int type) {
    return false;
  }

  @Override
  public boolean othersInsertsAreVisible(int type) {
    return false;
  }

  @Override
  public boolean updatesAreDetected(int type) {
    return false;
  }

  @Override
  public boolean deletesAreDetected(int type) {
    return false;
  }

  @Override
  public boolean insertsAreDetected(int type) {
    return false;
  }

  /**
   * Result sets stay open over {@code commit}, which does nothing (see {@link
   * #supportsTransactions()}).
   */
  @Override
  public boolean supportsResultSetHoldability(int holdability) {
    return holdability == ResultSet.HOLD_CURSORS_OVER_COMMIT;
  }

  // ---- what the gateway answers ----

  @Override
  public String getSQLKeywords() throws SQLException {
    return GatewayErrors.call(super::getSQLKeywords);
  }

  @Override
  public String getNumericFunctions() throws SQLException {
    return GatewayErrors.call(super::getNumericFunctions);
  }

  @Override
  public String getStringFunctions() throws SQLException {
    return GatewayErrors.call(super::getStringFunctions);
  }

  @Override
  public String getSystemFunctions() throws SQLException {
    return GatewayErrors.call(super::getSystemFunctions);
  }

  @Override
  public String getTimeDateFunctions() throws SQLException {
    return GatewayErrors.call(super::getTimeDateFunctions);
  }

  @Override
  public int getDefaultTransactionIsolation() throws SQLException {
    return GatewayErrors.call(super::getDefaultTransactionIsolation);
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    return GatewayErrors.call(() -> super.unwrap(iface));
  }

  @Override
  public ResultSet getProcedures(String catalog, String schemaPattern, String procedureNamePattern)
      throws SQLException {
    return gatewayCall(MetadataMethod.GET_PROCEDURES, catalog, schemaPattern, procedureNamePattern);
  }

  @Override
  public ResultSet getProcedureColumns(
      String catalog, String schemaPattern, String procedureNamePattern, String columnNamePattern)
      throws SQLException {
    return gatewayCall(
        MetadataMethod.GET_PROCEDURE_COLUMNS,
        catalog,
        schemaPattern,
        procedureNamePattern,
        columnNamePattern);
  }

  @Override
  public ResultSet getTables(
      String catalog, String schemaPattern, String tableNamePattern, String[] types)
      throws SQLException {
    return GatewayErrors.call(
        () -> super.getTables(catalog, schemaPattern, tableNamePattern, types));
  }

  @Override
  public ResultSet getSchemas(String catalog, String schemaPattern) throws SQLException {
    return GatewayErrors.call(() -> super.getSchemas(catalog, schemaPattern));
  }

  @Override
  public ResultSet getCatalogs() throws SQLException {
    return GatewayErrors.call(super::getCatalogs);
  }

  @Override
  public ResultSet getTableTypes() throws SQLException {
    return GatewayErrors.call(super::getTableTypes);
  }

  @Override
  public ResultSet getColumns(
      String catalog, String schemaPattern, String tableNamePattern, String columnNamePattern)
      throws SQLException {
    return GatewayErrors.call(
        () -> super.getColumns(catalog, schemaPattern, tableNamePattern, columnNamePattern));
  }

  @Override
  public ResultSet getColumnPrivileges(
      String catalog, String schema, String table, String columnNamePattern) throws SQLException {
    return GatewayErrors.call(
        () -> super.getColumnPrivileges(catalog, schema, table, columnNamePattern));
  }

  @Override
  public ResultSet getTablePrivileges(String catalog, String schemaPattern, String tableNamePattern)
      throws SQLException {
    return GatewayErrors.call(
        () -> super.getTablePrivileges(catalog, schemaPattern, tableNamePattern));
  }

  @Override
  public ResultSet getBestRowIdentifier(
      String catalog, String schema, String table, int scope, boolean nullable)
      throws SQLException {
    return GatewayErrors.call(
        () -> super.getBestRowIdentifier(catalog, schema, table, scope, nullable));
  }

  @Override
  public ResultSet getVersionColumns(String catalog, String schema, String table)
      throws SQLException {
    return GatewayErrors.call(() -> super.getVersionColumns(catalog, schema, table));
  }

  @Override
  public ResultSet getPrimaryKeys(String catalog, String schema, String table) throws SQLException {
    return gatewayCall(MetadataMethod.GET_PRIMARY_KEYS, catalog, schema, table);
  }

  @Override
  public ResultSet getImportedKeys(String catalog, String schema, String table)
      throws SQLException {
    return GatewayErrors.call(() -> super.getImportedKeys(catalog, schema, table));
  }

  @Override
  public ResultSet getExportedKeys(String catalog, String schema, String table)
      throws SQLException {
    return GatewayErrors.call(() -> super.getExportedKeys(catalog, schema, table));
  }

  @Override
  public ResultSet getCrossReference(
      String parentCatalog,
      String parentSchema,
      String parentTable,
      String foreignCatalog,
      String foreignSchema,
      String foreignTable)
      throws SQLException {
    return GatewayErrors.call(
        () ->
            super.getCrossReference(
                parentCatalog,
                parentSchema,
                parentTable,
                foreignCatalog,
                foreignSchema,
                foreignTable));
  }

  @Override
  public ResultSet getTypeInfo() throws SQLException {
    return GatewayErrors.call(super::getTypeInfo);
  }

  @Override
  public ResultSet getIndexInfo(
      String catalog, String schema, String table, boolean unique, boolean approximate)
      throws SQLException {
    return GatewayErrors.call(
        () -> super.getIndexInfo(catalog, schema, table, unique, approximate));
  }

  @Override
  public ResultSet getUDTs(
      String catalog, String schemaPattern, String typeNamePattern, int[] types)
      throws SQLException {
    return GatewayErrors.call(() -> super.getUDTs(catalog, schemaPattern, typeNamePattern, types));
  }

  @Override
  public ResultSet getSuperTypes(String catalog, String schemaPattern, String typeNamePattern)
      throws SQLException {
    return GatewayErrors.call(() -> super.getSuperTypes(catalog, schemaPattern, typeNamePattern));
  }

  @Override
  public ResultSet getSuperTables(String catalog, String schemaPattern, String tableNamePattern)
      throws SQLException {
    return GatewayErrors.call(() -> super.getSuperTables(catalog, schemaPattern, tableNamePattern));
  }

  @Override
  public ResultSet getAttributes(
      String catalog, String schemaPattern, String typeNamePattern, String attributeNamePattern)
      throws SQLException {
    return GatewayErrors.call(
        () -> super.getAttributes(catalog, schemaPattern, typeNamePattern, attributeNamePattern));
  }

  @Override
  public ResultSet getClientInfoProperties() throws SQLException {
    return GatewayErrors.call(super::getClientInfoProperties);
  }

  @Override
  public ResultSet getFunctions(String catalog, String schemaPattern, String functionNamePattern)
      throws SQLException {
    return gatewayCall(MetadataMethod.GET_FUNCTIONS, catalog, schemaPattern, functionNamePattern);
  }

  @Override
  public ResultSet getFunctionColumns(
      String catalog, String schemaPattern, String functionNamePattern, String columnNamePattern)
      throws SQLException {
    return GatewayErrors.call(
        () ->
            super.getFunctionColumns(
                catalog, schemaPattern, functionNamePattern, columnNamePattern));
  }

  @Override
  public ResultSet getPseudoColumns(
      String catalog, String schemaPattern, String tableNamePattern, String columnNamePattern)
      throws SQLException {
    return GatewayErrors.call(
        () -> super.getPseudoColumns(catalog, schemaPattern, tableNamePattern, columnNamePattern));
  }

  /**
   * Asks the gateway through a statement (see {@link MetadataCall}): Avatica's client answers these
   * calls itself, with no rows, and its protocol has no request for them. The statement closes with
   * its result set.
   */
  private ResultSet gatewayCall(MetadataMethod method, String... arguments) throws SQLException {
    return gatewayCall(getConnection(), MetadataCall.of(method, arguments));
  }

  /**
   * Sends {@code call} on {@code connection}, as {@link #gatewayCall(MetadataMethod, String...)}.
   */
  static ResultSet gatewayCall(Connection connection, MetadataCall call) throws SQLException {
    Statement statement = connection.createStatement();
    try {
      ResultSet result = statement.executeQuery(call.encode());
      statement.closeOnCompletion();
      return result;
    } catch (SQLException | RuntimeException e) {
      statement.close();
      throw e;
    }
  }
}
