package io.icegate.metadata;

import static io.icegate.metadata.Relations.columnNames;
import static io.icegate.metadata.Relations.open;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.metadata.testing.TestTables;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The columns of every metadata table: the specification's, plus what Iceberg 1.11 adds (as Spark
 * shows).
 */
class MetadataTableSchemaTest {
  private static final List<String> FILE_COLUMNS =
      List.of(
          "content",
          "file_path",
          "file_format",
          "spec_id",
          "partition",
          "record_count",
          "file_size_in_bytes",
          "column_sizes",
          "value_counts",
          "null_value_counts",
          "nan_value_counts",
          "lower_bounds",
          "upper_bounds",
          "key_metadata",
          "split_offsets",
          "equality_ids",
          "sort_order_id",
          "first_row_id",
          "referenced_data_file",
          "content_offset",
          "content_size_in_bytes",
          "readable_metrics");
  private static final List<String> MANIFEST_COLUMNS =
      List.of(
          "content",
          "path",
          "length",
          "partition_spec_id",
          "added_snapshot_id",
          "added_data_files_count",
          "existing_data_files_count",
          "deleted_data_files_count",
          "added_delete_files_count",
          "existing_delete_files_count",
          "deleted_delete_files_count",
          "partition_summaries");
  private static final List<String> ENTRY_COLUMNS =
      List.of(
          "status",
          "snapshot_id",
          "sequence_number",
          "file_sequence_number",
          "data_file",
          "readable_metrics");
  private static final List<String> PARTITION_COLUMNS =
      List.of(
          "partition",
          "spec_id",
          "record_count",
          "file_count",
          "total_data_file_size_in_bytes",
          "position_delete_record_count",
          "position_delete_file_count",
          "equality_delete_record_count",
          "equality_delete_file_count",
          "last_updated_at",
          "last_updated_snapshot_id");

  private static Table rich;
  private static Table flat;

  @BeforeAll
  static void tables() {
    rich = TestTables.richWithFirstExpired().table();
    flat = TestTables.unpartitioned();
  }

  @Test
  void snapshotLevelTables() {
    assertThat(columnNames(open(rich, MetadataTableKind.HISTORY)))
        .containsExactly("made_current_at", "snapshot_id", "parent_id", "is_current_ancestor");
    assertThat(columnNames(open(rich, MetadataTableKind.METADATA_LOG_ENTRIES)))
        .containsExactly(
            "timestamp",
            "file",
            "latest_snapshot_id",
            "latest_schema_id",
            "latest_sequence_number");
    assertThat(columnNames(open(rich, MetadataTableKind.SNAPSHOTS)))
        .containsExactly(
            "committed_at", "snapshot_id", "parent_id", "operation", "manifest_list", "summary");
    assertThat(columnNames(open(rich, MetadataTableKind.REFS)))
        .containsExactly(
            "name",
            "type",
            "snapshot_id",
            "max_reference_age_in_ms",
            "min_snapshots_to_keep",
            "max_snapshot_age_in_ms");
  }

  @Test
  void timestampsAreTimestampsWithZone() {
    Schema snapshots = open(rich, MetadataTableKind.SNAPSHOTS).schema();
    assertThat(snapshots.findType("committed_at")).isEqualTo(Types.TimestampType.withZone());
    assertThat(snapshots.findType("summary"))
        .isEqualTo(Types.MapType.ofRequired(7, 8, Types.StringType.get(), Types.StringType.get()));
    assertThat(open(rich, MetadataTableKind.PARTITIONS).schema().findType("last_updated_at"))
        .isEqualTo(Types.TimestampType.withZone());
  }

  @Test
  void theFilesFamilyHasTwentyTwoColumnsEndingInReadableMetrics() {
    for (MetadataTableKind kind :
        List.of(
            MetadataTableKind.FILES,
            MetadataTableKind.DATA_FILES,
            MetadataTableKind.DELETE_FILES,
            MetadataTableKind.ALL_FILES,
            MetadataTableKind.ALL_DATA_FILES,
            MetadataTableKind.ALL_DELETE_FILES)) {
      assertThat(columnNames(open(rich, kind))).as(kind.tableName()).isEqualTo(FILE_COLUMNS);
    }
  }

