package io.icegate.calcite.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.calcite.testing.Fixture;
import io.icegate.calcite.testing.Query;
import io.icegate.calcite.testing.Times;
import io.icegate.metadata.MetadataTableException.Reason;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.apache.iceberg.Table;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Time travel on metadata tables, with Spark's semantics: honoured, ignored with a warning, or
 * refused.
 */
class TimeTravelQueryTest {
  private static final ZoneId SEOUL = ZoneId.of("Asia/Seoul");
  private static final DateTimeFormatter WALL_CLOCK =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

  private static Fixture fixture;
  private static Table table;

  @BeforeAll
  static void fixture() {
    fixture = new Fixture();
    table = fixture.table();
  }

  @Test
  void filesAtASnapshotId() {
    assertThat(
            fixture
                .sql(
                    "SELECT file_path FROM prod.db.table.files VERSION AS OF "
                        + fixture.rich.first())
                .column())
        .containsExactlyInAnyOrder("mem://data/a-1.parquet", "mem://data/b-1.parquet");
    assertThat(
            fixture
                .sql(
                    "SELECT file_path FROM prod.db.table.files FOR SYSTEM_VERSION AS OF "
                        + fixture.rich.second())
                .column())
        .containsExactlyInAnyOrder(
            "mem://data/a-1.parquet", "mem://data/b-1.parquet", "mem://data/a-2.parquet");
  }

  @Test
  void manifestsAtATagAndPartitionsAtABranch() {
    assertThat(
            fixture
                .sql("SELECT added_snapshot_id FROM prod.db.table.manifests VERSION AS OF 'tag_a'")
                .column())
        .containsExactlyInAnyOrder(fixture.rich.first(), fixture.rich.second());
    assertThat(
            fixture
                .sql(
                    "SELECT partition.category, record_count FROM prod.db.table.partitions "
                        + "FOR SYSTEM_VERSION AS OF 'audit' ORDER BY 1")
                .rows())
        .containsExactly(List.of("a", 14L), List.of("b", 4L));
    assertThat(
            fixture
                .sql(
                    "SELECT partition.category, record_count FROM prod.db.table.partitions ORDER BY"
                        + " 1")
                .rows())
        .containsExactly(List.of("a", 13L), List.of("b", 4L), List.of("c", 7L), List.of("d", 6L));
  }

  @Test
  void entriesAtATimeInTheSessionsZone() {
    long second = table.snapshot(fixture.rich.second()).timestampMillis();
    String seoulTime = WALL_CLOCK.format(Instant.ofEpochMilli(second).atZone(SEOUL));
    String sql =
        "SELECT snapshot_id, data_file.file_path FROM prod.db.table.entries TIMESTAMP AS OF '"
            + seoulTime
            + "'";

    assertThat(Query.sql(fixture.engine(SEOUL), sql).rows())
        .containsExactlyInAnyOrder(
            List.of(fixture.rich.first(), "mem://data/a-1.parquet"),
            List.of(fixture.rich.first(), "mem://data/b-1.parquet"),
            List.of(fixture.rich.second(), "mem://data/a-2.parquet"));
    // The same wall-clock time read in UTC is nine hours later, when the last snapshot is current.
    assertThat(Query.sql(fixture.engine(ZoneId.of("UTC")), sql).rows())
        .contains(List.of(fixture.rich.last(), "mem://data/d-1.parquet"));
  }

  @Test
  void aTimestampMayNameItsZoneOrBeAnyConstantExpression() {
    long second = table.snapshot(fixture.rich.second()).timestampMillis();
    String utc = WALL_CLOCK.format(Instant.ofEpochMilli(second).atZone(ZoneId.of("UTC")));

    assertThat(
            Query.sql(
                    fixture.engine(SEOUL),
                    "SELECT count(*) FROM prod.db.table.data_files "
                        + "FOR SYSTEM_TIME AS OF '"
                        + utc
                        + "Z'")
                .value())
        .isEqualTo(3L);
    assertThat(
            Query.sql(
                    fixture.engine(SEOUL),
                    "SELECT count(*) FROM prod.db.table.data_files "
                        + "TIMESTAMP AS OF TIMESTAMP '"
                        + WALL_CLOCK.format(Instant.ofEpochMilli(second).atZone(SEOUL))
                        + "'")
                .value())
        .isEqualTo(3L);
    assertThat(
            fixture
                .sql(
                    "SELECT count(*) FROM prod.db.table.data_files TIMESTAMP AS OF"
                        + " CURRENT_TIMESTAMP")
                .value())
        .isEqualTo(5L);
  }

  @Test
  void unixSecondsAsSparkReadsANumber() {
    long last = table.currentSnapshot().timestampMillis();
    long seconds = last / 1000 + 1;

    assertThat(
            fixture
                .sql("SELECT count(*) FROM prod.db.table.files TIMESTAMP AS OF " + seconds)
                .value())
        .isEqualTo(6L);
    fixture
        .sql("SELECT * FROM prod.db.table.files FOR SYSTEM_TIME AS OF 499162860")
        .fails(
            Reason.TOO_EARLY,
            "Cannot time travel on prod.db.table: no snapshot at or before 1985-10-26 08:21:00 UTC"
                + " (first snapshot at "
                + Times.utc(table.history().get(0).timestampMillis())
                + ")");
  }

