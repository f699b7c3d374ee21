package io.icegate.calcite.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.calcite.testing.Fixture;
import io.icegate.calcite.testing.Query;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.List;
import org.apache.iceberg.Snapshot;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Where Calcite's SQL and Spark's differ, the native path answers as Spark would, or leaves it to
 * Spark.
 */
class SparkSemanticsTest {
  private static final ZoneId SEOUL = ZoneId.of("Asia/Seoul");

  private static Fixture fixture;

  @BeforeAll
  static void fixture() {
    fixture = new Fixture();
  }

  @Test
  void namesColumnsAsSpark() {
    Query.Result result =
        fixture
            .sql(
                "SELECT count(*), count(DISTINCT operation), max(committed_at),"
                    + " s.summary['added-records'], snapshot_id + 1, NOT (parent_id IS NULL),"
                    + " 'text', 42 FROM prod.db.table.snapshots s GROUP BY"
                    + " s.summary['added-records'], snapshot_id, parent_id")
            .run();

    assertThat(result.columnNames())
        .containsExactly(
            "count(1)",
            "count(DISTINCT operation)",
            "max(committed_at)",
            "summary[added-records]",
            "(snapshot_id + 1)",
            "(NOT (parent_id IS NULL))",
            "text",
            "42");
  }

  @Test
  void keepsDuplicateNamesAsSpark() {
    Query.Result result =
        fixture
            .sql(
                "SELECT * FROM prod.db.table.history h JOIN prod.db.table.snapshots s "
                    + "ON h.snapshot_id = s.snapshot_id")
            .run();

    assertThat(result.columnNames())
        .containsExactly(
            "made_current_at",
            "snapshot_id",
            "parent_id",
            "is_current_ancestor",
            "committed_at",
            "snapshot_id",
            "parent_id",
            "operation",
            "manifest_list",
            "summary");
    assertThat(
            fixture
                .sql(
                    "SELECT h.snapshot_id, s.snapshot_id, h.snapshot_id AS snapshot_id0 FROM"
                        + " prod.db.table.history h JOIN prod.db.table.snapshots s ON h.snapshot_id"
                        + " = s.snapshot_id")
                .run()
                .columnNames())
        .containsExactly("snapshot_id", "snapshot_id", "snapshot_id0");
  }

  @Test
  void dividesAsSpark() {
    assertThat(
            fixture
                .sql(
                    "SELECT 7 / 2, record_count / 0, sum(record_count) / count(*) FROM"
                        + " prod.db.table.partitions WHERE partition.category = 'a' GROUP BY"
                        + " record_count")
                .rows())
        .containsExactly(Arrays.asList(3.5, null, 13.0));
  }

  @Test
  void averagesAndSumsAsSpark() {
    Query.Result result =
        fixture.sql("SELECT avg(file_count), sum(file_count) FROM prod.db.table.partitions").run();

    assertThat(result.rows()).containsExactly(List.of(1.25, 5L));
    assertThat(result.columns())
        .extracting(ResultColumn::sparkTypeName)
        .containsExactly("double", "bigint");
  }

  @Test
  void sortsNullsFirstAscendingAndLastDescendingAsSpark() {
    assertThat(
            fixture
                .sql("SELECT parent_id FROM prod.db.table.snapshots ORDER BY parent_id LIMIT 1")
                .column())
        .containsOnlyNulls();
    assertThat(
            fixture
                .sql("SELECT parent_id FROM prod.db.table.snapshots ORDER BY parent_id DESC")
                .column())
        .last()
        .isNull();
  }

  @Test
  void stringsOfDifferentLengthsAreNotPadded() {
    assertThat(
            fixture
                .sql(
                    "SELECT CASE WHEN name = 'main' THEN 'a' ELSE 'bcd' END FROM prod.db.table.refs"
                        + " ORDER BY 1")
                .column())
        .containsExactly("a", "bcd", "bcd");
  }

  @Test
  void readsTimestampStringsInTheSessionsZone() {
    Snapshot first = fixture.table().snapshot(fixture.rich.first());
    String day =
        LocalDate.ofInstant(Instant.ofEpochMilli(first.timestampMillis()), SEOUL).toString();
    String sql =
        "SELECT count(*) FROM prod.db.table.snapshots WHERE committed_at >= '"
            + day
            + "'"
            + " AND committed_at < TIMESTAMP '"
            + day
            + " 23:59:59.999' + INTERVAL '1' SECOND";

    assertThat(Query.sql(fixture.engine(SEOUL), sql).value()).isEqualTo(8L);
    assertThat(
            Query.sql(
                    fixture.engine(SEOUL),
                    "SELECT CAST(committed_at AS DATE) FROM prod.db.table.snapshots " + "LIMIT 1")
                .value())
        .isEqualTo((int) LocalDate.parse(day).toEpochDay());
  }

