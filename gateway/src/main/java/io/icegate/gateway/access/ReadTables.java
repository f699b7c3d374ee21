package io.icegate.gateway.access;

import io.icegate.access.TableGrant;
import io.icegate.access.TableRef;
import io.icegate.gateway.engine.Sessions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.iceberg.Schema;
import org.apache.iceberg.spark.SparkSchemaUtil;
import org.apache.iceberg.spark.source.SparkTable;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.util.SnapshotUtil;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.analysis.RelationTimeTravel;
import org.apache.spark.sql.catalyst.analysis.TimeTravelSpec;
import org.apache.spark.sql.catalyst.analysis.TimeTravelSpec$;
import org.apache.spark.sql.connector.catalog.CatalogPlugin;
import org.apache.spark.sql.connector.catalog.CatalogV2Util;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCatalog;
import org.apache.spark.sql.types.StructField;
import scala.Option;

/**
 * The tables a statement names, loaded as Spark's analyzer will load them (a time travel or a
 * selector pins a snapshot or a ref, whose schema may not be the current one), and the columns of
 * each that a user's grant shows: for {@link RestrictedReads}, before Spark analyzes anything.
 */
final class ReadTables {
  /** One column Spark reads, and the mask the grant puts on it (empty: read as it is). */
  record ShownColumn(String name, Optional<String> mask) {}

  private final SparkSession session;

  ReadTables(SparkSession session) {
    this.session = session;
  }

  /** The table {@code ref} names, as Spark loads it; empty if there is none (or a view). */
  Optional<Table> load(TableRef ref) {
    return Sessions.withActive(
        session,
        () -> {
          try {
            CatalogPlugin plugin = Sessions.catalogManager(session).catalog(ref.catalog());
            if (!(plugin instanceof TableCatalog catalog)) {
              return Optional.<Table>empty();
            }
            return Optional.of(catalog.loadTable(identifier(ref)));
          } catch (Exception e) {
            // No such table (Spark reports it as it does), or a view: left to the plan's check.
            return Optional.<Table>empty();
          }
        });
  }

  /** The Iceberg table of {@code ref}, if Spark loads it as one. */
  Optional<org.apache.iceberg.Table> iceberg(TableRef ref) {
    return load(ref)
        .filter(SparkTable.class::isInstance)
        .map(table -> ((SparkTable) table).table());
  }

  /**
   * {@code ref} at the time travel's snapshot, loaded as Spark's analyzer will load it; as it is
   * now when the clause is not a constant yet (an expression such as {@code current_timestamp() -
   * INTERVAL 1 DAY} is resolved later).
   */
  Optional<Table> travelled(TableRef ref, RelationTimeTravel travel) {
    if (travel.timestamp().isDefined()
        && !(travel.timestamp().get().resolved() && travel.timestamp().get().foldable())) {
      return load(ref);
    }
    Option<TimeTravelSpec> spec;
    try {
      spec =
          TimeTravelSpec$.MODULE$.create(
              travel.timestamp(), travel.version(), session.sessionState().conf());
    } catch (RuntimeException | AssertionError e) {
      // Spark's AnalysisException, or its assertion: not a valid constant (Spark says so later).
      return load(ref);
    }
    return Sessions.withActive(
        session,
        () -> {
          try {
            CatalogPlugin plugin = Sessions.catalogManager(session).catalog(ref.catalog());
            Option<Table> loaded =
                CatalogV2Util.loadTable(plugin, identifier(ref), spec, Option.empty());
            return loaded.isDefined() ? Optional.of(loaded.get()) : Optional.<Table>empty();
          } catch (Exception e) {
            // No such table or snapshot: Spark reports it as it does.
            return Optional.<Table>empty();
          }
        });
  }

  /**
   * The columns of {@code table} as Spark reads it that {@code grant} shows, each with its mask, in
   * order. An Iceberg table's columns are told by field id ({@link HiddenColumns}), so a rule
   * follows a column through renames; another table's by name. Empty when Icegate cannot tell which
   * schema Spark reads: the analyzed plan's check then refuses the unwrapped read.
   */
  static Optional<List<ShownColumn>> shownColumns(Table table, TableGrant grant) {
    List<ShownColumn> shown = new ArrayList<>();
    if (!(table instanceof SparkTable spark)) {
      for (StructField field : table.schema().fields()) {
        if (!grant.hides(field.name())) {
          shown.add(new ShownColumn(field.name(), grant.maskOf(field.name())));
        }
      }
      return Optional.of(shown);
    }
    org.apache.iceberg.Table iceberg = spark.table();
    Schema schema =
        spark.snapshotId() != null
            ? SnapshotUtil.schemaFor(iceberg, spark.snapshotId())
            : spark.branch() != null
                ? SnapshotUtil.schemaFor(iceberg, spark.branch())
                : iceberg.schema();
    if (!Arrays.equals(SparkSchemaUtil.convert(schema).fieldNames(), table.schema().fieldNames())) {
      return Optional.empty();
    }
    Set<Integer> hidden = HiddenColumns.hidden(iceberg, grant);
    for (Types.NestedField field : schema.columns()) {
      if (!hidden.contains(field.fieldId())) {
        shown.add(
            new ShownColumn(field.name(), HiddenColumns.maskOf(iceberg, field.fieldId(), grant)));
      }
    }
    return Optional.of(shown);
  }

  private static Identifier identifier(TableRef ref) {
    return Identifier.of(ref.namespace().toArray(String[]::new), ref.name());
  }
}
