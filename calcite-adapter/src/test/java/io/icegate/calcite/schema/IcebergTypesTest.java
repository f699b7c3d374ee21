package io.icegate.calcite.schema;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.calcite.testing.Fixture;
import io.icegate.metadata.MetadataTableKind;
import io.icegate.metadata.MetadataTables;
import java.util.List;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.rel.type.StructKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Iceberg types as Calcite types, the way Spark sees them, nullability kept. */
class IcebergTypesTest {
  /** Decimals up to Spark's 38 digits, as the native path's type system allows. */
  private static final RelDataTypeFactory FACTORY =
      new JavaTypeFactoryImpl(
          new RelDataTypeSystemImpl() {
            @Override
            public int getMaxPrecision(SqlTypeName typeName) {
              return typeName == SqlTypeName.DECIMAL ? 38 : super.getMaxPrecision(typeName);
            }

            @Override
            public int getMaxScale(SqlTypeName typeName) {
              return typeName == SqlTypeName.DECIMAL ? 38 : super.getMaxScale(typeName);
            }
          });

  private static Table table;

  @BeforeAll
  static void table() {
    table = new Fixture().table();
  }

  @Test
  void primitives() {
    assertThat(sql(Types.BooleanType.get())).isEqualTo("BOOLEAN NOT NULL");
    assertThat(sql(Types.IntegerType.get())).isEqualTo("INTEGER NOT NULL");
    assertThat(sql(Types.LongType.get())).isEqualTo("BIGINT NOT NULL");
    assertThat(sql(Types.FloatType.get())).isEqualTo("REAL NOT NULL");
    assertThat(sql(Types.DoubleType.get())).isEqualTo("DOUBLE NOT NULL");
    assertThat(sql(Types.DecimalType.of(38, 10))).isEqualTo("DECIMAL(38, 10) NOT NULL");
    assertThat(sql(Types.DateType.get())).isEqualTo("DATE NOT NULL");
    assertThat(sql(Types.TimeType.get())).isEqualTo("TIME(3) NOT NULL");
    assertThat(sql(Types.TimestampType.withZone()))
        .isEqualTo("TIMESTAMP_WITH_LOCAL_TIME_ZONE(3) NOT NULL");
    assertThat(sql(Types.TimestampType.withoutZone())).isEqualTo("TIMESTAMP(3) NOT NULL");
    assertThat(sql(Types.TimestampNanoType.withZone()))
        .isEqualTo("TIMESTAMP_WITH_LOCAL_TIME_ZONE(3) NOT NULL");
    assertThat(sql(Types.StringType.get())).startsWith("VARCHAR").endsWith("NOT NULL");
    assertThat(sql(Types.UUIDType.get())).startsWith("VARCHAR");
    assertThat(sql(Types.BinaryType.get())).isEqualTo("VARBINARY NOT NULL");
    assertThat(sql(Types.FixedType.ofLength(16))).isEqualTo("VARBINARY NOT NULL");
  }

  @Test
  void nestedTypesKeepTheirElementsNullability() {
    RelDataType list =
        IcebergTypes.toSql(FACTORY, Types.ListType.ofRequired(1, Types.LongType.get()), true);
    assertThat(list.getSqlTypeName()).isEqualTo(SqlTypeName.ARRAY);
    assertThat(list.isNullable()).isTrue();
    assertThat(list.getComponentType().isNullable()).isFalse();

    RelDataType map =
        IcebergTypes.toSql(
            FACTORY,
            Types.MapType.ofOptional(1, 2, Types.StringType.get(), Types.LongType.get()),
            false);
    assertThat(map.getSqlTypeName()).isEqualTo(SqlTypeName.MAP);
    assertThat(map.getKeyType().isNullable()).isFalse();
    assertThat(map.getValueType().isNullable()).isTrue();
  }

  @Test
  void structColumnsCanBeReadFieldByFieldWithoutTheTableName() {
    Schema schema =
        new Schema(
            required(1, "id", Types.LongType.get()),
            required(
                2,
                "point",
                Types.StructType.of(
                    required(3, "x", Types.DoubleType.get()),
                    optional(
                        4,
                        "inner",
                        Types.StructType.of(required(5, "y", Types.DoubleType.get()))))));

    RelDataType row = IcebergTypes.rowType(FACTORY, schema);

    RelDataType point = row.getField("point", true, false).getType();
    assertThat(point.getStructKind()).isEqualTo(StructKind.PEEK_FIELDS_NO_EXPAND);
    assertThat(point.isNullable()).isFalse();
    assertThat(point.getField("x", true, false).getType().isNullable()).isFalse();
    assertThat(point.getField("inner", true, false).getType().isNullable()).isTrue();
    assertThat(point.getField("inner", true, false).getType().getStructKind())
        .isEqualTo(StructKind.FULLY_QUALIFIED);
  }

