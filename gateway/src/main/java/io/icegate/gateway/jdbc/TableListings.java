package io.icegate.gateway.jdbc;

import io.icegate.access.TableGrant;
import io.icegate.access.TableRef;
import io.icegate.gateway.access.HiddenColumns;
import io.icegate.gateway.result.ColumnTypes;
import io.icegate.metadata.MetadataTableKind;
import io.icegate.metadata.MetadataTables;
import java.sql.DatabaseMetaData;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.catalog.ViewCatalog;
import org.apache.iceberg.exceptions.NoSuchNamespaceException;
import org.apache.iceberg.exceptions.NoSuchViewException;
import org.apache.iceberg.spark.SparkSchemaUtil;
import org.apache.iceberg.types.Types.NestedField;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * getTables, getColumns and getPrimaryKeys from the catalogs. Tables are listed without loading
 * them; a table is loaded only for its columns or identifier fields.
 *
 * <p>Iceberg's metadata tables are listed under their own type, {@value #METADATA_TABLE}, and only
 * when that type is asked for, so that navigators listing "all tables" are not flooded with 17 per
 * table. Each is named as Spark names it after the table, {@code <table>.<metadata table>} (for
 * example {@code orders.snapshots}), in the table's own schema: {@code SELECT * FROM
 * ns.orders.snapshots} reads it.
 */
final class TableListings {
  static final String TABLE = "TABLE";
  static final String VIEW = "VIEW";
  static final String METADATA_TABLE = "ICEBERG METADATA TABLE";

  /** The gateway's own tables, {@code icegate.system.queries} and {@code connections}. */
  static final String SYSTEM_TABLE = "SYSTEM TABLE";

  /** getTableTypes, sorted as JDBC asks. */
  static final List<String> TYPES = List.of(METADATA_TABLE, SYSTEM_TABLE, TABLE, VIEW);

  private static final Set<String> DEFAULT_TYPES = Set.of(TABLE, VIEW, SYSTEM_TABLE);

  /** One table, view or metadata table found by a listing. */
  private record Found(
      String catalog,
      List<String> namespace,
      String name,
      String type,
      String table,
      MetadataTableKind kind) {
    String schema() {
      return String.join(".", namespace);
    }
  }

  List<List<Object>> tables(
      SparkSession session,
      String catalog,
      Meta.Pat schemaPattern,
      Meta.Pat tablePattern,
      List<String> types) {
    Set<String> wanted =
        types == null
            ? DEFAULT_TYPES
            : types.stream().map(type -> type.toUpperCase(Locale.ROOT)).collect(Collectors.toSet());
    List<List<Object>> rows = new ArrayList<>();
    for (Found found :
        find(new CatalogObjects(session), catalog, schemaPattern, tablePattern, wanted)) {
      rows.add(
          Arrays.asList(
              found.catalog(),
              found.schema(),
              found.name(),
              found.type(),
              null,
              null,
              null,
              null,
              null,
              null));
    }
    rows.sort(
        Comparator.comparing((List<Object> row) -> (String) row.get(3))
            .thenComparing(row -> (String) row.get(0))
            .thenComparing(row -> (String) row.get(1))
            .thenComparing(row -> (String) row.get(2)));
    return rows;
  }

  private static List<Found> find(
      CatalogObjects objects,
      String catalog,
      Meta.Pat schemaPattern,
      Meta.Pat tablePattern,
      Set<String> wanted) {
    Pattern schemas = CatalogMetadata.like(schemaPattern);
    Pattern tables = CatalogMetadata.like(tablePattern);
    boolean metadataTables = wanted.contains(METADATA_TABLE);
    List<Found> found = new ArrayList<>();
    for (String name : objects.catalogs(catalog)) {
      for (List<String> namespace : objects.namespaces(name)) {
        if (!schemas.matcher(String.join(".", namespace)).matches()) {
          continue;
        }
        for (CatalogObjects.Relation relation : objects.relations(name, namespace)) {
          String type = relation.system() ? SYSTEM_TABLE : relation.view() ? VIEW : TABLE;
          if (wanted.contains(type) && tables.matcher(relation.name()).matches()) {
            found.add(new Found(name, namespace, relation.name(), type, relation.name(), null));
          }
          if (metadataTables && relation.iceberg() && !relation.view()) {
            TableRef base = new TableRef(name, namespace, relation.name());
            // Loaded once for all its metadata tables, and only if a redaction is to be decided.
            Supplier<Optional<Table>> loaded =
                new Supplier<>() {
                  private Optional<Table> table;

                  @Override
                  public Optional<Table> get() {
                    if (table == null) {
                      table = objects.loadTable(name, namespace, relation.name());
                    }
                    return table;
                  }
                };
            for (MetadataTableKind kind : MetadataTableKind.values()) {
              String metadataName = relation.name() + "." + kind.tableName();
              if (tables.matcher(metadataName).matches()
                  && objects
                      .access()
                      .map(a -> a.mayReadMetadataTable(base, kind.tableName(), loaded))
                      .orElse(true)) {
                found.add(
                    new Found(
                        name, namespace, metadataName, METADATA_TABLE, relation.name(), kind));
              }
            }
          }
        }
      }
    }
    return found;
  }

