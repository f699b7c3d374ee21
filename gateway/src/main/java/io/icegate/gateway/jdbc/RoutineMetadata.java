package io.icegate.gateway.jdbc;

import io.icegate.gateway.engine.Sessions;
import io.icegate.gateway.result.ColumnTypes;
import io.icegate.procedure.spec.OutputColumn;
import io.icegate.procedure.spec.ParameterSpec;
import io.icegate.procedure.spec.ProcedureSpec;
import io.icegate.procedure.spec.Procedures;
import java.sql.DatabaseMetaData;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.analysis.NoSuchFunctionException;
import org.apache.spark.sql.catalyst.analysis.NoSuchNamespaceException;
import org.apache.spark.sql.connector.catalog.CatalogPlugin;
import org.apache.spark.sql.connector.catalog.FunctionCatalog;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/**
 * getProcedures / getProcedureColumns from the procedure bridge's declarations, and getFunctions
 * from the Iceberg catalogs' own function listings, each in schema {@value #SYSTEM} of every
 * Iceberg catalog.
 */
final class RoutineMetadata {
  static final String SYSTEM = "system";

  List<List<Object>> procedures(
      SparkSession session, String catalog, Meta.Pat schemaPattern, Meta.Pat namePattern) {
    Pattern names = CatalogMetadata.like(namePattern);
    List<List<Object>> rows = new ArrayList<>();
    for (String name : icebergCatalogs(session, catalog, schemaPattern)) {
      for (ProcedureSpec procedure : sorted()) {
        if (names.matcher(procedure.name()).matches()) {
          rows.add(
              Arrays.asList(
                  name,
                  SYSTEM,
                  procedure.name(),
                  null,
                  null,
                  null,
                  "Iceberg procedure; CALL "
                      + name
                      + "."
                      + SYSTEM
                      + "."
                      + procedure.name()
                      + "(...)",
                  (short) DatabaseMetaData.procedureReturnsResult,
                  procedure.name()));
        }
      }
    }
    return rows;
  }

  /**
   * Arguments ({@code procedureColumnIn}) in positional order, then the output columns of the
   * result.
   */
  List<List<Object>> procedureColumns(
      SparkSession session,
      String catalog,
      Meta.Pat schemaPattern,
      Meta.Pat namePattern,
      Meta.Pat columnPattern) {
    Pattern names = CatalogMetadata.like(namePattern);
    Pattern columns = CatalogMetadata.like(columnPattern);
    List<List<Object>> rows = new ArrayList<>();
    for (String name : icebergCatalogs(session, catalog, schemaPattern)) {
      for (ProcedureSpec procedure : sorted()) {
        if (!names.matcher(procedure.name()).matches()) {
          continue;
        }
        int ordinal = 0;
        for (ParameterSpec parameter : procedure.parameters()) {
          ordinal++;
          if (columns.matcher(parameter.name()).matches()) {
            String remarks =
                parameter.required()
                    ? "required"
                    : parameter
                        .defaultValue()
                        .map(value -> "optional, default: " + value)
                        .orElse("optional");
            rows.add(
                column(
                    name,
                    procedure,
                    parameter.name(),
                    DatabaseMetaData.procedureColumnIn,
                    parameter.type().sparkType(),
                    !parameter.required(),
                    remarks,
                    ordinal));
          }
        }
        ordinal = 0;
        for (OutputColumn output : procedure.outputs()) {
          ordinal++;
          if (columns.matcher(output.name()).matches()) {
            rows.add(
                column(
                    name,
                    procedure,
                    output.name(),
                    DatabaseMetaData.procedureColumnResult,
                    output.sparkType(),
                    output.nullable(),
                    null,
                    ordinal));
          }
        }
      }
    }
    return rows;
  }

  private static List<Object> column(
      String catalog,
      ProcedureSpec procedure,
      String name,
      int kind,
      String sparkType,
      boolean nullable,
      String remarks,
      int ordinal) {
    DataType type = DataType.fromDDL(sparkType);
    ColumnMetaData meta = ColumnTypes.columns(new StructType().add(name, type, nullable)).get(0);
    int sqlType = meta.type.id;
    boolean numeric = sqlType == Types.INTEGER || sqlType == Types.BIGINT;
    return Arrays.asList(
        catalog,
        SYSTEM,
        procedure.name(),
        name,
        (short) kind,
        sqlType,
        meta.type.name,
        sqlType == Types.ARRAY || sqlType == Types.JAVA_OBJECT ? null : meta.precision,
        null,
        numeric ? (short) 0 : null,
        numeric ? (short) 10 : null,
        (short) (nullable ? DatabaseMetaData.procedureNullable : DatabaseMetaData.procedureNoNulls),
        remarks,
        null,
        null,
        null,
        null,
        ordinal,
        nullable ? "YES" : "NO",
        procedure.name());
  }

  /**
   * Iceberg's functions ({@code iceberg_version}, {@code bucket}, {@code years}, ...) as each
   * catalog lists them.
   */
  List<List<Object>> functions(
      SparkSession session, String catalog, Meta.Pat schemaPattern, Meta.Pat namePattern) {
    Pattern names = CatalogMetadata.like(namePattern);
    CatalogObjects objects = new CatalogObjects(session);
    List<List<Object>> rows = new ArrayList<>();
    for (String name : icebergCatalogs(objects, catalog, schemaPattern)) {
      Optional<CatalogPlugin> plugin = objects.plugin(name);
      if (plugin.isEmpty() || !(plugin.get() instanceof FunctionCatalog functions)) {
        continue;
      }
      TreeMap<String, String> described = Sessions.withActive(session, () -> describe(functions));
      described.forEach(
          (function, description) -> {
            if (names.matcher(function).matches()) {
              rows.add(
                  Arrays.asList(
                      name,
                      SYSTEM,
                      function,
                      description,
                      (short) DatabaseMetaData.functionNoTable,
                      function));
            }
          });
    }
    return rows;
  }

  /** Each function of the catalog's {@value #SYSTEM} namespace with its description, by name. */
  private static TreeMap<String, String> describe(FunctionCatalog functions) {
    TreeMap<String, String> found = new TreeMap<>();
    try {
      for (Identifier id : functions.listFunctions(new String[] {SYSTEM})) {
        found.put(id.name(), functions.loadFunction(id).description());
      }
    } catch (NoSuchNamespaceException | NoSuchFunctionException e) {
      // A catalog without Iceberg's functions lists none.
    }
    return found;
  }

  private static List<String> icebergCatalogs(
      SparkSession session, String catalog, Meta.Pat schemaPattern) {
    return icebergCatalogs(new CatalogObjects(session), catalog, schemaPattern);
  }

  private static List<String> icebergCatalogs(
      CatalogObjects objects, String catalog, Meta.Pat schemaPattern) {
    if (!CatalogMetadata.like(schemaPattern).matcher(SYSTEM).matches()) {
      return List.of();
    }
    return objects.catalogs(catalog).stream()
        .filter(name -> objects.iceberg(name).isPresent())
        .toList();
  }

  private static List<ProcedureSpec> sorted() {
    List<ProcedureSpec> all = new ArrayList<>(Procedures.all());
    all.sort((a, b) -> a.name().compareTo(b.name()));
    return all;
  }
}
