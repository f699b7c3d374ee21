package io.icegate.jdbc;

import static io.icegate.jdbc.SameValues.assertSameFrame;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.UnknownFieldSet;
import io.icegate.jdbc.testing.RandomWireValues;
import java.math.BigDecimal;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.remote.Service;
import org.junit.jupiter.api.Test;

/**
 * Rows written by the gateway's {@link CompactRowWriter} read back, through the driver's frame reading, as exactly the
 * values Avatica's own encoding and decoding of the same rows give: same classes at every depth, byte arrays by
 * content.
 */
class CompactRowsTest {

  private static final byte[] BOUND = {0, 1, (byte) 0x80, (byte) 0xFF};

  @Test
  void everyValueReadsBackAsThroughAvatica() throws Exception {
    List<Object> rows = new ArrayList<>();
    rows.add(Arrays.asList(1L, 2, 3.5d, "text", true, new BigDecimal("12.340"), 1.5f, (short) 7, (byte) -3,
        BOUND.clone(), null));
    rows.add(Arrays.asList(0L, 0, 0.0d, "", false, BigDecimal.ZERO, 0.0f, (short) 0, (byte) 0, new byte[0], null));
    rows.add(Arrays.asList(-1L, Integer.MIN_VALUE, -0.0d, "héllo ✓ \uD83E\uDDCA", false, new BigDecimal("-1E+3"),
        Float.NaN, Short.MIN_VALUE, Byte.MAX_VALUE, new byte[] {0}, null));
    rows.add(Arrays.asList(Long.MAX_VALUE, Integer.MAX_VALUE, Double.NaN, "x".repeat(1000), true,
        new BigDecimal("123456789012345678901234567890.5"), Float.NEGATIVE_INFINITY, Short.MAX_VALUE, Byte.MIN_VALUE,
        new byte[300], Long.MIN_VALUE));
    // Chars past Latin-1 whose low byte is ASCII ('Ţ' is U+0162, '✓' U+2713): a low-byte copy would send "b" and a
    // control char.
    rows.add(Arrays.asList("Ţ✓", List.of("Ţ", "\u0100"), null, null, null, null, null, null, null, null, null));
    assertSameAsAvatica(rows);
  }

  /** Arrays, structs (lists of field values) and maps (lists of [key, value] lists), as the gateway sends them. */
  @Test
  void nestedValuesReadBackAsThroughAvatica() throws Exception {
    List<Object> shapes = Arrays.asList(
        List.of(1L, 2L), List.of(1, -1), List.of(1.5d, -0.0d), List.of("a", "", "ü ✓"), List.of(true, false),
        List.of(new BigDecimal("1.50")), List.of(1.5f), List.of((short) 1), List.of((byte) -1),
        List.of(BOUND, new byte[0]), Arrays.asList(null, 1L), new ArrayList<>(),
        List.of(Arrays.asList(1, 1024L), Arrays.asList(2, 0L)), List.of(Arrays.asList("k", null), Arrays.asList("", "v")),
        Arrays.asList(Arrays.asList(10L, 1L, 0L, null, "a", "z"), Arrays.asList(null, null, null), null),
        List.of(List.of(), List.of(List.of()), List.of(List.of(List.of()))),
        List.of(List.of(List.of(List.of(List.of(List.of("deep")))))));
    List<Object> rows = new ArrayList<>();
    for (Object shape : shapes) {
      rows.add(Arrays.asList(shape, 1L, shape));
      rows.add(Arrays.asList(null, List.of(shape), Arrays.asList(shape, null, shape)));
    }
    assertSameAsAvatica(rows);
  }

  /** A value the encoding has no tag for goes as Avatica's encoder writes it, as a column and inside lists. */
  @Test
  void otherValuesReadBackAsThroughAvatica() throws Exception {
    List<Object> others = List.of('c', new Timestamp(1_704_164_645_120L), new java.sql.Date(86_400_000L));
    List<Object> rows = new ArrayList<>();
    rows.add(others);
    rows.add(List.of(others, List.of(List.of('x', 1L)), List.of(Arrays.asList("k", new Timestamp(0)))));
    assertSameAsAvatica(rows);
  }

  @Test
  void randomRowsReadBackAsThroughAvatica() throws Exception {
    Random random = new Random(5);
    for (int frame = 0; frame < 200; frame++) {
      List<Object> rows = new ArrayList<>();
      int columns = 1 + random.nextInt(8);
      for (int r = random.nextInt(30); r > 0; r--) {
        List<Object> row = new ArrayList<>();
        for (int c = 0; c < columns; c++) {
          row.add(RandomWireValues.value(random));
        }
        rows.add(row);
      }
      assertSameAsAvatica(rows);
    }
  }

  /** A snapshot summary of every row carries the same keys: each key's text is in the frame once. */
  @Test
  void aRepeatedShortStringIsSentOnce() throws Exception {
    List<Object> rows = new ArrayList<>();
    for (int r = 0; r < 1000; r++) {
      rows.add(List.of((long) r, List.of(List.of("added-data-files", "1"), List.of("total-records", "" + r))));
    }
    ByteString bytes = new CompactRowWriter().write(rows);
    assertThat(occurrences(bytes.toByteArray(), "added-data-files")).isEqualTo(1);
    assertThat(occurrences(bytes.toByteArray(), "total-records")).isEqualTo(1);
    assertSameAsAvatica(rows);
  }

