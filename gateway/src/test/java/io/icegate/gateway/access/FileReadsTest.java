package io.icegate.gateway.access;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Where a glob read by path reads files: under its part before the first wildcard. */
class FileReadsTest {
  @Test
  void aGlobReadsUnderWhatPrecedesItsFirstWildcard() {
    assertThat(FileReads.beforeWildcards("s3://b/wh/ns/pay*/data")).isEqualTo("s3://b/wh/ns");
    assertThat(FileReads.beforeWildcards("/wh/ns/t/data/?.parquet")).isEqualTo("/wh/ns/t/data");
    assertThat(FileReads.beforeWildcards("/wh/[ab]/x")).isEqualTo("/wh");
    assertThat(FileReads.beforeWildcards("/*")).isEqualTo("/");
    assertThat(FileReads.beforeWildcards("/wh/ns/t/data")).isEqualTo("/wh/ns/t/data");
  }
}
