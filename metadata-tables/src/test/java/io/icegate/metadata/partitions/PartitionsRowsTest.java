package io.icegate.metadata.partitions;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.metadata.MetadataRelation;
import io.icegate.metadata.MetadataTableKind;
import io.icegate.metadata.MetadataTables;
import io.icegate.metadata.Relations;
import io.icegate.metadata.TimeTravel;
import io.icegate.metadata.testing.CountingFileIO;
import io.icegate.metadata.value.StructConverter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.UUID;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.ExpireSnapshots;
import org.apache.iceberg.FileContent;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileMetadata;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.ManifestFile;
import org.apache.iceberg.ManifestFiles;
import org.apache.iceberg.ManifestWriter;
import org.apache.iceberg.MetadataTableType;
import org.apache.iceberg.MetadataTableUtils;
import org.apache.iceberg.PartitionData;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.TableScan;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/**
 * The {@code partitions} rows summed from kept manifest counts ({@link PartitionsRows}) equal
 * iceberg-core's own {@code PartitionsTable} at every snapshot, read afresh or from the cache, and
 * a manifest read once is not read again.
 */
class PartitionsRowsTest {
  private static final Schema SCHEMA =
      new Schema(
          Types.NestedField.required(1, "id", Types.LongType.get()),
          Types.NestedField.optional(2, "category", Types.StringType.get()),
          Types.NestedField.optional(3, "code", Types.BinaryType.get()));

  @Test
  void equalIcebergCoresRowsAtEverySnapshotWithAndWithoutTheCache() {
    Table table = evolvedTable();
    PartitionCountsCache kept = new PartitionCountsCache(1_000);
    PartitionCountsCache none = new PartitionCountsCache(0);
    List<Long> snapshots = new ArrayList<>();
    table.snapshots().forEach(snapshot -> snapshots.add(snapshot.snapshotId()));
    assertThat(snapshots).hasSizeGreaterThan(5);
    for (long snapshot : snapshots) {
      List<List<Object>> expected = icebergCores(table, OptionalLong.of(snapshot));
      assertThat(expected).as("iceberg-core's rows at %d", snapshot).isNotEmpty();
      for (PartitionCountsCache cache : List.of(kept, none, kept)) {
        assertThat(read(new PartitionsRows(table, OptionalLong.of(snapshot), cache), table))
            .as("at snapshot %d, %d counts kept", snapshot, cache.maxCounts())
            .containsExactlyInAnyOrderElementsOf(expected);
      }
    }
    assertThat(read(new PartitionsRows(table, OptionalLong.empty(), kept), table))
        .containsExactlyInAnyOrderElementsOf(icebergCores(table, OptionalLong.empty()));
    assertThat(kept.hits()).isPositive();
    assertThat(none.heldCounts()).isZero();
  }

  @Test
  void aFileOfTheOlderSpecIsARowOfItsOwnEvenWithTheSameValues() {
    Table table = evolvedTable();
    List<List<Object>> rows =
        read(
            new PartitionsRows(table, OptionalLong.empty(), new PartitionCountsCache(1_000)),
            table);
    // category=a under spec 0 (bucket absent) and under spec 1 with a null bucket: two rows, as in
    // iceberg-core.
    List<List<Object>> categoryA =
        rows.stream()
            .filter(row -> ((List<?>) row.get(0)).equals(Arrays.asList("a", null)))
            .toList();
    assertThat(categoryA).extracting(row -> row.get(1)).containsExactlyInAnyOrder(0, 1);
  }

  @Test
  void anUnpartitionedTableHasOneRowWithoutPartitionOrSpec() {
    Table table =
        catalog()
            .createTable(
                TableIdentifier.of("db", "flat"),
                SCHEMA,
                PartitionSpec.unpartitioned(),
                Map.of(TableProperties.FORMAT_VERSION, "2"));
    table.newAppend().appendFile(file(table.spec(), "f-1", null, 4)).commit();
    table.newAppend().appendFile(file(table.spec(), "f-2", null, 6)).commit();
    List<List<Object>> rows =
        read(new PartitionsRows(table, OptionalLong.empty(), new PartitionCountsCache(10)), table);

    assertThat(rows).containsExactlyElementsOf(icebergCores(table, OptionalLong.empty()));
    assertThat(rows)
        .singleElement()
        .satisfies(row -> assertThat(row).hasSize(9).startsWith(10L, 2));
  }

