package io.icegate.metadata;

import static java.util.Objects.requireNonNull;

import io.icegate.metadata.value.StructConverter;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.iceberg.Schema;
import org.apache.iceberg.TableScan;
import org.apache.iceberg.io.CloseableIterable;

/**
 * One metadata table of one table, ready to read: its Iceberg schema (the columns, order and types Spark shows),
 * what became of time travel, and its rows as plain Java values (see {@link io.icegate.metadata.value.ValueConverter}).
 */
public final class MetadataRelation {
  private final String name;
  private final MetadataTableKind kind;
  private final Schema schema;
  private final ResolvedTimeTravel timeTravel;
  private final TableScan scan;
  private final StructConverter converter;

  MetadataRelation(
      String name, MetadataTableKind kind, Schema schema, ResolvedTimeTravel timeTravel, TableScan scan) {
    this.name = requireNonNull(name, "name is null");
    this.kind = requireNonNull(kind, "kind is null");
    this.schema = requireNonNull(schema, "schema is null");
    this.timeTravel = requireNonNull(timeTravel, "timeTravel is null");
    this.scan = requireNonNull(scan, "scan is null");
    this.converter = StructConverter.forSchema(schema);
  }

  /** The full name, as in {@code demo.db.t.files}. */
  public String name() {
    return name;
  }

  public MetadataTableKind kind() {
    return kind;
  }

  /** The relation's columns exactly as Iceberg defines them; every row has one value per column. */
  public Schema schema() {
    return schema;
  }

  public ResolvedTimeTravel timeTravel() {
    return timeTravel;
  }

  /** The snapshot whose metadata is shown, when time travel selected one. */
  public OptionalLong snapshotId() {
    return timeTravel.snapshotId();
  }

  /** A warning for the user when time travel was given but this table ignores it. */
  public Optional<String> warning() {
    return timeTravel.warning();
  }

  /**
   * The rows, streamed: nothing is read until iteration starts, and only one manifest's rows are open at a time.
   * Each iteration reads afresh. Close the iterable (or each iterator) to release open manifest readers; an
   * iterator that reaches its end closes itself.
   */
  public CloseableIterable<List<Object>> rows() {
    return new TaskRows(name, scan, converter);
  }

  @Override
  public String toString() {
    return name;
  }
}
