package io.icegate.gateway.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ParameterMarkersTest {
  @Test
  void countsMarkersOutsideQuotesAndComments() {
    assertThat(ParameterMarkers.count("SELECT ?, ? FROM t WHERE a = ?")).isEqualTo(3);
    assertThat(ParameterMarkers.count("SELECT '?', \"?\", `?` -- ?\n, /* ? */ ?")).isEqualTo(1);
    assertThat(ParameterMarkers.count("SELECT 'it''s ?', 'a\\'?' , ?")).isEqualTo(1);
    assertThat(ParameterMarkers.count("SELECT 1")).isZero();
  }
}
