package io.icegate.metadata.testing;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.ExpireSnapshots;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileMetadata;
import org.apache.iceberg.Metrics;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SortOrder;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.apache.iceberg.types.Conversions;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Iceberg tables in an in-memory catalog: made-up data files, real manifests and metadata. Shared
 * with calcite-adapter's tests through this module's test-jar.
 */
public final class TestTables {
  public static final Schema SCHEMA =
      new Schema(
          required(1, "id", Types.LongType.get()),
          optional(2, "data", Types.StringType.get()),
          optional(3, "category", Types.StringType.get()),
          optional(4, "ts", Types.TimestampType.withZone()));

  private TestTables() {}

  /**
   * The snapshots of {@link #rich} by what made them; {@code rolledBack} is no ancestor of main.
   */
  public record Rich(
      Table table,
      long first,
      long second,
      long rowDelta,
      long overwrite,
      long onBranch,
      long evolved,
      long rolledBack,
      long last,
      DataFile fileA,
      DataFile fileB,
      DeleteFile positionDeletes) {}

  /** An in-memory catalog named {@code name} with namespace {@code db}; its files are its own. */
  public static InMemoryCatalog catalog(String name) {
    InMemoryCatalog catalog = new InMemoryCatalog();
    // InMemoryFileIO's files are JVM-wide: a warehouse per catalog keeps tests apart.
    catalog.initialize(name, Map.of("warehouse", "mem://" + UUID.randomUUID()));
    catalog.createNamespace(Namespace.of("db"));
    return catalog;
  }

  /**
   * {@code db.<name>}: format v2, partitioned by category, then also by bucket(4, id). History: two
   * appends, a position delete file (merge-on-read DELETE), an overwrite, tag {@code tag_a} (at the
   * second append) and branch {@code audit} (one commit of its own), a spec and schema change, an
   * append rolled back, an append.
   */
  public static Rich rich(InMemoryCatalog catalog, String name) {
    Table table =
        catalog.createTable(
            TableIdentifier.of("db", name),
            SCHEMA,
            PartitionSpec.builderFor(SCHEMA).identity("category").build(),
            Map.of(TableProperties.FORMAT_VERSION, "2"));
    PartitionSpec byCategory = table.spec();

    DataFile fileA = dataFile(byCategory, "a-1", "category=a", 10, 1L, 10L, "a", "j");
    DataFile fileB = dataFile(byCategory, "b-1", "category=b", 5, 11L, 15L, "k", "o");
    long first =
        commit(table, () -> table.newAppend().appendFile(fileA).appendFile(fileB).commit());
    long second =
        commit(
            table,
            () ->
                table
                    .newAppend()
                    .appendFile(dataFile(byCategory, "a-2", "category=a", 3, 16L, 18L, "p", "r"))
                    .commit());
    DeleteFile deletes =
        FileMetadata.deleteFileBuilder(byCategory)
            .ofPositionDeletes()
            .withPath(path("a-1-deletes"))
            .withFormat(FileFormat.PARQUET)
            .withPartitionPath("category=a")
            .withFileSizeInBytes(300)
            .withRecordCount(2)
            .build();
    long rowDelta = commit(table, () -> table.newRowDelta().addDeletes(deletes).commit());
    long overwrite =
        commit(
            table,
            () ->
                table
                    .newOverwrite()
                    .deleteFile(fileB)
                    .addFile(dataFile(byCategory, "b-2", "category=b", 4, 11L, 14L, "k", "n"))
                    .commit());

    table.manageSnapshots().createTag("tag_a", second).createBranch("audit", overwrite).commit();
    long onBranch =
        commit(
            table,
            () ->
                table
                    .newAppend()
                    .appendFile(dataFile(byCategory, "a-3", "category=a", 1, 20L, 20L, "s", "s"))
                    .toBranch("audit")
                    .commit());

    table.updateSpec().addField("id_bucket", Expressions.bucket("id", 4)).commit();
    table.updateSchema().addColumn("extra", Types.IntegerType.get()).commit();
    PartitionSpec evolvedSpec = table.spec();
    long evolved =
        commit(
            table,
            () ->
                table
                    .newAppend()
                    .appendFile(
                        dataFile(
                            evolvedSpec, "c-1", "category=c/id_bucket=2", 7, 30L, 36L, "t", "z"))
                    .commit());
    long rolledBack =
        commit(
            table,
            () ->
                table
                    .newAppend()
                    .appendFile(
                        dataFile(
                            evolvedSpec, "c-2", "category=c/id_bucket=3", 2, 40L, 41L, "u", "v"))
                    .commit());
    table.manageSnapshots().rollbackTo(evolved).commit();
    long last =
        commit(
            table,
            () ->
                table
                    .newAppend()
                    .appendFile(
                        dataFile(
                            evolvedSpec, "d-1", "category=d/id_bucket=1", 6, 50L, 55L, "w", "x"))
                    .commit());
    return new Rich(
        table,
        first,
        second,
        rowDelta,
        overwrite,
        onBranch,
        evolved,
        rolledBack,
        last,
        fileA,
        fileB,
        deletes);
  }

