package io.icegate.calcite.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.calcite.parser.IcegateSqlParser;
import io.icegate.calcite.parser.TableReferences;
import io.icegate.calcite.testing.Fixture;
import io.icegate.metadata.MetadataTableException.Reason;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;
import org.apache.calcite.sql.SqlSelect;
import org.apache.iceberg.Table;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code icegate.system.snapshot_diff(table, from, to)} on the rich table (see {@code
 * TestTables.rich}): files are 100 bytes per record.
 */
class SnapshotDiffQueryTest {
  private static final DateTimeFormatter WALL_CLOCK =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS").withZone(ZoneOffset.UTC);
  private static final String COUNTS =
      "partition.category, partition.id_bucket, spec_id, added_data_files, removed_data_files,"
          + " added_delete_files, removed_delete_files, added_records, removed_records,"
          + " added_delete_records, removed_delete_records, added_bytes, removed_bytes";

  private static Fixture fixture;
  private static Table table;

  @BeforeAll
  static void fixture() {
    fixture = new Fixture();
    table = fixture.table();
  }

  private static String diff(Object from, Object to) {
    return "icegate.system.snapshot_diff('prod.db.table', " + from + ", " + to + ")";
  }

  private static List<Object> row(Object... values) {
    return Arrays.asList(values);
  }

  @Test
  void theParserReadsACallInFromAsCalcitesTableCall() throws Exception {
    SqlSelect bare =
        (SqlSelect) IcegateSqlParser.parse("SELECT * FROM " + diff("'main'", "'audit'") + " d");
    SqlSelect wrapped =
        (SqlSelect)
            IcegateSqlParser.parse("SELECT * FROM TABLE(" + diff("'main'", "'audit'") + ") d");
    assertThat(bare.toString()).isEqualTo(wrapped.toString());
    assertThat(SnapshotDiffCalls.tableCalls(bare)).hasSize(1);
    // A call is no table reference: the system tables' path and the policy do not see one.
    assertThat(TableReferences.in(bare)).isEmpty();
  }

  @Test
  void anAppendBetweenTwoSnapshotIds() {
    var first = fixture.rich.first();
    var second = fixture.rich.second();
    assertThat(fixture.sql("SELECT " + COUNTS + " FROM " + diff(first, second)).rows())
        .containsExactly(row("a", null, 0, 1L, 0L, 0L, 0L, 3L, 0L, 0L, 0L, 300L, 0L));
    assertThat(
            fixture
                .sql(
                    "SELECT from_snapshot_id, to_snapshot_id, snapshot_ids FROM "
                        + diff(first, second))
                .rows())
        .containsExactly(row(first, second, List.of(second)));
  }

  @Test
  void whatFastForwardWouldPublishFromMainToABranch() {
    // The branch was made at the overwrite; main has moved on since, so main is not its ancestor.
    assertThat(
            fixture
                .sql(
                    "SELECT "
                        + COUNTS
                        + ", snapshot_ids FROM "
                        + diff("'main'", "'audit'")
                        + " ORDER BY 1")
                .rows())
        .containsExactly(
            row("a", null, 0, 1L, 0L, 0L, 0L, 1L, 0L, 0L, 0L, 100L, 0L, null),
            row("c", 2, 1, 0L, 1L, 0L, 0L, 0L, 7L, 0L, 0L, 0L, 700L, null),
            row("d", 1, 1, 0L, 1L, 0L, 0L, 0L, 6L, 0L, 0L, 0L, 600L, null));
    // From where the branch started, the ancestry is the branch's own commit.
    assertThat(
            fixture
                .sql(
                    "SELECT partition.category, added_records, snapshot_ids FROM "
                        + diff(fixture.rich.overwrite(), "'audit'"))
                .rows())
        .containsExactly(row("a", 1L, List.of(fixture.rich.onBranch())));
  }

  @Test
  void deletesOverwritesAndSpecsFromTheTagToMain() {
    var rich = fixture.rich;
    assertThat(
            fixture
                .sql(
                    "SELECT "
                        + COUNTS
                        + ", snapshot_ids FROM "
                        + diff("'tag_a'", "'main'")
                        + " ORDER BY 1, 3")
                .rows())
        .containsExactly(
            row("a", null, 0, 0L, 0L, 1L, 0L, 0L, 0L, 2L, 0L, 300L, 0L, ids(rich)),
            row("b", null, 0, 1L, 1L, 0L, 0L, 4L, 5L, 0L, 0L, 400L, 500L, ids(rich)),
            row("c", 2, 1, 1L, 0L, 0L, 0L, 7L, 0L, 0L, 0L, 700L, 0L, ids(rich)),
            row("d", 1, 1, 1L, 0L, 0L, 0L, 6L, 0L, 0L, 0L, 600L, 0L, ids(rich)));
  }

  private static List<Long> ids(io.icegate.metadata.testing.TestTables.Rich rich) {
    return List.of(rich.rowDelta(), rich.overwrite(), rich.evolved(), rich.last());
  }

  @Test
  void backwardsRemovesAndHasNoAncestry() {
    assertThat(
            fixture
                .sql(
                    "SELECT partition.category, removed_data_files, removed_records, snapshot_ids"
                        + " FROM "
                        + diff(fixture.rich.second(), fixture.rich.first()))
                .rows())
        .containsExactly(row("a", 1L, 3L, null));
  }

  @Test
  void theSameSnapshotTwiceChangesNothing() {
    assertThat(fixture.sql("SELECT count(*) FROM " + diff("'main'", fixture.rich.last())).value())
        .isEqualTo(0L);
  }

