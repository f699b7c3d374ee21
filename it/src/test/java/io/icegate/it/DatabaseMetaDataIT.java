package io.icegate.it;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.row;
import static io.icegate.it.SparkJobs.sparkJobsDuring;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.gateway.engine.Sessions;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.Schema;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.spark.source.HasIcebergCatalog;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * DatabaseMetaData through the real driver, answered from the catalogs: tables, views and metadata
 * tables by pattern and type, columns as result sets describe them, identifier fields as primary
 * keys, Iceberg's procedures and functions, all without a Spark job.
 */
class DatabaseMetaDataIT {
  private static final String METADATA_TABLE = "ICEBERG METADATA TABLE";
  private static final int MANY = 300;

  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();
  private static Connection connection;

  @BeforeAll
  static void buildTables() throws Exception {
    connection = gateway.connect();
    execute(
        connection,
        "CREATE NAMESPACE IF NOT EXISTS demo.dbmeta",
        "CREATE NAMESPACE IF NOT EXISTS demo.dbmeta.inner",
        "CREATE TABLE demo.dbmeta.orders (id bigint NOT NULL COMMENT 'order id', customer string"
            + " COMMENT 'who ordered', amount decimal(10,2), placed timestamp, tags array<string>,"
            + " address struct<city:string,zip:int>, attributes map<string,bigint>) USING iceberg"
            + " PARTITIONED BY (days(placed))",
        "ALTER TABLE demo.dbmeta.orders SET IDENTIFIER FIELDS id",
        "CREATE TABLE demo.dbmeta.order_items (order_id bigint, sku string) USING iceberg",
        "CREATE TABLE demo.dbmeta.orderxitems (x int) USING iceberg",
        "CREATE VIEW demo.dbmeta.big_orders AS SELECT id, amount FROM demo.dbmeta.orders WHERE"
            + " amount > 100",
        "CREATE TABLE demo.dbmeta.inner.deep (x int) USING iceberg");
  }

  @AfterAll
  static void stop() throws SQLException {
    connection.close();
  }

  private static DatabaseMetaData meta() throws SQLException {
    return connection.getMetaData();
  }

  @Test
  void keywordsAndFunctionListsAreSparks() throws Exception {
    try (Connection plain = gateway.connectWithAvaticasDriver()) {
      for (DatabaseMetaData m : List.of(meta(), plain.getMetaData())) {
        List<String> keywords = List.of(m.getSQLKeywords().split(","));
        assertThat(keywords).contains("TBLPROPERTIES", "LIMIT", "PIVOT").doesNotContain("SELECT");
        assertThat(m.getNumericFunctions().split(",")).contains("ABS", "LOG10", "ROUND");
        assertThat(m.getStringFunctions().split(",")).contains("CONCAT", "LTRIM");
        assertThat(m.getTimeDateFunctions().split(",")).contains("CURRENT_DATE", "QUARTER");
        assertThat(m.getSystemFunctions().split(",")).contains("IFNULL");
      }
    }
    // Every function listed runs in Spark under that name.
    try (Statement s = connection.createStatement()) {
      for (String f : meta().getNumericFunctions().split(",")) {
        String call =
            switch (f) {
              case "PI", "RAND" -> f + "()";
              case "ATAN2", "MOD", "POWER", "ROUND" -> f + "(4, 2)";
              default -> f + "(0.5)";
            };
        try (ResultSet rs = s.executeQuery("SELECT " + call)) {
          assertThat(rs.next()).as(call).isTrue();
        }
      }
    }
  }

  @Test
  void tableTypesIncludeMetadataTables() throws Exception {
    assertThat(read(meta().getTableTypes(), "TABLE_TYPE"))
        .containsExactly(
            row("ICEBERG METADATA TABLE"), row("SYSTEM TABLE"), row("TABLE"), row("VIEW"));
  }

