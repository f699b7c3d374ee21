package io.icegate.procedure.effect;

import static io.icegate.procedure.testing.TestSession.dataFile;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.procedure.explain.ExplainRow;
import io.icegate.procedure.testing.Bridge;
import io.icegate.procedure.testing.TestSession;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.expressions.Expression;
import org.junit.jupiter.api.Test;

/**
 * The effect rows on real tables of an in-memory catalog, against what Iceberg's own code then
 * does: expiry's file cleanup (told to record instead of delete), the snapshot manager.
 */
class EffectsTest {
  private static final EffectContext CONTEXT =
      new EffectContext() {
        @Override
        public ZoneId timeZone() {
          return ZoneOffset.UTC;
        }

        @Override
        public boolean caseSensitive() {
          return false;
        }

        @Override
        public Expression where(String where) {
          throw new IllegalArgumentException("no where in these tests: " + where);
        }
      };

  private final TestSession session = new TestSession().iceberg("demo");
  private final Bridge bridge = new Bridge(session);

  private List<ExplainRow> effects(String sql) {
    return Effects.rows(
        bridge.call(sql).prepared(),
        session
            .loadIcebergTable(bridge.call(sql).prepared().call().table("table").orElseThrow())
            .orElseThrow(),
        CONTEXT);
  }

  private static Map<String, String> figures(List<ExplainRow> rows) {
    return rows.stream()
        .filter(row -> row.type() != null && row.source() != null)
        .filter(row -> row.name().endsWith("_count") || row.name().endsWith("_id"))
        .collect(Collectors.toMap(ExplainRow::name, row -> String.valueOf(row.value())));
  }

  private static List<ExplainRow> details(List<ExplainRow> rows, String name) {
    return rows.stream().filter(row -> row.name().equals(name)).toList();
  }

  @Test
  void expiryPredictsWhatIcebergsCleanupDeletes() {
    Table table = session.create("demo", "db.expire", PartitionSpec.unpartitioned());
    table.newAppend().appendFile(dataFile(table.spec(), null)).commit();
    table.newAppend().appendFile(dataFile(table.spec(), null)).commit();
    // The second file, deleted, stays reachable only from the snapshots that expire.
    table
        .newDelete()
        .deleteFile(table.currentSnapshot().addedDataFiles(table.io()).iterator().next())
        .commit();
    List<Long> before = new ArrayList<>();
    table.snapshots().forEach(s -> before.add(s.snapshotId()));

    List<ExplainRow> rows =
        effects(
            "CALL demo.system.expire_snapshots(table => 'db.expire', older_than =>"
                + " TIMESTAMP '2999-01-01 00:00:00', retain_last => 1)");

    // Naming a snapshot makes Iceberg clean up by reachability, as Spark's action does.
    List<String> deleted = new ArrayList<>();
    table
        .expireSnapshots()
        .expireSnapshotId(before.get(0))
        .expireOlderThan(Instant.parse("2999-01-01T00:00:00Z").toEpochMilli())
        .retainLast(1)
        .deleteWith(deleted::add)
        .commit();
    Map<String, String> figures = figures(rows);
    assertThat(figures.get("deleted_data_files_count"))
        .isEqualTo("" + deleted.stream().filter(p -> p.startsWith("/data/")).count())
        .isEqualTo("1");
    assertThat(figures.get("deleted_manifest_lists_count"))
        .isEqualTo("" + deleted.stream().filter(p -> p.contains("/snap-")).count());
    assertThat(figures.get("deleted_manifest_files_count"))
        .isEqualTo(
            ""
                + deleted.stream()
                    .filter(p -> p.endsWith(".avro") && !p.contains("/snap-"))
                    .count());
    assertThat(details(rows, "expires"))
        .extracting(ExplainRow::value)
        .containsExactlyInAnyOrder("" + before.get(0), "" + before.get(1));
    assertThat(details(rows, "keeps"))
        .singleElement()
        .satisfies(row -> assertThat(row.source()).contains("main (branch head)"));
    assertThat(rows).allMatch(row -> row.kind().equals("effect"));
  }

  @Test
  void expiryKeepsWhatATagHolds() {
    Table table = session.create("demo", "db.tagged", PartitionSpec.unpartitioned());
    long tagged = TestSession.append(table, null);
    table.manageSnapshots().createTag("keep", tagged).commit();
    TestSession.append(table, null);

    List<ExplainRow> rows =
        effects(
            "CALL demo.system.expire_snapshots(table => 'db.tagged', older_than =>"
                + " TIMESTAMP '2999-01-01 00:00:00')");

    assertThat(details(rows, "expires")).isEmpty();
    assertThat(details(rows, "keeps"))
        .anySatisfy(
            row -> {
              assertThat(row.value()).isEqualTo("" + tagged);
              assertThat(row.source()).contains("keep (tag)", "main (branch ancestor)");
            });
    assertThat(figures(rows).get("deleted_data_files_count")).isEqualTo("0");
  }

