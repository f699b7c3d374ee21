package io.icegate.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaDatabaseMetaData;

/**
 * Database metadata of an Icegate connection: Avatica's, except that every method that calls the
 * gateway reports the gateway's own error (see {@link GatewayErrors}).
 *
 * <p>Overridden are the catalog queries, the properties Avatica asks the gateway for
 * (keywords, function lists, default isolation) and {@code unwrap(Properties.class)}, which reads
 * them all; everything else is answered by the driver. {@code getSchemas()} delegates to
 * {@code getSchemas(String, String)}. Avatica's own {@code getRemoteAvaticaProperties()} and
 * {@code getAvaticaServerVersion()} declare no SQLException, so they let the unchecked
 * {@link GatewayError} out, which carries the same message.
 */
public class IcegateDatabaseMetaData extends AvaticaDatabaseMetaData {

  /** Creates the metadata; called by the driver's factory. */
  IcegateDatabaseMetaData(AvaticaConnection connection) {
    super(connection);
  }

  @Override public String getSQLKeywords() throws SQLException {
    return GatewayErrors.call(super::getSQLKeywords);
  }

  @Override public String getNumericFunctions() throws SQLException {
    return GatewayErrors.call(super::getNumericFunctions);
  }

  @Override public String getStringFunctions() throws SQLException {
    return GatewayErrors.call(super::getStringFunctions);
  }

  @Override public String getSystemFunctions() throws SQLException {
    return GatewayErrors.call(super::getSystemFunctions);
  }

  @Override public String getTimeDateFunctions() throws SQLException {
    return GatewayErrors.call(super::getTimeDateFunctions);
  }

  @Override public int getDefaultTransactionIsolation() throws SQLException {
    return GatewayErrors.call(super::getDefaultTransactionIsolation);
  }

  @Override public <T> T unwrap(Class<T> iface) throws SQLException {
    return GatewayErrors.call(() -> super.unwrap(iface));
  }

  @Override public ResultSet getProcedures(String catalog, String schemaPattern,
      String procedureNamePattern) throws SQLException {
    return GatewayErrors.call(() ->
        super.getProcedures(catalog, schemaPattern, procedureNamePattern));
  }

  @Override public ResultSet getProcedureColumns(String catalog, String schemaPattern,
      String procedureNamePattern, String columnNamePattern) throws SQLException {
    return GatewayErrors.call(() -> super.getProcedureColumns(catalog, schemaPattern,
        procedureNamePattern, columnNamePattern));
  }

  @Override public ResultSet getTables(String catalog, String schemaPattern,
      String tableNamePattern, String[] types) throws SQLException {
    return GatewayErrors.call(() ->
        super.getTables(catalog, schemaPattern, tableNamePattern, types));
  }

  @Override public ResultSet getSchemas(String catalog, String schemaPattern)
      throws SQLException {
    return GatewayErrors.call(() -> super.getSchemas(catalog, schemaPattern));
  }

  @Override public ResultSet getCatalogs() throws SQLException {
    return GatewayErrors.call(super::getCatalogs);
  }

  @Override public ResultSet getTableTypes() throws SQLException {
    return GatewayErrors.call(super::getTableTypes);
  }

  @Override public ResultSet getColumns(String catalog, String schemaPattern,
      String tableNamePattern, String columnNamePattern) throws SQLException {
    return GatewayErrors.call(() ->
        super.getColumns(catalog, schemaPattern, tableNamePattern, columnNamePattern));
  }

  @Override public ResultSet getColumnPrivileges(String catalog, String schema, String table,
      String columnNamePattern) throws SQLException {
    return GatewayErrors.call(() ->
        super.getColumnPrivileges(catalog, schema, table, columnNamePattern));
  }

  @Override public ResultSet getTablePrivileges(String catalog, String schemaPattern,
      String tableNamePattern) throws SQLException {
    return GatewayErrors.call(() ->
        super.getTablePrivileges(catalog, schemaPattern, tableNamePattern));
  }

