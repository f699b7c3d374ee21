package io.icegate.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.icegate.protocol.testing.RandomWireValues;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.remote.TypedValue;
import org.junit.jupiter.api.Test;

/**
 * Rows written by {@link CompactRowWriter} read back through {@link CompactRowReader} as the values
 * written: the same classes, lists as lists, byte arrays by content, maps as their {@code [key,
 * value]} pairs. (That they also read as Avatica's own encoding of the same rows reads is the
 * driver's test, through its frame reading.)
 */
class CompactRowsRoundTripTest {

  private static final byte[] BOUND = {0, 1, (byte) 0x80, (byte) 0xFF};

  /**
   * Hands the reader's caller the Avatica messages themselves, to compare with what Avatica's
   * encoder makes.
   */
  private static final CompactRowReader.AvaticaValues AS_MESSAGES =
      new CompactRowReader.AvaticaValues() {
        @Override
        public Object column(Common.TypedValue value) {
          return value;
        }

        @Override
        public Object element(Common.TypedValue value) {
          return List.of("element", value);
        }
      };

  @Test
  void everyTaggedValueRoundTrips() throws Exception {
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
            BOUND.clone(),
            null,
            new WallClockMicros(1_704_164_645_123_456L)));
    rows.add(
        Arrays.asList(
            0L,
            0,
            0.0d,
            "",
            false,
            BigDecimal.ZERO,
            0.0f,
            (short) 0,
            (byte) 0,
            new byte[0],
            null,
            new WallClockMicros(0)));
    rows.add(
        Arrays.asList(
            Long.MIN_VALUE,
            Integer.MIN_VALUE,
            -0.0d,
            "héllo ✓ \uD83E\uDDCA",
            false,
            new BigDecimal("-1E+3"),
            Float.NaN,
            Short.MIN_VALUE,
            Byte.MAX_VALUE,
            new byte[] {0},
            null,
            new WallClockMicros(Long.MIN_VALUE)));
    rows.add(
        Arrays.asList(
            Long.MAX_VALUE,
            Integer.MAX_VALUE,
            Double.NaN,
            "x".repeat(1000),
            true,
            new BigDecimal("123456789012345678901234567890.5"),
            Float.NEGATIVE_INFINITY,
            Short.MAX_VALUE,
            Byte.MIN_VALUE,
            new byte[300],
            Long.MIN_VALUE,
            new WallClockMicros(Long.MAX_VALUE)));
    rows.add(List.of());
    assertRoundTrips(rows);
  }

  @Test
  void nestedListsRoundTrip() throws Exception {
    List<Object> rows = new ArrayList<>();
    rows.add(
        Arrays.asList(
            List.of(1L, 2L),
            Arrays.asList(null, "a", "a"),
            new ArrayList<>(),
            List.of(List.of(), List.of(List.of()), List.of(List.of(List.of("deep")))),
            List.of(Arrays.asList("k", null), Arrays.asList("", new WallClockMicros(-1)))));
    assertRoundTrips(rows);
  }

  @Test
  void randomRowsRoundTrip() throws Exception {
    Random random = new Random(5);
    for (int frame = 0; frame < 200; frame++) {
      assertRoundTrips(RandomWireValues.rows(random));
    }
  }

  /**
   * Timestamps keep their microseconds at every depth, and read back as {@link WallClockMicros}.
   */
  @Test
  void timestampsRoundTripInMicrosecondsAtEveryDepth() throws Exception {
    long at = 1_704_164_645_123_456L;
    List<Object> values =
        List.of(
            new WallClockMicros(at),
            new WallClockMicros(-1),
            new WallClockMicros(0),
            new WallClockMicros(Long.MIN_VALUE),
            new WallClockMicros(Long.MAX_VALUE));
    List<Object> rows = new ArrayList<>();
    rows.add(values);
    rows.add(
        Arrays.asList(
            values,
            List.of(List.of(new WallClockMicros(1), new WallClockMicros(at))),
            Arrays.asList(new WallClockMicros(7), null),
            null,
            1L));
    List<Object> read = read(new CompactRowWriter().write(rows).toByteArray());
    assertThat(read).isEqualTo(rows);
    assertThat(((List<?>) read.get(0)).get(0)).isInstanceOf(WallClockMicros.class);
  }

  /**
   * A value the encoding has no tag for goes as the message Avatica's encoder makes, as a column
   * and in lists.
   */
  @Test
  void otherValuesTravelAsAvaticasMessages() throws Exception {
    List<Object> others =
        List.of('c', new Timestamp(1_704_164_645_120L), new java.sql.Date(86_400_000L));
    List<Object> rows = List.of(others, List.of(List.of('x', 1L)));
    List<Object> read = read(new CompactRowWriter().write(rows).toByteArray());
    List<Object> expected =
        List.of(
            List.of(avatica(others.get(0)), avatica(others.get(1)), avatica(others.get(2))),
            List.of(List.of(List.of("element", avatica('x')), 1L)));
    assertThat(read).isEqualTo(expected);
  }

  private static Common.TypedValue avatica(Object value) {
    Common.TypedValue.Builder message = Common.TypedValue.newBuilder();
    TypedValue.toProto(message, value);
    return message.build();
  }

  /**
   * A snapshot summary of every row carries the same keys: each key's text is in the frame once.
   */
  @Test
  void aRepeatedShortStringIsSentOnce() throws Exception {
    List<Object> rows = new ArrayList<>();
    for (int r = 0; r < 1000; r++) {
      rows.add(
          List.of(
              (long) r,
              List.of(List.of("added-data-files", "1"), List.of("total-records", "" + r))));
    }
    ByteString bytes = new CompactRowWriter().write(rows);
    assertThat(occurrences(bytes.toByteArray(), "added-data-files")).isEqualTo(1);
    assertThat(occurrences(bytes.toByteArray(), "total-records")).isEqualTo(1);
    assertRoundTrips(rows);
  }

  /**
   * A map sent as {@link MapEntries} is written as the bytes of its [key, value] pairs (strings
   * numbered in the same order), as a column and inside lists; read as a list, for Avatica's
   * encoding, it is those pairs.
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
      asEntries.add(
          Arrays.asList("total-records", new MapEntries(map), List.of(new MapEntries(map)), null));
      asPairs.add(Arrays.asList("total-records", pairs(map), List.of(pairs(map)), null));
    }

    assertThat(new CompactRowWriter().write(asEntries))
        .isEqualTo(new CompactRowWriter().write(asPairs));
    assertThat(asEntries).isEqualTo(asPairs);
    assertSameValue(asPairs, read(new CompactRowWriter().write(asEntries).toByteArray()), "rows");
  }

  private static List<Object> pairs(Map<Object, Object> map) {
    List<Object> pairs = new ArrayList<>();
    map.forEach((key, value) -> pairs.add(Arrays.asList(key, value)));
    return pairs;
  }

  /**
   * Past the frame's quota of numbered strings, and for long strings, text goes whole each time:
   * same values.
   */
  @Test
  void stringsPastTheQuotaOrLongAreSentWhole() throws Exception {
    List<Object> rows = new ArrayList<>();
    String path =
        "s3://bucket/warehouse/db/table/data/" + "x".repeat(CompactRowWriter.NUMBERED_MAX_CHARS);
    for (int r = 0; r < CompactRowWriter.NUMBERED_MAX + 500; r++) {
      rows.add(List.of("v" + r, path, "v" + (r % 700)));
    }
    ByteString bytes = new CompactRowWriter().write(rows);
    assertThat(occurrences(bytes.toByteArray(), path)).isEqualTo(rows.size());
    assertRoundTrips(rows);
  }

  @Test
  void truncatedOrCorruptedRowsFailAsMalformed() throws Exception {
    List<Object> rows = new ArrayList<>();
    rows.add(
        Arrays.asList(1L, "abc", List.of(List.of("k", 2)), "abc", new byte[] {1, 2}, 2.5d, null));
    byte[] whole = new CompactRowWriter().write(rows).toByteArray();
    for (int end = 0; end < whole.length; end++) {
      byte[] cut = Arrays.copyOf(whole, end);
      assertThatThrownBy(() -> read(cut))
          .as("cut at %d", end)
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
    assertThatThrownBy(() -> read(unknownTag))
        .hasMessage("Malformed compact rows in a frame: unknown value tag 99");
    byte[] stringNotSent = {1, 1, CompactRows.SAME_STRING, 0};
    assertThatThrownBy(() -> read(stringNotSent))
        .hasMessage("Malformed compact rows in a frame: string 0 was not sent before");
    byte[] trailing = {0, 0};
    assertThatThrownBy(() -> read(trailing))
        .hasMessage("Malformed compact rows in a frame: bytes after the last row");
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
        .hasMessage(
            "Malformed compact rows in a frame: lists nest deeper than " + CompactRows.MAX_DEPTH);
  }

  private static void assertRoundTrips(List<Object> rows) throws Exception {
    assertSameValue(rows, read(new CompactRowWriter().write(rows).toByteArray()), "rows");
  }

  /**
   * Same classes at every depth, except that any list reads back as a list; byte arrays by content.
   */
  private static void assertSameValue(Object expected, Object actual, String path) {
    if (expected == null) {
      assertThat(actual).as(path).isNull();
    } else if (expected instanceof List<?> expectedList) {
      assertThat(actual).as(path).isInstanceOf(List.class);
      List<?> actualList = (List<?>) actual;
      assertThat(actualList).as(path + " size").hasSameSizeAs(expectedList);
      for (int i = 0; i < expectedList.size(); i++) {
        assertSameValue(expectedList.get(i), actualList.get(i), path + "[" + i + "]");
      }
    } else if (expected instanceof byte[] bytes) {
      assertThat(actual).as(path).isInstanceOf(byte[].class);
      assertThat((byte[]) actual).as(path).isEqualTo(bytes);
    } else {
      assertThat(actual).as(path).isNotNull();
      assertThat(actual.getClass()).as(path + " class").isEqualTo(expected.getClass());
      assertThat(actual).as(path).isEqualTo(expected);
    }
  }

  private static List<Object> read(byte[] bytes) throws InvalidProtocolBufferException {
    List<Object> rows = new ArrayList<>();
    CompactRowReader.read(bytes, rows, AS_MESSAGES);
    return rows;
  }

  private static int occurrences(byte[] bytes, String text) {
    byte[] needle = text.getBytes(StandardCharsets.UTF_8);
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