  @Test
  void theGatewaysOwnTablesAreSystemTablesWithTheirColumns() throws Exception {
    assertThat(read(meta().getSchemas("icegate", null), "TABLE_SCHEM", "TABLE_CATALOG"))
        .containsExactly(row("system", "icegate"));
    assertThat(read(meta().getTables("icegate", "system", "%", null), "TABLE_NAME", "TABLE_TYPE"))
        .containsExactly(
            row("access_privileges", "SYSTEM TABLE"),
            row("access_rules", "SYSTEM TABLE"),
            row("connections", "SYSTEM TABLE"),
            row("queries", "SYSTEM TABLE"),
            row("table_health", "SYSTEM TABLE"));
    assertThat(
            read(
                meta().getColumns("icegate", "system", "queries", "%"), "COLUMN_NAME", "TYPE_NAME"))
        .startsWith(
            row("query_id", "string"),
            row("user_name", "string"),
            row("connection_id", "string"),
            row("statement_id", "int"))
        .contains(row("started", "timestamp"), row("progress", "double"));
    // Not where a navigator lists tables of other types only.
    assertThat(
            read(meta().getTables("icegate", "system", "%", new String[] {"TABLE"}), "TABLE_NAME"))
        .isEmpty();
  }

  @Test
  void tablesAndViewsOfANamespaceWithoutMetadataTables() throws Exception {
    assertThat(
            read(
                meta().getTables("demo", "dbmeta", "%", null),
                "TABLE_CAT",
                "TABLE_SCHEM",
                "TABLE_NAME",
                "TABLE_TYPE"))
        .containsExactly(
            row("demo", "dbmeta", "order_items", "TABLE"),
            row("demo", "dbmeta", "orders", "TABLE"),
            row("demo", "dbmeta", "orderxitems", "TABLE"),
            row("demo", "dbmeta", "big_orders", "VIEW"));
  }

  @Test
  void tableNamePatternsHonourTheEscape() throws Exception {
    assertThat(read(meta().getTables("demo", "dbmeta", "order_items", null), "TABLE_NAME"))
        .containsExactly(row("order_items"), row("orderxitems"));
    assertThat(read(meta().getTables("demo", "dbmeta", "order\\_items", null), "TABLE_NAME"))
        .containsExactly(row("order_items"));
    assertThat(read(meta().getTables(null, "db%", "ord%s", new String[] {"TABLE"}), "TABLE_NAME"))
        .containsExactly(row("order_items"), row("orders"), row("orderxitems"));
  }

  @Test
  void tablesByType() throws Exception {
    assertThat(read(meta().getTables("demo", "dbmeta", "%", new String[] {"VIEW"}), "TABLE_NAME"))
        .containsExactly(row("big_orders"));
    List<List<Object>> metadataTables =
        read(
            meta().getTables("demo", "dbmeta", "orders.%", new String[] {METADATA_TABLE}),
            "TABLE_NAME",
            "TABLE_TYPE");
    assertThat(metadataTables)
        .hasSize(17)
        .contains(
            row("orders.snapshots", METADATA_TABLE), row("orders.partitions", METADATA_TABLE));
    assertThat(
            read(
                meta().getTables("demo", "dbmeta", "orders%", new String[] {"TABLE"}),
                "TABLE_NAME"))
        .containsExactly(row("orders"));
  }

  @Test
  void nestedNamespacesAreDottedSchemas() throws Exception {
    assertThat(read(meta().getSchemas("demo", "dbmeta%"), "TABLE_SCHEM", "TABLE_CATALOG"))
        .containsExactly(row("dbmeta", "demo"), row("dbmeta.inner", "demo"));
    assertThat(
            read(
                meta().getTables(null, "dbmeta.inner", "%", null),
                "TABLE_CAT",
                "TABLE_SCHEM",
                "TABLE_NAME"))
        .containsExactly(row("demo", "dbmeta.inner", "deep"));
  }

