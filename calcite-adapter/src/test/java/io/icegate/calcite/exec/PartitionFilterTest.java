package io.icegate.calcite.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.calcite.testing.Fixture;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A filter over a files or entries table gives Iceberg its conditions on partition fields (the
 * plan's scan shows them) and answers as the rows filtered here do, whether or not it could:
 * Iceberg only skips manifests. The rich table is partitioned by category (a string), then also by
 * id_bucket (an int, null in the first spec's files).
 */
class PartitionFilterTest {
  /** Tables whose scans take a partition filter, each with the path of its file's columns. */
  private static final Map<String, String> TABLES =
      Map.of(
          "files",
          "",
          "data_files",
          "",
          "delete_files",
          "",
          "all_files",
          "",
          "entries",
          "data_file.",
          "all_entries",
          "data_file.");

  private static Fixture fixture;

  @BeforeAll
  static void fixture() {
    fixture = new Fixture();
  }

  /**
   * A condition, whether Iceberg gets some of it, and the rows it keeps, as (category, id_bucket,
   * records).
   */
  private record Case(String condition, boolean pushed, Predicate<Row> keeps) {
    @Override
    public String toString() {
      return condition;
    }
  }

  private record Row(String category, Integer bucket, long records) {}

  static Stream<Case> conditions() {
    return Stream.of(
        new Case("partition.category = 'a'", true, r -> "a".equals(r.category())),
        new Case("'a' = partition.category", true, r -> "a".equals(r.category())),
        new Case(
            "partition.category IN ('a', 'c')",
            true,
            r -> "a".equals(r.category()) || "c".equals(r.category())),
        new Case("partition.id_bucket > 1", true, r -> r.bucket() != null && r.bucket() > 1),
        new Case(
            "partition.id_bucket BETWEEN 2 AND 3",
            true,
            r -> r.bucket() != null && r.bucket() >= 2 && r.bucket() <= 3),
        new Case("partition.id_bucket IS NULL", true, r -> r.bucket() == null),
        new Case(
            "partition.id_bucket IS NOT NULL AND record_count > 2",
            true,
            r -> r.bucket() != null && r.records() > 2),
        new Case(
            "partition.category = 'a' OR partition.id_bucket = 2",
            true,
            r -> "a".equals(r.category()) || Integer.valueOf(2).equals(r.bucket())),
        new Case(
            "partition.category <> 'a'",
            true,
            r -> r.category() != null && !"a".equals(r.category())),
        new Case(
            "partition.category = 'a' OR record_count > 6",
            false,
            r -> "a".equals(r.category()) || r.records() > 6),
        new Case("upper(partition.category) = 'A'", false, r -> "a".equals(r.category())),
        new Case(
            "partition.category > 'b'",
            false,
            r -> r.category() != null && r.category().compareTo("b") > 0),
        new Case(
            "NOT (partition.category = 'a')",
            true,
            r -> r.category() != null && !"a".equals(r.category())),
        new Case(
            "partition.category NOT IN ('a', 'b')",
            true,
            r -> r.category() != null && !"a".equals(r.category()) && !"b".equals(r.category())),
        new Case("partition.category IN ('a', 'cc')", true, r -> "a".equals(r.category())));
  }

  static Stream<Arguments> cases() {
    return TABLES.keySet().stream()
        .sorted()
        .flatMap(table -> conditions().map(c -> Arguments.of(table, c)));
  }

  @ParameterizedTest(name = "{0} WHERE {1}")
  @MethodSource("cases")
  void icebergGetsThePartitionConditionsAndTheAnswerIsTheFilteredRows(String table, Case c)
      throws Exception {
    String file = TABLES.get(table);
    String sql =
        String.format(
            "SELECT %1$sfile_path, %1$spartition.category, %1$spartition.id_bucket,"
                + " %1$srecord_count FROM prod.db.table.%2$s",
            file, table);
    List<List<Object>> expected =
        fixture.sql(sql).rows().stream()
            .filter(
                row ->
                    c.keeps()
                        .test(
                            new Row((String) row.get(1), (Integer) row.get(2), (Long) row.get(3))))
            .toList();
    String filtered =
        sql
            + " WHERE "
            + c.condition()
                .replace("partition.", file + "partition.")
                .replace("record_count", file + "record_count");

    assertThat(fixture.engine().prepare(filtered).physicalPlan().contains("partitionFilter"))
        .as("partition filter in the plan of %s", filtered)
        .isEqualTo(c.pushed());
    assertThat(fixture.sql(filtered).rows())
        .as(filtered)
        .containsExactlyInAnyOrderElementsOf(expected);
  }

  /**
   * A window over a filtered files table sees every row: the filter is not given to Iceberg below
   * the window.
   */
  @Test
  void aWindowBelowTheFilterCountsEveryFile() throws Exception {
    long files =
        (Long) fixture.sql("SELECT count(*) FROM prod.db.table.files").rows().get(0).get(0);
    String sql =
        "SELECT file_path, n FROM (SELECT file_path, partition, count(*) OVER () AS n"
            + " FROM prod.db.table.files) WHERE partition.category = 'a'";
    List<List<Object>> rows = fixture.sql(sql).rows();
    assertThat(rows)
        .isNotEmpty()
        .allSatisfy(row -> assertThat(row.get(1)).as(sql).isEqualTo(files));
    assertThat(rows).hasSizeLessThan((int) files);
  }

  /**
   * No condition keeps all of the data files or none: each could tell a wrong answer from a right
   * one.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("conditions")
  void eachConditionKeepsSomeDataFilesAndDropsOthers(Case c) throws Exception {
    Map<Boolean, Long> kept =
        fixture
            .sql(
                "SELECT partition.category, partition.id_bucket, record_count"
                    + " FROM prod.db.table.data_files")
            .rows()
            .stream()
            .collect(
                Collectors.partitioningBy(
                    row ->
                        c.keeps()
                            .test(
                                new Row(
                                    (String) row.get(0), (Integer) row.get(1), (Long) row.get(2))),
                    Collectors.counting()));
    assertThat(kept.get(true)).as("rows kept by %s", c).isPositive();
    assertThat(kept.get(false)).as("rows dropped by %s", c).isPositive();
  }
}
