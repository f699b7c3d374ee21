package io.icegate.gateway.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.AppendFiles;
import org.apache.iceberg.BaseTable;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.hadoop.HadoopCatalog;
import org.apache.iceberg.types.Types;
import org.apache.spark.sql.catalyst.InternalRow;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The figures and calls of one table's row, on real Iceberg tables (made-up data files). */
class TableHealthTest {
  private static final Schema SCHEMA =
      new Schema(Types.NestedField.required(1, "id", Types.LongType.get()));

  /**
   * Now, to the millisecond (as snapshot times are); the snapshots made are younger than 5 days.
   */
  private static final Instant NOW = Instant.ofEpochMilli(System.currentTimeMillis() + 60_000);

  @TempDir Path dir;
  private HadoopCatalog catalog;

  @BeforeEach
  void catalog() {
    catalog = new HadoopCatalog(new Configuration(), dir.toUri().toString());
  }

  @Test
  void smallFilesAreThoseBelowThreeQuartersOfTheTargetAndAtFiveTheyAskForARewrite() {
    // Target 1000 bytes: files below 750 are small.
    Table table = table("t", Map.of("write.target-file-size-bytes", "1000"));
    long[] sizes = {100, 200, 749, 750, 2000, 300, 400};
    for (long size : sizes) {
      append(table, size);
    }
    InternalRow row = row(table, all());
    assertThat(row.getInt(TableHealth.SNAPSHOT_COUNT)).isEqualTo(7);
    assertThat(row.getLong(TableHealth.DATA_FILES)).isEqualTo(7);
    assertThat(row.getLong(TableHealth.TARGET_SIZE)).isEqualTo(1000);
    assertThat(row.getLong(TableHealth.SMALL_FILES)).isEqualTo(5);
    assertThat(row.getDouble(TableHealth.SMALL_SHARE)).isEqualTo(5 / 7.0);
    assertThat(row.getLong(TableHealth.DATA_FILE_AVG)).isEqualTo(4499 / 7);
    assertThat(row.getInt(TableHealth.MANIFESTS)).isEqualTo(7);
    assertThat(row.getInt(TableHealth.LOG_LENGTH)).isEqualTo(8);
    assertThat(row.getInt(TableHealth.REFS)).isEqualTo(1);
    String rewrite = "CALL demo.system.rewrite_data_files(table => 'db.t')";
    assertThat(string(row, TableHealth.REWRITE_DATA_CALL)).isEqualTo(rewrite);
    assertThat(string(row, TableHealth.SUGGESTED_CALL)).isEqualTo(rewrite);
    assertThat(row.isNullAt(TableHealth.EXPIRE_CALL)).isTrue();
    assertThat(row.isNullAt(TableHealth.REWRITE_MANIFESTS_CALL)).isTrue();
    assertThat(row.isNullAt(TableHealth.ERROR)).isTrue();
  }

  @Test
  void tablePropertiesOverrideTheGatewaysThresholdsAndTheMostPassedOneIsSuggested() {
    Table table =
        table(
            "t",
            Map.of(
                HealthThresholds.MAX_SNAPSHOTS, "2",
                HealthThresholds.MAX_MANIFESTS, "1",
                HealthThresholds.MIN_SMALL_FILES, "100"));
    for (int i = 0; i < 3; i++) {
      append(table, 10);
    }
    InternalRow row = row(table, all());
    assertThat(row.isNullAt(TableHealth.REWRITE_DATA_CALL)).isTrue();
    assertThat(string(row, TableHealth.EXPIRE_CALL))
        .isEqualTo(
            "CALL demo.system.expire_snapshots(table => 'db.t', older_than => TIMESTAMP '"
                + java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS")
                    .format(NOW.atZone(ZoneOffset.UTC))
                + "', retain_last => 2)");
    // 3 manifests for 1 allowed passes further than 3 snapshots for 2.
    assertThat(string(row, TableHealth.SUGGESTED_CALL))
        .isEqualTo("CALL demo.system.rewrite_manifests(table => 'db.t')");

    table.updateProperties().set(HealthThresholds.MAX_SNAPSHOTS, "many").commit();
    assertThat(string(row(table, all()), TableHealth.ERROR))
        .isEqualTo(
            "Table property icegate.health.max-snapshots must be a positive integer, not"
                + " 'many'");
  }

  @Test
  void aSnapshotPastTheAgeThatNoRefHoldsAsksForAnExpiryOlderThanTheCutoff() {
    Table table = table("t", Map.of());
    append(table, 10);
    append(table, 10);
    // The snapshots were made now; seen from 6 days later they are past the 120 hours.
    Instant later = NOW.plusSeconds(6 * 86_400L);
    InternalRow row =
        TableHealth.row(
            "demo",
            List.of("db"),
            "t",
            (BaseTable) table,
            all(),
            HealthThresholds.DEFAULTS,
            later,
            ZoneOffset.UTC);
    assertThat(string(row, TableHealth.EXPIRE_CALL))
        .contains("retain_last => 1)")
        .contains(
            "older_than => TIMESTAMP '"
                + java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS")
                    .format(later.minusSeconds(120 * 3600L).atZone(ZoneOffset.UTC))
                + "'");
    assertThat(row.getLong(TableHealth.OLDEST_AGE)).isGreaterThanOrEqualTo(6 * 86_400L);
  }

