package io.icegate.access.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileRootsTest {
  @TempDir Path dir;

  @Test
  void pathsUnderARootAreInsideAndNoOthers() throws Exception {
    Path root = Files.createDirectories(dir.resolve("root"));
    Path real = root.toRealPath();
    FileRoots roots = FileRoots.of(List.of(root.toString()));
    assertThat(roots.rootOf(root.resolve("a/b.txt").toString())).isPresent();
    assertThat(roots.rootOf("file://" + real + "/a")).isPresent();
    assertThat(roots.rootOf("file:" + real + "/a")).isPresent();
    assertThat(roots.rootOf(real.toString())).isPresent();
    assertThat(roots.rootOf(real + "/../root-sibling/x")).isEmpty();
    assertThat(roots.rootOf(real + "-sibling/x")).isEmpty();
    assertThat(roots.rootOf(real + "/a/../../etc/passwd")).isEmpty();
    assertThat(roots.rootOf(real + "/{a,/etc}")).isEmpty();
    assertThat(roots.rootOf(real + "/a\\b")).isEmpty();
    assertThat(roots.rootOf(real + "/2024-*/part-?.parquet")).isPresent();
    assertThat(roots.rootOf("hdfs://nn:8020" + real)).isEmpty();
    assertThat(roots.rootOf("/etc/passwd")).isEmpty();
  }

  @Test
  void aLinkInsideARootToADirectoryOutsideIsOutside() throws Exception {
    Path root = Files.createDirectories(dir.resolve("root"));
    Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
    Files.createSymbolicLink(root.resolve("link"), elsewhere);
    FileRoots roots = FileRoots.of(List.of(root.toString()));
    assertThat(roots.rootOf(root.resolve("link/file").toString())).isEmpty();
    assertThat(roots.rootOf(root.resolve("plain/file").toString())).isPresent();
  }

  /** Hadoop's and Iceberg's names for one store reach the same files. */
  @Test
  void theNamesOfOneStoreAreOneScheme() {
    assertThat(FileRoots.overlap("s3://b/wh/t", "s3a://b/wh/t/data")).isTrue();
    assertThat(FileRoots.overlap("s3n://b/wh", "S3://b/wh/t")).isTrue();
    assertThat(FileRoots.overlap("abfss://c@a/wh", "abfs://c@a/wh/t")).isTrue();
    assertThat(FileRoots.overlap("s3://b/wh/t", "gs://b/wh/t")).isFalse();
  }

  @Test
  void remoteRootsCompareSchemeAuthorityAndPath() {
    FileRoots roots = FileRoots.of(List.of("s3a://bucket/warehouse"));
    assertThat(roots.rootOf("s3a://bucket/warehouse/db/t/data/f.parquet")).isPresent();
    assertThat(roots.rootOf("S3A://bucket/warehouse/x")).isPresent();
    assertThat(roots.rootOf("s3a://other/warehouse/x")).isEmpty();
    assertThat(roots.rootOf("s3a://bucket/warehouse-2/x")).isEmpty();
    assertThat(roots.rootOf("s3a://bucket/warehouse/../secret")).isEmpty();
  }

  @Test
  void overlapIsEitherWay() {
    assertThat(FileRoots.overlap("/w/db/t", "/w/db/t/inside")).isTrue();
    assertThat(FileRoots.overlap("/w/db/t", "/w")).isTrue();
    assertThat(FileRoots.overlap("/w/db/t", "/w/db/t2")).isFalse();
  }
}
