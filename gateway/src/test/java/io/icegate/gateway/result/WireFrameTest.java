package io.icegate.gateway.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.junit.jupiter.api.Test;

/** Frames written by the gateway's own encoder read back, through Avatica's decoder, as Avatica's encoder's do. */
class WireFrameTest {
  @Test
  void everyWireValueReadsBackAsAvaticaEncodesIt() throws Exception {
    List<Object> rows = new ArrayList<>();
    rows.add(Arrays.asList(1L, 2, 3.5d, "text", true, new BigDecimal("12.340"), 1.5f, (short) 7, (byte) -3,
        new byte[] {1, (byte) 0xFF}, null));
    // Proto3 leaves default values out; they must still read back as the same values.
    rows.add(Arrays.asList(0L, 0, 0.0d, "", false, BigDecimal.ZERO, 0.0f, (short) 0, (byte) 0, new byte[0], null));
    rows.add(Arrays.asList(-1L, Integer.MIN_VALUE, -0.0d, "héllo ✓", false, new BigDecimal("-1E+3"), Float.NaN,
        Short.MIN_VALUE, Byte.MAX_VALUE, new byte[] {0}, null));
    rows.add(Arrays.asList(Arrays.asList(1, null, 3), List.of(Arrays.asList("k", 1L)), List.of(), Double.NaN,
        Long.MAX_VALUE, Long.MIN_VALUE, "x", null, null, null, null));
    assertSameAsAvatica(rows, 42, true);
  }

  @Test
  void randomFramesReadBackAsAvaticaEncodesThem() throws Exception {
    Random random = new Random(7);
    for (int frame = 0; frame < 50; frame++) {
      List<Object> rows = new ArrayList<>();
      for (int r = random.nextInt(20); r > 0; r--) {
        rows.add(Arrays.asList(random.nextLong(), random.nextInt(), random.nextDouble() * 1e6 - 5e5,
            Long.toString(random.nextLong(), 36), random.nextBoolean() ? null : random.nextInt(100)));
      }
      assertSameAsAvatica(rows, frame * 100L, frame % 2 == 0);
    }
  }

  private static void assertSameAsAvatica(List<Object> rows, long offset, boolean done) throws Exception {
    Common.Frame ours = Common.Frame.parseFrom(new WireFrame(offset, done, rows).toProto().toByteArray());
    Common.Frame avatica = Common.Frame.parseFrom(new Meta.Frame(offset, done, rows).toProto().toByteArray());
    Meta.Frame decodedOurs = Meta.Frame.fromProto(ours);
    Meta.Frame decodedAvatica = Meta.Frame.fromProto(avatica);
    assertThat(decodedOurs.offset).isEqualTo(offset);
    assertThat(decodedOurs.done).isEqualTo(done);
    List<Object> ourRows = new ArrayList<>();
    decodedOurs.rows.forEach(ourRows::add);
    List<Object> avaticaRows = new ArrayList<>();
    decodedAvatica.rows.forEach(avaticaRows::add);
    assertThat(ourRows).hasSameSizeAs(avaticaRows);
    for (int i = 0; i < ourRows.size(); i++) {
      List<?> a = (List<?>) ourRows.get(i);
      List<?> b = (List<?>) avaticaRows.get(i);
      assertThat(a).hasSameSizeAs(b);
      for (int c = 0; c < a.size(); c++) {
        Object x = a.get(c);
        Object y = b.get(c);
        if (x instanceof byte[] bytes) {
          assertThat(bytes).as("row %d column %d", i, c).isEqualTo((byte[]) y);
        } else {
          assertThat(x).as("row %d column %d", i, c).isEqualTo(y);
          assertThat(x == null ? null : x.getClass()).isEqualTo(y == null ? null : y.getClass());
        }
      }
    }
    // The deprecated per-cell copy is gone: the gateway's frame is smaller on the wire.
    assertThat(ours.getSerializedSize()).isLessThanOrEqualTo(avatica.getSerializedSize());
  }
}