  /**
   * {@link #rich} as {@code db.rich} of a catalog of its own, with its first snapshot expired (its
   * files are kept: the second snapshot still holds file a-1).
   */
  public static Rich richWithFirstExpired() {
    Rich rich = rich(catalog("demo"), "rich");
    rich.table()
        .expireSnapshots()
        .expireSnapshotId(rich.first())
        .cleanupLevel(ExpireSnapshots.CleanupLevel.NONE)
        .commit();
    return rich;
  }

  /**
   * A format-v3 table partitioned by category: data files with encryption key metadata and a sort
   * order (first row ids assigned by Iceberg), a deletion vector, an equality delete file, a file
   * replaced by an overwrite and a last append.
   */
  public static Table v3() {
    Table table =
        catalog("demo")
            .createTable(
                TableIdentifier.of("db", "v3"),
                SCHEMA,
                PartitionSpec.builderFor(SCHEMA).identity("category").build(),
                Map.of(TableProperties.FORMAT_VERSION, "3"));
    PartitionSpec spec = table.spec();
    DataFile a =
        DataFiles.builder(spec)
            .copy(dataFile(spec, "v3-a", "category=a", 10, 1L, 10L, "a", "j"))
            .withEncryptionKeyMetadata(ByteBuffer.wrap(new byte[] {7, 8, 9}))
            .withSortOrder(SortOrder.unsorted())
            .build();
    DataFile b = dataFile(spec, "v3-b", "category=b", 5, 11L, 15L, "k", "o");
    commit(table, () -> table.newAppend().appendFile(a).appendFile(b).commit());
    DeleteFile vector =
        FileMetadata.deleteFileBuilder(spec)
            .ofPositionDeletes()
            .withPath("mem://data/v3-a-deletes.puffin")
            .withFormat(FileFormat.PUFFIN)
            .withPartitionPath("category=a")
            .withFileSizeInBytes(64)
            .withRecordCount(2)
            .withReferencedDataFile(a.location())
            .withContentOffset(4)
            .withContentSizeInBytes(40)
            .build();
    DeleteFile equality =
        FileMetadata.deleteFileBuilder(spec)
            .ofEqualityDeletes(1)
            .withPath(path("v3-b-equality"))
            .withFormat(FileFormat.PARQUET)
            .withPartitionPath("category=b")
            .withFileSizeInBytes(30)
            .withRecordCount(1)
            .build();
    commit(table, () -> table.newRowDelta().addDeletes(vector).addDeletes(equality).commit());
    commit(
        table,
        () ->
            table
                .newOverwrite()
                .deleteFile(b)
                .addFile(dataFile(spec, "v3-b2", "category=b", 4, 11L, 14L, "k", "n"))
                .commit());
    commit(
        table,
        () ->
            table
                .newAppend()
                .appendFile(dataFile(spec, "v3-c", "category=c", 7, 30L, 36L, "t", "z"))
                .commit());
    return table;
  }

