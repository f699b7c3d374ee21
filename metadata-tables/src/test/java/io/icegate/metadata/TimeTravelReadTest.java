package io.icegate.metadata;

import static io.icegate.metadata.MetadataTableReadTest.name;
import static io.icegate.metadata.Relations.byKey;
import static io.icegate.metadata.Relations.column;
import static io.icegate.metadata.Relations.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.metadata.MetadataTableException.Reason;
import io.icegate.metadata.testing.TestTables;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.iceberg.ManifestFile;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Time travel as Spark treats it: honoured, ignored with a warning, or refused; and its errors. */
class TimeTravelReadTest {
  private static TestTables.Rich rich;
  private static Table table;

  @BeforeAll
  static void tables() {
    rich = TestTables.richWithFirstExpired();
    table = rich.table();
  }

  @Test
  void filesAtAnOlderSnapshotAreThatSnapshotsFiles() {
    assertThat(filesAt(TimeTravel.snapshot(rich.second())))
        .containsExactlyInAnyOrder("a-1", "b-1", "a-2");
    assertThat(filesAt(TimeTravel.snapshot(rich.rowDelta())))
        .containsExactlyInAnyOrder("a-1", "b-1", "a-2", "a-1-deletes");
    assertThat(dataFilesAt(TimeTravel.snapshot(rich.overwrite())))
        .containsExactlyInAnyOrder("a-1", "a-2", "b-2");
  }

  @Test
  void theRelationSaysWhichSnapshotItShows() {
    MetadataRelation relation =
        MetadataTables.open(table, MetadataTableKind.FILES, TimeTravel.snapshot(rich.second()));

    assertThat(relation.snapshotId()).hasValue(rich.second());
    assertThat(relation.warning()).isEmpty();
    assertThat(relation.timeTravel().ignored()).isFalse();
    assertThat(relation.name()).isEqualTo("demo.db.rich.files");
  }

  @Test
  void timestampsSelectTheSnapshotCurrentAtThatTime() {
    long second = table.snapshot(rich.second()).timestampMillis();
    long rowDelta = table.snapshot(rich.rowDelta()).timestampMillis();

    assertThat(filesAt(TimeTravel.asOfMillis(second)))
        .containsExactlyInAnyOrder("a-1", "b-1", "a-2");
    assertThat(filesAt(TimeTravel.asOfMillis(rowDelta - 1)))
        .containsExactlyInAnyOrder("a-1", "b-1", "a-2");
    assertThat(filesAt(TimeTravel.asOfMillis(rowDelta))).contains("a-1-deletes");
    assertThat(
            MetadataTables.open(table, MetadataTableKind.FILES, TimeTravel.asOfMillis(rowDelta - 1))
                .snapshotId())
        .hasValue(rich.second());
  }

  @Test
  void branchesAndTagsSelectTheSnapshotTheyPointAt() {
    assertThat(filesAt(TimeTravel.ref("tag_a"))).containsExactlyInAnyOrder("a-1", "b-1", "a-2");
    assertThat(filesAt(TimeTravel.ref("audit"))).contains("a-3").doesNotContain("c-1");
    assertThat(filesAt(TimeTravel.version("audit"))).contains("a-3");
    assertThat(filesAt(TimeTravel.ref("main")))
        .containsExactlyInAnyOrderElementsOf(filesAt(TimeTravel.none()));
  }

