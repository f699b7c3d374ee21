package io.icegate.calcite.schema;

import java.util.List;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.lookup.Lookup;

/** A schema holding one table: a statement's time-travelled metadata table under its own path. */
final class SingleTableSchema extends LookupSchema {
  private final Lookup<Table> lookup;

  SingleTableSchema(String name, Table table) {
    this.lookup =
        new NameLookup<>(candidate -> candidate.equals(name) ? table : null, () -> List.of(name));
  }

  @Override
  public Lookup<Table> tables() {
    return lookup;
  }
}
