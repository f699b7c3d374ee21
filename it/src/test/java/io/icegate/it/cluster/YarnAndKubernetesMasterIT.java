package io.icegate.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.apache.spark.scheduler.ExternalClusterManager;
import org.junit.jupiter.api.Test;

/**
 * {@code spark.master=yarn} and {@code k8s://...} without a cluster: there is no YARN or Kubernetes
 * here, so these check what can be checked on one machine. With YARN, that the gateway's class path
 * has Spark's YARN support (the master is accepted and Spark's YARN client reads HADOOP_CONF_DIR
 * and calls the ResourceManager named there) and that an unreachable ResourceManager ends the
 * gateway with a message and a non-zero exit in bounded time. With Kubernetes, whose Spark module
 * the build does not ship, that the gateway says what to add, and that a cluster manager added
 * through ICEGATE_EXTRA_CLASSPATH is the one Spark uses for {@code k8s://}.
 */
class YarnAndKubernetesMasterIT {
  private static final Duration TIMEOUT = Duration.ofSeconds(150);

  @Test
  void yarnMasterReachesTheResourceManagerOfHadoopConfDirAndFailsFastWhenItIsDown()
      throws Exception {
    Path dir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "yarn-");
    int closedPort = closedPort();
    Path hadoopConf = Files.createDirectories(dir.resolve("hadoop-conf"));
    Files.writeString(
        hadoopConf.resolve("yarn-site.xml"),
        """
        <?xml version="1.0"?>
        <configuration>
          <property><name>yarn.resourcemanager.address</name><value>127.0.0.1:%d</value></property>
        </configuration>
        """
            .formatted(closedPort));

    GatewayRun run =
        GatewayRun.run(
            dir,
            Map.of("HADOOP_CONF_DIR", hadoopConf.toString()),
            List.of(
                "spark.master=yarn",
                "spark.submit.deployMode=client",
                // Hadoop's defaults retry a ResourceManager that does not answer for 15 minutes;
                // give up after 3 seconds.
                "spark.hadoop.yarn.resourcemanager.connect.max-wait.ms=3000",
                "spark.hadoop.yarn.resourcemanager.connect.retry-interval.ms=500",
                "spark.hadoop.ipc.client.connect.max.retries=0",
                "spark.hadoop.ipc.client.connect.timeout=2000"),
            TIMEOUT);

    assertThat(run.exited())
        .as("gateway ended within %s; its output:%n%s", TIMEOUT, run.output())
        .isTrue();
    assertThat(run.exitCode()).as(run.output()).isEqualTo(2);
    assertThat(run.output())
        .doesNotContain("Could not parse Master URL")
        .doesNotContain("listening on");
    assertThat(run.failureLine())
        .as(run.output())
        .startsWith(
            "icegate serve: spark.master=yarn: Spark's YARN client cannot talk to the"
                + " ResourceManager")
        // Hadoop's own message names the address of HADOOP_CONF_DIR's yarn-site.xml (as
        // localhost:PORT).
        .contains(":" + closedPort + " failed on connection exception", "Connection refused");
    System.out.printf(
        "YARN, ResourceManager down: exit %d after %d s: %s%n",
        run.exitCode(), run.elapsed().toSeconds(), run.failureLine());
  }

  @Test
  void kubernetesMasterWithoutSparksKubernetesModuleSaysWhatToAdd() throws Exception {
    Path dir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "k8s-");
    GatewayRun run =
        GatewayRun.run(
            dir, Map.of(), List.of("spark.master=k8s://https://127.0.0.1:6443"), TIMEOUT);

    assertThat(run.exited())
        .as("gateway ended within %s; its output:%n%s", TIMEOUT, run.output())
        .isTrue();
    assertThat(run.exitCode()).as(run.output()).isEqualTo(2);
    assertThat(run.failureLine())
        .as(run.output())
        .startsWith(
            "icegate serve: spark.master=k8s://https://127.0.0.1:6443 needs Spark's Kubernetes"
                + " support")
        .contains("spark-kubernetes_2.13-3.5.8.jar", "ICEGATE_EXTRA_CLASSPATH", "docs/DEPLOY.md");
    System.out.printf(
        "Kubernetes, no module: exit %d after %d s: %s%n",
        run.exitCode(), run.elapsed().toSeconds(), run.failureLine());
  }

  @Test
  void aClusterManagerOnIcegateExtraClasspathServesKubernetesMasters() throws Exception {
    Path dir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "k8s-extra-");
    Path extra = Files.createDirectories(dir.resolve("extra"));
    jarWithClusterManager(extra.resolve("fake-kubernetes.jar"), FakeKubernetesClusterManager.class);

    GatewayRun run =
        GatewayRun.run(
            dir,
            Map.of("ICEGATE_EXTRA_CLASSPATH", extra + "/*"),
            List.of("spark.master=k8s://https://127.0.0.1:6443"),
            TIMEOUT);

    assertThat(run.exited())
        .as("gateway ended within %s; its output:%n%s", TIMEOUT, run.output())
        .isTrue();
    assertThat(run.exitCode()).as(run.output()).isEqualTo(2);
    assertThat(run.failureLine())
        .as(run.output())
        .contains(FakeKubernetesClusterManager.REACHED + " k8s://https://127.0.0.1:6443")
        .doesNotContain("Could not parse Master URL");
  }

  /** A port nothing listens on: bound, then released. */
  private static int closedPort() throws Exception {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  /** A jar holding one cluster manager and the ServiceLoader entry through which Spark finds it. */
  private static void jarWithClusterManager(
      Path jar, Class<? extends ExternalClusterManager> manager) throws Exception {
    String classFile = manager.getName().replace('.', '/') + ".class";
    try (OutputStream file = Files.newOutputStream(jar);
        JarOutputStream out = new JarOutputStream(file)) {
      out.putNextEntry(new JarEntry("META-INF/services/" + ExternalClusterManager.class.getName()));
      out.write((manager.getName() + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
      out.closeEntry();
      out.putNextEntry(new JarEntry(classFile));
      try (var in = manager.getClassLoader().getResourceAsStream(classFile)) {
        in.transferTo(out);
      }
      out.closeEntry();
    }
  }
}