  @Test
  @SuppressWarnings("unchecked")
  void entriesManifestsAndPartitionsGiveTheOlderView() {
    Snapshot second = table.snapshot(rich.second());
    List<ManifestFile> manifests = second.allManifests(table.io());
    TimeTravel travel = TimeTravel.snapshot(rich.second());

    MetadataRelation manifestsRelation =
        MetadataTables.open(table, MetadataTableKind.MANIFESTS, travel);
    assertThat(column(manifestsRelation, read(manifestsRelation), "path"))
        .containsExactlyInAnyOrderElementsOf(manifests.stream().map(ManifestFile::path).toList());

    MetadataRelation entries = MetadataTables.open(table, MetadataTableKind.ENTRIES, travel);
    List<List<Object>> entryRows = read(entries);
    assertThat(
            column(entries, entryRows, "data_file").stream()
                .map(file -> name(((List<?>) file).get(1))))
        .containsExactlyInAnyOrder("a-1", "b-1", "a-2");

    MetadataRelation partitions = MetadataTables.open(table, MetadataTableKind.PARTITIONS, travel);
    var rows = byKey(partitions, read(partitions), row -> (List<Object>) row.get("partition"));
    assertThat(rows.keySet())
        .containsExactlyInAnyOrder(Arrays.asList("a", null), Arrays.asList("b", null));
    assertThat(rows.get(Arrays.asList("b", null))).containsEntry("record_count", 5L);
    assertThat(rows.get(Arrays.asList("a", null))).containsEntry("position_delete_file_count", 0);
  }

  @Test
  void snapshotsHistoryRefsAndMetadataLogIgnoreTimeTravelAndSaySo() {
    for (MetadataTableKind kind :
        List.of(
            MetadataTableKind.SNAPSHOTS,
            MetadataTableKind.HISTORY,
            MetadataTableKind.REFS,
            MetadataTableKind.METADATA_LOG_ENTRIES)) {
      MetadataRelation relation =
          MetadataTables.open(table, kind, TimeTravel.snapshot(rich.second()));

      assertThat(read(relation)).as(kind.tableName()).isEqualTo(read(table, kind));
      assertThat(relation.timeTravel().ignored()).isTrue();
      assertThat(relation.snapshotId()).isEmpty();
      assertThat(relation.warning())
          .hasValue(
              "Time travel ignored on demo.db.rich."
                  + kind.tableName()
                  + ": "
                  + kind.timeTravelNote().orElseThrow());
    }
    assertThat(
            MetadataTables.open(table, MetadataTableKind.SNAPSHOTS, TimeTravel.ref("tag_a"))
                .warning())
        .hasValue("Time travel ignored on demo.db.rich.snapshots: it always lists every snapshot");
  }

  @Test
  void ignoredTimeTravelMustStillNameASnapshot() {
    assertThatThrownBy(
            () -> MetadataTables.open(table, MetadataTableKind.SNAPSHOTS, TimeTravel.snapshot(123)))
        .isInstanceOf(MetadataTableException.class)
        .hasMessageStartingWith("Cannot time travel on demo.db.rich: snapshot 123 does not exist");
  }

  @Test
  void theAllTablesRefuseTimeTravel() {
    for (MetadataTableKind kind :
        List.of(
            MetadataTableKind.ALL_DATA_FILES,
            MetadataTableKind.ALL_DELETE_FILES,
            MetadataTableKind.ALL_ENTRIES,
            MetadataTableKind.ALL_MANIFESTS,
            MetadataTableKind.ALL_FILES)) {
      for (TimeTravel travel :
          List.of(
              TimeTravel.snapshot(rich.second()),
              TimeTravel.asOfMillis(0),
              TimeTravel.ref("nope"))) {
        assertThatThrownBy(() -> MetadataTables.open(table, kind, travel))
            .isInstanceOfSatisfying(
                MetadataTableException.class,
                e -> assertThat(e.reason()).isEqualTo(Reason.TIME_TRAVEL_NOT_SUPPORTED))
            .hasMessage(
                "Cannot time travel on demo.db.rich."
                    + kind.tableName()
                    + ": it lists every snapshot already");
      }
    }
  }