  /** An unpartitioned format-v2 table with two appends. */
  public static Table unpartitioned() {
    Table table =
        catalog("demo")
            .createTable(
                TableIdentifier.of("db", "flat"),
                SCHEMA,
                PartitionSpec.unpartitioned(),
                Map.of(TableProperties.FORMAT_VERSION, "2"));
    PartitionSpec spec = table.spec();
    commit(
        table,
        () ->
            table
                .newAppend()
                .appendFile(dataFile(spec, "f-1", null, 4, 1L, 4L, "a", "d"))
                .commit());
    commit(
        table,
        () ->
            table
                .newAppend()
                .appendFile(dataFile(spec, "f-2", null, 2, 5L, 6L, "e", "f"))
                .commit());
    return table;
  }

  /**
   * {@code db.<name>}, unpartitioned, with {@code appends} fast appends of one file each: one
   * manifest each.
   */
  public static Table manyManifests(InMemoryCatalog catalog, String name, int appends) {
    Table table =
        catalog.createTable(TableIdentifier.of("db", name), SCHEMA, PartitionSpec.unpartitioned());
    for (int i = 0; i < appends; i++) {
      table
          .newFastAppend()
          .appendFile(dataFile(table.spec(), name + "-" + i, null, 1, i, i, "m", "m"))
          .commit();
    }
    return table;
  }

  /** {@link #manyManifests} as {@code db.many} of a catalog of its own. */
  public static Table manyManifests(int appends) {
    return manyManifests(catalog("demo"), "many", appends);
  }

  /** A table with no snapshot at all. */
  public static Table empty() {
    return catalog("demo")
        .createTable(TableIdentifier.of("db", "empty"), SCHEMA, PartitionSpec.unpartitioned());
  }

  /**
   * Runs a commit once the clock has moved past the current snapshot's time, so every snapshot has
   * its own millisecond (time travel by timestamp needs that), and returns the new snapshot's id.
   */
  private static long commit(Table table, Runnable commit) {
    long previous = table.currentSnapshot() == null ? 0 : latestTimestamp(table);
    while (System.currentTimeMillis() <= previous) {
      Thread.onSpinWait();
    }
    commit.run();
    long newest = Long.MIN_VALUE;
    long newestId = 0;
    for (var snapshot : table.snapshots()) {
      if (snapshot.sequenceNumber() > newest) {
        newest = snapshot.sequenceNumber();
        newestId = snapshot.snapshotId();
      }
    }
    return newestId;
  }

  private static long latestTimestamp(Table table) {
    long latest = 0;
    for (var snapshot : table.snapshots()) {
      latest = Math.max(latest, snapshot.timestampMillis());
    }
    return latest;
  }

  private static DataFile dataFile(
      PartitionSpec spec,
      String name,
      String partitionPath,
      long records,
      long minId,
      long maxId,
      String minData,
      String maxData) {
    DataFiles.Builder builder =
        DataFiles.builder(spec)
            .withPath(path(name))
            .withFormat(FileFormat.PARQUET)
            .withFileSizeInBytes(100 * records)
            .withSplitOffsets(List.of(4L))
            .withMetrics(
                new Metrics(
                    records,
                    Map.of(1, 8 * records, 2, 3 * records),
                    Map.of(1, records, 2, records),
                    Map.of(1, 0L, 2, 1L),
                    Map.of(),
                    Map.of(
                        1,
                        bound(Types.LongType.get(), minId),
                        2,
                        bound(Types.StringType.get(), minData)),
                    Map.of(
                        1,
                        bound(Types.LongType.get(), maxId),
                        2,
                        bound(Types.StringType.get(), maxData))));
    if (partitionPath != null) {
      builder.withPartitionPath(partitionPath);
    }
    return builder.build();
  }

  private static ByteBuffer bound(Type type, Object value) {
    return Conversions.toByteBuffer(type, value);
  }

  private static String path(String name) {
    return "mem://data/" + name + ".parquet";
  }
}