  /**
   * Spark's session catalog holds Iceberg tables and, in Spark's built-in catalog, plain tables and
   * views.
   */
  @Test
  void sessionCatalogListsIcebergAndBuiltInTables() throws Exception {
    execute(
        connection,
        "CREATE TABLE spark_catalog.default.dbmeta_ice (a int) USING iceberg",
        "CREATE TABLE spark_catalog.default.dbmeta_plain (b string COMMENT 'plain') USING parquet",
        "CREATE VIEW spark_catalog.default.dbmeta_view AS SELECT 1 AS one");
    assertThat(
            read(
                meta().getTables("spark_catalog", "default", "dbmeta%", null),
                "TABLE_NAME",
                "TABLE_TYPE"))
        .containsExactly(
            row("dbmeta_ice", "TABLE"), row("dbmeta_plain", "TABLE"), row("dbmeta_view", "VIEW"));
    assertThat(
            read(
                meta().getColumns("spark_catalog", "default", "dbmeta%", null),
                "TABLE_NAME",
                "COLUMN_NAME",
                "TYPE_NAME",
                "REMARKS"))
        .containsExactly(
            row("dbmeta_ice", "a", "int", null),
            row("dbmeta_plain", "b", "string", "plain"),
            row("dbmeta_view", "one", "int", null));
    assertThat(
            read(
                meta()
                    .getTables(
                        "spark_catalog",
                        "default",
                        "dbmeta%.snapshots",
                        new String[] {METADATA_TABLE}),
                "TABLE_NAME"))
        .containsExactly(row("dbmeta_ice.snapshots"));
  }

  @Test
  void columnsOfATable() throws Exception {
    assertThat(
            read(
                meta().getColumns("demo", "dbmeta", "orders", null),
                "COLUMN_NAME",
                "DATA_TYPE",
                "TYPE_NAME",
                "COLUMN_SIZE",
                "DECIMAL_DIGITS",
                "NULLABLE",
                "REMARKS",
                "ORDINAL_POSITION",
                "IS_NULLABLE"))
        .containsExactly(
            row(
                "id",
                Types.BIGINT,
                "bigint",
                19,
                0,
                DatabaseMetaData.columnNoNulls,
                "order id",
                1,
                "NO"),
            row(
                "customer",
                Types.VARCHAR,
                "string",
                Integer.MAX_VALUE,
                null,
                DatabaseMetaData.columnNullable,
                "who ordered",
                2,
                "YES"),
            row(
                "amount",
                Types.DECIMAL,
                "decimal(10,2)",
                10,
                2,
                DatabaseMetaData.columnNullable,
                null,
                3,
                "YES"),
            row(
                "placed",
                Types.TIMESTAMP,
                "timestamp",
                23,
                3,
                DatabaseMetaData.columnNullable,
                null,
                4,
                "YES"),
            row(
                "tags",
                Types.ARRAY,
                "array<string>",
                null,
                null,
                DatabaseMetaData.columnNullable,
                null,
                5,
                "YES"),
            row(
                "address",
                Types.STRUCT,
                "struct<city:string,zip:int>",
                null,
                null,
                DatabaseMetaData.columnNullable,
                null,
                6,
                "YES"),
            row(
                "attributes",
                Types.JAVA_OBJECT,
                "map<string,bigint>",
                null,
                null,
                DatabaseMetaData.columnNullable,
                null,
                7,
                "YES"));
    assertThat(read(meta().getColumns("demo", "dbmeta", "orders", "am%"), "COLUMN_NAME"))
        .containsExactly(row("amount"));
  }

  @Test
  void columnsAgreeWithResultSetMetaData() throws Exception {
    for (String table : List.of("orders", "big_orders", "orders.snapshots")) {
      List<List<Object>> columns =
          read(
              meta().getColumns("demo", "dbmeta", table, "%"),
              "COLUMN_NAME",
              "DATA_TYPE",
              "TYPE_NAME",
              "NULLABLE");
      List<List<Object>> described = new ArrayList<>();
      try (Statement statement = connection.createStatement();
          ResultSet rs =
              statement.executeQuery("SELECT * FROM demo.dbmeta." + table + " LIMIT 0")) {
        ResultSetMetaData md = rs.getMetaData();
        for (int i = 1; i <= md.getColumnCount(); i++) {
          described.add(
              row(
                  md.getColumnName(i),
                  md.getColumnType(i),
                  md.getColumnTypeName(i),
                  md.isNullable(i)));
        }
      }
      assertThat(columns).as(table).isNotEmpty().isEqualTo(described);
    }
  }