  @Test
  void changesRefuseTimeTravelAndPositionDeletesHonourIt() {
    TimeTravel second = TimeTravel.snapshot(rich.second());
    assertThatThrownBy(
            () -> MetadataTables.resolveTimeTravel(table, MetadataTableKind.CHANGES, second))
        .isInstanceOfSatisfying(
            MetadataTableException.class,
            e -> assertThat(e.reason()).isEqualTo(Reason.TIME_TRAVEL_NOT_SUPPORTED))
        .hasMessage(
            "Cannot time travel on demo.db.rich.changes: a changelog spans snapshots"
                + " (filter on _commit_snapshot_id instead)");
    assertThat(
            MetadataTables.resolveTimeTravel(
                    table, MetadataTableKind.POSITION_DELETES, TimeTravel.ref("tag_a"))
                .snapshotId())
        .hasValue(rich.second());
    assertThat(
            MetadataTables.resolveTimeTravel(table, MetadataTableKind.CHANGES, TimeTravel.none())
                .snapshotId())
        .isEmpty();
  }

  @Test
  void theSparkComputedTablesAreNotReadHere() {
    assertThatThrownBy(
            () -> MetadataTables.open(table, MetadataTableKind.POSITION_DELETES, TimeTravel.none()))
        .isInstanceOfSatisfying(
            MetadataTableException.class,
            e -> assertThat(e.reason()).isEqualTo(Reason.COMPUTED_BY_SPARK))
        .hasMessage(
            "Cannot read demo.db.rich.position_deletes without Spark: its rows are the contents of"
                + " position delete files, which only a Parquet/ORC/Avro reader can read");
    assertThatThrownBy(
            () -> MetadataTables.open(table, MetadataTableKind.CHANGES, TimeTravel.none()))
        .isInstanceOfSatisfying(
            MetadataTableException.class,
            e -> assertThat(e.reason()).isEqualTo(Reason.COMPUTED_BY_SPARK))
        .hasMessageStartingWith(
            "Cannot read demo.db.rich.changes without Spark: its rows are the table's data rows");
  }

  @Test
  void anUnknownSnapshotListsTheValidOnes() {
    List<String> ids = new ArrayList<>();
    table.snapshots().forEach(snapshot -> ids.add(String.valueOf(snapshot.snapshotId())));

    assertThatThrownBy(
            () ->
                MetadataTables.open(
                    table, MetadataTableKind.FILES, TimeTravel.snapshot(rich.first())))
        .isInstanceOfSatisfying(
            MetadataTableException.class,
            e -> assertThat(e.reason()).isEqualTo(Reason.UNKNOWN_SNAPSHOT))
        .hasMessage(
            "Cannot time travel on demo.db.rich: snapshot %d does not exist (valid: %s)",
            rich.first(), String.join(", ", ids));
  }

  @Test
  void manySnapshotsAreListedInShort() {
    Table many = TestTables.manyManifests(12);
    List<Long> ids = new ArrayList<>();
    many.snapshots().forEach(snapshot -> ids.add(snapshot.snapshotId()));
    String firstNine =
        ids.subList(0, 9).stream().map(String::valueOf).collect(Collectors.joining(", "));

    assertThatThrownBy(
            () -> MetadataTables.open(many, MetadataTableKind.FILES, TimeTravel.snapshot(7)))
        .isInstanceOf(MetadataTableException.class)
        .hasMessage(
            "Cannot time travel on demo.db.many: snapshot 7 does not exist (valid: %s, ... %d; 12"
                + " snapshots in demo.db.many.snapshots)",
            firstNine, ids.get(11));
  }

  @Test
  void anUnknownRefListsTheRefs() {
    assertThatThrownBy(
            () -> MetadataTables.open(table, MetadataTableKind.PARTITIONS, TimeTravel.ref("x")))
        .isInstanceOfSatisfying(
            MetadataTableException.class, e -> assertThat(e.reason()).isEqualTo(Reason.UNKNOWN_REF))
        .hasMessage(
            "Cannot time travel on demo.db.rich: unknown branch or tag 'x' (refs: audit, main,"
                + " tag_a)");
  }

