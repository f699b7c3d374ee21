package io.icegate.metadata;

import static io.icegate.metadata.Relations.comparableRows;
import static io.icegate.metadata.Relations.open;
import static io.icegate.metadata.Relations.read;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.metadata.testing.CountingFileIO;
import io.icegate.metadata.testing.TestTables;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/**
 * A partition filter given with the columns ({@link MetadataRelation#rows(int[], Expression)}) has
 * Iceberg skip the manifests of a files or entries table that cannot match, and keeps every row
 * that does; other tables ignore it.
 */
class PartitionFilterReadTest {
  @Test
  void aFilesOrEntriesTableReadsFewerManifestsAndKeepsEveryMatchingRow() {
    Table plain = TestTables.richWithFirstExpired().table();
    CountingFileIO io = new CountingFileIO(((HasTableOperations) plain).operations().io());
    Table table = io.wrap(plain);
    for (MetadataTableKind kind :
        List.of(MetadataTableKind.FILES, MetadataTableKind.DATA_FILES, MetadataTableKind.ENTRIES)) {
      MetadataRelation relation = open(table, kind);
      List<String> path = kind.partitionPath();
      int[] all = IntStream.range(0, relation.schema().columns().size()).toArray();
      int before = io.opened();
      List<List<Object>> everything = read(relation);
      int whole = io.opened() - before;
      Expression categoryD = Expressions.equal(String.join(".", path) + ".category", "d");
      List<List<Object>> filtered = read(relation, all, categoryD);
      int pruned = io.opened() - before - whole;

      List<List<Object>> matching =
          everything.stream().filter(row -> "d".equals(partition(relation, row).get(0))).toList();
      assertThat(matching).as("%s rows of category d", kind).isNotEmpty();
      assertThat(comparableRows(filtered))
          .as(kind.toString())
          .containsAll(comparableRows(matching));
      assertThat(pruned)
          .as("manifests %s read with the filter, of %d", kind, whole)
          .isPositive()
          .isLessThan(whole);
    }
  }

  @Test
  void otherTablesIgnoreIt() {
    Table table = TestTables.richWithFirstExpired().table();
    for (MetadataTableKind kind :
        List.of(
            MetadataTableKind.MANIFESTS,
            MetadataTableKind.PARTITIONS,
            MetadataTableKind.SNAPSHOTS)) {
      MetadataRelation relation = open(table, kind);
      int[] all = IntStream.range(0, relation.schema().columns().size()).toArray();
      // In any order: partitions are summed from manifests read in parallel.
      assertThat(comparableRows(read(relation, all, Expressions.alwaysFalse())))
          .as(kind.toString())
          .isNotEmpty()
          .containsExactlyInAnyOrderElementsOf(comparableRows(read(relation)));
    }
  }

  /**
   * A row's partition values: its {@code partition} column, or its {@code data_file}'s {@code
   * partition} field.
   */
  private static List<?> partition(MetadataRelation relation, List<Object> row) {
    List<String> path = relation.kind().partitionPath();
    Object value = row.get(columnNumber(relation, path.get(0)));
    if (path.size() == 2) {
      Types.StructType file = relation.schema().findType(path.get(0)).asStructType();
      value = ((List<?>) value).get(file.fields().indexOf(file.field(path.get(1))));
    }
    return (List<?>) value;
  }

  private static int columnNumber(MetadataRelation relation, String name) {
    return Relations.columnNames(relation).indexOf(name);
  }
}
