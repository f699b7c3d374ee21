package io.icegate.gateway.result;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.protocol.testing.RandomWireValues;
import java.math.BigDecimal;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.ArrayBasedMapData;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

/**
 * Frames written by the gateway's own encoder are, byte for byte, what Avatica's encoder writes
 * less the deprecated copy of each cell, and Avatica's decoder reads them into exactly the values
 * it reads from its own encoding (same classes at every depth, byte arrays by content).
 */
class WireFrameTest {
  @Test
  void everyWireValueReadsBackAsAvaticaEncodesIt() throws Exception {
    List<Object> rows = new ArrayList<>();
    rows.add(
        Arrays.asList(
            1L,
            2,
            3.5d,
            "text",
            true,
            new BigDecimal("12.340"),
            1.5f,
            (short) 7,
            (byte) -3,
            new byte[] {1, (byte) 0xFF},
            null));
    // Proto3 leaves default values out; they must still read back as the same values.
    rows.add(
        Arrays.asList(
            0L, 0, 0.0d, "", false, BigDecimal.ZERO, 0.0f, (short) 0, (byte) 0, new byte[0], null));
    rows.add(
        Arrays.asList(
            -1L,
            Integer.MIN_VALUE,
            -0.0d,
            "héllo ✓",
            false,
            new BigDecimal("-1E+3"),
            Float.NaN,
            Short.MIN_VALUE,
            Byte.MAX_VALUE,
            new byte[] {0},
            null));
    rows.add(
        Arrays.asList(
            Arrays.asList(1, null, 3),
            List.of(Arrays.asList("k", 1L)),
            List.of(),
            Double.NaN,
            Long.MAX_VALUE,
            Long.MIN_VALUE,
            "x",
            null,
            null,
            null,
            null));
    assertSameAsAvatica(rows, 42, true);
  }

  @Test
  void randomFramesReadBackAsAvaticaEncodesThem() throws Exception {
    Random random = new Random(7);
    for (int frame = 0; frame < 50; frame++) {
      List<Object> rows = new ArrayList<>();
      for (int r = random.nextInt(20); r > 0; r--) {
        rows.add(
            Arrays.asList(
                random.nextLong(),
                random.nextInt(),
                random.nextDouble() * 1e6 - 5e5,
                Long.toString(random.nextLong(), 36),
                random.nextBoolean() ? null : random.nextInt(100)));
      }
      assertSameAsAvatica(rows, frame * 100L, frame % 2 == 0);
    }
  }

  /**
   * Arrays, structs (lists of field values) and maps (lists of [key, value] lists), as {@link
   * SparkRowConverter} has them.
   */
  @Test
  void nestedValuesAreWrittenAsAvaticaWritesThem() throws Exception {
    byte[] bound = {0, 1, (byte) 0x80, (byte) 0xFF};
    List<Object> shapes =
        Arrays.asList(
            // arrays of every kind of element, the first element setting the component type
            List.of(1L, 2L),
            List.of(1, -1),
            List.of(1.5d, -0.0d, Double.NaN),
            List.of("a", "", "ü ✓ \uD83E\uDDCA"),
            List.of(true, false),
            List.of(new BigDecimal("1.50"), BigDecimal.ZERO),
            List.of(1.5f, Float.NaN),
            List.of((short) 1),
            List.of((byte) -1),
            List.of(bound, new byte[0], new byte[] {1, 2}),
            Arrays.asList(null, 1L),
            Arrays.asList(null, null),
            new ArrayList<>(),
            List.of(0L, 0, 0.0d, false, ""),
            // a struct of every kind, nulls among them
            Arrays.asList(
                7L,
                null,
                "x",
                bound,
                new BigDecimal("-1E+3"),
                List.of(1, 2),
                Arrays.asList(null, 3.5d)),
            // a map<int,bigint> (Iceberg's column_sizes) and a map<int,binary> (lower_bounds), a
            // map with null values
            List.of(
                Arrays.asList(1, 1024L), Arrays.asList(2, 0L), Arrays.asList(3, Long.MIN_VALUE)),
            List.of(Arrays.asList(1, bound), Arrays.asList(2, new byte[0])),
            List.of(Arrays.asList("k", null), Arrays.asList("", "v")),
            // a struct of structs (Iceberg's readable_metrics), empty lists at every depth, deep
            // nesting
            Arrays.asList(
                Arrays.asList(10L, 1L, 0L, null, "a", "z"),
                Arrays.asList(null, null, null, null, null, null),
                null),
            List.of(List.of(), List.of(List.of()), List.of(List.of(List.of()))),
            List.of(List.of(List.of(List.of(List.of(List.of("deep")))))),
            List.of(List.of(Arrays.asList("k", List.of(Arrays.asList(1, bound)))), List.of()));
    List<Object> rows = new ArrayList<>();
    for (Object shape : shapes) {
      rows.add(Arrays.asList(shape, 1L, shape));
      rows.add(Arrays.asList(null, List.of(shape), Arrays.asList(shape, null, shape)));
    }
    rows.add(shapes);
    assertSameAsAvatica(rows, 0, false);
  }