  @Test
  void theLastExpiryIsTheFirstMetadataFileMissingASnapshotItsPredecessorHad() {
    Table table = table("t", Map.of());
    for (int i = 0; i < 4; i++) {
      append(table, 10);
    }
    InternalRow before = row(table, all());
    assertThat(before.isNullAt(TableHealth.LAST_EXPIRY)).isTrue();
    table.expireSnapshots().expireOlderThan(System.currentTimeMillis() + 1).retainLast(1).commit();
    append(table, 10);
    table.refresh();
    BaseTable base = (BaseTable) table;
    long expiredAt = base.operations().current().previousFiles().get(5).timestampMillis();
    InternalRow row = row(table, all());
    assertThat(row.getLong(TableHealth.LAST_EXPIRY)).isEqualTo(expiredAt * 1000);
    assertThat(row.getLong(TableHealth.EXPIRY_SEEN_SINCE))
        .isEqualTo(base.operations().current().previousFiles().get(4).timestampMillis() * 1000);
    assertThat(row.getInt(TableHealth.SNAPSHOT_COUNT)).isEqualTo(2);
  }

  @Test
  void theCheapColumnsReadNoManifestAndTheCostlyOnesSayWhyTheyAreMissing() throws IOException {
    Table table = table("t", Map.of());
    append(table, 10);
    append(table, 20);
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path avro : files.filter(p -> p.toString().endsWith(".avro")).toList()) {
        Files.delete(avro);
      }
    }
    BitSet cheap = new BitSet();
    for (int i = 0; i < TableHealth.SCHEMA.size(); i++) {
      if (TableHealth.cost(i) == TableHealth.Cost.METADATA) {
        cheap.set(i);
      }
    }
    InternalRow row = row(table, cheap);
    assertThat(row.isNullAt(TableHealth.ERROR)).isTrue();
    assertThat(row.getInt(TableHealth.SNAPSHOT_COUNT)).isEqualTo(2);
    assertThat(row.getLong(TableHealth.DATA_FILES)).isEqualTo(2);
    assertThat(row.isNullAt(TableHealth.MANIFESTS)).isTrue();

    InternalRow all = row(table, all());
    assertThat(string(all, TableHealth.ERROR)).startsWith("manifest list: ");
    assertThat(all.isNullAt(TableHealth.MANIFESTS)).isTrue();
    assertThat(all.getInt(TableHealth.SNAPSHOT_COUNT)).isEqualTo(2);
  }

  @Test
  void namesThatAreNoPlainIdentifiersAreQuotedInTheCalls() {
    Table table = table("my-table", Map.of(HealthThresholds.MAX_MANIFESTS, "1", "unused", "x"));
    append(table, 10);
    append(table, 10);
    InternalRow row =
        TableHealth.row(
            "my cat",
            List.of("db"),
            "my-table",
            (BaseTable) table,
            all(),
            HealthThresholds.DEFAULTS,
            NOW,
            ZoneOffset.UTC);
    assertThat(string(row, TableHealth.REWRITE_MANIFESTS_CALL))
        .isEqualTo("CALL `my cat`.system.rewrite_manifests(table => 'db.`my-table`')");
  }

  @Test
  void anEmptyTableIsHealthyWithZeroFigures() {
    InternalRow row = row(table("t", Map.of()), all());
    assertThat(row.getInt(TableHealth.SNAPSHOT_COUNT)).isZero();
    assertThat(row.isNullAt(TableHealth.OLDEST_AT)).isTrue();
    assertThat(row.getInt(TableHealth.MANIFESTS)).isZero();
    assertThat(row.getLong(TableHealth.SMALL_FILES)).isZero();
    assertThat(row.isNullAt(TableHealth.SUGGESTED_CALL)).isTrue();
    assertThat(row.isNullAt(TableHealth.ERROR)).isTrue();
  }

  private Table table(String name, Map<String, String> properties) {
    Map<String, String> all = new HashMap<>(properties);
    all.put("format-version", "2");
    return catalog.createTable(
        TableIdentifier.of("db", name), SCHEMA, PartitionSpec.unpartitioned(), all);
  }

  private static int files;

  private static void append(Table table, long size) {
    DataFile file =
        DataFiles.builder(PartitionSpec.unpartitioned())
            .withPath(table.location() + "/data/f" + (files++) + ".parquet")
            .withFormat(FileFormat.PARQUET)
            .withFileSizeInBytes(size)
            .withRecordCount(1)
            .build();
    AppendFiles append = table.newFastAppend();
    append.appendFile(file).commit();
  }

  private static BitSet all() {
    BitSet columns = new BitSet();
    columns.set(0, TableHealth.SCHEMA.size());
    return columns;
  }

  private static InternalRow row(Table table, BitSet columns) {
    table.refresh();
    return TableHealth.row(
        "demo",
        List.of("db"),
        "t",
        (BaseTable) table,
        columns,
        HealthThresholds.DEFAULTS,
        NOW,
        ZoneOffset.UTC);
  }

  private static String string(InternalRow row, int column) {
    return row.isNullAt(column) ? null : row.getUTF8String(column).toString();
  }
}
