package io.icegate.calcite.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.calcite.parser.IcegateSqlParser;
import io.icegate.calcite.testing.Fixture;
import io.icegate.calcite.testing.Query;
import io.icegate.calcite.testing.SeedQueries;
import io.icegate.metadata.MetadataTableException.Reason;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.HistoryEntry;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.CloseableIterable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every SELECT example of the specification on a metadata table runs natively, unchanged (the
 * fixture's catalog is {@code prod} and its table {@code db.table}), with rows that agree with the
 * table's own API.
 */
class SeedMetadataQueriesTest {
  private static Fixture fixture;
  private static Table table;

  @BeforeAll
  static void fixture() {
    fixture = new Fixture();
    table = fixture.table();
  }

  static Stream<String> nativeSelects() {
    return SeedQueries.metadataSelects().stream()
        .filter(sql -> !sql.contains(" AS OF ") && !sql.contains("position_deletes"));
  }

  @Test
  void findsTheExamples() {
    assertThat(SeedQueries.metadataSelects()).hasSize(17);
    assertThat(nativeSelects()).hasSize(14);
  }

  @ParameterizedTest
  @MethodSource("nativeSelects")
  void runsNatively(String sql) throws SqlParseException {
    assertThat(fixture.engine().canRunNatively(IcegateSqlParser.parse(sql))).isTrue();
    assertThat(fixture.sql(sql).rows()).isNotEmpty();
  }

  @Test
  void historyHasOneRowPerLogEntryAndMarksTheRolledBackSnapshot() {
    Query.Result history = fixture.sql("SELECT * FROM prod.db.table.history;").run();

    assertThat(history.columnNames())
        .containsExactly("made_current_at", "snapshot_id", "parent_id", "is_current_ancestor");
    List<Object> ids = history.column("snapshot_id");
    assertThat(ids)
        .containsExactlyElementsOf(table.history().stream().map(HistoryEntry::snapshotId).toList());
    assertThat(history.column("made_current_at"))
        .containsExactlyElementsOf(
            table.history().stream().map(HistoryEntry::timestampMillis).toList());
    int rolledBack = ids.indexOf(fixture.rich.rolledBack());
    assertThat(history.column("is_current_ancestor").get(rolledBack)).isEqualTo(false);
    assertThat(history.column("is_current_ancestor").stream().filter(Boolean.TRUE::equals))
        .hasSize(ids.size() - 1);
  }

  @Test
  void snapshotsListEverySnapshotWithItsSummary() {
    Query.Result snapshots = fixture.sql("SELECT * FROM prod.db.table.snapshots;").run();

    List<Long> expected = new ArrayList<>();
    table.snapshots().forEach(snapshot -> expected.add(snapshot.snapshotId()));
    assertThat(snapshots.column("snapshot_id")).containsExactlyElementsOf(expected);
    Snapshot first = table.snapshot(fixture.rich.first());
    assertThat(snapshots.rows().get(0))
        .containsExactly(
            first.timestampMillis(),
            first.snapshotId(),
            null,
            "append",
            first.manifestListLocation(),
            first.summary());
  }

  @Test
  void theSeedJoinShowsHistoryWithEachSnapshotsOperation() {
    String sql =
        SeedQueries.metadataSelects().stream()
            .filter(select -> select.contains("join"))
            .findFirst()
            .orElseThrow();

    Query.Result joined = fixture.sql(sql).run();

    assertThat(joined.columnNames())
        .containsExactly(
            "made_current_at",
            "operation",
            "snapshot_id",
            "is_current_ancestor",
            "summary[spark.app.id]");
    assertThat(joined.column("snapshot_id"))
        .containsExactlyElementsOf(table.history().stream().map(HistoryEntry::snapshotId).toList());
    // The rollback made the spec-evolved append current again: it is in the history twice.
    assertThat(joined.column("operation"))
        .containsExactly(
            "append", "append", "delete", "overwrite", "append", "append", "append", "append");
    // No Spark wrote these snapshots, so there is no application id.
    assertThat(joined.column("summary[spark.app.id]")).containsOnlyNulls();
  }

  @Test
  void filesAreTheDataAndDeleteFilesOfTheCurrentSnapshot() throws Exception {
    List<String> expected = new ArrayList<>();
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      for (FileScanTask task : tasks) {
        expected.add(task.file().location());
        task.deletes().forEach(delete -> expected.add(delete.location()));
      }
    }

    Query.Result files = fixture.sql("SELECT * FROM prod.db.table.files;").run();

    assertThat(files.column("file_path"))
        .containsExactlyInAnyOrderElementsOf(expected.stream().distinct().toList());
    assertThat(files.column("content")).containsOnly(0, 1);
  }

  @Test
  void manifestsAreTheCurrentSnapshotsManifests() {
    Query.Result manifests = fixture.sql("SELECT * FROM prod.db.table.manifests;").run();

    assertThat(manifests.column("path"))
        .containsExactlyInAnyOrderElementsOf(
            table.currentSnapshot().allManifests(table.io()).stream()
                .map(m -> (Object) m.path())
                .toList());
  }

  @Test
  void refsAreTheBranchesAndTags() {
    Query.Result refs = fixture.sql("SELECT * FROM prod.db.table.refs;").run();

    assertThat(refs.rows())
        .containsExactlyInAnyOrder(
            Arrays.asList("main", "BRANCH", fixture.rich.last(), null, null, null),
            Arrays.asList("audit", "BRANCH", fixture.rich.onBranch(), null, null, null),
            Arrays.asList("tag_a", "TAG", fixture.rich.second(), null, null, null));
  }

  @Test
  void allTablesSpanEverySnapshot() {
    long current = (Long) fixture.sql("SELECT count(*) FROM prod.db.table.entries").value();
    long all = (Long) fixture.sql("SELECT count(*) FROM prod.db.table.all_entries").value();

    assertThat(all).isGreaterThan(current);
    assertThat(fixture.sql("SELECT DISTINCT file_path FROM prod.db.table.all_data_files").column())
        .contains("mem://data/b-1.parquet", "mem://data/c-2.parquet");
  }

  @Test
  void positionDeletesAreLeftToSpark() {
    String sql =
        SeedQueries.metadataSelects().stream()
            .filter(s -> s.contains("position_deletes"))
            .findFirst()
            .orElseThrow();

    fixture
        .sql(sql)
        .isNotNative(
            "prod.db.table.position_deletes is computed by Spark: its rows are the contents of"
                + " position delete files");
  }

  @Test
  void theTimeTravelExamplesAnswerWithTheTablesHistory() {
    // The examples' time and snapshot id are not this table's, so the answer is an error naming
    // what exists.
    String before =
        SeedQueries.metadataSelects().stream()
            .filter(s -> s.contains("TIMESTAMP AS OF"))
            .findFirst()
            .orElseThrow();
    String unknown =
        SeedQueries.metadataSelects().stream()
            .filter(s -> s.contains("VERSION AS OF"))
            .findFirst()
            .orElseThrow();
    long first = table.history().get(0).timestampMillis();

    fixture
        .sql(before)
        .fails(
            Reason.TOO_EARLY,
            "Cannot time travel on prod.db.table: no snapshot at or before 2021-09-20 08:00:00 UTC"
                + " (first snapshot at "
                + io.icegate.calcite.testing.Times.utc(first)
                + ")");
    assertThat(catchMessage(unknown))
        .startsWith(
            "Cannot time travel on prod.db.table: snapshot 10963874102873 does not exist (valid: ");
  }

  @ParameterizedTest
  @MethodSource("io.icegate.calcite.testing.SeedQueries#otherSelects")
  void examplesOnDataAndFunctionsAreLeftToSpark(String sql) throws SqlParseException {
    assertThat(fixture.engine().canRunNatively(IcegateSqlParser.parse(sql))).as(sql).isFalse();
  }

  private static String catchMessage(String sql) {
    try {
      fixture.sql(sql).run();
    } catch (RuntimeException e) {
      return e.getMessage();
    }
    throw new AssertionError("Expected " + sql + " to fail");
  }
}
