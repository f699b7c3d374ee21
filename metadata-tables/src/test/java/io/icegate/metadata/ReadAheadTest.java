package io.icegate.metadata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.metadata.testing.CountingFileIO;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.CloseableIterator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Past the first thousand rows, manifests are read on another thread ({@link RowReadAhead}): the rows are still
 * Iceberg's, in its order; the reader stays a bounded number of rows ahead, stops and closes its manifest when the
 * rows are closed, and its failures reach the statement.
 */
class ReadAheadTest {
  private static final int MANIFESTS = 6;
  /**
   * Enough for the statement to read ahead after the first manifest, and more than the reader may hold ahead, so it
   * has to wait for the statement.
   */
  private static final int FILES_PER_MANIFEST = Math.max(TaskRows.ROWS_BEFORE_READING_AHEAD,
      (RowReadAhead.BATCHES + 1) * RowReadAhead.BATCH_ROWS) + 3;

  private static Table plain;
  private CountingFileIO io;
  private Table table;

  @BeforeAll
  static void manyManifests() {
    plain = TestTables.withAppends(MANIFESTS, FILES_PER_MANIFEST);
  }

  @BeforeEach
  void counted() {
    io = new CountingFileIO(((HasTableOperations) plain).operations().io());
    table = io.wrap(plain);
  }

  @Test
  void rowsReadAheadAreIcebergCoresInItsOrder() {
    for (MetadataTableKind kind : List.of(MetadataTableKind.FILES, MetadataTableKind.ENTRIES,
        MetadataTableKind.DATA_FILES)) {
      List<Object> ours = Relations.comparableRows(Relations.read(table, kind));

      assertThat(ours).as("%s", kind).hasSize(MANIFESTS * FILES_PER_MANIFEST)
          .isEqualTo(Relations.icebergCoreComparableRows(plain, kind, scan -> scan));
    }
    assertThat(io.open()).isZero();
  }

  @Test
  void closingWhileReadingAheadStopsTheReaderAndClosesItsManifest() throws Exception {
    CloseableIterable<List<Object>> rows = Relations.open(table, MetadataTableKind.FILES).rows();
    CloseableIterator<List<Object>> iterator = rows.iterator();
    for (int i = 0; i <= FILES_PER_MANIFEST; i++) {
      iterator.next(); // the first manifest, then a row of the second: the reader has started
    }

    rows.close();
    assertThat(io.open()).isZero();
    int opened = io.opened();
    // The reader held at most its batches ahead, so it cannot have reached the last manifest.
    assertThat(opened).isLessThan(MANIFESTS);
    Thread.sleep(200);
    assertThat(io.opened()).as("manifests opened after the rows were closed").isEqualTo(opened);
    assertThat(iterator.hasNext()).isFalse();
  }

  @Test
  void aFailureOfTheReaderReachesTheStatement() throws IOException {
    io.whenOpened(3, () -> {
      throw new IllegalStateException("Cannot open manifest 3 (injected)");
    });
    try (CloseableIterable<List<Object>> rows = Relations.open(table, MetadataTableKind.FILES).rows()) {
      CloseableIterator<List<Object>> iterator = rows.iterator();
      int read = 0;
      Throwable failure = null;
      try {
        while (iterator.hasNext()) {
          iterator.next();
          read++;
        }
      } catch (IllegalStateException e) {
        failure = e;
      }

      assertThat(failure).hasMessage("Cannot open manifest 3 (injected)");
      assertThat(read).isEqualTo(2 * FILES_PER_MANIFEST);
    }
    assertThat(io.open()).isZero();
  }

  @Test
  void aStatementInterruptedWhileWaitingForTheReaderStopsReading() throws IOException {
    CloseableIterable<List<Object>> rows = Relations.open(table, MetadataTableKind.FILES).rows();
    CloseableIterator<List<Object>> iterator = rows.iterator();
    for (int i = 0; i < FILES_PER_MANIFEST; i++) {
      iterator.next(); // the whole first manifest; the next row is the reader's
    }

    Thread.currentThread().interrupt();
    try {
      assertThatThrownBy(iterator::hasNext)
          .isInstanceOf(UncheckedIOException.class)
          .hasCauseInstanceOf(InterruptedIOException.class)
          .hasMessageContaining("Interrupted while reading demo.db.many.files");
      assertThat(Thread.currentThread().isInterrupted()).as("the interrupt is kept").isTrue();
    } finally {
      Thread.interrupted();
    }
    rows.close();
    assertThat(io.open()).isZero();
  }
}