  @Test
  void aManifestReadOnceIsNotReadAgainUntilACommitAddsOne() {
    Table evolved = evolvedTable();
    CountingFileIO io = new CountingFileIO(evolved.io());
    Table table = io.wrap(evolved);
    PartitionCountsCache cache = new PartitionCountsCache(1_000);
    List<List<Object>> first = read(new PartitionsRows(table, OptionalLong.empty(), cache), table);
    int manifests = table.currentSnapshot().allManifests(table.io()).size();
    assertThat(io.opened()).isEqualTo(manifests);

    assertThat(read(new PartitionsRows(table, OptionalLong.empty(), cache), table))
        .containsExactlyInAnyOrderElementsOf(first);
    assertThat(io.opened()).as("manifests opened by the second read").isEqualTo(manifests);

    table
        .newFastAppend()
        .appendFile(file(table.spec(), "e-1", "category=e/id_bucket=0", 9))
        .commit();
    List<List<Object>> afterAppend =
        read(new PartitionsRows(table, OptionalLong.empty(), cache), table);
    assertThat(io.opened()).as("manifests opened after one fast append").isEqualTo(manifests + 1);
    assertThat(afterAppend)
        .containsExactlyInAnyOrderElementsOf(icebergCores(table, OptionalLong.empty()));
  }

  @Test
  void countsReadBeforeAPartitionColumnWasWidenedAreReadAgain() {
    Schema schema = new Schema(Types.NestedField.optional(1, "n", Types.IntegerType.get()));
    Table table =
        catalog()
            .createTable(
                TableIdentifier.of("db", "widened"),
                schema,
                PartitionSpec.builderFor(schema).identity("n").build(),
                Map.of(TableProperties.FORMAT_VERSION, "2"));
    table.newFastAppend().appendFile(file(table.spec(), "n-1", "n=1", 3)).commit();
    PartitionCountsCache cache = new PartitionCountsCache(1_000);
    assertThat(read(new PartitionsRows(table, OptionalLong.empty(), cache), table))
        .extracting(row -> row.get(0))
        .containsExactly(List.of(1));

    table.updateSchema().updateColumn("n", Types.LongType.get()).commit();
    table.newFastAppend().appendFile(file(table.spec(), "n-1-again", "n=1", 4)).commit();
    List<List<Object>> rows = read(new PartitionsRows(table, OptionalLong.empty(), cache), table);
    assertThat(rows).containsExactlyInAnyOrderElementsOf(icebergCores(table, OptionalLong.empty()));
    assertThat(rows)
        .singleElement()
        .satisfies(row -> assertThat(row.subList(0, 4)).containsExactly(List.of(1L), 0, 7L, 2));
  }

  @Test
  void theCacheDropsTheLeastRecentlyUsedBeyondItsBound() {
    PartitionCountsCache cache = new PartitionCountsCache(6);
    ManifestCounts two = counts(2);
    PartitionCountsCache.Key a = key("a");
    PartitionCountsCache.Key b = key("b");
    PartitionCountsCache.Key c = key("c");
    cache.put(a, two);
    cache.put(b, two);
    assertThat(cache.heldCounts()).as("two counts and the manifest's entry, twice").isEqualTo(6);
    assertThat(cache.get(a)).contains(two);
    cache.put(c, two);
    assertThat(cache.get(b)).as("b, beyond the bound and least recently used").isEmpty();
    assertThat(cache.get(a)).contains(two);
    assertThat(cache.get(c)).contains(two);

    PartitionCountsCache.Key d = key("d");
    cache.put(d, counts(6));
    assertThat(cache.get(d)).as("more than the whole bound").isEmpty();
    assertThat(cache.get(a)).contains(two);

    cache.setMaxCounts(0);
    assertThat(cache.get(a)).isEmpty();
    assertThat(cache.heldCounts()).isZero();
  }

  @Test
  void rowsReadAfterTheSpecChangedKeepTheTypeTheyWereOpenedWithAndKeepNothingWrong() {
    Table table =
        catalog()
            .createTable(
                TableIdentifier.of("db", "changing"),
                SCHEMA,
                PartitionSpec.builderFor(SCHEMA).identity("category").build(),
                Map.of(TableProperties.FORMAT_VERSION, "2"));
    table.newFastAppend().appendFile(file(table.spec(), "a-1", "category=a", 3)).commit();
    PartitionCountsCache cache = new PartitionCountsCache(1_000);
    StructConverter before =
        StructConverter.forSchema(
            MetadataTableUtils.createMetadataTableInstance(table, MetadataTableType.PARTITIONS)
                .schema());
    PartitionsRows opened = new PartitionsRows(table, OptionalLong.empty(), cache);

    table.updateSpec().addField(Expressions.bucket("id", 4)).commit();
    List<List<Object>> rows = Relations.read(CloseableIterable.transform(opened, before::row));
    assertThat(rows)
        .singleElement()
        .satisfies(row -> assertThat(row.get(0)).isEqualTo(List.of("a")));
    assertThat(read(new PartitionsRows(table, OptionalLong.empty(), cache), table))
        .containsExactlyInAnyOrderElementsOf(icebergCores(table, OptionalLong.empty()));
  }