  /**
   * A map sent as {@link MapEntries} is written as the bytes of its [key, value] pairs (strings numbered in the same
   * order), as a column and inside lists; read as a list, for Avatica's encoding, it is those pairs.
   */
  @Test
  void mapEntriesAreTheBytesOfTheirPairs() throws Exception {
    Map<Object, Object> summary = new LinkedHashMap<>();
    summary.put("added-data-files", "1");
    summary.put("total-records", "10");
    summary.put("app", null);
    Map<Object, Object> counts = new LinkedHashMap<>();
    counts.put(1, 0L);
    counts.put(2, 5L);
    List<Map<Object, Object>> maps = List.of(summary, counts, new LinkedHashMap<>());
    List<Object> asEntries = new ArrayList<>();
    List<Object> asPairs = new ArrayList<>();
    for (Map<Object, Object> map : maps) {
      asEntries.add(Arrays.asList("total-records", new MapEntries(map), List.of(new MapEntries(map)), null));
      asPairs.add(Arrays.asList("total-records", pairs(map), List.of(pairs(map)), null));
    }

    assertThat(new CompactRowWriter().write(asEntries)).isEqualTo(new CompactRowWriter().write(asPairs));
    assertThat(asEntries).isEqualTo(asPairs);
    assertSameAsAvatica(asEntries);
  }

  private static List<Object> pairs(Map<Object, Object> map) {
    List<Object> pairs = new ArrayList<>();
    map.forEach((key, value) -> pairs.add(Arrays.asList(key, value)));
    return pairs;
  }

  /** Past the frame's quota of numbered strings, and for long strings, text goes whole each time: same values. */
  @Test
  void stringsPastTheQuotaOrLongAreSentWhole() throws Exception {
    List<Object> rows = new ArrayList<>();
    String path = "s3://bucket/warehouse/db/table/data/" + "x".repeat(CompactRowWriter.NUMBERED_MAX_CHARS);
    for (int r = 0; r < CompactRowWriter.NUMBERED_MAX + 500; r++) {
      rows.add(List.of("v" + r, path, "v" + (r % 700)));
    }
    ByteString bytes = new CompactRowWriter().write(rows);
    assertThat(occurrences(bytes.toByteArray(), path)).isEqualTo(rows.size());
    assertSameAsAvatica(rows);
  }

  @Test
  void truncatedOrCorruptedRowsFailAsMalformed() throws Exception {
    List<Object> rows = new ArrayList<>();
    rows.add(Arrays.asList(1L, "abc", List.of(List.of("k", 2)), "abc", new byte[] {1, 2}, 2.5d, null));
    byte[] whole = new CompactRowWriter().write(rows).toByteArray();
    for (int end = 0; end < whole.length; end++) {
      byte[] cut = Arrays.copyOf(whole, end);
      assertThatThrownBy(() -> read(cut)).as("cut at %d", end)
          .isInstanceOf(InvalidProtocolBufferException.class)
          .hasMessageStartingWith("Malformed compact rows in a frame: ");
    }
    Random random = new Random(3);
    for (int i = 0; i < 20_000; i++) {
      byte[] scrambled = whole.clone();
      scrambled[random.nextInt(scrambled.length)] = (byte) random.nextInt(256);
      try {
        read(scrambled);
      } catch (InvalidProtocolBufferException e) {
        assertThat(e).hasMessageStartingWith("Malformed compact rows in a frame: ");
      }
    }
    byte[] unknownTag = {1, 1, 99};
    assertThatThrownBy(() -> read(unknownTag)).hasMessage("Malformed compact rows in a frame: unknown value tag 99");
    byte[] stringNotSent = {1, 1, CompactRows.SAME_STRING, 0};
    assertThatThrownBy(() -> read(stringNotSent))
        .hasMessage("Malformed compact rows in a frame: string 0 was not sent before");
    byte[] trailing = {0, 0};
    assertThatThrownBy(() -> read(trailing)).hasMessage("Malformed compact rows in a frame: bytes after the last row");
  }

  @Test
  void listsNestedTooDeeplyFailAsMalformed() {
    byte[] deep = new byte[3 + 2 * (CompactRows.MAX_DEPTH + 1)];
    deep[0] = 1;
    deep[1] = 1;
    for (int i = 2; i < deep.length - 1; i += 2) {
      deep[i] = CompactRows.LIST;
      deep[i + 1] = 1;
    }
    assertThatThrownBy(() -> read(deep))
        .hasMessage("Malformed compact rows in a frame: lists nest deeper than " + CompactRows.MAX_DEPTH);
  }

  /** Through the driver's reading of a whole fetch response, as the gateway sends it. */
  private static void assertSameAsAvatica(List<Object> rows) throws Exception {
    Meta.Frame throughAvatica = Meta.Frame.fromProto(
        Common.Frame.parseFrom(new Meta.Frame(3, true, rows).toProto().toByteArray()));
    Common.Frame compact = Common.Frame.newBuilder().setOffset(3).setDone(true)
        .setUnknownFields(UnknownFieldSet.newBuilder()
            .addField(WireExtension.COMPACT_ROWS_FIELD_NUMBER, UnknownFieldSet.Field.newBuilder()
                .addLengthDelimited(new CompactRowWriter().write(rows)).build())
            .build())
        .build();
    byte[] response = org.apache.calcite.avatica.proto.Responses.FetchResponse.newBuilder()
        .setFrame(compact).build().toByteArray();
    Service.FetchResponse read = FetchResponseReader.read(ByteString.copyFrom(response));
    assertSameFrame(throughAvatica, read.frame);
  }

  private static List<Object> read(byte[] bytes) throws InvalidProtocolBufferException {
    List<Object> rows = new ArrayList<>();
    CompactRowReader.read(bytes, rows);
    return rows;
  }

  private static int occurrences(byte[] bytes, String text) {
    byte[] needle = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    int count = 0;
    outer:
    for (int i = 0; i + needle.length <= bytes.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (bytes[i + j] != needle[j]) {
          continue outer;
        }
      }
      count++;
    }
    return count;
  }
}
