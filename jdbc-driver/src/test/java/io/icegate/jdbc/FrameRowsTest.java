package io.icegate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FrameRowsTest {
  @Test
  void framesAfterTheFirstFillAboutAMegabyteAtLeastTheFetchSize() {
    // 50-byte rows: a fetch size of 100 asks for 20,971 rows (1 MiB / 50).
    assertThat(FetchSizedService.frameRows(100, 50)).isEqualTo((1 << 20) / 50);
    // Wide rows: never fewer than the fetch size.
    assertThat(FetchSizedService.frameRows(100, 1 << 20)).isEqualTo(100);
    assertThat(FetchSizedService.frameRows(5_000, 4096)).isEqualTo(5_000);
    // Narrow rows: at most 100,000.
    assertThat(FetchSizedService.frameRows(100, 1)).isEqualTo(100_000);
    // Nothing measured yet, or no fetch size: as asked.
    assertThat(FetchSizedService.frameRows(100, 0)).isEqualTo(100);
    assertThat(FetchSizedService.frameRows(0, 50)).isZero();
  }
}