  @Test
  void snapshotsColumns() {
    assertThat(columns(MetadataTableKind.SNAPSHOTS))
        .containsExactly(
            "committed_at TIMESTAMP_WITH_LOCAL_TIME_ZONE(3) NOT NULL",
            "snapshot_id BIGINT NOT NULL",
            "parent_id BIGINT",
            "operation VARCHAR",
            "manifest_list VARCHAR",
            "summary (VARCHAR NOT NULL, VARCHAR NOT NULL) MAP");
  }

  @Test
  void refsColumns() {
    assertThat(columns(MetadataTableKind.REFS))
        .containsExactly(
            "name VARCHAR NOT NULL",
            "type VARCHAR NOT NULL",
            "snapshot_id BIGINT NOT NULL",
            "max_reference_age_in_ms BIGINT",
            "min_snapshots_to_keep INTEGER",
            "max_snapshot_age_in_ms BIGINT");
  }

  @Test
  void partitionsColumns() {
    assertThat(columns(MetadataTableKind.PARTITIONS))
        .containsExactly(
            "partition RecordType:peek_no_expand(VARCHAR category, INTEGER id_bucket) NOT NULL",
            "spec_id INTEGER NOT NULL",
            "record_count BIGINT NOT NULL",
            "file_count INTEGER NOT NULL",
            "total_data_file_size_in_bytes BIGINT NOT NULL",
            "position_delete_record_count BIGINT NOT NULL",
            "position_delete_file_count INTEGER NOT NULL",
            "equality_delete_record_count BIGINT NOT NULL",
            "equality_delete_file_count INTEGER NOT NULL",
            "last_updated_at TIMESTAMP_WITH_LOCAL_TIME_ZONE(3)",
            "last_updated_snapshot_id BIGINT");
  }

  @Test
  void filesColumns() {
    List<String> files = columns(MetadataTableKind.FILES);

    assertThat(files).hasSize(22);
    assertThat(files.subList(0, 17))
        .containsExactly(
            "content INTEGER",
            "file_path VARCHAR NOT NULL",
            "file_format VARCHAR NOT NULL",
            "spec_id INTEGER",
            "partition RecordType:peek_no_expand(VARCHAR category, INTEGER id_bucket) NOT NULL",
            "record_count BIGINT NOT NULL",
            "file_size_in_bytes BIGINT NOT NULL",
            "column_sizes (INTEGER NOT NULL, BIGINT NOT NULL) MAP",
            "value_counts (INTEGER NOT NULL, BIGINT NOT NULL) MAP",
            "null_value_counts (INTEGER NOT NULL, BIGINT NOT NULL) MAP",
            "nan_value_counts (INTEGER NOT NULL, BIGINT NOT NULL) MAP",
            "lower_bounds (INTEGER NOT NULL, VARBINARY NOT NULL) MAP",
            "upper_bounds (INTEGER NOT NULL, VARBINARY NOT NULL) MAP",
            "key_metadata VARBINARY",
            "split_offsets BIGINT NOT NULL ARRAY",
            "equality_ids INTEGER NOT NULL ARRAY",
            "sort_order_id INTEGER");
    assertThat(files.get(21))
        .startsWith(
            "readable_metrics RecordType:peek_no_expand(RecordType(BIGINT column_size, BIGINT"
                + " value_count, BIGINT null_value_count, BIGINT nan_value_count, VARCHAR"
                + " lower_bound, VARCHAR upper_bound) category")
        .contains("TIMESTAMP_WITH_LOCAL_TIME_ZONE(3) lower_bound");
  }

  private static String sql(Type type) {
    return IcebergTypes.toSql(FACTORY, type, false).getFullTypeString();
  }

  private static List<String> columns(MetadataTableKind kind) {
    RelDataType row = IcebergTypes.rowType(FACTORY, MetadataTables.schema(table, kind));
    return row.getFieldList().stream().map(IcebergTypesTest::column).toList();
  }

  private static String column(RelDataTypeField field) {
    return field.getName()
        + " "
        + field
            .getType()
            .getFullTypeString()
            .replace("VARCHAR CHARACTER SET \"ISO-8859-1\"", "VARCHAR");
  }
}
