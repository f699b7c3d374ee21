package io.icegate.metadata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.metadata.testing.CountingFileIO;
import io.icegate.metadata.testing.TestTables;
import java.io.IOException;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.CloseableIterator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Rows are streamed: nothing is read before iteration, one manifest is open at a time, closing
 * releases it.
 */
class StreamingTest {
  private CountingFileIO io;
  private Table table;

  @BeforeEach
  void table() {
    // Three fast appends: three manifests of one file each.
    Table plain = TestTables.manyManifests(3);
    io = new CountingFileIO(((org.apache.iceberg.HasTableOperations) plain).operations().io());
    table = io.wrap(plain);
  }

  @Test
  void oneManifestIsOpenAtATimeAndTheEndClosesIt() throws IOException {
    MetadataRelation relation = Relations.open(table, MetadataTableKind.FILES);
    try (CloseableIterable<List<Object>> rows = relation.rows()) {
      assertThat(io.opened()).isZero();

      CloseableIterator<List<Object>> iterator = rows.iterator();
      iterator.next();
      assertThat(io.open()).isEqualTo(1);
      iterator.next();
      iterator.next();
      assertThat(iterator.hasNext()).isFalse();
      assertThat(io.open()).isZero();
      assertThat(io.opened()).isEqualTo(3);
      assertThatThrownBy(iterator::next)
          .isInstanceOf(NoSuchElementException.class)
          .hasMessage("No more rows in demo.db.many.files");
    }
  }

  @Test
  void closingTheRowsMidwayClosesTheOpenManifest() throws IOException {
    CloseableIterable<List<Object>> rows = Relations.open(table, MetadataTableKind.ENTRIES).rows();
    CloseableIterator<List<Object>> iterator = rows.iterator();
    iterator.next();
    assertThat(io.open()).isEqualTo(1);

    rows.close();
    assertThat(io.open()).isZero();
    assertThat(iterator.hasNext()).isFalse();
    assertThat(io.opened()).isEqualTo(1);
  }

  @Test
  void everyIterationReadsAfresh() throws IOException {
    MetadataRelation relation = Relations.open(table, MetadataTableKind.DATA_FILES);
    try (CloseableIterable<List<Object>> rows = relation.rows()) {
      assertThat(rows).hasSize(3);
      assertThat(rows).hasSize(3);
    }
    assertThat(io.opened()).isEqualTo(6);
    assertThat(io.open()).isZero();
  }
}
