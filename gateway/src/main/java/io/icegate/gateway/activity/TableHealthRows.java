package io.icegate.gateway.activity;

import io.icegate.gateway.health.HealthThresholds;
import io.icegate.gateway.health.TableHealth;
import io.icegate.gateway.metadata.SparkIcebergCatalogs;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.schema.ProjectableFilterableTable;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.SqlKind;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructField;

/**
 * {@code icegate.system.table_health} as Calcite reads it on the gateway: only the columns the
 * query projects are computed, and equality on {@code catalog}, {@code namespace} or {@code
 * table_name} narrows the tables loaded (Calcite still applies every filter to the rows).
 */
final class TableHealthRows extends AbstractTable implements ProjectableFilterableTable {
  private final SparkSession session;

  TableHealthRows(SparkSession session) {
    this.session = session;
  }

  @Override
  public RelDataType getRowType(RelDataTypeFactory types) {
    RelDataTypeFactory.Builder builder = types.builder();
    for (StructField field : TableHealth.SCHEMA.fields()) {
      builder.add(
          field.name(),
          types.createTypeWithNullability(
              types.createSqlType(SystemTableQueries.RowsTable.calciteType(field.dataType())),
              field.nullable()));
    }
    return builder.build();
  }

  @Override
  public Enumerable<Object[]> scan(DataContext root, List<RexNode> filters, int[] projects) {
    StructField[] fields = TableHealth.SCHEMA.fields();
    int[] columns = projects;
    if (columns == null) {
      columns = new int[fields.length];
      for (int i = 0; i < columns.length; i++) {
        columns[i] = i;
      }
    }
    BitSet wanted = new BitSet();
    for (int c : columns) {
      wanted.set(c);
    }
    Optional<String> catalog = Optional.empty();
    Optional<String> namespace = Optional.empty();
    Optional<String> table = Optional.empty();
    for (RexNode filter : filters) {
      for (RexNode conjunct : RexUtil.flattenAnd(List.of(filter))) {
        Optional<Equality> eq = equality(conjunct);
        if (eq.isPresent()) {
          switch (eq.get().column()) {
            case 0 -> catalog = Optional.of(eq.get().value());
            case 1 -> namespace = Optional.of(eq.get().value());
            case 2 -> table = Optional.of(eq.get().value());
            default -> {}
          }
        }
      }
    }
    // The filters stay in the list: Calcite applies them to what comes back.
    int[] out = columns;
    List<Object[]> rows = new ArrayList<>();
    TableHealth.rows(
        new SparkIcebergCatalogs(session),
        new TableHealth.Request(wanted, catalog, namespace, table),
        HealthThresholds.configured(),
        Instant.now(),
        ZoneId.of(session.sessionState().conf().sessionLocalTimeZone()),
        row -> {
          Object[] values = new Object[out.length];
          for (int i = 0; i < out.length; i++) {
            int c = out[i];
            values[i] =
                row.isNullAt(c)
                    ? null
                    : SystemTableQueries.RowsTable.calciteValue(
                        row.get(c, fields[c].dataType()), fields[c].dataType());
          }
          rows.add(values);
        });
    return Linq4j.asEnumerable(rows);
  }

  private record Equality(int column, String value) {}

  /** {@code column = 'literal'} on one of the name columns (0 to 2), either way round. */
  private static Optional<Equality> equality(RexNode node) {
    if (!(node instanceof RexCall call) || call.getKind() != SqlKind.EQUALS) {
      return Optional.empty();
    }
    RexNode left = RexUtil.removeCast(call.getOperands().get(0));
    RexNode right = RexUtil.removeCast(call.getOperands().get(1));
    if (left instanceof RexLiteral && right instanceof RexInputRef) {
      RexNode swap = left;
      left = right;
      right = swap;
    }
    if (left instanceof RexInputRef ref
        && ref.getIndex() <= 2
        && right instanceof RexLiteral literal
        && literal.getValueAs(String.class) != null) {
      return Optional.of(new Equality(ref.getIndex(), literal.getValueAs(String.class)));
    }
    return Optional.empty();
  }
}
