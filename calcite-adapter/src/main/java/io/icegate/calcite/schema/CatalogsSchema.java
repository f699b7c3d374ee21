package io.icegate.calcite.schema;

import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.lookup.Lookup;
import org.apache.calcite.util.BuiltInMethod;
import org.checkerframework.checker.nullness.qual.Nullable;

/** The root of the tree: each Iceberg catalog is a sub-schema (its top-level namespaces inside). */
final class CatalogsSchema extends LookupSchema {
  private final Lookup<NamespaceSchema> catalogs;

  CatalogsSchema(IcebergSchemas schemas) {
    IcebergCatalogs source = schemas.catalogs();
    this.catalogs =
        new NameLookup<>(
            name -> source.isIcebergCatalog(name) ? schemas.namespace(name, List.of()) : null,
            source::catalogNames);
  }

  @Override
  public Lookup<? extends Schema> subSchemas() {
    return catalogs;
  }

  /**
   * Generated code reaches the tree from the root the query runs with, as Calcite's own root schema
   * does.
   */
  @Override
  public Expression getExpression(@Nullable SchemaPlus parentSchema, String name) {
    return Expressions.call(DataContext.ROOT, BuiltInMethod.DATA_CONTEXT_GET_ROOT_SCHEMA.method);
  }
}
