package io.icegate.gateway.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Pattern;
import org.apache.calcite.avatica.Meta;
import org.junit.jupiter.api.Test;

class CatalogMetadataTest {
  @Test
  void likePatternsMatchAsJdbcSays() {
    assertThat(matches("order%", "orders", "order_items", "ord"))
        .containsExactly(true, true, false);
    assertThat(matches("order_items", "order_items", "orderxitems", "order_item"))
        .containsExactly(true, true, false);
    assertThat(matches("order\\_items", "order_items", "orderxitems")).containsExactly(true, false);
    assertThat(matches("100\\%", "100%", "1000")).containsExactly(true, false);
    assertThat(matches("t.snap%", "t.snapshots", "tXsnapshots")).containsExactly(true, false);
    assertThat(matches(null, "anything", "")).containsExactly(true, true);
    assertThat(matches("", "", "x")).containsExactly(true, false);
  }

  private static Boolean[] matches(String pattern, String... names) {
    Pattern regex = CatalogMetadata.like(Meta.Pat.of(pattern));
    Boolean[] result = new Boolean[names.length];
    for (int i = 0; i < names.length; i++) {
      result[i] = regex.matcher(names[i]).matches();
    }
    return result;
  }
}
