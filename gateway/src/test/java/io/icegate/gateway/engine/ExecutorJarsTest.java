package io.icegate.gateway.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.gateway.config.GatewayConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which jars a gateway on a cluster ships to its executors (spark.jars). */
class ExecutorJarsTest {
  @TempDir Path dir;

  @Test
  void shipsIcebergsRuntimeAndStorageBundlesOnly() throws Exception {
    Path runtime = jar("iceberg-spark-runtime-3.5_2.13-1.11.0.jar");
    Path aws = jar("iceberg-aws-bundle-1.11.0.jar");
    List<Path> classPath =
        List.of(
            jar("icegate-gateway-0.1.0.jar"),
            runtime,
            jar("sqlite-jdbc-3.50.3.0.jar"),
            jar("spark-core_2.13-3.5.8.jar"),
            aws,
            Files.createDirectory(dir.resolve("classes")),
            dir.resolve("iceberg-spark-runtime-missing.jar"));

    assertThat(SparkEngine.jarsForExecutors(classPath))
        .containsExactly(runtime.toUri().toString(), aws.toUri().toString());
  }

  @Test
  void aClusterMasterGetsTheRuntimeFromTheClassPath() {
    Map<String, String> settings =
        SparkEngine.sparkSettings(config("spark.master", "spark://10.0.0.1:7077"), null);

    assertThat(settings.get("spark.jars"))
        .startsWith("file:")
        .contains("/iceberg-spark-runtime-")
        .doesNotContain(",");
  }

  @Test
  void localModeAndTheUsersOwnJarsAreLeftAlone() {
    assertThat(SparkEngine.sparkSettings(config("spark.master", "local[2]"), null))
        .doesNotContainKey("spark.jars");
    assertThat(
            SparkEngine.sparkSettings(
                config("spark.master", "yarn", "spark.jars", "hdfs:///libs/iceberg.jar"), null))
        .containsEntry("spark.jars", "hdfs:///libs/iceberg.jar");
    assertThat(SparkEngine.isLocalMaster("local-cluster[2,1,512]")).isFalse();
    assertThat(SparkEngine.isLocalMaster("local")).isTrue();
  }

  @Test
  void theEmbeddedClustersExecutorsGetTheGatewaysClassPathInsteadOfJars() {
    SparkEngine.ClusterSettings cluster =
        new SparkEngine.ClusterSettings(
            "spark://127.0.0.1:7077", new ExecutorSize(2, 1, 768), "s3cret");

    Map<String, String> settings = SparkEngine.sparkSettings(config("icegate.port", "0"), cluster);

    assertThat(settings)
        .doesNotContainKey("spark.jars")
        .containsEntry("spark.master", "spark://127.0.0.1:7077")
        .containsEntry("spark.executor.extraClassPath", System.getProperty("java.class.path"))
        .containsEntry("spark.executor.cores", "1")
        .containsEntry("spark.executor.memory", "768m")
        .containsEntry("spark.authenticate", "true")
        .containsEntry("spark.authenticate.secret", "s3cret");
    assertThat(SparkEngine.usesEmbeddedCluster(config("icegate.port", "0"))).isTrue();
    assertThat(SparkEngine.usesEmbeddedCluster(config("spark.master", "local[*]"))).isFalse();
  }

  private Path jar(String name) throws Exception {
    return Files.writeString(dir.resolve(name), "");
  }

  private GatewayConfig config(String... keyValues) {
    Map<String, String> entries =
        new java.util.HashMap<>(Map.of("icegate.warehouse", dir.toString()));
    for (int i = 0; i < keyValues.length; i += 2) {
      entries.put(keyValues[i], keyValues[i + 1]);
    }
    return GatewayConfig.from(entries);
  }
}
