package io.icegate.gateway.access;

import io.icegate.access.TableGrant;
import io.icegate.metadata.MetadataRedaction;
import io.icegate.metadata.MetadataTableKind;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.types.Types;

/**
 * The columns of an Iceberg table that a grant keeps from its user, by field id: a rule names a
 * column, and follows it through renames, so a column is kept from the user if any name it has had
 * in any of the table's schemas is hidden (or masked) by the grant.
 */
public final class HiddenColumns {
  private HiddenColumns() {}

  /** The field ids of the columns {@code grant} hides. */
  public static Set<Integer> hidden(Table table, TableGrant grant) {
    return columns(table, grant, false);
  }

  /**
   * The field ids of the columns whose values the user may not see: hidden, or masked (a masked
   * column's true values are what its mask keeps from them).
   */
  private static Set<Integer> unseen(Table table, TableGrant grant) {
    return columns(table, grant, true);
  }

  /**
   * The mask {@code grant} puts on column {@code fieldId} under any name it has had in the table's
   * schemas.
   */
  public static Optional<String> maskOf(Table table, int fieldId, TableGrant grant) {
    for (Schema schema : table.schemas().values()) {
      Types.NestedField column = schema.asStruct().field(fieldId);
      if (column != null) {
        Optional<String> mask = grant.maskOf(column.name());
        if (mask.isPresent()) {
          return mask;
        }
      }
    }
    return Optional.empty();
  }

  /** The table's current columns less those {@code grant} hides. */
  public static Schema visibleSchema(Table table, TableGrant grant) {
    Set<Integer> hidden = hidden(table, grant);
    return new Schema(
        table.schema().columns().stream()
            .filter(column -> !hidden.contains(column.fieldId()))
            .collect(Collectors.toList()));
  }

  /** What of metadata table {@code kind} of {@code table} the grant's user is shown. */
  public static MetadataRedaction redaction(Table table, MetadataTableKind kind, TableGrant grant) {
    return MetadataRedaction.of(table, kind, unseen(table, grant));
  }

  private static Set<Integer> columns(Table table, TableGrant grant, boolean masked) {
    Set<Integer> ids = new LinkedHashSet<>();
    if (grant.columns().isEmpty()) {
      return ids;
    }
    // Every schema the table has had holds its current one.
    for (Schema schema : table.schemas().values()) {
      for (Types.NestedField column : schema.columns()) {
        if (grant.hides(column.name()) || masked && grant.maskOf(column.name()).isPresent()) {
          ids.add(column.fieldId());
        }
      }
    }
    return ids;
  }
}