  @Test
  void rewritePlansTheGroupsOfIcebergsPlannerAndSaysWhyAPartitionIsLeftOut() {
    PartitionSpec spec = PartitionSpec.builderFor(TestSession.SCHEMA).identity("category").build();
    Table table = session.create("demo", "db.rewrite", spec);
    for (int i = 0; i < 6; i++) {
      table.newAppend().appendFile(dataFile(table.spec(), "category=a")).commit();
    }
    for (int i = 0; i < 3; i++) {
      table.newAppend().appendFile(dataFile(table.spec(), "category=b")).commit();
    }

    List<ExplainRow> rows = effects("CALL demo.system.rewrite_data_files('db.rewrite')");

    Map<String, String> figures = figures(rows);
    assertThat(figures.get("rewritten_data_files_count")).isEqualTo("6");
    assertThat(figures.get("rewritten_bytes_count")).isEqualTo("600");
    assertThat(details(rows, "file_group"))
        .singleElement()
        .satisfies(
            row -> {
              assertThat(row.type()).isEqualTo("category=a (spec 0)");
              assertThat(row.value()).isEqualTo("6 files, 600 bytes");
            });
    assertThat(details(rows, "skipped"))
        .singleElement()
        .satisfies(
            row -> {
              assertThat(row.type()).isEqualTo("category=b (spec 0)");
              assertThat(row.source()).contains("min-input-files=5 but the partition has 3");
            });
    assertThat(
            rows.stream()
                .filter(row -> row.name().equals("added_data_files_count"))
                .findFirst()
                .orElseThrow()
                .source())
        .startsWith("estimate");
  }

  @Test
  void rollbackSaysWhereMainMovesAndWhatReadersLose() {
    Table table = session.create("demo", "db.moves", PartitionSpec.unpartitioned());
    long first = TestSession.append(table, null);
    TestSession.append(table, null);
    Snapshot current = table.currentSnapshot();

    List<ExplainRow> rows =
        effects("CALL demo.system.rollback_to_snapshot('db.moves', " + first + ")");

    table.manageSnapshots().rollbackTo(first).commit();
    assertThat(figures(rows))
        .containsEntry("previous_snapshot_id", "" + current.snapshotId())
        .containsEntry("current_snapshot_id", "" + table.currentSnapshot().snapshotId());
    assertThat(details(rows, "moves"))
        .singleElement()
        .satisfies(row -> assertThat(row.value()).isEqualTo(current.snapshotId() + " -> " + first));
    assertThat(details(rows, "changes"))
        .filteredOn(row -> List.of("records", "data_files").contains(row.type()))
        .extracting(ExplainRow::value)
        .containsExactly("-1", "-1");
  }

  @Test
  void aCallIcebergWouldRefuseSaysWhy() {
    Table table = session.create("demo", "db.refused", PartitionSpec.unpartitioned());
    long first = TestSession.append(table, null);
    long second = TestSession.append(table, null);
    table.manageSnapshots().rollbackTo(first).commit();
    long third = TestSession.append(table, null);
    table.updateProperties().set("gc.enabled", "false").commit();

    assertThat(effects("CALL demo.system.rollback_to_snapshot('db.refused', " + second + ")"))
        .filteredOn(row -> row.name().equals("fails"))
        .singleElement()
        .satisfies(
            row ->
                assertThat(row.source()).contains("not an ancestor of main's snapshot " + third));
    assertThat(effects("CALL demo.system.expire_snapshots('db.refused')"))
        .singleElement()
        .satisfies(
            row -> {
              assertThat(row.name()).isEqualTo("fails");
              assertThat(row.source()).contains("GC is disabled");
            });
  }

  @Test
  void detailsOfOneNameAreCappedWithARowSayingHowManyMore() {
    List<ExplainRow> many = new ArrayList<>();
    for (int i = 0; i < Effects.MAX_DETAILS + 7; i++) {
      many.add(Effects.detail("expires", "snapshot", i, null));
    }

    List<ExplainRow> capped = Effects.capped(many);

    assertThat(capped).hasSize(Effects.MAX_DETAILS + 1);
    assertThat(capped.get(Effects.MAX_DETAILS))
        .isEqualTo(new ExplainRow("effect", "expires", null, "7 more", "not listed"));
    assertThat(Effects.capped(many.subList(0, 3))).hasSize(3);
  }
}