  @Override public ResultSet getBestRowIdentifier(String catalog, String schema, String table,
      int scope, boolean nullable) throws SQLException {
    return GatewayErrors.call(() ->
        super.getBestRowIdentifier(catalog, schema, table, scope, nullable));
  }

  @Override public ResultSet getVersionColumns(String catalog, String schema, String table)
      throws SQLException {
    return GatewayErrors.call(() -> super.getVersionColumns(catalog, schema, table));
  }

  @Override public ResultSet getPrimaryKeys(String catalog, String schema, String table)
      throws SQLException {
    return GatewayErrors.call(() -> super.getPrimaryKeys(catalog, schema, table));
  }

  @Override public ResultSet getImportedKeys(String catalog, String schema, String table)
      throws SQLException {
    return GatewayErrors.call(() -> super.getImportedKeys(catalog, schema, table));
  }

  @Override public ResultSet getExportedKeys(String catalog, String schema, String table)
      throws SQLException {
    return GatewayErrors.call(() -> super.getExportedKeys(catalog, schema, table));
  }

  @Override public ResultSet getCrossReference(String parentCatalog, String parentSchema,
      String parentTable, String foreignCatalog, String foreignSchema, String foreignTable)
      throws SQLException {
    return GatewayErrors.call(() -> super.getCrossReference(parentCatalog, parentSchema,
        parentTable, foreignCatalog, foreignSchema, foreignTable));
  }

  @Override public ResultSet getTypeInfo() throws SQLException {
    return GatewayErrors.call(super::getTypeInfo);
  }

  @Override public ResultSet getIndexInfo(String catalog, String schema, String table,
      boolean unique, boolean approximate) throws SQLException {
    return GatewayErrors.call(() ->
        super.getIndexInfo(catalog, schema, table, unique, approximate));
  }

  @Override public ResultSet getUDTs(String catalog, String schemaPattern,
      String typeNamePattern, int[] types) throws SQLException {
    return GatewayErrors.call(() ->
        super.getUDTs(catalog, schemaPattern, typeNamePattern, types));
  }

  @Override public ResultSet getSuperTypes(String catalog, String schemaPattern,
      String typeNamePattern) throws SQLException {
    return GatewayErrors.call(() -> super.getSuperTypes(catalog, schemaPattern, typeNamePattern));
  }

  @Override public ResultSet getSuperTables(String catalog, String schemaPattern,
      String tableNamePattern) throws SQLException {
    return GatewayErrors.call(() ->
        super.getSuperTables(catalog, schemaPattern, tableNamePattern));
  }

  @Override public ResultSet getAttributes(String catalog, String schemaPattern,
      String typeNamePattern, String attributeNamePattern) throws SQLException {
    return GatewayErrors.call(() -> super.getAttributes(catalog, schemaPattern, typeNamePattern,
        attributeNamePattern));
  }

  @Override public ResultSet getClientInfoProperties() throws SQLException {
    return GatewayErrors.call(super::getClientInfoProperties);
  }

  @Override public ResultSet getFunctions(String catalog, String schemaPattern,
      String functionNamePattern) throws SQLException {
    return GatewayErrors.call(() ->
        super.getFunctions(catalog, schemaPattern, functionNamePattern));
  }

  @Override public ResultSet getFunctionColumns(String catalog, String schemaPattern,
      String functionNamePattern, String columnNamePattern) throws SQLException {
    return GatewayErrors.call(() -> super.getFunctionColumns(catalog, schemaPattern,
        functionNamePattern, columnNamePattern));
  }

  @Override public ResultSet getPseudoColumns(String catalog, String schemaPattern,
      String tableNamePattern, String columnNamePattern) throws SQLException {
    return GatewayErrors.call(() -> super.getPseudoColumns(catalog, schemaPattern,
        tableNamePattern, columnNamePattern));
  }
}
