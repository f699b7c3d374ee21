package io.icegate.gateway.ddl;

import io.icegate.access.Privilege;
import io.icegate.access.TableRef;
import io.icegate.gateway.access.SessionAccess;
import io.icegate.gateway.engine.Sessions;
import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import io.icegate.gateway.metadata.SparkIcebergCatalogs;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.ViewCatalog;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.spark.SparkSchemaUtil;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/**
 * DDL forms of the specification that Spark 3.5 refuses or misreads, done as the equivalent work:
 * {@code ALTER COLUMN c TYPE t COMMENT 'doc'} as one Iceberg schema update (type and doc in one
 * commit), {@code RENAME TO} a name that starts with the catalog as the same rename without it, and
 * an ALTER TABLE ended by semicolons (refused by Iceberg's extensions) without them; and {@code
 * SHOW VIEWS IN <catalog>}, which Spark reads as the catalog's empty namespace, answered with the
 * views of every namespace (see {@link ShowViewsInCatalog}).
 */
public final class DdlTranslations {
  private DdlTranslations() {}

  /** Rows the gateway answers a statement with itself, in Spark's columns. */
  public record Rows(StructType schema, List<InternalRow> rows) {}

  /**
   * The answer to {@code sql} when it is a translated form that returns rows ({@code SHOW VIEWS IN
   * <catalog>}), else empty for Spark to run it as written.
   */
  public static Optional<Rows> tryAnswer(SparkSession session, String sql) {
    Optional<String> catalogName = ShowViewsInCatalog.recognise(sql);
    if (catalogName.isEmpty()) {
      return Optional.empty();
    }
    Optional<Catalog> catalog = new SparkIcebergCatalogs(session).icebergCatalog(catalogName.get());
    if (catalog.isEmpty()
        || !(catalog.get() instanceof ViewCatalog)
        || !(catalog.get() instanceof SupportsNamespaces)) {
      // A namespace of the current catalog, or a catalog that is not Iceberg's: Spark answers.
      return Optional.empty();
    }
    return Optional.of(
        new Rows(
            ShowViewsInCatalog.COLUMNS,
            ShowViewsInCatalog.rows(session, catalogName.get(), catalog.get())));
  }

  /**
   * Runs {@code sql} here when it is a translated form and returns true; false sends it to Spark as
   * written.
   */
  public static boolean tryRun(SparkSession session, String sql) {
    Optional<RenameToQualifiedName> rename = RenameToQualifiedName.recognise(sql);
    if (rename.isPresent()) {
      return rename(session, rename.get());
    }
    Optional<AlterColumnTypeAndComment> alter = AlterColumnTypeAndComment.recognise(sql);
    if (alter.isEmpty()) {
      Optional<String> withoutSemicolon = TrailingSemicolon.strip(sql);
      withoutSemicolon.ifPresent(session::sql);
      return withoutSemicolon.isPresent();
    }
    SparkIcebergCatalogs catalogs = new SparkIcebergCatalogs(session);
    List<String> name = resolve(catalogs, alter.get().table());
    SessionAccess.forStatement(session)
        .ifPresent(
            access ->
                access.require(
                    new TableRef(
                        name.get(0), name.subList(1, name.size() - 1), name.get(name.size() - 1)),
                    Privilege.OWNERSHIP,
                    "alter"));
    if (catalogs.icebergCatalog(name.get(0)).isEmpty()) {
      // Not Iceberg's: Spark reports what it makes of the statement.
      return false;
    }
    alterColumn(session, catalogs, name, alter.get());
    return true;
  }

  /**
   * A rename whose new name starts with a catalog: Spark 3.5 would take that catalog for a
   * namespace. The same catalog is dropped from the new name and Spark renames; another catalog is
   * refused (catalogs rename only within themselves). A new name without a catalog goes to Spark as
   * written.
   */
  private static boolean rename(SparkSession session, RenameToQualifiedName rename) {
    SparkIcebergCatalogs catalogs = new SparkIcebergCatalogs(session);
    if (rename.to().size() < 2 || !catalogs.isCatalog(rename.to().get(0))) {
      return false;
    }
    List<String> from = resolve(catalogs, rename.from());
    if (!from.get(0).equals(rename.to().get(0))) {
      throw new GatewayException(
          ErrorCode.NOT_SUPPORTED,
          "Cannot rename "
              + String.join(".", from)
              + " to "
              + String.join(".", rename.to())
              + ": a "
              + (rename.view() ? "view" : "table")
              + " can only be renamed within its catalog "
              + from.get(0));
    }
    session.sql(rename.withoutTargetCatalog(from));
    return true;
  }

