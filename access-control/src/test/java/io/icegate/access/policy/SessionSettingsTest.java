package io.icegate.access.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SessionSettingsTest {
  private final SessionSettings settings =
      new SessionSettings(
          List.of("spark.sql.codegen.*", "spark.sql.catalog.x"),
          List.of("spark.hadoop.fs.s3a.endpoint"));

  @Test
  void sessionSafeKeysAreForEveryRole() {
    for (String key :
        List.of(
            "spark.sql.shuffle.partitions",
            "spark.sql.adaptive.enabled",
            "spark.wap.id",
            "spark.sql.iceberg.vectorization.enabled",
            "icegate.metadata.native",
            "spark.sql.codegen.wholeStage",
            "spark.sql.sources.partitionOverwriteMode")) {
      assertThat(settings.refusal(key, false)).as(key).isEmpty();
    }
  }

  @Test
  void otherKeysAreForAdminsAndReachingKeysForNobodyUnlessOpened() {
    assertThat(settings.refusal("spark.sql.legacy.allowUntypedScalaUDF", false)).isPresent();
    assertThat(settings.refusal("spark.sql.legacy.allowUntypedScalaUDF", true)).isEmpty();
    for (String key :
        List.of(
            "spark.sql.catalog.evil",
            "spark.sql.catalog.x",
            "spark.hadoop.fs.defaultFS",
            "spark.sql.runSQLOnFiles",
            "spark.sql.variable.substitute",
            "spark.driver.memory",
            "spark.jars",
            "icegate.policy.allow-reflection",
            "spark.sql.sources.commitProtocolClass",
            "spark.sql.adaptive.customCostEvaluatorClass",
            "spark.redaction.regex",
            "spark.sql.warehouse.dir")) {
      assertThat(settings.refusal(key, false)).as(key).isPresent();
      assertThat(settings.refusal(key, true)).as(key).isPresent();
    }
    assertThat(settings.refusal("spark.hadoop.fs.s3a.endpoint", true)).isEmpty();
    assertThat(settings.refusal("spark.hadoop.fs.s3a.endpoint", false)).isPresent();
  }
}
