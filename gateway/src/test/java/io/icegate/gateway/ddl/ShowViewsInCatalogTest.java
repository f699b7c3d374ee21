package io.icegate.gateway.ddl;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ShowViewsInCatalogTest {
  @Test
  void recognisesTheOnePartForm() {
    assertThat(ShowViewsInCatalog.recognise("SHOW VIEWS IN demo")).contains("demo");
    assertThat(ShowViewsInCatalog.recognise("  show views from `my catalog`;"))
        .contains("my catalog");
  }

  @Test
  void leavesEveryOtherFormToSpark() {
    assertThat(ShowViewsInCatalog.recognise("SHOW VIEWS")).isEmpty();
    assertThat(ShowViewsInCatalog.recognise("SHOW VIEWS IN demo.db")).isEmpty();
    assertThat(ShowViewsInCatalog.recognise("SHOW VIEWS IN demo LIKE 'x*'")).isEmpty();
    assertThat(ShowViewsInCatalog.recognise("SHOW TABLES IN demo")).isEmpty();
  }
}
