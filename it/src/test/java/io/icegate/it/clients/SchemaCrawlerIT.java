package io.icegate.it.clients;

import static io.icegate.it.Rows.execute;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.it.RunningGateway;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import schemacrawler.schema.Catalog;
import schemacrawler.schema.Column;
import schemacrawler.schema.ParameterModeType;
import schemacrawler.schema.Routine;
import schemacrawler.schema.RoutineParameter;
import schemacrawler.schema.Schema;
import schemacrawler.schema.Table;
import schemacrawler.schemacrawler.LimitOptionsBuilder;
import schemacrawler.schemacrawler.LoadOptionsBuilder;
import schemacrawler.schemacrawler.SchemaCrawlerOptions;
import schemacrawler.schemacrawler.SchemaCrawlerOptionsBuilder;
import schemacrawler.schemacrawler.SchemaInfoLevelBuilder;
import schemacrawler.tools.utility.SchemaCrawlerUtility;
import us.fatehi.utility.datasource.DatabaseConnectionSource;
import us.fatehi.utility.datasource.DatabaseConnectionSources;
import us.fatehi.utility.datasource.MultiUseUserCredentials;

/**
 * SchemaCrawler, a metadata crawler nobody on this team wrote, crawls a gateway at its maximum info
 * level the way DBeaver's navigator does: two catalogs, nested namespaces, tables, a view and
 * identifier fields, with no error, and finds every table, column and primary key.
 */
class SchemaCrawlerIT {
  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();

  @BeforeAll
  static void buildCatalogs() throws Exception {
    try (Connection c = gateway.connect()) {
      execute(
          c,
          "CREATE NAMESPACE IF NOT EXISTS demo.clients_sc",
          "CREATE NAMESPACE IF NOT EXISTS demo.clients_sc.archive",
          "CREATE NAMESPACE IF NOT EXISTS demo.clients_sc.archive.y2020",
          "CREATE TABLE demo.clients_sc.orders (id bigint NOT NULL, customer string COMMENT 'who"
              + " ordered', amount decimal(10,2), placed timestamp, tags array<string>) USING"
              + " iceberg PARTITIONED BY (days(placed))",
          "ALTER TABLE demo.clients_sc.orders SET IDENTIFIER FIELDS id",
          "CREATE TABLE demo.clients_sc.order_lines (order_id bigint NOT NULL, line int NOT NULL,"
              + " sku string) USING iceberg",
          "ALTER TABLE demo.clients_sc.order_lines SET IDENTIFIER FIELDS order_id, line",
          "CREATE VIEW demo.clients_sc.big_orders AS SELECT id, amount FROM demo.clients_sc.orders"
              + " WHERE amount > 100",
          "CREATE TABLE demo.clients_sc.archive.old_orders (id bigint NOT NULL, closed date) USING"
              + " iceberg",
          "ALTER TABLE demo.clients_sc.archive.old_orders SET IDENTIFIER FIELDS id",
          "CREATE TABLE demo.clients_sc.archive.y2020.totals (day date, total double) USING"
              + " iceberg",
          "CREATE NAMESPACE IF NOT EXISTS spark_catalog.clients_sc",
          "CREATE TABLE spark_catalog.clients_sc.customers (id int NOT NULL, name string) USING"
              + " iceberg",
          "ALTER TABLE spark_catalog.clients_sc.customers SET IDENTIFIER FIELDS id",
          "CREATE TABLE spark_catalog.clients_sc.raw_events (id int, payload string) USING"
              + " parquet");
    }
  }