  @Test
  void partitionIsTheUnionOfEverySpecsFields() {
    Type partition = open(rich, MetadataTableKind.FILES).schema().findType("partition");
    assertThat(partition.asStructType().fields())
        .extracting(Types.NestedField::name)
        .containsExactly("category", "id_bucket");
    assertThat(open(rich, MetadataTableKind.PARTITIONS).schema().findType("partition"))
        .isEqualTo(partition);
  }

  @Test
  void readableMetricsHasOneStructPerPrimitiveColumnByName() {
    Type metrics = open(rich, MetadataTableKind.FILES).schema().findType("readable_metrics");
    assertThat(metrics.asStructType().fields())
        .extracting(Types.NestedField::name)
        .containsExactly("category", "data", "extra", "id", "ts");
    Type id = metrics.asStructType().field("id").type();
    assertThat(id.asStructType().fields())
        .extracting(Types.NestedField::name)
        .containsExactly(
            "column_size",
            "value_count",
            "null_value_count",
            "nan_value_count",
            "lower_bound",
            "upper_bound");
    assertThat(id.asStructType().field("lower_bound").type()).isEqualTo(Types.LongType.get());
    assertThat(metrics.asStructType().field("ts").type().asStructType().field("upper_bound").type())
        .isEqualTo(Types.TimestampType.withZone());
  }

  @Test
  void entriesWrapTheFileInDataFile() {
    for (MetadataTableKind kind :
        List.of(MetadataTableKind.ENTRIES, MetadataTableKind.ALL_ENTRIES)) {
      MetadataRelation relation = open(rich, kind);
      assertThat(columnNames(relation)).as(kind.tableName()).isEqualTo(ENTRY_COLUMNS);
      assertThat(relation.schema().findType("data_file").asStructType().fields())
          .extracting(Types.NestedField::name)
          .isEqualTo(FILE_COLUMNS.subList(0, FILE_COLUMNS.size() - 1));
    }
  }

  @Test
  void manifestsAndAllManifests() {
    assertThat(columnNames(open(rich, MetadataTableKind.MANIFESTS))).isEqualTo(MANIFEST_COLUMNS);
    List<String> all = new ArrayList<>(MANIFEST_COLUMNS);
    all.addAll(List.of("reference_snapshot_id", "key_metadata"));
    assertThat(columnNames(open(rich, MetadataTableKind.ALL_MANIFESTS))).isEqualTo(all);
    assertThat(
            open(rich, MetadataTableKind.MANIFESTS)
                .schema()
                .findType("partition_summaries")
                .asListType()
                .elementType()
                .asStructType()
                .fields())
        .extracting(Types.NestedField::name)
        .containsExactly("contains_null", "contains_nan", "lower_bound", "upper_bound");
  }

  @Test
  void partitions() {
    assertThat(columnNames(open(rich, MetadataTableKind.PARTITIONS))).isEqualTo(PARTITION_COLUMNS);
  }

  @Test
  void anUnpartitionedTableHasNoPartitionColumnsNorPartitionsSpecId() {
    assertThat(columnNames(open(flat, MetadataTableKind.FILES)))
        .isEqualTo(without(FILE_COLUMNS, "partition"));
    assertThat(columnNames(open(flat, MetadataTableKind.PARTITIONS)))
        .isEqualTo(without(PARTITION_COLUMNS, "partition", "spec_id"));
  }

  @Test
  void theSparkComputedTablesHaveSchemasToo() {
    assertThat(MetadataTables.schema(rich, MetadataTableKind.POSITION_DELETES).columns())
        .extracting(Types.NestedField::name)
        .containsExactly("file_path", "pos", "row", "partition", "spec_id", "delete_file_path");
    assertThat(MetadataTables.schema(rich, MetadataTableKind.CHANGES).columns())
        .extracting(Types.NestedField::name)
        .containsExactly(
            "id",
            "data",
            "category",
            "ts",
            "extra",
            "_change_type",
            "_change_ordinal",
            "_commit_snapshot_id");
  }

  @Test
  void schemaOfANativeKindIsTheSchemaOfItsRelation() {
    for (MetadataTableKind kind : MetadataTableKind.values()) {
      if (kind.isNative()) {
        assertThat(MetadataTables.schema(rich, kind).asStruct())
            .as(kind.tableName())
            .isEqualTo(open(rich, kind).schema().asStruct());
      }
    }
  }

  private static List<String> without(List<String> columns, String... removed) {
    List<String> result = new ArrayList<>(columns);
    result.removeAll(List.of(removed));
    return result;
  }
}