  @Test
  void randomNestedRowsAreWrittenAsAvaticaWritesThem() throws Exception {
    Random random = new Random(11);
    for (int frame = 0; frame < 200; frame++) {
      List<Object> rows = new ArrayList<>();
      int columns = 1 + random.nextInt(8);
      for (int r = random.nextInt(12); r > 0; r--) {
        List<Object> row = new ArrayList<>();
        for (int c = 0; c < columns; c++) {
          row.add(RandomWireValues.value(random));
        }
        rows.add(row);
      }
      assertSameAsAvatica(rows, frame, frame % 3 == 0);
    }
  }

  /**
   * Values {@link SparkRowConverter} never makes still travel as Avatica's encoder writes them, at
   * any depth.
   */
  @Test
  void otherValuesGoThroughAvaticasEncoder() throws Exception {
    long millis = 1_704_164_645_120L;
    List<Object> others =
        List.of(
            'c',
            new Timestamp(millis),
            new java.sql.Date(millis),
            new Time(millis),
            java.time.OffsetDateTime.of(2024, 1, 2, 3, 4, 5, 0, ZoneOffset.ofHours(2)));
    List<Object> rows = new ArrayList<>();
    rows.add(others);
    rows.add(
        List.of(others, List.of(List.of('x', 1L)), List.of(Arrays.asList("k", new Timestamp(0)))));
    assertSameAsAvatica(rows, 1, true);
  }

