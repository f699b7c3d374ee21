package io.icegate.gateway.ddl;

import io.icegate.access.TableRef;
import io.icegate.gateway.access.SessionAccess;
import io.icegate.gateway.access.TableAccess;
import io.icegate.gateway.engine.Sessions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.catalog.ViewCatalog;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import scala.collection.JavaConverters;

/**
 * {@code SHOW VIEWS IN <catalog>}: "every view of the catalog" in the specification. Spark 3.5
 * reads it as the catalog's empty namespace, which Iceberg's JDBC catalog does not have ("Namespace
 * does not exist"), so the gateway lists the views of every namespace of the catalog itself, in
 * Spark's columns (namespace, viewName, isTemporary) and with the session's temporary views as
 * Spark's SHOW VIEWS adds them. Recognised by the same narrow tokenizer as the other forms; {@code
 * IN <namespace>} and {@code IN <catalog>.<namespace>} go to Spark.
 */
final class ShowViewsInCatalog {
  /** The columns of Spark's SHOW VIEWS. */
  static final StructType COLUMNS =
      new StructType(
          new StructField[] {
            new StructField("namespace", DataTypes.StringType, false, Metadata.empty()),
            new StructField("viewName", DataTypes.StringType, false, Metadata.empty()),
            new StructField("isTemporary", DataTypes.BooleanType, false, Metadata.empty())
          });

  private ShowViewsInCatalog() {}

  /**
   * The one-part name after {@code SHOW VIEWS IN|FROM}, when the statement is exactly that form.
   */
  static Optional<String> recognise(String sql) {
    try {
      SparkTokens tokens = new SparkTokens(sql);
      if (!tokens.keyword("SHOW")
          || !tokens.keyword("VIEWS")
          || !(tokens.keyword("IN") || tokens.keyword("FROM"))) {
        return Optional.empty();
      }
      List<String> name = tokens.name();
      return name.size() == 1 && tokens.atEnd() ? Optional.of(name.get(0)) : Optional.empty();
    } catch (IllegalStateException e) {
      return Optional.empty();
    }
  }

  /** The rows, sorted by namespace and name; the catalog is Iceberg's and can list views. */
  static List<InternalRow> rows(SparkSession session, String catalogName, Catalog catalog) {
    List<InternalRow> rows = new ArrayList<>();
    List<Namespace> namespaces = new ArrayList<>();
    collect((SupportsNamespaces) catalog, Namespace.empty(), namespaces);
    Optional<TableAccess> access = SessionAccess.forStatement(session);
    for (Namespace namespace : namespaces) {
      List<TableIdentifier> views = new ArrayList<>(((ViewCatalog) catalog).listViews(namespace));
      views.sort((a, b) -> a.name().compareTo(b.name()));
      for (TableIdentifier view : views) {
        TableRef ref = new TableRef(catalogName, List.of(namespace.levels()), view.name());
        if (access.isEmpty() || access.get().visible(ref)) {
          rows.add(row(String.join(".", Arrays.asList(namespace.levels())), view.name(), false));
        }
      }
    }
    Sessions.withActive(
        session,
        () -> {
          JavaConverters.seqAsJavaList(session.sessionState().catalog().listLocalTempViews("*"))
              .forEach(view -> rows.add(row("", view.table(), true)));
          return null;
        });
    return rows;
  }

  private static void collect(SupportsNamespaces catalog, Namespace parent, List<Namespace> into) {
    List<Namespace> children = new ArrayList<>(catalog.listNamespaces(parent));
    children.sort((a, b) -> a.toString().compareTo(b.toString()));
    for (Namespace child : children) {
      into.add(child);
      collect(catalog, child, into);
    }
  }

  private static InternalRow row(String namespace, String name, boolean temporary) {
    return new GenericInternalRow(
        new Object[] {UTF8String.fromString(namespace), UTF8String.fromString(name), temporary});
  }
}