  @Test
  void castsWithSparksTypeNames() {
    Query.Result result =
        fixture
            .sql(
                "SELECT CAST(spec_id AS STRING), CAST(spec_id AS LONG), CAST(1.5 AS FLOAT),"
                    + " CAST('ab' AS BINARY), CAST('1' AS DECIMAL), CAST(last_updated_at AS"
                    + " TIMESTAMP_NTZ), CAST('2024-01-01 10:00:00' AS TIMESTAMP) FROM"
                    + " prod.db.table.partitions WHERE partition.category = 'c'")
            .run();

    assertThat(result.columns())
        .extracting(ResultColumn::sparkTypeName)
        .containsExactly(
            "string", "bigint", "float", "binary", "decimal(10,0)", "timestamp_ntz", "timestamp");
    assertThat(result.rows().get(0)).startsWith("1", 1L, 1.5f);
    assertThat(result.rows().get(0).get(6))
        .isEqualTo(Instant.parse("2024-01-01T10:00:00Z").toEpochMilli());
  }

  @Test
  void leavesToSparkWhatCalciteComputesDifferently() {
    fixture
        .sql("SELECT CAST(committed_at AS STRING) FROM prod.db.table.snapshots")
        .isNotNative("Cannot cast TIMESTAMP_WITH_LOCAL_TIME_ZONE to a string as Spark does");
    fixture
        .sql("SELECT CAST(is_current_ancestor AS STRING) FROM prod.db.table.history")
        .isNotNative("Cannot cast BOOLEAN to a string as Spark does");
    fixture
        .sql("SELECT CAST(committed_at AS BIGINT) FROM prod.db.table.snapshots")
        .isNotNative(
            "Cannot cast between TIMESTAMP_WITH_LOCAL_TIME_ZONE and BIGINT as Spark does: Spark"
                + " counts seconds");
    fixture
        .sql("SELECT CAST(summary['x'] AS TIMESTAMP) FROM prod.db.table.snapshots")
        .isNotNative("Cannot read strings as timestamps as Spark does");
    fixture
        .sql("SELECT count(*) FROM prod.db.table.snapshots WHERE committed_at > 'last week'")
        .isNotNative("Cannot read 'last week' as a timestamp as Spark does");
  }

  @Test
  void describesColumnsWithSparksTypes() {
    Query.Result files =
        fixture
            .sql(
                "SELECT partition, column_sizes, split_offsets, key_metadata, "
                    + "readable_metrics.ts.lower_bound FROM prod.db.table.files LIMIT 1")
            .run();

    assertThat(files.columns())
        .extracting(ResultColumn::sparkTypeName)
        .containsExactly(
            "struct<category:string,id_bucket:int>",
            "map<int,bigint>",
            "array<bigint>",
            "binary",
            "timestamp");
  }

  @Test
  void leavesToSparkWhatWouldCompareStructsOrMaps() {
    String reason = "Spark compares those by value; Calcite's generated code would not";
    fixture
        .sql("SELECT partition, count(*) FROM prod.db.table.files GROUP BY partition")
        .isNotNative(reason);
    fixture.sql("SELECT DISTINCT partition FROM prod.db.table.files").isNotNative(reason);
    fixture.sql("SELECT partition FROM prod.db.table.files ORDER BY partition").isNotNative(reason);
    fixture
        .sql(
            "SELECT count(*) FROM prod.db.table.files a JOIN prod.db.table.files b ON a.partition ="
                + " b.partition")
        .isNotNative(reason);
    fixture
        .sql(
            "SELECT partition FROM prod.db.table.files UNION SELECT partition FROM"
                + " prod.db.table.files")
        .isNotNative(reason);
    fixture.sql("SELECT count(DISTINCT summary) FROM prod.db.table.snapshots").isNotNative(reason);
  }

  @Test
  void keepsStructsWhoseFieldsAreAllNull() {
    // The delete file has no metrics, and no data file has metrics for `extra`: Spark shows structs
    // of nulls.
    Query.Result files =
        fixture
            .sql(
                "SELECT content, readable_metrics.extra, readable_metrics.id "
                    + "FROM prod.db.table.files ORDER BY content DESC LIMIT 1")
            .run();

    Object[] allNull = new Object[6];
    assertThat(files.rows()).hasSize(1);
    assertThat(files.rows().get(0)).containsExactly(1, allNull, allNull);
  }

  @Test
  void declaresAggregatesAndDivisionNullableAsSpark() {
    Query.Result result =
        fixture
            .sql(
                "SELECT partition.category, count(*), sum(record_count), min(record_count),"
                    + " max(record_count) + 1, avg(record_count), record_count / 2,"
                    + " max(record_count) IS NULL FROM prod.db.table.files WHERE content = 0 GROUP"
                    + " BY partition.category, record_count")
            .run();

    // Not covered: coalesce(max(x), 0), which Calcite folds to max(x) before these rules see it
    // (Spark: not null).
    assertThat(result.columns())
        .extracting(column -> column.type().isNullable())
        .containsExactly(true, false, true, true, true, true, true, false);
  }
}