  @Test
  void aManifestListedByTwoTablesCountsForTheSnapshotThatAddedItToEach() throws IOException {
    Table first =
        catalog()
            .createTable(
                TableIdentifier.of("db", "first"),
                SCHEMA,
                PartitionSpec.builderFor(SCHEMA).identity("category").build(),
                Map.of(TableProperties.FORMAT_VERSION, "2"));
    Table second =
        catalog()
            .createTable(
                TableIdentifier.of("db", "second"),
                SCHEMA,
                first.spec(),
                Map.of(TableProperties.FORMAT_VERSION, "2"));
    ManifestWriter<DataFile> writer =
        ManifestFiles.write(
            2,
            first.spec(),
            first.io().newOutputFile("mem://shared/" + UUID.randomUUID() + "-m0.avro"),
            null);
    try (ManifestWriter<DataFile> open = writer) {
      open.add(file(first.spec(), "s-1", "category=s", 5));
    }
    ManifestFile shared = writer.toManifestFile();
    first.newAppend().appendManifest(shared).commit();
    second.newAppend().appendManifest(shared).commit();
    PartitionCountsCache cache = new PartitionCountsCache(1_000);

    for (Table table : List.of(first, second)) {
      List<List<Object>> rows = read(new PartitionsRows(table, OptionalLong.empty(), cache), table);
      assertThat(rows)
          .as(table.name())
          .containsExactlyInAnyOrderElementsOf(icebergCores(table, OptionalLong.empty()));
      assertThat(rows)
          .singleElement()
          .satisfies(
              row ->
                  assertThat(row.get(10))
                      .as("last_updated_snapshot_id")
                      .isEqualTo(table.currentSnapshot().snapshotId()));
    }
  }

  @Test
  void binaryAndDatePartitionsFromSeveralManifestsAreOneRowPerValue() {
    Schema schema =
        new Schema(
            Types.NestedField.optional(1, "code", Types.BinaryType.get()),
            Types.NestedField.optional(2, "day", Types.DateType.get()));
    Table table =
        catalog()
            .createTable(
                TableIdentifier.of("db", "binary"),
                schema,
                PartitionSpec.builderFor(schema).identity("code").identity("day").build(),
                Map.of(TableProperties.FORMAT_VERSION, "2"));
    PartitionData partition = new PartitionData(table.spec().partitionType());
    partition.set(0, ByteBuffer.wrap(new byte[] {1, 2, 3}));
    partition.set(1, 20_000);
    for (String name : List.of("x-1", "x-2", "x-3")) {
      table
          .newFastAppend()
          .appendFile(
              DataFiles.builder(table.spec())
                  .withPath("mem://data/" + name + ".parquet")
                  .withFormat(FileFormat.PARQUET)
                  .withFileSizeInBytes(10)
                  .withRecordCount(1)
                  .withPartition(partition)
                  .build())
          .commit();
    }
    List<List<Object>> rows =
        read(
            new PartitionsRows(table, OptionalLong.empty(), new PartitionCountsCache(1_000)),
            table);
    List<List<Object>> expected = icebergCores(table, OptionalLong.empty());
    assertThat(expected).hasSize(1);
    assertThat(Relations.comparable(rows)).isEqualTo(Relations.comparable(expected));
    assertThat(rows.get(0).get(3)).as("file_count").isEqualTo(3);
  }

  @Test
  void theRelationsPartitionsAreTheseRows() {
    Table table = evolvedTable();
    MetadataRelation relation =
        MetadataTables.open(table, MetadataTableKind.PARTITIONS, TimeTravel.none());
    assertThat(Relations.read(relation.rows()))
        .containsExactlyInAnyOrderElementsOf(icebergCores(table, OptionalLong.empty()));
  }

