package io.icegate.calcite.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.calcite.schema.IcebergTypes;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.DateString;
import org.apache.iceberg.Schema;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/** Which conditions over a files table become Iceberg's partition filter, and as what. */
class PartitionFiltersTest {
  private static final Schema SCHEMA =
      new Schema(
          Types.NestedField.required(1, "file_path", Types.StringType.get()),
          Types.NestedField.required(
              2,
              "partition",
              Types.StructType.of(
                  Types.NestedField.optional(1000, "category", Types.StringType.get()),
                  Types.NestedField.optional(1001, "ts_day", Types.DateType.get()),
                  Types.NestedField.optional(1002, "n", Types.LongType.get()))),
          Types.NestedField.required(3, "record_count", Types.LongType.get()));

  private final JavaTypeFactoryImpl types = new JavaTypeFactoryImpl(SparkTypeSystem.INSTANCE);
  private final RexBuilder rex = new RexBuilder(types);
  private final RelDataType row = IcebergTypes.rowType(types, SCHEMA);

  @Test
  void aDateIsComparedAsDaysSinceTheEpoch() {
    RexNode day = rex.makeDateLiteral(new DateString(2024, 1, 5));
    assertThat(filter(rex.makeCall(SqlStdOperatorTable.GREATER_THAN_OR_EQUAL, partition(1), day)))
        .hasValueSatisfying(
            e -> assertThat(e.toString()).isEqualTo("ref(name=\"partition.ts_day\") >= 19727"));
  }

  @Test
  void aLiteralOnTheLeftIsTurnedAround() {
    RexNode five = rex.makeBigintLiteral(BigDecimal.valueOf(5));
    assertThat(filter(rex.makeCall(SqlStdOperatorTable.LESS_THAN, five, partition(2))))
        .hasValueSatisfying(
            e -> assertThat(e.toString()).isEqualTo("ref(name=\"partition.n\") > 5"));
  }

  @Test
  void aBigintFieldTakesAnIntegerLiteral() {
    RexNode five = rex.makeExactLiteral(BigDecimal.valueOf(5));
    assertThat(five.getType().getSqlTypeName()).isEqualTo(SqlTypeName.INTEGER);
    assertThat(filter(rex.makeCall(SqlStdOperatorTable.EQUALS, partition(2), five)))
        .hasValueSatisfying(
            e -> assertThat(e.toString()).isEqualTo("ref(name=\"partition.n\") == 5"));
  }

  @Test
  void stringsAreComparedForEqualityOnly() {
    RexNode b = rex.makeLiteral("b");
    assertThat(filter(rex.makeCall(SqlStdOperatorTable.EQUALS, partition(0), b)))
        .hasValueSatisfying(
            e -> assertThat(e.toString()).isEqualTo("ref(name=\"partition.category\") == \"b\""));
    assertThat(filter(rex.makeCall(SqlStdOperatorTable.GREATER_THAN, partition(0), b))).isEmpty();
  }

  @Test
  void anAndKeepsWhatItCanAnOrNeedsAll() {
    RexNode category = rex.makeCall(SqlStdOperatorTable.EQUALS, partition(0), rex.makeLiteral("b"));
    RexNode records =
        rex.makeCall(
            SqlStdOperatorTable.GREATER_THAN,
            rex.makeInputRef(row, 2),
            rex.makeBigintLiteral(BigDecimal.ONE));
    assertThat(filter(rex.makeCall(SqlStdOperatorTable.AND, category, records)))
        .hasValueSatisfying(
            e -> assertThat(e.toString()).isEqualTo("ref(name=\"partition.category\") == \"b\""));
    assertThat(filter(rex.makeCall(SqlStdOperatorTable.OR, category, records))).isEmpty();
  }

  @Test
  void aCastOrAFunctionOfTheFieldIsNotUsed() {
    RexNode cast = rex.makeCast(types.createSqlType(SqlTypeName.VARCHAR), partition(2));
    assertThat(filter(rex.makeCall(SqlStdOperatorTable.EQUALS, cast, rex.makeLiteral("5"))))
        .isEmpty();
    RexNode year =
        rex.makeCall(SqlStdOperatorTable.EXTRACT, rex.makeFlag(TimeUnit.YEAR), partition(1));
    assertThat(
            filter(
                rex.makeCall(
                    SqlStdOperatorTable.EQUALS,
                    year,
                    rex.makeBigintLiteral(BigDecimal.valueOf(2024)))))
        .isEmpty();
  }

  private Optional<Expression> filter(RexNode condition) {
    return PartitionFilters.of(condition, SCHEMA, List.of("partition"), rex);
  }

  /** {@code partition.<field>}. */
  private RexNode partition(int field) {
    return rex.makeFieldAccess(rex.makeInputRef(row, 1), field);
  }
}