  /** The table's full name (catalog, namespace..., table) by Spark's rules for multi-part names. */
  static List<String> resolve(SparkIcebergCatalogs catalogs, List<String> parts) {
    List<String> full = new ArrayList<>();
    if (parts.size() > 1 && catalogs.isCatalog(parts.get(0))) {
      full.addAll(parts);
      return full;
    }
    full.add(catalogs.currentCatalog());
    if (parts.size() == 1) {
      full.addAll(catalogs.currentNamespace());
    }
    full.addAll(parts);
    return full;
  }

  private static void alterColumn(
      SparkSession session,
      SparkIcebergCatalogs catalogs,
      List<String> name,
      AlterColumnTypeAndComment alter) {
    String tableName = String.join(".", name);
    String column = String.join(".", alter.column());
    String action = "Cannot alter column " + column + " of " + tableName;
    Optional<Table> loaded =
        catalogs.loadTableToChange(
            name.get(0), name.subList(1, name.size() - 1), name.get(name.size() - 1));
    if (loaded.isEmpty()) {
      // Spark's session catalog also holds tables that are not Iceberg's; Spark can change those,
      // one action each.
      boolean other =
          Sessions.withActive(session, () -> session.catalog().tableExists(quoted(name)));
      throw other
          ? new GatewayException(
              ErrorCode.NOT_SUPPORTED,
              action
                  + ": TYPE and COMMENT in one statement work on"
                  + " Iceberg tables only; use ALTER COLUMN "
                  + column
                  + " TYPE "
                  + alter.type()
                  + " and ALTER COLUMN "
                  + column
                  + " COMMENT '...' separately")
          : new GatewayException(ErrorCode.TABLE_NOT_FOUND, action + ": table not found");
    }
    Table table = loaded.get();
    boolean caseSensitive = session.sessionState().conf().caseSensitiveAnalysis();
    Schema schema = table.schema();
    Types.NestedField field =
        caseSensitive ? schema.findField(column) : schema.caseInsensitiveFindField(column);
    if (field == null) {
      throw new GatewayException(
          ErrorCode.UNDEFINED_OBJECT,
          action + ": no such column (columns: " + topLevelNames(schema) + ")");
    }
    Type newType = icebergType(action, alter.type());
    if (!newType.isPrimitiveType() || !field.type().isPrimitiveType()) {
      throw new GatewayException(
          ErrorCode.DATATYPE_MISMATCH,
          action
              + ": only primitive types can change"
              + " (to change a struct, add or drop its fields with ADD COLUMN and DROP COLUMN)");
    }
    String fieldName = schema.findColumnName(field.fieldId());
    try {
      table
          .updateSchema()
          .caseSensitive(true)
          .updateColumn(fieldName, newType.asPrimitiveType())
          .updateColumnDoc(fieldName, alter.comment())
          .commit();
    } catch (CommitFailedException e) {
      throw new GatewayException(ErrorCode.COMMIT_CONFLICT, action + ": " + e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      if (e.getMessage() != null && e.getMessage().startsWith("Cannot change column type")) {
        // Iceberg refuses anything but a safe widening: int to bigint, float to double, a larger
        // precision.
        throw new GatewayException(
            ErrorCode.DATATYPE_MISMATCH,
            action
                + ": cannot change type "
                + SparkSchemaUtil.convert(field.type()).simpleString()
                + " to "
                + alter.type()
                + " (allowed: int to"
                + " bigint, float to double, decimal(P,S) to decimal(P2,S) with P2 > P)",
            e);
      }
      throw new GatewayException(ErrorCode.ANALYSIS_ERROR, action + ": " + e.getMessage(), e);
    }
  }

  private static Type icebergType(String action, String sparkType) {
    DataType type;
    try {
      type = DataType.fromDDL(sparkType);
    } catch (RuntimeException e) {
      throw new GatewayException(
          ErrorCode.SYNTAX_ERROR, action + ": unknown type '" + sparkType + "'", e);
    }
    try {
      return SparkSchemaUtil.convert(type);
    } catch (UnsupportedOperationException e) {
      throw new GatewayException(
          ErrorCode.DATATYPE_MISMATCH, action + ": Iceberg has no type " + sparkType, e);
    }
  }

  private static String quoted(List<String> parts) {
    return String.join(".", parts.stream().map(p -> "`" + p.replace("`", "``") + "`").toList());
  }

  private static String topLevelNames(Schema schema) {
    return String.join(", ", schema.columns().stream().map(Types.NestedField::name).toList());
  }
}
