package io.icegate.calcite.schema;

import io.icegate.metadata.MetadataRedaction;
import io.icegate.metadata.MetadataTableKind;
import io.icegate.metadata.TimeTravel;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.lookup.Lookup;

/**
 * A data table seen as a schema whose tables are its metadata tables, so that Calcite resolves
 * {@code demo.db.t.snapshots} to the {@code snapshots} table of schema {@code demo.db.t}. Metadata
 * table names are case-insensitive, as Iceberg's are. Each metadata table is made once, reading
 * current metadata.
 */
public final class TableSchema extends LookupSchema {
  private final List<String> path;
  private final org.apache.iceberg.Table table;
  private final Map<MetadataTableKind, MetadataTable> metadataTables =
      new EnumMap<>(MetadataTableKind.class);
  private final Lookup<Table> lookup;
  private final Function<MetadataTableKind, MetadataRedaction> redactions;

  /**
   * @param path the table's path in the tree: {@code [catalog, namespace..., table]}
   * @param redactions what of each metadata table the session's user may not see
   */
  TableSchema(
      List<String> path,
      org.apache.iceberg.Table table,
      Function<MetadataTableKind, MetadataRedaction> redactions) {
    this.path = List.copyOf(path);
    this.table = table;
    this.redactions = redactions;
    this.lookup =
        new NameLookup<>(
            name -> MetadataTableKind.fromName(name).map(this::metadataTable).orElse(null),
            MetadataTableKind::names);
  }

  /** The Iceberg table, as loaded for this statement. */
  public org.apache.iceberg.Table table() {
    return table;
  }

  /** The metadata table of this kind at the current snapshot; the same instance every time. */
  public synchronized MetadataTable metadataTable(MetadataTableKind kind) {
    return metadataTables.computeIfAbsent(
        kind,
        k ->
            new MetadataTable(
                append(path, k.tableName()), table, k, TimeTravel.none(), redaction(k)));
  }

  /** What of metadata table {@code kind} the session's user may not see. */
  public MetadataRedaction redaction(MetadataTableKind kind) {
    return redactions.apply(kind);
  }

  /** The path of the table itself: {@code [catalog, namespace..., table]}. */
  public List<String> path() {
    return path;
  }

  static List<String> append(List<String> path, String name) {
    List<String> longer = new ArrayList<>(path);
    longer.add(name);
    return longer;
  }

  @Override
  public Lookup<Table> tables() {
    return lookup;
  }

  @Override
  public String toString() {
    return table.name();
  }
}
