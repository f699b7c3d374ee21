package io.icegate.gateway.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GatewayConfigTest {
  @Test
  void defaultsAreTheEmbeddedSetup() {
    GatewayConfig config = GatewayConfig.from(Map.of());
    assertThat(config.host()).isEqualTo("127.0.0.1");
    assertThat(config.port()).isEqualTo(8765);
    assertThat(config.warehouse()).isEqualTo(Path.of("warehouse").toAbsolutePath());
    assertThat(config.catalog()).isEqualTo("demo");
    assertThat(config.serialization()).isEqualTo("protobuf");
    assertThat(config.frameMaxRows()).isEqualTo(10_000);
    assertThat(config.partitionsInFlight()).isEqualTo(2);
    assertThat(config.streamBatchBytes()).isEqualTo(1_048_576);
    assertThat(config.streamQueueBatches()).isEqualTo(4);
    assertThat(config.metadataNative()).isTrue();
    assertThat(config.partitionCacheCounts()).isEqualTo(250_000);
    assertThat(config.sparkConf()).isEmpty();
  }

  @Test
  void everySettingHasADefaultThatParses() {
    for (Setting setting : Setting.values()) {
      assertThat(GatewayConfig.from(Map.of(setting.key(), setting.defaultValue())))
          .isEqualTo(GatewayConfig.from(Map.of()));
      assertThat(setting.description()).isNotBlank();
    }
  }

  @Test
  void sparkKeysPassThroughUntouched() {
    GatewayConfig config =
        GatewayConfig.from(Map.of("spark.master", "local[4]", "icegate.port", "9000"));
    assertThat(config.sparkConf()).containsExactly(Map.entry("spark.master", "local[4]"));
    assertThat(config.port()).isEqualTo(9000);
  }

  @Test
  void unknownKeyIsRejectedWithTheValidOnes() {
    assertThatThrownBy(() -> GatewayConfig.from(Map.of("icegate.prot", "1")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown key(s) [icegate.prot]")
        .hasMessageContaining("icegate.port");
  }

  @Test
  void badPortIsRejectedWithTheRange() {
    assertThatThrownBy(() -> GatewayConfig.from(Map.of("icegate.port", "70000")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot configure Icegate: icegate.port must be an integer from 0 to 65535, not"
                + " '70000'");
  }

  @Test
  void badSerializationIsRejected() {
    assertThatThrownBy(() -> GatewayConfig.from(Map.of("icegate.serialization", "xml")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("must be protobuf or json, not 'xml'");
  }

  @Test
  void healthThresholdsAreParsedAndMustBePositive() {
    GatewayConfig config =
        GatewayConfig.from(
            Map.of("icegate.health.max-snapshots", "50", "icegate.health.min-small-files", "8"));
    assertThat(config.health())
        .isEqualTo(new io.icegate.gateway.health.HealthThresholds(50, 120, 8, 5, 100));
    assertThat(GatewayConfig.from(Map.of()).health())
        .isEqualTo(io.icegate.gateway.health.HealthThresholds.DEFAULTS);
    assertThatThrownBy(() -> GatewayConfig.from(Map.of("icegate.health.max-manifests", "0")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("icegate.health.max-manifests must be an integer from 1");
  }
}