  /** The columns of every matching table, view and metadata table, each loaded once. */
  List<List<Object>> columns(
      SparkSession session,
      String catalog,
      Meta.Pat schemaPattern,
      Meta.Pat tablePattern,
      Meta.Pat columnPattern) {
    CatalogObjects objects = new CatalogObjects(session);
    Pattern columns = CatalogMetadata.like(columnPattern);
    // Metadata tables have columns too, but only a pattern that can name one (it has a dot) lists
    // them.
    boolean metadataTables =
        tablePattern != null && tablePattern.s != null && tablePattern.s.contains(".");
    Set<String> wanted =
        metadataTables ? Set.of(TABLE, VIEW, SYSTEM_TABLE, METADATA_TABLE) : DEFAULT_TYPES;
    List<Found> found = find(objects, catalog, schemaPattern, tablePattern, wanted);
    found.sort(
        Comparator.comparing(Found::catalog)
            .thenComparing(Found::schema)
            .thenComparing(Found::name));
    List<List<Object>> rows = new ArrayList<>();
    for (Found table : found) {
      Optional<StructType> schema = schema(objects, table);
      if (schema.isEmpty()) {
        continue; // dropped since it was listed
      }
      StructField[] fields = schema.get().fields();
      List<ColumnMetaData> types = ColumnTypes.columns(schema.get());
      Optional<TableGrant> grant =
          table.kind() == null
              ? objects
                  .access()
                  .map(
                      a -> a.grant(new TableRef(table.catalog(), table.namespace(), table.table())))
              : Optional.empty();
      int ordinal = 0;
      for (int i = 0; i < fields.length; i++) {
        if (grant.isPresent() && grant.get().hides(fields[i].name())) {
          // As if the column did not exist: positions count the columns the user sees.
          continue;
        }
        ordinal++;
        if (columns.matcher(fields[i].name()).matches()) {
          rows.add(column(table, fields[i], types.get(i), ordinal));
        }
      }
    }
    return rows;
  }

  private static List<Object> column(
      Found table, StructField field, ColumnMetaData type, int ordinal) {
    int sqlType = type.type.id;
    boolean numeric = isNumeric(sqlType);
    Integer size =
        switch (sqlType) {
          case Types.ARRAY, Types.STRUCT, Types.JAVA_OBJECT -> null;
          // JDBC's size of a timestamp is its length as text; its digits are the fractional seconds
          // the wire keeps.
          case Types.TIMESTAMP -> type.displaySize;
          default -> type.precision;
        };
    Integer digits =
        numeric ? Integer.valueOf(type.scale) : sqlType == Types.TIMESTAMP ? type.precision : null;
    Integer octets =
        sqlType == Types.VARCHAR || sqlType == Types.VARBINARY ? Integer.MAX_VALUE : null;
    String remarks = field.getComment().isDefined() ? field.getComment().get() : null;
    // Avatica names a struct type STRUCT; the driver shows Spark's name in result sets, so
    // getColumns does too.
    String typeName = sqlType == Types.STRUCT ? field.dataType().catalogString() : type.type.name;
    return Arrays.asList(
        table.catalog(),
        table.schema(),
        table.name(),
        field.name(),
        sqlType,
        typeName,
        size,
        null,
        digits,
        numeric ? 10 : null,
        field.nullable() ? DatabaseMetaData.columnNullable : DatabaseMetaData.columnNoNulls,
        remarks,
        null,
        null,
        null,
        octets,
        ordinal,
        field.nullable() ? "YES" : "NO",
        null,
        null,
        null,
        null,
        "NO",
        "NO");
  }

