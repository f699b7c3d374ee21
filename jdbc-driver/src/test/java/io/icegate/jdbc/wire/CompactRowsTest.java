package io.icegate.jdbc.wire;

import static io.icegate.jdbc.wire.SameValues.assertSameFrame;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnknownFieldSet;
import io.icegate.protocol.CompactRowWriter;
import io.icegate.protocol.WireExtension;
import io.icegate.protocol.testing.RandomWireValues;
import java.math.BigDecimal;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.remote.Service;
import org.junit.jupiter.api.Test;

/**
 * Rows written by the gateway's {@link CompactRowWriter} read back, through the driver's frame
 * reading, as exactly the values Avatica's own encoding and decoding of the same rows give: same
 * classes at every depth, byte arrays by content. (The encoding's own round trips, and its
 * malformed bytes, are the protocol module's tests.)
 */
class CompactRowsTest {

  private static final byte[] BOUND = {0, 1, (byte) 0x80, (byte) 0xFF};

  @Test
  void everyValueReadsBackAsThroughAvatica() throws Exception {
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
            null));
    rows.add(
        Arrays.asList(
            0L, 0, 0.0d, "", false, BigDecimal.ZERO, 0.0f, (short) 0, (byte) 0, new byte[0], null));
    rows.add(
        Arrays.asList(
            -1L,
            Integer.MIN_VALUE,
            -0.0d,
            "héllo ✓ \uD83E\uDDCA",
            false,
            new BigDecimal("-1E+3"),
            Float.NaN,
            Short.MIN_VALUE,
            Byte.MAX_VALUE,
            new byte[] {0},
            null));
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
            Long.MIN_VALUE));
    // Chars past Latin-1 whose low byte is ASCII ('Ţ' is U+0162, '✓' U+2713): a low-byte copy would
    // send "b" and a
    // control char.
    rows.add(
        Arrays.asList(
            "Ţ✓", List.of("Ţ", "\u0100"), null, null, null, null, null, null, null, null, null));
    assertSameAsAvatica(rows);
  }

  /**
   * Arrays, structs (lists of field values) and maps (lists of [key, value] lists), as the gateway
   * sends them.
   */
  @Test
  void nestedValuesReadBackAsThroughAvatica() throws Exception {
    List<Object> shapes =
        Arrays.asList(
            List.of(1L, 2L),
            List.of(1, -1),
            List.of(1.5d, -0.0d),
            List.of("a", "", "ü ✓"),
            List.of(true, false),
            List.of(new BigDecimal("1.50")),
            List.of(1.5f),
            List.of((short) 1),
            List.of((byte) -1),
            List.of(BOUND, new byte[0]),
            Arrays.asList(null, 1L),
            new ArrayList<>(),
            List.of(Arrays.asList(1, 1024L), Arrays.asList(2, 0L)),
            List.of(Arrays.asList("k", null), Arrays.asList("", "v")),
            Arrays.asList(
                Arrays.asList(10L, 1L, 0L, null, "a", "z"), Arrays.asList(null, null, null), null),
            List.of(List.of(), List.of(List.of()), List.of(List.of(List.of()))),
            List.of(List.of(List.of(List.of(List.of(List.of("deep")))))));
    List<Object> rows = new ArrayList<>();
    for (Object shape : shapes) {
      rows.add(Arrays.asList(shape, 1L, shape));
      rows.add(Arrays.asList(null, List.of(shape), Arrays.asList(shape, null, shape)));
    }
    assertSameAsAvatica(rows);
  }

  /**
   * A value the encoding has no tag for goes as Avatica's encoder writes it, as a column and inside
   * lists.
   */
  @Test
  void otherValuesReadBackAsThroughAvatica() throws Exception {
    List<Object> others =
        List.of('c', new Timestamp(1_704_164_645_120L), new java.sql.Date(86_400_000L));
    List<Object> rows = new ArrayList<>();
    rows.add(others);
    rows.add(
        List.of(others, List.of(List.of('x', 1L)), List.of(Arrays.asList("k", new Timestamp(0)))));
    assertSameAsAvatica(rows);
  }

  @Test
  void randomRowsReadBackAsThroughAvatica() throws Exception {
    Random random = new Random(5);
    for (int frame = 0; frame < 200; frame++) {
      assertSameAsAvatica(RandomWireValues.rows(random));
    }
  }

  /** Through the driver's reading of a whole fetch response, as the gateway sends it. */
  private static void assertSameAsAvatica(List<Object> rows) throws Exception {
    Meta.Frame throughAvatica =
        Meta.Frame.fromProto(
            Common.Frame.parseFrom(new Meta.Frame(3, true, rows).toProto().toByteArray()));
    Common.Frame compact =
        Common.Frame.newBuilder()
            .setOffset(3)
            .setDone(true)
            .setUnknownFields(
                UnknownFieldSet.newBuilder()
                    .addField(
                        WireExtension.COMPACT_ROWS_FIELD_NUMBER,
                        UnknownFieldSet.Field.newBuilder()
                            .addLengthDelimited(new CompactRowWriter().write(rows))
                            .build())
                    .build())
            .build();
    byte[] response =
        org.apache.calcite.avatica.proto.Responses.FetchResponse.newBuilder()
            .setFrame(compact)
            .build()
            .toByteArray();
    Service.FetchResponse read = FetchResponseReader.read(ByteString.copyFrom(response));
    assertSameFrame(throughAvatica, read.frame);
  }
}
