package io.icegate.metadata;

import static io.icegate.metadata.Relations.open;
import static io.icegate.metadata.Relations.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.metadata.testing.TestTables;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.iceberg.Table;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Reading some columns of a metadata table ({@link MetadataRelation#rows(int[])}, which has
 * Iceberg's scan select them) gives the values a full read has in those columns, in the order asked
 * for.
 */
class ProjectedReadTest {
  private static Table rich;
  private static Table unpartitioned;

  @BeforeAll
  static void tables() {
    rich = TestTables.richWithFirstExpired().table();
    unpartitioned = TestTables.unpartitioned();
  }

  static Stream<MetadataTableKind> nativeKinds() {
    return Arrays.stream(MetadataTableKind.values()).filter(MetadataTableKind::isNative);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("nativeKinds")
  void someColumnsInAnyOrderAreTheFullReadsColumns(MetadataTableKind kind) {
    for (Table table : List.of(rich, unpartitioned)) {
      MetadataRelation relation = open(table, kind);
      List<List<Object>> full = read(relation);
      int width = relation.schema().columns().size();
      // Every other column, last first; the others; each column alone; one twice; all with the
      // first twice.
      List<int[]> projections = new ArrayList<>();
      projections.add(IntStream.iterate(width - 1, i -> i >= 0, i -> i - 2).toArray());
      projections.add(IntStream.iterate(width - 2, i -> i >= 0, i -> i - 2).toArray());
      IntStream.range(0, width).forEach(i -> projections.add(new int[] {i}));
      projections.add(new int[] {width - 1, 0, width - 1});
      projections.add(IntStream.concat(IntStream.of(0), IntStream.range(0, width)).toArray());
      for (int[] columns : projections) {
        // In any order: the all_* tables read their manifests in parallel, in no fixed order.
        assertThat(comparable(read(relation, columns)))
            .as("%s of %s", Arrays.toString(columns), relation)
            .containsExactlyInAnyOrderElementsOf(
                comparable(full.stream().map(row -> pick(row, columns)).toList()));
      }
    }
  }

  @Test
  void noColumnsGiveOneEmptyRowPerRow() {
    MetadataRelation relation = open(rich, MetadataTableKind.FILES);
    List<List<Object>> rows = read(relation, new int[0]);

    assertThat(rows)
        .hasSize(read(relation).size())
        .isNotEmpty()
        .allSatisfy(row -> assertThat(row).isEmpty());
  }

  @Test
  void aColumnOutsideTheSchemaIsRefusedNamingTheRelation() {
    MetadataRelation relation = open(rich, MetadataTableKind.SNAPSHOTS);
    int width = relation.schema().columns().size();

    assertThatThrownBy(() -> relation.rows(new int[] {0, width}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(relation.name())
        .hasMessageContaining("column " + width)
        .hasMessageContaining(width + " columns");
  }

  private static List<Object> comparable(List<List<Object>> rows) {
    return rows.stream().map(Relations::comparable).toList();
  }

  private static List<Object> pick(List<Object> row, int[] columns) {
    return Arrays.stream(columns).mapToObj(row::get).toList();
  }
}
