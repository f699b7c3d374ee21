package io.icegate.gateway.jdbc;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.calcite.avatica.remote.ProtobufMeta;
import org.apache.spark.sql.SparkSession;

/**
 * The DatabaseMetaData half of Avatica's Meta: which columns (see {@link MetadataColumns}) and rows
 * each call answers with. How a request finds its connection and session is the subclass's ({@link
 * IcegateMeta}).
 */
abstract class DatabaseMetaDataRequests implements ProtobufMeta {
  private final CatalogMetadata catalogMetadata = new CatalogMetadata();
  private final TableListings tableListings = new TableListings();
  private final RoutineMetadata routineMetadata = new RoutineMetadata();
  private final MetadataCalls metadataCalls = new MetadataCalls(tableListings, routineMetadata);

  /** The calls Icegate's driver sends as statements, answered from the same listings. */
  MetadataCalls metadataCalls() {
    return metadataCalls;
  }

  /**
   * A metadata result with {@code columns} and the rows {@code rows} reads from the connection's
   * session.
   */
  abstract MetaResultSet metadata(
      ConnectionHandle ch,
      List<ResultColumn> columns,
      Function<SparkSession, List<List<Object>>> rows);

  /**
   * An empty result with the standard columns: what the gateway does not answer yet it answers with
   * no rows.
   */
  private MetaResultSet metadata(ConnectionHandle ch, List<ResultColumn> columns) {
    return metadata(ch, columns, session -> List.of());
  }

  @Override
  public Map<DatabaseProperty, Object> getDatabaseProperties(ConnectionHandle ch) {
    return SqlWords.properties();
  }

  @Override
  public MetaResultSet getTables(
      ConnectionHandle ch,
      String catalog,
      Pat schemaPattern,
      Pat tableNamePattern,
      List<String> typeList) {
    return metadata(
        ch,
        MetadataColumns.TABLES,
        session ->
            tableListings.tables(session, catalog, schemaPattern, tableNamePattern, typeList));
  }

  @Override
  public MetaResultSet getColumns(
      ConnectionHandle ch,
      String catalog,
      Pat schemaPattern,
      Pat tableNamePattern,
      Pat columnNamePattern) {
    return metadata(
        ch,
        MetadataColumns.COLUMNS,
        session ->
            tableListings.columns(
                session, catalog, schemaPattern, tableNamePattern, columnNamePattern));
  }

  @Override
  public MetaResultSet getSchemas(ConnectionHandle ch, String catalog, Pat schemaPattern) {
    return metadata(
        ch,
        MetadataColumns.SCHEMAS,
        session -> catalogMetadata.schemas(session, catalog, schemaPattern));
  }

  @Override
  public MetaResultSet getCatalogs(ConnectionHandle ch) {
    return metadata(ch, MetadataColumns.CATALOGS, catalogMetadata::catalogs);
  }

  @Override
  public MetaResultSet getTableTypes(ConnectionHandle ch) {
    return metadata(ch, MetadataColumns.TABLE_TYPES, session -> TableListings.tableTypes());
  }

  @Override
  public MetaResultSet getPrimaryKeys(
      ConnectionHandle ch, String catalog, String schema, String table) {
    return metadata(
        ch,
        MetadataColumns.PRIMARY_KEYS,
        session -> tableListings.primaryKeys(session, catalog, schema, table));
  }

  @Override
  public MetaResultSet getProcedures(
      ConnectionHandle ch, String catalog, Pat schemaPattern, Pat procedureNamePattern) {
    return metadata(
        ch,
        MetadataColumns.PROCEDURES,
        session ->
            routineMetadata.procedures(session, catalog, schemaPattern, procedureNamePattern));
  }

  @Override
  public MetaResultSet getProcedureColumns(
      ConnectionHandle ch,
      String catalog,
      Pat schemaPattern,
      Pat procedureNamePattern,
      Pat columnNamePattern) {
    return metadata(
        ch,
        MetadataColumns.PROCEDURE_COLUMNS,
        session ->
            routineMetadata.procedureColumns(
                session, catalog, schemaPattern, procedureNamePattern, columnNamePattern));
  }

