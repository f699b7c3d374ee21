package io.icegate.gateway.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.spark.SparkException;
import org.junit.jupiter.api.Test;

class StartFailureTest {
  @Test
  void aKubernetesMasterWithoutItsModuleSaysWhatToAdd() {
    String explained =
        SparkEngine.explainStartFailure(
            "k8s://https://10.0.0.1:6443",
            new SparkException("Could not parse Master URL: 'k8s://https://10.0.0.1:6443'"));

    assertThat(explained)
        .startsWith("spark.master=k8s://https://10.0.0.1:6443 needs Spark's Kubernetes support")
        .contains(
            "spark-kubernetes_2.13-3.5.8.jar", "ICEGATE_EXTRA_CLASSPATH='DIR/*'", "docs/DEPLOY.md");
  }

  @Test
  void aYarnMasterWithoutItsModuleSaysWhatToAdd() {
    String explained =
        SparkEngine.explainStartFailure(
            "yarn", new SparkException("Could not parse Master URL: 'yarn'"));

    assertThat(explained)
        .startsWith("spark.master=yarn needs Spark's YARN support (spark-yarn_2.13)");
  }

  @Test
  void otherFailuresKeepSparksOwnMessage() {
    assertThat(
            SparkEngine.explainStartFailure(
                "spark://h:7077", new SparkException("Could not parse Master URL: 'x'")))
        .isNull();
    assertThat(
            SparkEngine.explainStartFailure(
                "yarn", new IllegalStateException("Port 4040 is taken")))
        .isNull();
    assertThat(SparkEngine.explainStartFailure("local[2]", new IllegalStateException("no memory")))
        .isNull();
  }
}
