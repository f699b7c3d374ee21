package io.icegate.metadata;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileMetadata;
import org.apache.iceberg.MetadataColumns;
import org.apache.iceberg.MetadataTableUtils;
import org.apache.iceberg.Metrics;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.apache.iceberg.types.Conversions;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The {@code readable_metrics} Icegate computes ({@link ReadableMetrics}) equal iceberg-core's own,
 * on a table with a column of every primitive type, a struct, a map and a list (whose leaves have
 * metrics too, named {@code s.x}, {@code m.key}, {@code l.element}), files with and without
 * metrics, NaN counts and null maps, a position delete file, and two columns renamed after the
 * files were written.
 */
class ReadableMetricsTest {
  private static final Schema SCHEMA =
      new Schema(
          required(1, "id", Types.LongType.get()),
          optional(2, "i", Types.IntegerType.get()),
          optional(3, "f", Types.FloatType.get()),
          optional(4, "d", Types.DoubleType.get()),
          optional(
              5,
              "s",
              Types.StructType.of(
                  optional(6, "x", Types.StringType.get()),
                  optional(7, "y", Types.DateType.get()))),
          optional(
              8,
              "m",
              Types.MapType.ofOptional(9, 10, Types.StringType.get(), Types.LongType.get())),
          optional(11, "l", Types.ListType.ofOptional(12, Types.DecimalType.of(9, 2))),
          optional(13, "b", Types.BooleanType.get()),
          optional(14, "ts", Types.TimestampType.withoutZone()),
          optional(15, "tz", Types.TimestampType.withZone()),
          optional(16, "bin", Types.BinaryType.get()),
          optional(17, "u", Types.UUIDType.get()),
          optional(18, "fx", Types.FixedType.ofLength(3)),
          optional(19, "t", Types.TimeType.get()));

  private static Table table;

