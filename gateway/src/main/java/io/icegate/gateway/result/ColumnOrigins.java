package io.icegate.gateway.result;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;
import org.apache.spark.sql.catalyst.catalog.HiveTableRelation;
import org.apache.spark.sql.catalyst.expressions.Alias;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.AttributeReference;
import org.apache.spark.sql.catalyst.expressions.ExprId;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.SubqueryAlias;
import org.apache.spark.sql.catalyst.plans.logical.View;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.execution.datasources.LogicalRelation;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Which table (or view) each result column comes from, as ResultSetMetaData's getCatalogName,
 * getSchemaName and getTableName tell tools: followed through the analyzed plan by Spark's
 * attribute ids, through aliases, sub-queries and joins; a column computed from others has none.
 */
public final class ColumnOrigins {
  /** Where a column comes from; {@link #NONE} for a computed one. */
  public record Origin(String catalog, String schema, String table) {
    public static final Origin NONE = new Origin("", "", "");

    public boolean isTableColumn() {
      return !table.isEmpty();
    }
  }

  private ColumnOrigins() {}

  /** The origin of each output column of {@code analyzed}, in order. */
  public static List<Origin> of(LogicalPlan analyzed) {
    Map<ExprId, Origin> origins = new HashMap<>();
    collect(analyzed, origins);
    List<Origin> columns = new ArrayList<>();
    for (Attribute attribute : CollectionConverters.asJava(analyzed.output())) {
      columns.add(origins.getOrDefault(attribute.exprId(), Origin.NONE));
    }
    return columns;
  }

  private static void collect(LogicalPlan node, Map<ExprId, Origin> origins) {
    Origin relation = relationOrigin(node);
    if (relation != null) {
      for (Attribute attribute : CollectionConverters.asJava(node.output())) {
        origins.put(attribute.exprId(), relation);
      }
      return;
    }
    for (LogicalPlan child : CollectionConverters.asJava(node.children())) {
      collect(child, origins);
    }
    // A view's columns are the view's, not those of the tables behind it: Spark's own views, and
    // a catalog's (Iceberg's), which Spark reads under the view's full name.
    Origin view = null;
    if (node instanceof View spark && !spark.isTempView()) {
      view = fromCatalogTable(spark.desc());
    } else if (node instanceof SubqueryAlias alias
        && alias.identifier().qualifier().size() >= 2
        && relationOrigin(alias.child()) == null) {
      List<String> qualifier = CollectionConverters.asJava(alias.identifier().qualifier());
      view =
          new Origin(
              qualifier.get(0),
              String.join(".", qualifier.subList(1, qualifier.size())),
              alias.identifier().name());
    }
    if (view != null) {
      for (Attribute attribute : CollectionConverters.asJava(node.output())) {
        origins.put(attribute.exprId(), view);
      }
      return;
    }
    for (Expression expression : CollectionConverters.asJava(node.expressions())) {
      if (expression instanceof Alias alias && alias.child() instanceof AttributeReference ref) {
        Origin origin = origins.get(ref.exprId());
        if (origin != null) {
          origins.put(alias.exprId(), origin);
        }
      }
    }
  }

  /** The table a leaf reads, or null when {@code node} is no table read. */
  private static Origin relationOrigin(LogicalPlan node) {
    if (node instanceof DataSourceV2Relation relation
        && relation.catalog().isDefined()
        && relation.identifier().isDefined()) {
      Identifier id = relation.identifier().get();
      return new Origin(
          relation.catalog().get().name(), String.join(".", id.namespace()), id.name());
    }
    if (node instanceof LogicalRelation relation && relation.catalogTable().isDefined()) {
      return fromCatalogTable(relation.catalogTable().get());
    }
    if (node instanceof HiveTableRelation relation) {
      return fromCatalogTable(relation.tableMeta());
    }
    return null;
  }

  private static Origin fromCatalogTable(CatalogTable table) {
    TableIdentifier id = table.identifier();
    return new Origin(
        id.catalog().isDefined() ? id.catalog().get() : "spark_catalog",
        id.database().isDefined() ? id.database().get() : "",
        id.table());
  }
}