  @Override
  public MetaResultSet getColumnPrivileges(
      ConnectionHandle ch, String catalog, String schema, String table, Pat columnNamePattern) {
    return metadata(ch, MetadataColumns.COLUMN_PRIVILEGES);
  }

  @Override
  public MetaResultSet getTablePrivileges(
      ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern) {
    return metadata(ch, MetadataColumns.TABLE_PRIVILEGES);
  }

  @Override
  public MetaResultSet getBestRowIdentifier(
      ConnectionHandle ch,
      String catalog,
      String schema,
      String table,
      int scope,
      boolean nullable) {
    return metadata(ch, MetadataColumns.BEST_ROW_IDENTIFIER);
  }

  @Override
  public MetaResultSet getVersionColumns(
      ConnectionHandle ch, String catalog, String schema, String table) {
    return metadata(ch, MetadataColumns.VERSION_COLUMNS);
  }

  @Override
  public MetaResultSet getImportedKeys(
      ConnectionHandle ch, String catalog, String schema, String table) {
    return metadata(ch, MetadataColumns.FOREIGN_KEYS);
  }

  @Override
  public MetaResultSet getExportedKeys(
      ConnectionHandle ch, String catalog, String schema, String table) {
    return metadata(ch, MetadataColumns.FOREIGN_KEYS);
  }

  @Override
  public MetaResultSet getCrossReference(
      ConnectionHandle ch,
      String parentCatalog,
      String parentSchema,
      String parentTable,
      String foreignCatalog,
      String foreignSchema,
      String foreignTable) {
    return metadata(ch, MetadataColumns.FOREIGN_KEYS);
  }

  @Override
  public MetaResultSet getTypeInfo(ConnectionHandle ch) {
    return metadata(ch, MetadataColumns.TYPE_INFO, session -> SparkTypeInfo.rows());
  }

  @Override
  public MetaResultSet getIndexInfo(
      ConnectionHandle ch,
      String catalog,
      String schema,
      String table,
      boolean unique,
      boolean approximate) {
    return metadata(ch, MetadataColumns.INDEX_INFO);
  }

  @Override
  public MetaResultSet getUDTs(
      ConnectionHandle ch, String catalog, Pat schemaPattern, Pat typeNamePattern, int[] types) {
    return metadata(ch, MetadataColumns.UDTS);
  }

  @Override
  public MetaResultSet getSuperTypes(
      ConnectionHandle ch, String catalog, Pat schemaPattern, Pat typeNamePattern) {
    return metadata(ch, MetadataColumns.SUPER_TYPES);
  }

  @Override
  public MetaResultSet getSuperTables(
      ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern) {
    return metadata(ch, MetadataColumns.SUPER_TABLES);
  }

  @Override
  public MetaResultSet getAttributes(
      ConnectionHandle ch,
      String catalog,
      Pat schemaPattern,
      Pat typeNamePattern,
      Pat attributeNamePattern) {
    return metadata(ch, MetadataColumns.ATTRIBUTES);
  }

  @Override
  public MetaResultSet getClientInfoProperties(ConnectionHandle ch) {
    return metadata(ch, MetadataColumns.CLIENT_INFO_PROPERTIES);
  }

  @Override
  public MetaResultSet getFunctions(
      ConnectionHandle ch, String catalog, Pat schemaPattern, Pat functionNamePattern) {
    return metadata(
        ch,
        MetadataColumns.FUNCTIONS,
        session -> routineMetadata.functions(session, catalog, schemaPattern, functionNamePattern));
  }

  @Override
  public MetaResultSet getFunctionColumns(
      ConnectionHandle ch,
      String catalog,
      Pat schemaPattern,
      Pat functionNamePattern,
      Pat columnNamePattern) {
    return metadata(ch, MetadataColumns.FUNCTION_COLUMNS);
  }

  @Override
  public MetaResultSet getPseudoColumns(
      ConnectionHandle ch,
      String catalog,
      Pat schemaPattern,
      Pat tableNamePattern,
      Pat columnNamePattern) {
    return metadata(ch, MetadataColumns.PSEUDO_COLUMNS);
  }
}