  private static boolean isNumeric(int sqlType) {
    return switch (sqlType) {
      case Types.TINYINT,
          Types.SMALLINT,
          Types.INTEGER,
          Types.BIGINT,
          Types.REAL,
          Types.DOUBLE,
          Types.DECIMAL ->
          true;
      default -> false;
    };
  }

  /**
   * The Spark schema of a table, view or metadata table, as {@code SELECT *} from it would show it.
   */
  private static Optional<StructType> schema(CatalogObjects objects, Found found) {
    if (found.type().equals(SYSTEM_TABLE)) {
      return objects.systemTableSchema(found.catalog(), found.namespace(), found.table());
    }
    Optional<Catalog> iceberg = objects.iceberg(found.catalog());
    if (iceberg.isPresent()
        && found.type().equals(VIEW)
        && iceberg.get() instanceof ViewCatalog views) {
      TableIdentifier id =
          TableIdentifier.of(Namespace.of(found.namespace().toArray(String[]::new)), found.table());
      try {
        return Optional.of(SparkSchemaUtil.convert(views.loadView(id).schema()));
      } catch (NoSuchViewException | NoSuchNamespaceException e) {
        // Not Iceberg's: the built-in catalog's, or dropped since it was listed.
      }
    } else if (iceberg.isPresent()) {
      Optional<Table> table = objects.loadTable(found.catalog(), found.namespace(), found.table());
      if (table.isPresent()) {
        // What the user is shown: hidden columns (by field id, through renames) and what a
        // metadata table redacts left out.
        Optional<TableGrant> grant =
            objects
                .access()
                .map(a -> a.grant(new TableRef(found.catalog(), found.namespace(), found.table())));
        Schema schema;
        if (found.kind() == null) {
          schema =
              grant
                  .map(g -> HiddenColumns.visibleSchema(table.get(), g))
                  .orElse(table.get().schema());
        } else {
          schema =
              grant
                  .map(g -> HiddenColumns.redaction(table.get(), found.kind(), g).schema())
                  .orElse(MetadataTables.schema(table.get(), found.kind()));
        }
        return Optional.of(SparkSchemaUtil.convert(schema));
      }
    }
    return objects
        .builtInTable(found.catalog(), found.namespace(), found.table())
        .map(CatalogTable::schema);
  }

  /** The identifier fields of Iceberg tables named exactly, in schema order. */
  List<List<Object>> primaryKeys(
      SparkSession session, String catalog, String schema, String table) {
    if (table == null) {
      return List.of();
    }
    CatalogObjects objects = new CatalogObjects(session);
    List<List<Object>> rows = new ArrayList<>();
    for (String name : objects.catalogs(catalog)) {
      Optional<Catalog> iceberg = objects.iceberg(name);
      if (iceberg.isEmpty()) {
        continue;
      }
      for (List<String> namespace : namespaces(objects, name, schema)) {
        Optional<TableGrant> grant =
            objects.access().map(a -> a.grant(new TableRef(name, namespace, table)));
        if (grant.isPresent() && !grant.get().visible()) {
          continue;
        }
        Optional<Table> loaded = objects.loadTable(name, namespace, table);
        if (loaded.isEmpty()) {
          continue;
        }
        Set<Integer> ids = loaded.get().schema().identifierFieldIds();
        Set<Integer> hidden =
            grant.map(g -> HiddenColumns.hidden(loaded.get(), g)).orElse(Set.of());
        short seq = 0;
        for (NestedField field : loaded.get().schema().columns()) {
          if (ids.contains(field.fieldId()) && !hidden.contains(field.fieldId())) {
            rows.add(
                Arrays.asList(name, String.join(".", namespace), table, field.name(), ++seq, null));
          }
        }
      }
    }
    // JDBC orders by column name.
    rows.sort(
        Comparator.comparing((List<Object> row) -> (String) row.get(0))
            .thenComparing(row -> (String) row.get(1))
            .thenComparing(row -> (String) row.get(3)));
    return rows;
  }

  private static List<List<String>> namespaces(
      CatalogObjects objects, String catalog, String schema) {
    if (schema != null) {
      return List.of(List.of(schema.split("\\.", -1)));
    }
    return objects.namespaces(catalog);
  }

  /** The type names the gateway lists, for getTableTypes. */
  static List<List<Object>> tableTypes() {
    List<List<Object>> rows = new ArrayList<>();
    for (String type : new TreeSet<>(TYPES)) {
      rows.add(List.of(type));
    }
    return rows;
  }
}