  @Test
  void timesAsStringsAndTimestampLiteralsSelectTheSnapshotCurrentThen() {
    String second =
        WALL_CLOCK.format(
            Instant.ofEpochMilli(table.snapshot(fixture.rich.second()).timestampMillis()));
    String first =
        WALL_CLOCK.format(
            Instant.ofEpochMilli(table.snapshot(fixture.rich.first()).timestampMillis()));
    assertThat(
            fixture
                .sql(
                    "SELECT from_snapshot_id, to_snapshot_id FROM "
                        + diff("'" + first + "'", "TIMESTAMP '" + second + "'"))
                .rows())
        .containsExactly(row(fixture.rich.first(), fixture.rich.second()));
  }

  @Test
  void aggregatesAndJoinsWithMetadataTables() {
    assertThat(
            fixture
                .sql(
                    "SELECT sum(d.added_records) - sum(d.removed_records) FROM "
                        + diff(fixture.rich.first(), "'main'")
                        + " AS d")
                .value())
        .isEqualTo(3L + 4L - 5L + 7L + 6L);
    assertThat(
            fixture
                .sql(
                    "SELECT count(*) FROM "
                        + diff(fixture.rich.first(), "'main'")
                        + " d JOIN prod.db.table.snapshots s ON s.snapshot_id = d.to_snapshot_id")
                .value())
        .isEqualTo(4L);
  }

  @Test
  void unknownBoundsNameTheArgument() {
    fixture
        .sql("SELECT * FROM " + diff("'nope'", "'main'"))
        .fails(
            Reason.UNKNOWN_REF,
            "Cannot compute snapshot_diff of prod.db.table: argument from = 'nope' selects no"
                + " snapshot: unknown branch or tag 'nope' (refs: audit, main, tag_a)");
    fixture
        .sql("SELECT * FROM " + diff("'main'", "42"))
        .fails(
            Reason.UNKNOWN_SNAPSHOT,
            "Cannot compute snapshot_diff of prod.db.table: argument to = 42 selects no snapshot:"
                + " snapshot 42 does not exist (valid: "
                + validIds()
                + ")");
    fixture
        .sql("SELECT * FROM " + diff("'2001-01-01 00:00:00'", "'main'"))
        .fails(
            Reason.TOO_EARLY,
            "Cannot compute snapshot_diff of prod.db.table: argument from = '2001-01-01 00:00:00'"
                + " selects no snapshot: no snapshot at or before 2001-01-01 00:00:00 UTC (first"
                + " snapshot at "
                + firstTime()
                + ")");
  }

  private static String validIds() {
    StringBuilder ids = new StringBuilder();
    table
        .snapshots()
        .forEach(s -> ids.append(ids.length() == 0 ? "" : ", ").append(s.snapshotId()));
    return ids.toString();
  }

  private static String firstTime() {
    long millis = table.history().get(0).timestampMillis();
    DateTimeFormatter format =
        DateTimeFormatter.ofPattern(
                millis % 1000 == 0 ? "yyyy-MM-dd HH:mm:ss" : "yyyy-MM-dd HH:mm:ss.SSS")
            .withZone(ZoneOffset.UTC);
    return format.format(Instant.ofEpochMilli(millis)) + " UTC";
  }

  @Test
  void wrongArgumentsAndUnknownTables() {
    fixture
        .sql("SELECT * FROM icegate.system.snapshot_diff('prod.db.table', 'main')")
        .fails(
            Reason.WRONG_ARGUMENTS,
            "Cannot call icegate.system.snapshot_diff with 2 arguments: it takes 3, "
                + SnapshotDiffCalls.SIGNATURE);
    fixture
        .sql("SELECT * FROM icegate.system.snapshot_diff(1, 'main', 'audit')")
        .fails(
            Reason.WRONG_ARGUMENT_TYPE,
            "Cannot call icegate.system.snapshot_diff: argument table must be a string naming the"
                + " table, as 'db.t', not 1; "
                + SnapshotDiffCalls.SIGNATURE);
    fixture
        .sql("SELECT * FROM " + diff("true", "'main'"))
        .fails(
            Reason.WRONG_ARGUMENT_TYPE,
            "Cannot call icegate.system.snapshot_diff: argument from = TRUE is neither a snapshot"
                + " id, a branch or tag name, nor a timestamp; "
                + SnapshotDiffCalls.SIGNATURE);
    fixture
        .sql("SELECT * FROM icegate.system.snapshot_diff('db.missing', 'main', 'audit')")
        .fails(
            Reason.UNKNOWN_TABLE,
            "Cannot call icegate.system.snapshot_diff: table 'db.missing' (prod.db.missing) does"
                + " not exist");
  }

  @Test
  void aTableInTheCurrentNamespaceAndQuotedNames() {
    assertThat(
            fixture
                .sql(
                    "SELECT count(*) FROM icegate.system.snapshot_diff('`table`', 'tag_a', 'main')")
                .value())
        .isEqualTo(4L);
  }

  @Test
  void withADataTableItIsRefusedNotLeftToSpark() {
    fixture
        .sql("SELECT * FROM " + diff("'main'", "'audit'") + " d JOIN prod.db.table t ON true")
        .fails(
            Reason.NOT_SUPPORTED,
            "Cannot run icegate.system.snapshot_diff in this statement: "
                + SnapshotDiffCalls.SUPPORTED
                + " (prod.db.table names a table, not a metadata table of a table in a"
                + " namespace)");
  }
}