  @Test
  void columnsOfAView() throws Exception {
    assertThat(
            read(
                meta().getColumns("demo", "dbmeta", "big_orders", null),
                "TABLE_NAME",
                "COLUMN_NAME",
                "TYPE_NAME",
                "ORDINAL_POSITION"))
        .containsExactly(
            row("big_orders", "id", "bigint", 1), row("big_orders", "amount", "decimal(10,2)", 2));
  }

  @Test
  void identifierFieldsArePrimaryKeys() throws Exception {
    assertThat(
            read(
                meta().getPrimaryKeys("demo", "dbmeta", "orders"),
                "TABLE_CAT",
                "TABLE_SCHEM",
                "TABLE_NAME",
                "COLUMN_NAME",
                "KEY_SEQ"))
        .containsExactly(row("demo", "dbmeta", "orders", "id", (short) 1));
    assertThat(read(meta().getPrimaryKeys("demo", "dbmeta", "order_items"), "COLUMN_NAME"))
        .isEmpty();
  }

  @Test
  void proceduresWithArgumentsAndOutputs() throws Exception {
    assertThat(
            read(
                meta().getProcedures("demo", "system", "expire\\_snapshots"),
                "PROCEDURE_CAT",
                "PROCEDURE_SCHEM",
                "PROCEDURE_NAME",
                "PROCEDURE_TYPE"))
        .containsExactly(
            row(
                "demo",
                "system",
                "expire_snapshots",
                (short) DatabaseMetaData.procedureReturnsResult));
    assertThat(read(meta().getProcedures(null, "system", "%"), "PROCEDURE_CAT", "PROCEDURE_NAME"))
        .contains(row("demo", "rewrite_data_files"), row("spark_catalog", "expire_snapshots"));
    List<List<Object>> columns =
        read(
            meta().getProcedureColumns("demo", "system", "expire_snapshots", null),
            "COLUMN_NAME",
            "COLUMN_TYPE",
            "DATA_TYPE",
            "TYPE_NAME",
            "NULLABLE",
            "ORDINAL_POSITION");
    assertThat(columns)
        .startsWith(
            row(
                "table",
                (short) DatabaseMetaData.procedureColumnIn,
                Types.VARCHAR,
                "string",
                (short) DatabaseMetaData.procedureNoNulls,
                1),
            row(
                "older_than",
                (short) DatabaseMetaData.procedureColumnIn,
                Types.TIMESTAMP,
                "timestamp",
                (short) DatabaseMetaData.procedureNullable,
                2),
            row(
                "retain_last",
                (short) DatabaseMetaData.procedureColumnIn,
                Types.INTEGER,
                "int",
                (short) DatabaseMetaData.procedureNullable,
                3));
    assertThat(columns)
        .contains(
            row(
                "snapshot_ids",
                (short) DatabaseMetaData.procedureColumnIn,
                Types.ARRAY,
                "array<bigint>",
                (short) DatabaseMetaData.procedureNullable,
                6),
            row(
                "deleted_data_files_count",
                (short) DatabaseMetaData.procedureColumnResult,
                Types.BIGINT,
                "bigint",
                (short) DatabaseMetaData.procedureNullable,
                1));
  }

  @Test
  void icebergFunctions() throws Exception {
    assertThat(
            read(
                meta().getFunctions("demo", "system", "%"),
                "FUNCTION_CAT",
                "FUNCTION_SCHEM",
                "FUNCTION_NAME"))
        .containsExactly(
            row("demo", "system", "bucket"),
            row("demo", "system", "days"),
            row("demo", "system", "hours"),
            row("demo", "system", "iceberg_version"),
            row("demo", "system", "months"),
            row("demo", "system", "truncate"),
            row("demo", "system", "years"));
  }

  @Test
  void typeInfoListsSparkTypes() throws Exception {
    List<List<Object>> types = read(meta().getTypeInfo(), "TYPE_NAME", "DATA_TYPE");
    assertThat(types)
        .contains(
            row("bigint", Types.BIGINT),
            row("decimal", Types.DECIMAL),
            row("string", Types.VARCHAR),
            row("timestamp_ntz", Types.TIMESTAMP),
            row("map", Types.JAVA_OBJECT));
    List<Integer> order = types.stream().map(type -> (Integer) type.get(1)).toList();
    assertThat(order).isSorted();
  }