  @Test
  void aTimeBeforeTheFirstSnapshotSaysWhenThatWas() {
    long first = table.history().get(0).timestampMillis();
    String firstAt =
        DateTimeFormatter.ofPattern(
                first % 1000 == 0 ? "yyyy-MM-dd HH:mm:ss" : "yyyy-MM-dd HH:mm:ss.SSS")
            .format(Instant.ofEpochMilli(first).atOffset(ZoneOffset.UTC));

    TimeTravel newYear2021 = TimeTravel.asOfMillis(1_609_459_200_000L);
    assertThatThrownBy(() -> MetadataTables.open(table, MetadataTableKind.MANIFESTS, newYear2021))
        .isInstanceOfSatisfying(
            MetadataTableException.class, e -> assertThat(e.reason()).isEqualTo(Reason.TOO_EARLY))
        .hasMessage(
            "Cannot time travel on demo.db.rich: no snapshot at or before 2021-01-01 00:00:00 UTC"
                + " (first snapshot at %s UTC)",
            firstAt);
    // The expired first commit is gone from the snapshot log, so its time is now too early as well
    // (as in Spark).
    long expiredAt = first - 1;
    assertThatThrownBy(
            () ->
                MetadataTables.open(
                    table, MetadataTableKind.FILES, TimeTravel.asOfMillis(expiredAt)))
        .isInstanceOf(MetadataTableException.class)
        .hasMessageContaining("no snapshot at or before");
  }

  @Test
  void aTableWithoutSnapshotsSaysSo() {
    Table empty = TestTables.empty();

    assertThatThrownBy(
            () -> MetadataTables.open(empty, MetadataTableKind.FILES, TimeTravel.snapshot(1)))
        .isInstanceOf(MetadataTableException.class)
        .hasMessage(
            "Cannot time travel on demo.db.empty: snapshot 1 does not exist (the table has no"
                + " snapshots)");
    assertThatThrownBy(
            () -> MetadataTables.open(empty, MetadataTableKind.FILES, TimeTravel.ref("main")))
        .isInstanceOf(MetadataTableException.class)
        .hasMessage(
            "Cannot time travel on demo.db.empty: unknown branch or tag 'main' (the table has no"
                + " branches or tags)");
    assertThatThrownBy(
            () -> MetadataTables.open(empty, MetadataTableKind.FILES, TimeTravel.asOfMillis(0)))
        .isInstanceOf(MetadataTableException.class)
        .hasMessage(
            "Cannot time travel on demo.db.empty: no snapshot at or before 1970-01-01 00:00:00 UTC"
                + " (the table has no snapshots)");
  }

  @Test
  void anUnknownMetadataTableNameListsTheValidOnes() {
    assertThat(MetadataTables.kind(table, "ALL_files")).isEqualTo(MetadataTableKind.ALL_FILES);
    assertThatThrownBy(() -> MetadataTables.kind(table, "snapshotz"))
        .isInstanceOfSatisfying(
            MetadataTableException.class,
            e -> assertThat(e.reason()).isEqualTo(Reason.UNKNOWN_METADATA_TABLE))
        .hasMessage(
            "Cannot find metadata table demo.db.rich.snapshotz (metadata tables: history,"
                + " metadata_log_entries, snapshots, entries, files, data_files, delete_files,"
                + " manifests, partitions, position_deletes, all_data_files, all_delete_files,"
                + " all_entries, all_manifests, all_files, refs, changes)");
  }

  private static Set<String> filesAt(TimeTravel travel) {
    return paths(MetadataTableKind.FILES, travel);
  }

  private static Set<String> dataFilesAt(TimeTravel travel) {
    return paths(MetadataTableKind.DATA_FILES, travel);
  }

  private static Set<String> paths(MetadataTableKind kind, TimeTravel travel) {
    MetadataRelation relation = MetadataTables.open(table, kind, travel);
    return column(relation, read(relation), "file_path").stream()
        .map(MetadataTableReadTest::name)
        .collect(Collectors.toSet());
  }
}
