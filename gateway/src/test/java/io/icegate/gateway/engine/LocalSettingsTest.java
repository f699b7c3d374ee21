package io.icegate.gateway.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.gateway.config.GatewayConfig;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark session a tool starts from the gateway's config file ({@code rules check --config}).
 */
class LocalSettingsTest {
  @TempDir Path dir;

  @Test
  void theGatewaysCatalogsInLocalModeOnOneThread() {
    GatewayConfig config =
        GatewayConfig.from(
            Map.of(
                "icegate.warehouse", dir.toString(),
                "icegate.catalog", "lake",
                "spark.master", "spark://10.0.0.1:7077"));

    Map<String, String> settings = SparkEngine.localSettings(config);

    assertThat(settings)
        .containsEntry("spark.master", "local[1]")
        .containsKey("spark.sql.catalog.lake")
        .containsEntry("spark.sql.catalog.lake.warehouse", config.warehouse().toUri().toString());
  }
}
