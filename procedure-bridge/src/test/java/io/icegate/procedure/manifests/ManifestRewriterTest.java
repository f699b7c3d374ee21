package io.icegate.procedure.manifests;

import static io.icegate.procedure.testing.TestSession.dataFile;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.procedure.testing.TestSession;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.ManifestFile;
import org.apache.iceberg.ManifestFiles;
import org.apache.iceberg.ManifestReader;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.junit.jupiter.api.Test;

/** rewrite_manifests with sort_by on iceberg-core, on real tables of an in-memory catalog. */
class ManifestRewriterTest {
  private final TestSession session = new TestSession().iceberg("demo");

  @Test
  void clustersDataFilesByOnePartitionField() {
    Table table = byCategoryAndRegion("db.one");

    RewriteManifestsResult result =
        ManifestRewriter.rewrite(table, new RewriteManifestsRequest(null, List.of("category")));

    assertThat(result).isEqualTo(new RewriteManifestsResult(4, 3));
    assertThat(result.row()).containsExactly(4, 3);
    assertThat(table.currentSnapshot().operation()).isEqualTo("replace");
    assertThat(manifestPartitions(table, 0))
        .containsExactlyInAnyOrder(Set.of("a"), Set.of("b"), Set.of("c"));
    assertThat(liveFiles(table)).hasSize(6);
  }

  @Test
  void clustersBySeveralFieldsInTheirOrder() {
    Table table = byCategoryAndRegion("db.two");

    RewriteManifestsResult result =
        ManifestRewriter.rewrite(
            table, new RewriteManifestsRequest(null, List.of("region", "category")));

    // Distinct (region, category): (eu, a), (us, b), (us, a), (eu, b), (eu, c).
    assertThat(result).isEqualTo(new RewriteManifestsResult(4, 5));
    assertThat(manifestPartitions(table, 1)).containsOnly(Set.of("eu"), Set.of("us"));
    assertThat(liveFiles(table)).hasSize(6);
  }

  @Test
  void rewritesOnlyTheManifestsOfTheRequestedSpec() {
    Table table =
        session.create(
            "demo",
            "db.evolved",
            PartitionSpec.builderFor(TestSession.SCHEMA).identity("category").build());
    PartitionSpec first = table.spec();
    append(table, first, "category=a", "category=b");
    append(table, first, "category=a");
    table.updateSpec().addField("region").commit();
    append(table, table.spec(), "category=a/region=eu");

    RewriteManifestsResult old =
        ManifestRewriter.rewrite(table, new RewriteManifestsRequest(0, List.of("category")));

    assertThat(old).isEqualTo(new RewriteManifestsResult(2, 2));
    List<ManifestFile> manifests = table.currentSnapshot().dataManifests(table.io());
    assertThat(manifests)
        .filteredOn(manifest -> manifest.partitionSpecId() == 1)
        .hasSize(1)
        .allMatch(manifest -> manifest.snapshotId() != table.currentSnapshot().snapshotId());
    assertThat(liveFiles(table)).hasSize(4);
  }

  @Test
  void doesNothingWithoutManifestsToRewrite() {
    Table empty =
        session.create(
            "demo",
            "db.empty",
            PartitionSpec.builderFor(TestSession.SCHEMA).identity("category").build());

    assertThat(
            ManifestRewriter.rewrite(empty, new RewriteManifestsRequest(null, List.of("category"))))
        .isEqualTo(new RewriteManifestsResult(0, 0));
    assertThat(empty.currentSnapshot()).isNull();

    Table evolved = byCategoryAndRegion("db.later");
    evolved.updateSpec().removeField("region").commit();
    Snapshot before = evolved.currentSnapshot();
    assertThat(
            ManifestRewriter.rewrite(
                evolved, new RewriteManifestsRequest(null, List.of("category"))))
        .isEqualTo(new RewriteManifestsResult(0, 0));
    assertThat(evolved.currentSnapshot()).isEqualTo(before);
  }

  @Test
  void refusesWhatTheTableDoesNotHave() {
    Table table = byCategoryAndRegion("db.refused");

    assertThatThrownBy(
            () -> ManifestRewriter.rewrite(table, new RewriteManifestsRequest(null, List.of("id"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot rewrite manifests of demo.db.refused: 'id' is not a partition field of spec 0 "
                + "(its fields: category, region)");
    assertThatThrownBy(
            () ->
                ManifestRewriter.rewrite(
                    table, new RewriteManifestsRequest(3, List.of("category"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot rewrite manifests of demo.db.refused: no partition spec 3");
    assertThatThrownBy(() -> new RewriteManifestsRequest(null, List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("sort_by names at least one partition field");
  }

  /** Four appends (four manifests) of six files over categories a, b, c and regions eu, us. */
  private Table byCategoryAndRegion(String name) {
    Table table =
        session.create(
            "demo",
            name,
            PartitionSpec.builderFor(TestSession.SCHEMA)
                .identity("category")
                .identity("region")
                .build());
    PartitionSpec spec = table.spec();
    append(table, spec, "category=a/region=eu", "category=b/region=us");
    append(table, spec, "category=a/region=us", "category=b/region=eu");
    append(table, spec, "category=c/region=eu");
    append(table, spec, "category=a/region=eu");
    assertThat(table.currentSnapshot().dataManifests(table.io())).hasSize(4);
    return table;
  }

  /** One commit, one new manifest: a fast append never merges manifests. */
  private static void append(Table table, PartitionSpec spec, String... partitions) {
    var append = table.newFastAppend();
    for (String partition : partitions) {
      append.appendFile(dataFile(spec, partition));
    }
    append.commit();
  }

  /**
   * For each data manifest of the current snapshot, the values of partition field {@code position}.
   */
  private static List<Set<String>> manifestPartitions(Table table, int position) {
    List<Set<String>> partitions = new ArrayList<>();
    for (ManifestFile manifest : table.currentSnapshot().dataManifests(table.io())) {
      Set<String> values = new HashSet<>();
      read(table, manifest)
          .forEach(file -> values.add(file.partition().get(position, String.class)));
      partitions.add(values);
    }
    return partitions;
  }

  private static List<String> liveFiles(Table table) {
    List<String> paths = new ArrayList<>();
    for (ManifestFile manifest : table.currentSnapshot().dataManifests(table.io())) {
      read(table, manifest).forEach(file -> paths.add(file.location()));
    }
    return paths;
  }

  private static List<DataFile> read(Table table, ManifestFile manifest) {
    List<DataFile> files = new ArrayList<>();
    try (ManifestReader<DataFile> reader =
        ManifestFiles.read(manifest, table.io(), table.specs())) {
      reader.forEach(file -> files.add(file.copy()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return files;
  }
}