  @Test
  void crawlsTwoCatalogsWithoutErrorAndFindsEveryTableColumnAndPrimaryKey() throws Exception {
    Crawl crawl = crawl();
    assertThat(crawl.problems()).as("SchemaCrawler's warnings and errors").isEmpty();
    Catalog catalog = crawl.catalog();

    assertThat(catalog.getSchemas())
        .extracting(schema -> schema.getCatalogName() + " / " + schema.getName())
        .containsExactlyInAnyOrder(
            "demo / clients_sc",
            "demo / clients_sc.archive",
            "demo / clients_sc.archive.y2020",
            "demo / system",
            "spark_catalog / clients_sc",
            "spark_catalog / system");
    assertThat(catalog.getTables())
        .extracting(SchemaCrawlerIT::tableAndType)
        .containsExactlyInAnyOrder(
            "demo / clients_sc / orders: TABLE",
            "demo / clients_sc / order_lines: TABLE",
            "demo / clients_sc / big_orders: VIEW",
            "demo / clients_sc.archive / old_orders: TABLE",
            "demo / clients_sc.archive.y2020 / totals: TABLE",
            "spark_catalog / clients_sc / customers: TABLE",
            "spark_catalog / clients_sc / raw_events: TABLE");

    assertThat(columns(catalog, "demo", "clients_sc", "orders"))
        .containsExactly(
            "id bigint BIGINT NOT NULL",
            "customer string VARCHAR",
            "amount decimal(10,2) DECIMAL",
            "placed timestamp TIMESTAMP",
            "tags array<string> ARRAY");
    assertThat(
            table(catalog, "demo", "clients_sc", "orders")
                .lookupColumn("customer")
                .orElseThrow()
                .getRemarks())
        .isEqualTo("who ordered");
    assertThat(columns(catalog, "demo", "clients_sc", "order_lines"))
        .containsExactly(
            "order_id bigint BIGINT NOT NULL", "line int INTEGER NOT NULL", "sku string VARCHAR");
    assertThat(columns(catalog, "demo", "clients_sc", "big_orders"))
        .containsExactly("id bigint BIGINT NOT NULL", "amount decimal(10,2) DECIMAL");
    assertThat(columns(catalog, "demo", "clients_sc.archive", "old_orders"))
        .containsExactly("id bigint BIGINT NOT NULL", "closed date DATE");
    assertThat(columns(catalog, "demo", "clients_sc.archive.y2020", "totals"))
        .containsExactly("day date DATE", "total double DOUBLE");
    assertThat(columns(catalog, "spark_catalog", "clients_sc", "customers"))
        .containsExactly("id int INTEGER NOT NULL", "name string VARCHAR");
    assertThat(columns(catalog, "spark_catalog", "clients_sc", "raw_events"))
        .containsExactly("id int INTEGER", "payload string VARCHAR");

    Map<String, List<String>> keys = new TreeMap<>();
    for (Table table : catalog.getTables()) {
      if (table.hasPrimaryKey()) {
        keys.put(
            table.getSchema().getCatalogName()
                + "."
                + table.getSchema().getName()
                + "."
                + table.getName(),
            table.getPrimaryKey().getConstrainedColumns().stream().map(Column::getName).toList());
      }
    }
    assertThat(keys)
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "demo.clients_sc.orders", List.of("id"),
                "demo.clients_sc.order_lines", List.of("order_id", "line"),
                "demo.clients_sc.archive.old_orders", List.of("id"),
                "spark_catalog.clients_sc.customers", List.of("id")));
  }

  /**
   * Iceberg's procedures and functions, in schema {@code system} of each Iceberg catalog, with
   * their parameters.
   */
  @Test
  void findsEveryProcedureAndFunctionTheDriverLists() throws Exception {
    Crawl crawl = crawl();
    assertThat(crawl.problems()).as("SchemaCrawler's warnings and errors").isEmpty();
    for (String catalogName : List.of("demo", "spark_catalog")) {
      Schema system =
          crawl
              .catalog()
              .lookupSchema(catalogName + ".`system`")
              .orElseThrow(() -> new AssertionError("no schema system in " + catalogName));
      List<String> crawled =
          crawl.catalog().getRoutines(system).stream()
              .map(routine -> routine.getRoutineType() + " " + routine.getName())
              .sorted()
              .toList();
      List<String> listed = new ArrayList<>();
      try (Connection c = gateway.connect()) {
        DatabaseMetaData meta = c.getMetaData();
        listed.addAll(
            names(meta.getProcedures(catalogName, "system", "%"), "procedure ", "PROCEDURE_NAME"));
        listed.addAll(
            names(meta.getFunctions(catalogName, "system", "%"), "function ", "FUNCTION_NAME"));
      }
      assertThat(crawled)
          .as(catalogName)
          .isEqualTo(listed.stream().sorted().toList())
          .contains(
              "procedure expire_snapshots",
              "procedure rollback_to_snapshot",
              "procedure create_changelog_view",
              "function iceberg_version",
              "function bucket");
      Routine expire = crawl.catalog().getRoutines(system, "expire_snapshots").iterator().next();
      List<RoutineParameter<?>> parameters = expire.getParameters();
      // Arguments and result columns are each numbered from 1, as JDBC says; SchemaCrawler sorts by
      // that number.
      assertThat(
              parameters.stream()
                  .filter(p -> p.getParameterMode() == ParameterModeType.in)
                  .map(RoutineParameter::getName))
          .startsWith("table", "older_than", "retain_last");
      assertThat(
              parameters.stream()
                  .filter(p -> p.getParameterMode() == ParameterModeType.result)
                  .map(RoutineParameter::getName))
          .startsWith("deleted_data_files_count");
    }
  }

  private static Crawl crawl() throws Exception {
    SchemaCrawlerOptions options =
        SchemaCrawlerOptionsBuilder.newSchemaCrawlerOptions()
            // Only this test's namespaces and the routines' schema (other tests' tables are in the
            // catalogs too); a
            // schema whose name is dotted or a reserved word is back-ticked in the full name the
            // rule sees.
            .withLimitOptions(
                LimitOptionsBuilder.builder()
                    .includeSchemas(
                        Pattern.compile("(demo|spark_catalog)\\.`?(clients_sc(\\..*)?|system)`?"))
                    .includeAllRoutines()
                    .toOptions())
            .withLoadOptions(
                LoadOptionsBuilder.builder()
                    .withSchemaInfoLevel(SchemaInfoLevelBuilder.maximum())
                    .toOptions());
    try (CapturedLog log = CapturedLog.of("schemacrawler", "us.fatehi")) {
      // The gateway has no authentication yet; a user and password keep SchemaCrawler from warning
      // of none.
      DatabaseConnectionSource source =
          DatabaseConnectionSources.newDatabaseConnectionSource(
              gateway.jdbcUrl(), new MultiUseUserCredentials("crawler", "unused"));
      try {
        Catalog catalog = SchemaCrawlerUtility.getCatalog(source, options);
        List<String> problems = log.atLeast(Level.WARNING);
        return new Crawl(catalog, problems);
      } finally {
        source.close();
      }
    }
  }

  private record Crawl(Catalog catalog, List<String> problems) {}

  private static String tableAndType(Table table) {
    return table.getSchema().getCatalogName()
        + " / "
        + table.getSchema().getName()
        + " / "
        + table.getName()
        + ": "
        + table.getTableType().getTableType().toUpperCase(Locale.ROOT);
  }

  private static Table table(Catalog catalog, String catalogName, String schema, String name) {
    return catalog.getTables().stream()
        .filter(
            t ->
                t.getSchema().getCatalogName().equals(catalogName)
                    && t.getSchema().getName().equals(schema)
                    && t.getName().equals(name))
        .findFirst()
        .orElseThrow(
            () -> new AssertionError("not crawled: " + catalogName + "." + schema + "." + name));
  }

  /** Each column as name, type name, JDBC type and NOT NULL where it is. */
  private static List<String> columns(
      Catalog catalog, String catalogName, String schema, String name) {
    return table(catalog, catalogName, schema, name).getColumns().stream()
        .map(
            column ->
                column.getName()
                    + " "
                    + column.getColumnDataType().getName()
                    + " "
                    + column.getColumnDataType().getJavaSqlType().getName()
                    + (column.isNullable() ? "" : " NOT NULL"))
        .toList();
  }

  private static List<String> names(ResultSet rs, String prefix, String column) throws Exception {
    try (rs) {
      List<String> names = new ArrayList<>();
      while (rs.next()) {
        names.add(prefix + rs.getString(column));
      }
      return names;
    }
  }

  /**
   * The records SchemaCrawler logs through java.util.logging while it is open; loggers held so they
   * stay set.
   */
  private static final class CapturedLog extends Handler implements AutoCloseable {
    private final List<Logger> loggers = new ArrayList<>();
    private final Map<Logger, Level> levels =
        new TreeMap<>((a, b) -> a.getName().compareTo(b.getName()));
    private final List<LogRecord> records = Collections.synchronizedList(new ArrayList<>());

    static CapturedLog of(String... names) {
      CapturedLog log = new CapturedLog();
      log.setLevel(Level.ALL);
      for (String name : names) {
        Logger logger = Logger.getLogger(name);
        log.loggers.add(logger);
        log.levels.put(logger, logger.getLevel());
        logger.setLevel(Level.ALL);
        logger.addHandler(log);
      }
      return log;
    }

    List<String> atLeast(Level level) {
      synchronized (records) {
        return records.stream()
            .filter(r -> r.getLevel().intValue() >= level.intValue())
            .map(CapturedLog::format)
            .collect(Collectors.toList());
      }
    }

    private static String format(LogRecord r) {
      String message = r.getMessage();
      if (r.getParameters() != null) {
        try {
          message = java.text.MessageFormat.format(message, r.getParameters());
        } catch (IllegalArgumentException e) {
          // Not a MessageFormat pattern: keep the text as logged.
        }
      }
      return r.getLevel()
          + " "
          + r.getLoggerName()
          + ": "
          + message
          + (r.getThrown() == null ? "" : " (" + r.getThrown() + ")");
    }

    @Override
    public void publish(LogRecord record) {
      records.add(record);
    }

    @Override
    public void flush() {}

    @Override
    public void close() {
      for (Logger logger : loggers) {
        logger.removeHandler(this);
        logger.setLevel(levels.get(logger));
      }
    }
  }
}