  @Test
  void keepsTheImplicitAliasAndJoinsTravelledWithCurrent() {
    assertThat(
            fixture
                .sql(
                    "SELECT files.file_path FROM prod.db.table.files VERSION AS OF "
                        + fixture.rich.first()
                        + " WHERE files.content = 0 AND files.file_path LIKE '%b-1%'")
                .column())
        .containsExactly("mem://data/b-1.parquet");
    assertThat(
            fixture
                .sql(
                    "SELECT past.file_path FROM prod.db.table.files VERSION AS OF "
                        + fixture.rich.first()
                        + " past JOIN prod.db.table.files cur ON past.file_path = cur.file_path")
                .column())
        .containsExactly("mem://data/a-1.parquet");
    assertThat(
            fixture
                .sql(
                    "SELECT (SELECT count(*) FROM prod.db.table.files VERSION AS OF 'tag_a'), "
                        + "(SELECT count(*) FROM prod.db.table.files VERSION AS OF "
                        + fixture.rich.rowDelta()
                        + ")")
                .rows())
        .containsExactly(List.of(3L, 4L));
  }

  @Test
  void tablesThatListEverythingIgnoreTimeTravelWithAWarning() {
    Query.Result snapshots =
        fixture
            .sql("SELECT * FROM prod.db.table.snapshots VERSION AS OF " + fixture.rich.first())
            .run();
    assertThat(snapshots.rows()).hasSize(8);
    assertThat(snapshots.warnings())
        .containsExactly(
            "Time travel ignored on prod.db.table.snapshots: it always lists every snapshot");

    Query.Result joined =
        fixture
            .sql(
                "SELECT count(*) FROM prod.db.table.history VERSION AS OF 'tag_a' h JOIN"
                    + " prod.db.table.refs VERSION AS OF 'tag_a' r ON h.snapshot_id ="
                    + " r.snapshot_id")
            .run();
    assertThat(joined.warnings())
        .containsExactly(
            "Time travel ignored on prod.db.table.history: it always lists the whole snapshot log",
            "Time travel ignored on prod.db.table.refs: it always lists the current branches and"
                + " tags");
    assertThat(
            fixture.sql("SELECT * FROM prod.db.table.files VERSION AS OF 'tag_a'").run().warnings())
        .isEmpty();
  }

  @Test
  void allTablesRefuseTimeTravel() {
    fixture
        .sql("SELECT * FROM prod.db.table.all_files VERSION AS OF " + fixture.rich.first())
        .fails(
            Reason.TIME_TRAVEL_NOT_SUPPORTED,
            "Cannot time travel on prod.db.table.all_files: it lists every snapshot already");
    fixture
        .sql("SELECT count(*) FROM prod.db.table.all_manifests TIMESTAMP AS OF '2030-01-01'")
        .fails(
            Reason.TIME_TRAVEL_NOT_SUPPORTED,
            "Cannot time travel on prod.db.table.all_manifests: it lists every snapshot already");
  }

  @Test
  void unknownSnapshotsAndRefsNameWhatExists() {
    StringBuilder valid = new StringBuilder();
    table
        .snapshots()
        .forEach(s -> valid.append(valid.length() == 0 ? "" : ", ").append(s.snapshotId()));

    fixture
        .sql("SELECT * FROM prod.db.table.files VERSION AS OF 12345")
        .fails(
            Reason.UNKNOWN_SNAPSHOT,
            "Cannot time travel on prod.db.table: snapshot 12345 does not exist (valid: "
                + valid
                + ")");
    fixture
        .sql("SELECT * FROM prod.db.table.manifests VERSION AS OF 'nope'")
        .fails(
            Reason.UNKNOWN_REF,
            "Cannot time travel on prod.db.table: unknown branch or tag 'nope' (refs: audit, main,"
                + " tag_a)");
    // Spark resolves the clause even on tables that ignore it.
    fixture
        .sql("SELECT * FROM prod.db.table.snapshots VERSION AS OF 'nope'")
        .fails(
            Reason.UNKNOWN_REF,
            "Cannot time travel on prod.db.table: unknown branch or tag 'nope' (refs: audit, main,"
                + " tag_a)");
  }

  @Test
  void leavesToSparkWhatItCannotReadAsATime() {
    fixture
        .sql("SELECT * FROM prod.db.table.files TIMESTAMP AS OF 'yesterday'")
        .isNotNative("TIMESTAMP AS OF 'yesterday' is not a timestamp Spark reads");
    fixture
        .sql("SELECT * FROM prod.db.table.files VERSION AS OF ?")
        .isNotNative("it has JDBC parameters (?)");
    fixture
        .sql("SELECT * FROM prod.db.table.files TIMESTAMP AS OF no_such_function()")
        .isNotNative("Calcite cannot validate it");
  }
}
