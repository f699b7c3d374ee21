package io.icegate.calcite.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.calcite.testing.Fixture;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each metadata table's scan reads only the columns the query uses, whatever sits above it: a
 * projection, a filter, an aggregate (a bare {@code count(*)} reads the first column only), a join.
 * Column numbers in Iceberg's schemas: files 0 content, 1 file_path, 4 partition, 5 record_count;
 * snapshots 1 snapshot_id, 3 operation, 5 summary; history 0 made_current_at, 1 snapshot_id, 3
 * is_current_ancestor.
 */
class ScanColumnsTest {
  private static final Pattern SCAN =
      Pattern.compile("MetadataTableScan\\(table=\\[\\[([^]]*)]](, columns=\\[(.*?)])?\\)");

  private static Fixture fixture;

  @BeforeAll
  static void fixture() {
    fixture = new Fixture();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "SELECT file_path, record_count FROM prod.db.table.files | files [1, 5]",
        "SELECT record_count, file_path FROM prod.db.table.files | files [1, 5]",
        "SELECT count(*) FROM prod.db.table.files | files [0]",
        "SELECT file_path FROM prod.db.table.files WHERE record_count > 2 | files [1, 5]",
        "SELECT partition.category, count(*), sum(record_count) FROM prod.db.table.files GROUP BY"
            + " partition.category | files [4, 5]",
        "SELECT count(DISTINCT file_path) FILTER (WHERE record_count > 1) FROM prod.db.table.files"
            + " | files [1, 5]",
        "SELECT spec_id, count(*), max(content) FROM prod.db.table.files GROUP BY spec_id | files"
            + " [0, 3]",
        "SELECT h.made_current_at, s.operation, h.snapshot_id, h.is_current_ancestor,"
            + " s.summary['spark.app.id'] FROM prod.db.table.history h JOIN prod.db.table.snapshots"
            + " s ON h.snapshot_id = s.snapshot_id ORDER BY made_current_at | history [0, 1, 3];"
            + " snapshots [1, 3, 5]",
        "SELECT * FROM prod.db.table.files | files all",
        "SELECT *, record_count * 2 FROM prod.db.table.files | files all"
      })
  void scansReadOnlyTheColumnsUsed(String sql, String expected) throws Exception {
    assertThat(scans(fixture.engine().prepare(sql).physicalPlan())).as(sql).isEqualTo(expected);
  }

  /**
   * Aggregates straight over a narrowed scan (arguments, FILTER and DISTINCT renumbered to its
   * columns) answer as computed here from the rows.
   */
  @Test
  void aggregatesOverANarrowedScanAnswerAsComputedFromTheRows() {
    List<List<Object>> all =
        fixture.sql("SELECT content, record_count, spec_id FROM prod.db.table.files").rows();
    long distinctContents = all.stream().map(row -> row.get(0)).distinct().count();
    long large = all.stream().filter(row -> (Long) row.get(1) > 2).count();
    long largeSum =
        all.stream().filter(row -> (Long) row.get(1) > 2).mapToLong(row -> (Long) row.get(1)).sum();
    Map<Object, Long> bySpec =
        all.stream().collect(Collectors.groupingBy(row -> row.get(2), Collectors.counting()));
    List<List<Object>> expected = new ArrayList<>();
    bySpec.forEach((spec, count) -> expected.add(Arrays.asList(spec, count)));

    assertThat(
            fixture
                .sql(
                    "SELECT count(DISTINCT content), count(*) FILTER (WHERE record_count > 2),"
                        + " sum(record_count) FILTER (WHERE record_count > 2) FROM"
                        + " prod.db.table.files")
                .rows())
        .containsExactly(List.of(distinctContents, large, largeSum));
    assertThat(
            fixture
                .sql("SELECT spec_id, count(*) FROM prod.db.table.files GROUP BY spec_id")
                .rows())
        .containsExactlyInAnyOrderElementsOf(expected)
        .hasSizeGreaterThan(1);
  }

  /**
   * Each scan of the plan as "table [columns]" ("all" when it reads every column), in table-name
   * order.
   */
  private static String scans(String plan) {
    List<String> scans = new ArrayList<>();
    Matcher matcher = SCAN.matcher(plan);
    while (matcher.find()) {
      String[] path = matcher.group(1).split(", ");
      scans.add(
          path[path.length - 1] + " " + (matcher.group(3) == null ? "all" : matcher.group(3)));
    }
    return String.join("; ", scans.stream().sorted().toList());
  }
}
