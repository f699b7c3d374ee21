package io.icegate.gateway.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class SuggestedCallsTest {
  @Test
  void aNamespaceLevelWithADotStaysOneLevel() {
    assertThat(SuggestedCalls.tableArgument(List.of("a.b", "c"), "t")).isEqualTo("'`a.b`.c.t'");
    assertThat(new SuggestedCalls("demo", List.of("a.b"), "t").onTable("rewrite_manifests"))
        .isEqualTo("CALL demo.system.rewrite_manifests(table => '`a.b`.t')");
  }

  @Test
  void namesAreQuotedAndTheStringEscaped() {
    assertThat(SuggestedCalls.tableArgument(List.of("db"), "it's")).isEqualTo("'db.`it\\'s`'");
    assertThat(
            new SuggestedCalls("my cat", List.of("db"), "t")
                .expireSnapshots(Instant.parse("2026-12-01T10:00:00Z"), ZoneOffset.UTC, 1))
        .isEqualTo(
            "CALL `my cat`.system.expire_snapshots(table => 'db.t', older_than => TIMESTAMP"
                + " '2026-12-01 10:00:00.000000', retain_last => 1)");
  }
}
