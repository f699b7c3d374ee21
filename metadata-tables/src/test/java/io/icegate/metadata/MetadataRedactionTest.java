package io.icegate.metadata;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.metadata.MetadataRedaction.WithoutPathSegments;
import io.icegate.metadata.testing.TestTables;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What a user who may not see some columns is shown of a metadata table, read natively: the rich
 * test table is partitioned by {@code category} (field 3), then also by a bucket of {@code id}.
 */
class MetadataRedactionTest {
  private static final int CATEGORY = 3;
  private static final int DATA = 2;
  private static Table table;

  @BeforeAll
  static void tables() {
    table = TestTables.richWithFirstExpired().table();
  }

  @Test
  void aHiddenPartitionSourceLeavesNoFieldMetricOrPartitionValue() {
    MetadataRedaction redaction =
        MetadataRedaction.of(table, MetadataTableKind.FILES, Set.of(CATEGORY));
    assertThat(redaction.redacts()).isTrue();
    assertThat(redaction.refusal()).isEmpty();
    Schema shown = redaction.schema();
    assertThat(shown.findField("partition.category")).isNull();
    assertThat(shown.findField("partition.id_bucket")).isNotNull();
    assertThat(shown.findField("readable_metrics.category")).isNull();
    assertThat(shown.findField("readable_metrics.data")).isNotNull();

    List<List<Object>> rows = redacted(redaction);
    assertThat(rows).isNotEmpty();
    int lowerBounds = shown.columns().indexOf(shown.findField("lower_bounds"));
    int partition = shown.columns().indexOf(shown.findField("partition"));
    int withBounds = 0;
    for (List<Object> row : rows) {
      if (row.get(lowerBounds) != null) {
        // A delete file here has none.
        withBounds++;
        Set<Object> keys = Set.copyOf(((Map<?, ?>) row.get(lowerBounds)).keySet());
        assertThat(keys).doesNotContain(CATEGORY).contains(1);
      }
      assertThat((List<?>) row.get(partition)).hasSize(1);
    }
    assertThat(withBounds).isPositive();
    // The same rows as unredacted, less what was taken out.
    assertThat(rows).hasSameSizeAs(Relations.read(table, MetadataTableKind.FILES));
  }

  @Test
  void aHiddenColumnThatPartitionsNothingLeavesPartitionsAndSummariesAlone() {
    MetadataRedaction partitions =
        MetadataRedaction.of(table, MetadataTableKind.PARTITIONS, Set.of(DATA));
    assertThat(partitions.refusal()).isEmpty();
    assertThat(partitions.redacts()).isFalse();
    assertThat(MetadataRedaction.of(table, MetadataTableKind.SNAPSHOTS, Set.of(DATA)).redacts())
        .isFalse();
    assertThat(MetadataRedaction.of(table, MetadataTableKind.MANIFESTS, Set.of(DATA)).redacts())
        .isFalse();
  }

  @Test
  void tablesMadeOfHiddenValuesAreRefused() {
    assertThat(
            MetadataRedaction.of(table, MetadataTableKind.PARTITIONS, Set.of(CATEGORY)).refusal())
        .hasValueSatisfying(reason -> assertThat(reason).contains("partition fields"));
    for (MetadataTableKind kind :
        List.of(MetadataTableKind.CHANGES, MetadataTableKind.POSITION_DELETES)) {
      assertThat(MetadataRedaction.of(table, kind, Set.of(DATA)).refusal())
          .as("%s", kind)
          .hasValue("its rows carry the table's rows");
    }
  }

  @Test
  void nothingHiddenShowsTheTableAsItIs() {
    for (MetadataTableKind kind : MetadataTableKind.values()) {
      MetadataRedaction none = MetadataRedaction.none(table, kind);
      assertThat(none.redacts()).as("%s", kind).isFalse();
      assertThat(none.schema().asStruct()).isEqualTo(MetadataTables.schema(table, kind).asStruct());
    }
  }