  /**
   * A row of Iceberg's {@code files} table, shaped as Spark's internal row and turned into wire
   * values.
   */
  @Test
  void metadataTableRowsAreWrittenAsAvaticaWritesThem() throws Exception {
    DataType metrics =
        DataTypes.createStructType(
            List.of(
                DataTypes.createStructField("column_size", DataTypes.LongType, true),
                DataTypes.createStructField("value_count", DataTypes.LongType, true),
                DataTypes.createStructField("lower_bound", DataTypes.StringType, true),
                DataTypes.createStructField("upper_bound", DataTypes.DateType, true)));
    StructType schema =
        DataTypes.createStructType(
            List.of(
                DataTypes.createStructField("file_path", DataTypes.StringType, false),
                DataTypes.createStructField(
                    "partition",
                    DataTypes.createStructType(
                        List.of(DataTypes.createStructField("day", DataTypes.DateType, true))),
                    false),
                DataTypes.createStructField(
                    "column_sizes",
                    DataTypes.createMapType(DataTypes.IntegerType, DataTypes.LongType),
                    true),
                DataTypes.createStructField(
                    "lower_bounds",
                    DataTypes.createMapType(DataTypes.IntegerType, DataTypes.BinaryType),
                    true),
                DataTypes.createStructField(
                    "split_offsets", DataTypes.createArrayType(DataTypes.LongType), true),
                DataTypes.createStructField(
                    "summary",
                    DataTypes.createMapType(DataTypes.StringType, DataTypes.StringType),
                    true),
                DataTypes.createStructField(
                    "readable_metrics",
                    DataTypes.createStructType(
                        List.of(
                            DataTypes.createStructField("id", metrics, true),
                            DataTypes.createStructField("name", metrics, true))),
                    true),
                DataTypes.createStructField("committed_at", DataTypes.TimestampType, true),
                DataTypes.createStructField("amount", DataTypes.createDecimalType(10, 2), true)));
    SparkRowConverter values = new SparkRowConverter(schema, ZoneOffset.ofHours(-5), false);
    List<Object> rows = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      InternalRow row =
          new GenericInternalRow(
              new Object[] {
                UTF8String.fromString(
                    "s3://bucket/t/data/day=2024-01-0" + i + "/part-" + i + ".parquet"),
                new GenericInternalRow(new Object[] {i == 2 ? null : 19_724 + i}),
                map(new Object[] {1, 2, 3}, new Object[] {4096L + i, 0L, null}),
                i == 1
                    ? null
                    : map(
                        new Object[] {1, 2},
                        new Object[] {new byte[] {0, 0, 0, (byte) i}, new byte[0]}),
                new GenericArrayData(new Object[] {4L, null, 1L << 40}),
                map(
                    new Object[] {
                      UTF8String.fromString("added-records"), UTF8String.fromString("spark.app.id")
                    },
                    new Object[] {
                      UTF8String.fromString("10"), UTF8String.fromString("local-1700000000000")
                    }),
                new GenericInternalRow(
                    new Object[] {
                      new GenericInternalRow(
                          new Object[] {120L, 10L, UTF8String.fromString("a"), 19_724}),
                      i == 0 ? null : new GenericInternalRow(new Object[] {null, null, null, null})
                    }),
                1_704_164_645_120_123L,
                org.apache.spark.sql.types.Decimal.apply(new BigDecimal("-12.30"), 10, 2)
              });
      rows.add(values.row(row));
    }
    assertSameAsAvatica(rows, 7, false);
  }

  private static ArrayBasedMapData map(Object[] keys, Object[] values) {
    return new ArrayBasedMapData(new GenericArrayData(keys), new GenericArrayData(values));
  }

  /** The kinds of values {@link SparkRowConverter} makes, nested as arrays, structs and maps. */
  private static void assertSameAsAvatica(List<Object> rows, long offset, boolean done)
      throws Exception {
    byte[] ourBytes = new WireFrame(offset, done, rows, false).toProto().toByteArray();
    Common.Frame avaticas = new Meta.Frame(offset, done, rows).toProto();
    assertThat(ourBytes)
        .as("Avatica's encoding less the deprecated copies")
        .isEqualTo(withoutDeprecatedValues(avaticas).toByteArray());
    // The deprecated per-cell copy is gone: the gateway's frame is smaller on the wire.
    assertThat(ourBytes.length).isLessThanOrEqualTo(avaticas.getSerializedSize());

    Meta.Frame decodedOurs = Meta.Frame.fromProto(Common.Frame.parseFrom(ourBytes));
    Meta.Frame decodedAvatica =
        Meta.Frame.fromProto(Common.Frame.parseFrom(avaticas.toByteArray()));
    assertThat(decodedOurs.offset).isEqualTo(offset);
    assertThat(decodedOurs.done).isEqualTo(done);
    List<Object> ourRows = new ArrayList<>();
    decodedOurs.rows.forEach(ourRows::add);
    List<Object> avaticaRows = new ArrayList<>();
    decodedAvatica.rows.forEach(avaticaRows::add);
    assertSameValue(avaticaRows, ourRows, "rows");
  }

  private static Common.Frame withoutDeprecatedValues(Common.Frame frame) {
    Common.Frame.Builder builder = frame.toBuilder();
    for (Common.Row.Builder row : builder.getRowsBuilderList()) {
      for (Common.ColumnValue.Builder column : row.getValueBuilderList()) {
        column.clearValue();
      }
    }
    return builder.build();
  }

  /** Same classes at every depth, lists element by element, byte arrays by content. */
  private static void assertSameValue(Object expected, Object actual, String path) {
    if (expected == null) {
      assertThat(actual).as(path).isNull();
      return;
    }
    assertThat(actual).as(path).isNotNull();
    assertThat(actual.getClass()).as(path + " class").isEqualTo(expected.getClass());
    if (expected instanceof byte[] bytes) {
      assertThat((byte[]) actual).as(path).isEqualTo(bytes);
    } else if (expected instanceof List<?> expectedList) {
      List<?> actualList = (List<?>) actual;
      assertThat(actualList).as(path + " size").hasSameSizeAs(expectedList);
      for (int i = 0; i < expectedList.size(); i++) {
        assertSameValue(expectedList.get(i), actualList.get(i), path + "[" + i + "]");
      }
    } else {
      assertThat(actual).as(path).isEqualTo(expected);
    }
  }
}
