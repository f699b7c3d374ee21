package io.icegate.calcite.schema;

import java.util.Collection;
import java.util.List;
import java.util.Set;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.rel.type.RelProtoDataType;
import org.apache.calcite.schema.Function;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.SchemaVersion;
import org.apache.calcite.schema.Schemas;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.lookup.LikePattern;
import org.apache.calcite.schema.lookup.Lookup;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * A read-only schema whose tables and sub-schemas are found through {@link Lookup}s, Calcite's way
 * of finding one name without listing them all. The older name-based methods delegate to the
 * lookups, so whichever Calcite calls, nothing is listed unless a listing is asked for.
 */
abstract class LookupSchema implements Schema {
  @Override
  public Lookup<Table> tables() {
    return Lookup.empty();
  }

  @Override
  public Lookup<? extends Schema> subSchemas() {
    return Lookup.empty();
  }

  @Deprecated
  @Override
  public @Nullable Table getTable(String name) {
    return tables().get(name);
  }

  @Deprecated
  @Override
  public Set<String> getTableNames() {
    return tables().getNames(LikePattern.any());
  }

  @Deprecated
  @Override
  public @Nullable Schema getSubSchema(String name) {
    return subSchemas().get(name);
  }

  @Deprecated
  @Override
  public Set<String> getSubSchemaNames() {
    return subSchemas().getNames(LikePattern.any());
  }

  @Override
  public @Nullable RelProtoDataType getType(String name) {
    return null;
  }

  @Override
  public Set<String> getTypeNames() {
    return Set.of();
  }

  @Override
  public Collection<Function> getFunctions(String name) {
    return List.of();
  }

  @Override
  public Set<String> getFunctionNames() {
    return Set.of();
  }

  @Override
  public Expression getExpression(@Nullable SchemaPlus parentSchema, String name) {
    if (parentSchema == null) {
      throw new IllegalArgumentException("Cannot make an expression for the root schema " + name);
    }
    return Schemas.subSchemaExpression(parentSchema, name, getClass());
  }

  @Override
  public boolean isMutable() {
    return false;
  }

  /** Each statement builds its own tree over current metadata, so there is nothing to snapshot. */
  @Override
  public Schema snapshot(SchemaVersion version) {
    return this;
  }
}
