package io.icegate.calcite.testing;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileMetadata;
import org.apache.iceberg.Metrics;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.apache.iceberg.types.Conversions;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/** Iceberg tables with real metadata (made-up data files) in an in-memory catalog, for the native path's tests. */
public final class TestTables {
  public static final Schema SCHEMA =
      new Schema(
          required(1, "id", Types.LongType.get()),
          optional(2, "data", Types.StringType.get()),
          optional(3, "category", Types.StringType.get()),
          optional(4, "ts", Types.TimestampType.withZone()));

  private TestTables() {}

  /** An in-memory catalog named {@code name} with namespace {@code db}; its files are its own. */
  public static InMemoryCatalog catalog(String name) {
    InMemoryCatalog catalog = new InMemoryCatalog();
    // InMemoryFileIO's files are JVM-wide: a warehouse per catalog keeps tests apart.
    catalog.initialize(name, Map.of("warehouse", "mem://" + UUID.randomUUID()));
    catalog.createNamespace(Namespace.of("db"));
    return catalog;
  }

  /** The snapshots of {@link #rich} by what made them; {@code rolledBack} is no ancestor of main. */
  public record Rich(
      Table table,
      long first,
      long second,
      long deletes,
      long overwrite,
      long onBranch,
      long evolved,
      long rolledBack,
      long last) {}

  /**
   * {@code db.<name>}: format v2, partitioned by category, then also by bucket(4, id). History: two appends, a
   * position delete file (merge-on-read DELETE), an overwrite, tag {@code tag_a} (at the second append) and
   * branch {@code audit} (one commit of its own), a spec and schema change, an append rolled back, an append.
   */
  public static Rich rich(InMemoryCatalog catalog, String name) {
    Table table =
        catalog.createTable(
            TableIdentifier.of("db", name), SCHEMA,
            PartitionSpec.builderFor(SCHEMA).identity("category").build(),
            Map.of(TableProperties.FORMAT_VERSION, "2"));
    PartitionSpec byCategory = table.spec();
    DataFile a1 = dataFile(byCategory, "a-1", "category=a", 10, 1L, 10L);
    DataFile b1 = dataFile(byCategory, "b-1", "category=b", 5, 11L, 15L);
    long first = commit(table, () -> table.newAppend().appendFile(a1).appendFile(b1).commit());
    long second =
        commit(table, () -> table.newAppend().appendFile(dataFile(byCategory, "a-2", "category=a", 3, 16L, 18L))
            .commit());
    DeleteFile deletes =
        FileMetadata.deleteFileBuilder(byCategory)
            .ofPositionDeletes()
            .withPath("mem://data/a-1-deletes.parquet")
            .withFormat(FileFormat.PARQUET)
            .withPartitionPath("category=a")
            .withFileSizeInBytes(300)
            .withRecordCount(2)
            .build();
    long deleted = commit(table, () -> table.newRowDelta().addDeletes(deletes).commit());
    long overwrite =
        commit(table, () -> table.newOverwrite().deleteFile(b1)
            .addFile(dataFile(byCategory, "b-2", "category=b", 4, 11L, 14L)).commit());
    table.manageSnapshots().createTag("tag_a", second).createBranch("audit", overwrite).commit();
    long onBranch =
        commit(table, () -> table.newAppend().appendFile(dataFile(byCategory, "a-3", "category=a", 1, 20L, 20L))
            .toBranch("audit").commit());
    table.updateSpec().addField("id_bucket", Expressions.bucket("id", 4)).commit();
    table.updateSchema().addColumn("extra", Types.IntegerType.get()).commit();
    PartitionSpec evolvedSpec = table.spec();
    long evolved =
        commit(table, () -> table.newAppend()
            .appendFile(dataFile(evolvedSpec, "c-1", "category=c/id_bucket=2", 7, 30L, 36L)).commit());
    long rolledBack =
        commit(table, () -> table.newAppend()
            .appendFile(dataFile(evolvedSpec, "c-2", "category=c/id_bucket=3", 2, 40L, 41L)).commit());
    table.manageSnapshots().rollbackTo(evolved).commit();
    long last =
        commit(table, () -> table.newAppend()
            .appendFile(dataFile(evolvedSpec, "d-1", "category=d/id_bucket=1", 6, 50L, 55L)).commit());
    return new Rich(table, first, second, deleted, overwrite, onBranch, evolved, rolledBack, last);
  }

  /** {@code db.<name>}, unpartitioned, with {@code appends} fast appends of one file each: one manifest each. */
  public static Table manyManifests(InMemoryCatalog catalog, String name, int appends) {
    Table table = catalog.createTable(TableIdentifier.of("db", name), SCHEMA, PartitionSpec.unpartitioned());
    for (int i = 0; i < appends; i++) {
      table.newFastAppend().appendFile(dataFile(table.spec(), name + "-" + i, null, 1, i, i)).commit();
    }
    return table;
  }

  /**
   * Runs a commit once the clock has moved past the newest snapshot's millisecond, so that every snapshot has a
   * time of its own (time travel by timestamp needs it), and returns the new snapshot's id.
   */
  private static long commit(Table table, Runnable commit) {
    long newest = 0;
    for (Snapshot snapshot : table.snapshots()) {
      newest = Math.max(newest, snapshot.timestampMillis());
    }
    while (System.currentTimeMillis() <= newest) {
      Thread.onSpinWait();
    }
    commit.run();
    Snapshot made = null;
    for (Snapshot snapshot : table.snapshots()) {
      if (made == null || snapshot.sequenceNumber() > made.sequenceNumber()) {
        made = snapshot;
      }
    }
    return made.snapshotId();
  }

  private static DataFile dataFile(
      PartitionSpec spec, String name, String partitionPath, long records, long minId, long maxId) {
    DataFiles.Builder builder =
        DataFiles.builder(spec)
            .withPath("mem://data/" + name + ".parquet")
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
                    Map.of(1, bound(Types.LongType.get(), minId), 2, bound(Types.StringType.get(), "a" + minId)),
                    Map.of(1, bound(Types.LongType.get(), maxId), 2, bound(Types.StringType.get(), "z" + maxId))));
    if (partitionPath != null) {
      builder.withPartitionPath(partitionPath);
    }
    return builder.build();
  }

  private static ByteBuffer bound(Type type, Object value) {
    return Conversions.toByteBuffer(type, value);
  }
}