  @Test
  void driverDescribesSparkSql() throws Exception {
    DatabaseMetaData meta = meta();
    assertThat(meta.getDatabaseProductName()).isEqualTo("Icegate");
    assertThat(meta.getDriverName()).isEqualTo("Icegate JDBC Driver");
    assertThat(meta.getIdentifierQuoteString()).isEqualTo("`");
    assertThat(meta.supportsSchemasInTableDefinitions()).isTrue();
    assertThat(meta.supportsCatalogsInTableDefinitions()).isTrue();
    assertThat(meta.supportsTransactions()).isFalse();
  }

  /**
   * Hundreds of tables are listed from the catalog alone; only the table whose columns are asked
   * for loads.
   */
  @Test
  void hundredsOfTables() throws Exception {
    SparkSession root = TestGateway.engine().rootSession();
    Catalog iceberg =
        ((HasIcebergCatalog)
                Sessions.withActive(root, () -> Sessions.catalogManager(root).catalog("demo")))
            .icebergCatalog();
    ((SupportsNamespaces) iceberg).createNamespace(Namespace.of("dbmeta_many"));
    Schema schema =
        new Schema(
            org.apache.iceberg.types.Types.NestedField.required(
                1, "id", org.apache.iceberg.types.Types.LongType.get()),
            org.apache.iceberg.types.Types.NestedField.optional(
                2, "name", org.apache.iceberg.types.Types.StringType.get()));
    for (int i = 0; i < MANY; i++) {
      iceberg.createTable(TableIdentifier.of("dbmeta_many", String.format("t%03d", i)), schema);
    }
    long start = System.nanoTime();
    List<List<Object>> tables =
        read(meta().getTables("demo", "dbmeta_many", "%", null), "TABLE_NAME");
    long listed = System.nanoTime();
    List<List<Object>> columns =
        read(meta().getColumns("demo", "dbmeta_many", "t123", null), "COLUMN_NAME");
    long described = System.nanoTime();
    System.out.printf(
        "getTables of %d tables: %d ms; getColumns of one: %d ms%n",
        MANY, (listed - start) / 1_000_000, (described - listed) / 1_000_000);
    assertThat(tables).hasSize(MANY).startsWith(row("t000"), row("t001"));
    assertThat(columns).containsExactly(row("id"), row("name"));
  }

  @Test
  void noSparkJobAnswersMetadata() throws Exception {
    int jobs =
        sparkJobsDuring(
            () -> {
              DatabaseMetaData meta = meta();
              read(meta.getCatalogs(), "TABLE_CAT");
              read(meta.getSchemas(), "TABLE_SCHEM");
              read(meta.getTables(null, null, "%", null), "TABLE_NAME");
              read(meta.getTables(null, null, "%", new String[] {METADATA_TABLE}), "TABLE_NAME");
              read(meta.getColumns(null, "dbmeta", "%", "%"), "COLUMN_NAME");
              read(meta.getColumns("demo", "dbmeta", "orders.snapshots", "%"), "COLUMN_NAME");
              read(meta.getPrimaryKeys("demo", "dbmeta", "orders"), "COLUMN_NAME");
              read(meta.getProcedureColumns(null, null, "%", "%"), "COLUMN_NAME");
              read(meta.getFunctions(null, null, "%"), "FUNCTION_NAME");
              read(meta.getTypeInfo(), "TYPE_NAME");
            });
    assertThat(jobs).isZero();
  }

  /** The named columns of every row, closing the result. */
  private static List<List<Object>> read(ResultSet rs, String... columns) throws SQLException {
    try (rs) {
      List<List<Object>> rows = new ArrayList<>();
      while (rs.next()) {
        List<Object> row = new ArrayList<>();
        for (String column : columns) {
          row.add(rs.getObject(column));
        }
        rows.add(row);
      }
      return rows;
    }
  }
}
