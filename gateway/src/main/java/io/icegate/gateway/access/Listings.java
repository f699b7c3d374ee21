package io.icegate.gateway.access;

import io.icegate.access.TableRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Dataset$;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.analysis.ResolvedNamespace;
import org.apache.spark.sql.catalyst.parser.ParseException;
import org.apache.spark.sql.catalyst.plans.logical.CommandResult;
import org.apache.spark.sql.catalyst.plans.logical.LocalRelation;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.ShowNamespaces;
import org.apache.spark.sql.catalyst.plans.logical.ShowTableExtended;
import org.apache.spark.sql.catalyst.plans.logical.ShowTables;
import org.apache.spark.sql.catalyst.plans.logical.ShowViews;
import org.apache.spark.sql.catalyst.plans.logical.views.ShowIcebergViews;
import org.apache.spark.sql.execution.command.ShowCatalogsCommand;
import org.apache.spark.sql.execution.command.ShowTablesCommand;
import org.apache.spark.sql.execution.command.ShowViewsCommand;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The rows of SHOW TABLES, VIEWS, NAMESPACES and CATALOGS that name what the user may see: the
 * commands list everything their catalog holds, so their answer is filtered, as DatabaseMetaData's
 * listings are.
 */
public final class Listings {
  private Listings() {}

  /** {@code result} with the rows the user may not see taken out; as is when not a listing. */
  public static Dataset<Row> visible(SparkSession session, Dataset<Row> result) {
    Optional<TableAccess> access = SessionAccess.forStatement(session);
    if (access.isEmpty() || !(result.logicalPlan() instanceof CommandResult command)) {
      return result;
    }
    LogicalPlan listing = command.commandLogicalPlan();
    List<InternalRow> rows = CollectionConverters.asJava(command.rows());
    List<InternalRow> kept = new ArrayList<>();
    TableAccess a = access.get();
    if (listing instanceof ShowTables
        || listing instanceof ShowTableExtended
        || listing instanceof ShowViews
        || listing instanceof ShowIcebergViews) {
      String catalog = catalogOf(listing.children().head());
      for (InternalRow row : rows) {
        if (row.getBoolean(2) || a.visible(table(session, catalog, row))) {
          kept.add(row);
        }
      }
    } else if (listing instanceof ShowTablesCommand || listing instanceof ShowViewsCommand) {
      for (InternalRow row : rows) {
        if (row.getBoolean(2) || a.visible(table(session, "spark_catalog", row))) {
          kept.add(row);
        }
      }
    } else if (listing instanceof ShowNamespaces show) {
      String catalog = catalogOf(show.namespace());
      for (InternalRow row : rows) {
        if (a.namespaceVisible(catalog, parts(session, row.getUTF8String(0).toString()))) {
          kept.add(row);
        }
      }
    } else if (listing instanceof ShowCatalogsCommand) {
      for (InternalRow row : rows) {
        if (a.catalogVisible(row.getUTF8String(0).toString())) {
          kept.add(row);
        }
      }
    } else {
      return result;
    }
    if (kept.size() == rows.size()) {
      return result;
    }
    return Dataset$.MODULE$.ofRows(
        session,
        new LocalRelation(command.output(), CollectionConverters.asScala(kept).toSeq(), false));
  }

  private static String catalogOf(LogicalPlan namespace) {
    if (namespace instanceof ResolvedNamespace resolved) {
      return resolved.catalog().name();
    }
    throw TableAccess.refusal(
        "Cannot list: the access rules cannot tell which catalog " + namespace.nodeName() + " is");
  }

  private static TableRef table(SparkSession session, String catalog, InternalRow row) {
    return new TableRef(
        catalog, parts(session, row.getUTF8String(0).toString()), row.getUTF8String(1).toString());
  }

  /** A namespace as SHOW prints it (levels joined by dots, quoted where needed) as its levels. */
  private static List<String> parts(SparkSession session, String namespace) {
    if (namespace.isEmpty()) {
      return List.of();
    }
    try {
      return CollectionConverters.asJava(
          session.sessionState().sqlParser().parseMultipartIdentifier(namespace));
    } catch (ParseException e) {
      return List.of(namespace.split("\\."));
    }
  }
}
