package io.icegate.calcite.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.calcite.testing.InMemoryCatalogs;
import io.icegate.metadata.testing.CountingFileIO;
import io.icegate.metadata.testing.TestTables;
import java.time.ZoneId;
import java.util.concurrent.CancellationException;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Rows stream from the manifests: a LIMIT reads a few, closing a result releases the open one. */
class StreamingQueryTest {
  private static final int MANIFESTS = 40;

  private CountingFileIO io;
  private MetadataQueryEngine engine;

  @BeforeEach
  void table() {
    InMemoryCatalog catalog = TestTables.catalog("prod");
    Table big = TestTables.manyManifests(catalog, "big", MANIFESTS);
    io = new CountingFileIO(((HasTableOperations) big).operations().io());
    engine =
        new MetadataQueryEngine(
            new InMemoryCatalogs().add("prod", catalog).wrapTables(io::wrap), ZoneId.of("UTC"));
  }

  @Test
  void aLimitReadsOnlyTheManifestsItNeeds() throws Exception {
    try (MetadataQueryResult result =
        engine.execute("SELECT file_path FROM prod.db.big.files LIMIT 3")) {
      assertThat(io.opened()).isZero();
      int rows = 0;
      while (result.next()) {
        rows++;
      }
      assertThat(rows).isEqualTo(3);
    }
    // One file per manifest: three rows need three manifests, not forty (Calcite's LIMIT pulls one
    // row more
    // before it sees the limit is reached).
    assertThat(io.opened()).isBetween(3, 4);
    assertThat(io.open()).isZero();
  }

  @Test
  void closingAResultEarlyReleasesTheOpenManifest() throws Exception {
    MetadataQueryResult result =
        engine.execute("SELECT * FROM prod.db.big.entries WHERE status = 1");
    assertThat(result.next()).isTrue();
    assertThat(io.open()).isEqualTo(1);

    result.close();

    assertThat(io.open()).isZero();
    assertThat(io.opened()).isEqualTo(1);
    assertThat(result.next()).isFalse();
  }

  @Test
  void anAggregateReadsEverythingOnceAndClosesIt() throws Exception {
    try (MetadataQueryResult result =
        engine.execute("SELECT count(*), sum(record_count) FROM prod.db.big.files")) {
      assertThat(result.next()).isTrue();
      assertThat(result.row()).containsExactly((long) MANIFESTS, (long) MANIFESTS);
      assertThat(result.next()).isFalse();
    }
    assertThat(io.opened()).isEqualTo(MANIFESTS);
    assertThat(io.open()).isZero();
  }

  @Test
  void aCancelledAggregateStopsReading() throws Exception {
    try (MetadataQueryResult result = engine.execute("SELECT count(*) FROM prod.db.big.files")) {
      // Cancelled while counting: it must not answer with the count so far.
      io.whenOpened(5, result::cancel);
      assertThatThrownBy(result::next)
          .isInstanceOf(CancellationException.class)
          .hasMessage("Cannot read more metadata rows: the query was cancelled");
    }
    assertThat(io.opened()).isEqualTo(5);
    assertThat(io.open()).isZero();
  }

  @Test
  void aCancelledResultStops() throws Exception {
    try (MetadataQueryResult result = engine.execute("SELECT file_path FROM prod.db.big.files")) {
      assertThat(result.next()).isTrue();
      result.cancel();
      assertThat(result.next()).isFalse();
      assertThat(io.open()).isZero();
    }
  }
}