  /**
   * Partitioned by category, then also by bucket(4, id): appends, a file of the new spec with the
   * old spec's values and a null bucket, position and equality deletes, an overwrite that removes a
   * file, a rollback and an expired snapshot whose file is still live (so it has no last update).
   */
  private static Table evolvedTable() {
    Table table =
        catalog()
            .createTable(
                TableIdentifier.of("db", "evolved"),
                SCHEMA,
                PartitionSpec.builderFor(SCHEMA).identity("category").build(),
                Map.of(TableProperties.FORMAT_VERSION, "2"));
    PartitionSpec first = table.spec();
    DataFile b1 = file(first, "b-1", "category=b", 5);
    table.newAppend().appendFile(file(first, "a-1", "category=a", 10)).appendFile(b1).commit();
    long expired = table.currentSnapshot().snapshotId();
    table.newAppend().appendFile(file(first, "a-2", "category=a", 3)).commit();
    table
        .newRowDelta()
        .addDeletes(deletes(first, "a-deletes", "category=a", false))
        .addDeletes(deletes(first, "b-deletes", "category=b", true))
        .commit();
    table.newOverwrite().deleteFile(b1).addFile(file(first, "b-2", "category=b", 4)).commit();

    table.updateSpec().addField("id_bucket", Expressions.bucket("id", 4)).commit();
    PartitionSpec second = table.spec();
    PartitionData nullBucket = new PartitionData(second.partitionType());
    nullBucket.set(0, "a");
    nullBucket.set(1, null);
    table
        .newAppend()
        .appendFile(
            DataFiles.builder(second)
                .withPath("mem://data/a-3.parquet")
                .withFormat(FileFormat.PARQUET)
                .withFileSizeInBytes(700)
                .withRecordCount(7)
                .withPartition(nullBucket)
                .build())
        .commit();
    long kept = table.currentSnapshot().snapshotId();
    table.newAppend().appendFile(file(second, "c-1", "category=c/id_bucket=3", 2)).commit();
    table.manageSnapshots().rollbackTo(kept).commit();
    table.newAppend().appendFile(file(second, "d-1", "category=d/id_bucket=1", 6)).commit();
    table
        .expireSnapshots()
        .expireSnapshotId(expired)
        .cleanupLevel(ExpireSnapshots.CleanupLevel.NONE)
        .commit();
    return table;
  }

  /**
   * iceberg-core's own rows of the partitions table, in the values {@link StructConverter} gives.
   */
  private static List<List<Object>> icebergCores(Table table, OptionalLong snapshot) {
    Table partitions =
        MetadataTableUtils.createMetadataTableInstance(table, MetadataTableType.PARTITIONS);
    TableScan scan = partitions.newScan();
    if (snapshot.isPresent()) {
      scan = scan.useSnapshot(snapshot.getAsLong());
    }
    StructConverter converter = StructConverter.forSchema(partitions.schema());
    List<List<Object>> rows = new ArrayList<>();
    // Converted as they are read: a row's struct may be reused for the next.
    for (FileScanTask task : Relations.read(scan.planFiles())) {
      rows.addAll(
          Relations.read(CloseableIterable.transform(task.asDataTask().rows(), converter::row)));
    }
    return rows;
  }

  /** The rows, converted as iceberg-core's are in {@link #icebergCores}. */
  private static List<List<Object>> read(PartitionsRows rows, Table table) {
    StructConverter converter =
        StructConverter.forSchema(
            MetadataTableUtils.createMetadataTableInstance(table, MetadataTableType.PARTITIONS)
                .schema());
    return Relations.read(CloseableIterable.transform(rows, converter::row));
  }

  private static DataFile file(
      PartitionSpec spec, String name, String partitionPath, long records) {
    DataFiles.Builder builder =
        DataFiles.builder(spec)
            .withPath("mem://data/" + name + ".parquet")
            .withFormat(FileFormat.PARQUET)
            .withFileSizeInBytes(100 * records)
            .withRecordCount(records);
    return partitionPath == null
        ? builder.build()
        : builder.withPartitionPath(partitionPath).build();
  }

  private static DeleteFile deletes(
      PartitionSpec spec, String name, String partitionPath, boolean equality) {
    FileMetadata.Builder builder = FileMetadata.deleteFileBuilder(spec);
    builder = equality ? builder.ofEqualityDeletes(1) : builder.ofPositionDeletes();
    return builder
        .withPath("mem://data/" + name + ".parquet")
        .withFormat(FileFormat.PARQUET)
        .withPartitionPath(partitionPath)
        .withFileSizeInBytes(300)
        .withRecordCount(equality ? 3 : 2)
        .build();
  }

  private static ManifestCounts counts(int size) {
    List<ManifestCounts.Count> counts = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      counts.add(
          new ManifestCounts.Count(
              List.of("p" + i), 0, 1L, ManifestCounts.Totals.of(FileContent.DATA, 1, 1)));
    }
    return new ManifestCounts(counts);
  }

  private static PartitionCountsCache.Key key(String path) {
    return new PartitionCountsCache.Key(path, 1L, Types.StructType.of());
  }

  private static InMemoryCatalog catalog() {
    InMemoryCatalog catalog = new InMemoryCatalog();
    catalog.initialize("demo", Map.of("warehouse", "mem://" + UUID.randomUUID()));
    catalog.createNamespace(Namespace.of("db"));
    return catalog;
  }
}