  @Test
  void aPartitionSummaryKeepsNothing() {
    MetadataRedaction redaction =
        MetadataRedaction.of(table, MetadataTableKind.MANIFESTS, Set.of(CATEGORY));
    Schema shown = redaction.schema();
    int summaries = shown.columns().indexOf(shown.findField("partition_summaries"));
    List<List<Object>> rows = redacted(redaction);
    assertThat(rows).isNotEmpty();
    for (List<Object> row : rows) {
      for (Object summary : (List<?>) row.get(summaries)) {
        List<?> fields = (List<?>) summary;
        // Which fields derive from the hidden column is the manifest's spec's to say: none stays.
        assertThat(fields).as("contains_null, contains_nan, bounds").containsOnlyNulls();
      }
    }
  }

  @Test
  void aPathLosesEachPartitionDirectoryOfAHiddenField() {
    WithoutPathSegments without = new WithoutPathSegments(List.of("a.b", "x y"), false);
    assertThat(MetadataRedaction.apply(without, "s3://w/t/data/A.B=1/x+y=2/aXb=3/a.b=4.parquet"))
        .isEqualTo("s3://w/t/data/redacted/redacted/aXb=3/a.b=4.parquet");
    // A layout that hashes partitions into directories loses every directory.
    assertThat(
            MetadataRedaction.apply(
                new WithoutPathSegments(List.of("a"), true), "s3://w/t/data/0110/a=1/f.parquet"))
        .isEqualTo("redacted/f.parquet");
  }

  /**
   * A partition field renamed keeps its id, and files written before sit under its old name: both
   * names leave the paths. The object storage layout replaces every directory.
   */
  @Test
  void everyNameAHiddenPartitionFieldHadLeavesThePaths() {
    Table renamed = TestTables.rich(TestTables.catalog("renamed"), "renamed").table();
    renamed.updateSpec().renameField("category", "kind").commit();
    assertThat(pathRedaction(renamed))
        .isEqualTo(new WithoutPathSegments(List.of("category", "kind"), false));
    renamed.updateProperties().set("write.object-storage.enabled", "true").commit();
    assertThat(pathRedaction(renamed).wholeDirectory()).isTrue();
  }

  /** A hidden list column: its element's metrics go too, and equality delete keys lose its id. */
  @Test
  void aHiddenListColumnTakesItsElementWithIt() {
    InMemoryCatalog catalog = TestTables.catalog("lists");
    Table lists =
        catalog.createTable(
            TableIdentifier.of("db", "lists"),
            new Schema(
                Types.NestedField.required(1, "id", Types.LongType.get()),
                Types.NestedField.optional(
                    2, "tags", Types.ListType.ofOptional(3, Types.StringType.get()))),
            PartitionSpec.unpartitioned());
    MetadataRedaction redaction = MetadataRedaction.of(lists, MetadataTableKind.FILES, Set.of(2));
    assertThat(redactionOf(redaction, "lower_bounds"))
        .isEqualTo(new MetadataRedaction.WithoutKeys(List.of(2, 3)));
    assertThat(redactionOf(redaction, "equality_ids"))
        .isEqualTo(new MetadataRedaction.WithoutElements(List.of(2, 3)));
    assertThat(MetadataRedaction.apply(redactionOf(redaction, "equality_ids"), List.of(1, 2, 3)))
        .isEqualTo(List.of(1));
    assertThat(redaction.schema().findField("readable_metrics.tags.element")).isNull();
  }

  private static WithoutPathSegments pathRedaction(Table table) {
    return (WithoutPathSegments)
        redactionOf(
            MetadataRedaction.of(table, MetadataTableKind.FILES, Set.of(CATEGORY)), "file_path");
  }

  private static MetadataRedaction.Redaction redactionOf(
      MetadataRedaction redaction, String column) {
    return redaction.columns().stream()
        .filter(field -> field.name().equals(column))
        .findFirst()
        .orElseThrow()
        .redaction();
  }

  /** Every column of the metadata table, read and redacted as the native path does. */
  private static List<List<Object>> redacted(MetadataRedaction redaction) {
    int[] shown = new int[redaction.schema().columns().size()];
    Arrays.setAll(shown, i -> i);
    MetadataRelation relation = MetadataTables.open(table, redaction.kind(), TimeTravel.none());
    return Relations.read(relation, redaction.sourceColumns(shown)).stream()
        .map(row -> redaction.apply(shown, row))
        .toList();
  }
}