  @BeforeAll
  static void table() {
    InMemoryCatalog catalog = new InMemoryCatalog();
    catalog.initialize("demo", Map.of("warehouse", "mem://" + UUID.randomUUID()));
    catalog.createNamespace(Namespace.of("db"));
    table =
        catalog.createTable(
            TableIdentifier.of("db", "metrics"),
            SCHEMA,
            PartitionSpec.builderFor(SCHEMA).identity("b").build(),
            Map.of(TableProperties.FORMAT_VERSION, "2"));
    PartitionSpec spec = table.spec();
    // By name: the catalog gives the table's columns ids of its own.
    Map<String, Object> lower = new LinkedHashMap<>();
    lower.put("id", 1L);
    lower.put("i", -5);
    lower.put("f", -1.5f);
    lower.put("d", Double.NEGATIVE_INFINITY);
    lower.put("s.x", "a");
    lower.put("s.y", 19_000);
    lower.put("m.key", "k");
    lower.put("m.value", 0L);
    lower.put("l.element", new BigDecimal("1.25"));
    lower.put("b", false);
    lower.put("ts", 1_700_000_000_000_000L);
    lower.put("tz", 1_700_000_000_000_001L);
    lower.put("bin", ByteBuffer.wrap(new byte[] {0, 1}));
    lower.put("u", UUID.fromString("00000000-0000-0000-0000-000000000001"));
    lower.put("fx", ByteBuffer.wrap(new byte[] {7, 8, 9}));
    lower.put("t", 3_600_000_000L);
    Map<String, Object> upper = new LinkedHashMap<>(lower);
    upper.put("id", 99L);
    upper.put("s.x", "zz");
    upper.put("l.element", new BigDecimal("9.75"));
    upper.put("b", true);
    Map<Integer, Long> counts = new HashMap<>();
    for (String column : lower.keySet()) {
      counts.put(id(column), 10L + counts.size());
    }
    DataFile full =
        DataFiles.builder(spec)
            .withPath("mem://data/full.parquet")
            .withFormat(FileFormat.PARQUET)
            .withPartitionPath("b=false")
            .withFileSizeInBytes(1_000)
            .withMetrics(
                new Metrics(
                    10L,
                    counts,
                    counts,
                    Map.of(id("id"), 0L, id("s.x"), 2L),
                    Map.of(id("f"), 1L, id("d"), 0L),
                    bounds(lower),
                    bounds(upper)))
            .build();
    DataFile some =
        DataFiles.builder(spec)
            .withPath("mem://data/some.parquet")
            .withFormat(FileFormat.PARQUET)
            .withPartitionPath("b=true")
            .withFileSizeInBytes(500)
            .withMetrics(
                new Metrics(
                    5L,
                    Map.of(id("id"), 40L),
                    Map.of(id("id"), 5L),
                    null,
                    null,
                    bounds(Map.of("id", 3L)),
                    null))
            .build();
    DataFile none =
        DataFiles.builder(spec)
            .withPath("mem://data/none.parquet")
            .withFormat(FileFormat.PARQUET)
            .withPartitionPath("b=true")
            .withFileSizeInBytes(100)
            .withRecordCount(1)
            .build();
    table.newAppend().appendFile(full).appendFile(some).commit();
    table.newAppend().appendFile(none).commit();
    // Position deletes: their metrics are of their own columns (file_path, pos), none of the
    // table's.
    DeleteFile deletes =
        FileMetadata.deleteFileBuilder(spec)
            .ofPositionDeletes()
            .withPath("mem://data/deletes.parquet")
            .withFormat(FileFormat.PARQUET)
            .withPartitionPath("b=false")
            .withFileSizeInBytes(50)
            .withRecordCount(2)
            .withMetrics(
                new Metrics(
                    2L,
                    Map.of(MetadataColumns.DELETE_FILE_POS.fieldId(), 16L, id("i"), 3L),
                    Map.of(MetadataColumns.DELETE_FILE_POS.fieldId(), 2L),
                    null,
                    null,
                    Map.of(
                        MetadataColumns.DELETE_FILE_POS.fieldId(),
                        Conversions.toByteBuffer(Types.LongType.get(), 0L)),
                    null))
            .build();
    table.newRowDelta().addDeletes(deletes).commit();
    // Metrics are named by the current schema.
    table.updateSchema().renameColumn("i", "i_renamed").renameColumn("s.x", "x_renamed").commit();
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(
      names = {
        "FILES",
        "DATA_FILES",
        "DELETE_FILES",
        "ALL_FILES",
        "ALL_DATA_FILES",
        "ALL_DELETE_FILES"
      })
  void readableMetricsEqualIcebergCoresOwn(MetadataTableKind kind) {
    MetadataRelation relation = MetadataTables.open(table, kind, TimeTravel.none());
    List<String> names = relation.schema().columns().stream().map(Types.NestedField::name).toList();
    int filePath = names.indexOf("file_path");
    int metrics = names.indexOf("readable_metrics");

    Map<Object, Object> ours = new HashMap<>();
    for (List<Object> row : Relations.read(relation)) {
      ours.put(row.get(filePath), Relations.comparable(row.get(metrics)));
    }

    int files =
        switch (kind) {
          case FILES, ALL_FILES -> 4;
          case DELETE_FILES, ALL_DELETE_FILES -> 1;
          default -> 3;
        };
    assertThat(ours).hasSize(files).isEqualTo(icebergCores(kind, filePath, metrics));
    if (ours.containsKey("mem://data/full.parquet")) {
      // Not vacuous: the nested leaves' bounds (s.x_renamed, m.key, l.element) are there.
      assertThat(ours.get("mem://data/full.parquet").toString()).contains("zz", "k", "9.75");
    }
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(names = {"ENTRIES", "ALL_ENTRIES"})
  void entriesReadableMetricsEqualIcebergCoresOwn(MetadataTableKind kind) {
    MetadataRelation relation = MetadataTables.open(table, kind, TimeTravel.none());
    List<String> names = relation.schema().columns().stream().map(Types.NestedField::name).toList();
    int dataFile = names.indexOf("data_file");
    int metrics = names.indexOf("readable_metrics");
    int filePath =
        relation
            .schema()
            .columns()
            .get(dataFile)
            .type()
            .asStructType()
            .fields()
            .indexOf(relation.schema().findField("data_file.file_path"));
    Function<List<Object>, Object> path = row -> ((List<?>) row.get(dataFile)).get(filePath);

    List<List<Object>> rows = Relations.read(relation);
    Map<Object, Object> ours = new HashMap<>();
    for (List<Object> row : rows) {
      ours.put(path.apply(row), Relations.comparable(row.get(metrics)));
    }
    // Only readable_metrics asked for: the data file's metric maps are read without the rest of it.
    List<Object> alone =
        Relations.read(relation, new int[] {metrics}).stream()
            .map(row -> Relations.comparable(row.get(0)))
            .toList();

    assertThat(ours).hasSize(4).isEqualTo(icebergCores(kind, path, metrics));
    assertThat(alone)
        .containsExactlyInAnyOrderElementsOf(
            rows.stream().map(row -> Relations.comparable(row.get(metrics))).toList());
    assertThat(ours.get("mem://data/full.parquet").toString()).contains("zz", "k", "9.75");
    // With a partition filter (whose fields Iceberg adds to data_file) and the columns the other
    // way round.
    List<List<Object>> filtered =
        Relations.read(
            relation,
            new int[] {metrics, dataFile},
            Expressions.equal("data_file.partition.b", false));
    assertThat(filtered)
        .isNotEmpty()
        .allSatisfy(
            row ->
                assertThat(Relations.comparable(row.get(0)))
                    .isEqualTo(ours.get(((List<?>) row.get(1)).get(filePath))));
  }

  /** The same column of iceberg-core's own rows, converted as every value is. */
  private static Map<Object, Object> icebergCores(
      MetadataTableKind kind, int filePath, int metrics) {
    return icebergCores(kind, row -> row.get(filePath), metrics);
  }

  /**
   * The same column of iceberg-core's own rows, converted as every value is, by the file path
   * {@code path} reads.
   */
  private static Map<Object, Object> icebergCores(
      MetadataTableKind kind, Function<List<Object>, Object> path, int metrics) {
    Table metadataTable =
        MetadataTableUtils.createMetadataTableInstance(table, kind.icebergType().orElseThrow());
    Map<Object, Object> rows = new HashMap<>();
    for (List<Object> values :
        Relations.icebergCoreRows(metadataTable.schema(), metadataTable.newScan())) {
      rows.put(path.apply(values), Relations.comparable(values.get(metrics)));
    }
    return rows;
  }

  private static Map<Integer, ByteBuffer> bounds(Map<String, Object> values) {
    Map<Integer, ByteBuffer> bounds = new HashMap<>();
    values.forEach(
        (column, value) ->
            bounds.put(
                id(column), Conversions.toByteBuffer(table.schema().findType(column), value)));
    return bounds;
  }

  private static int id(String column) {
    return table.schema().findField(column).fieldId();
  }
}
