package io.icegate.metadata;

import static io.icegate.metadata.Relations.comparableRows;
import static io.icegate.metadata.Relations.open;
import static io.icegate.metadata.Relations.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.metadata.testing.TestTables;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.apache.iceberg.BaseTable;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.LocationProviders;
import org.apache.iceberg.StaticTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableMetadataParser;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.LocationProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The tables that show the current metadata whatever the time travel are read once per metadata
 * version and kept ({@link CurrentMetadataRows}): the kept rows are those a fresh read gives, a
 * commit shows at once, and nobody can change them.
 */
class CurrentMetadataRowsTest {

  static Stream<MetadataTableKind> currentMetadataKinds() {
    return Arrays.stream(MetadataTableKind.values()).filter(CurrentMetadataRows::keeps);
  }

  @Test
  void theKeptTablesAreTheFourThatIgnoreTimeTravel() {
    assertThat(currentMetadataKinds())
        .containsExactlyInAnyOrder(
            MetadataTableKind.HISTORY,
            MetadataTableKind.SNAPSHOTS,
            MetadataTableKind.REFS,
            MetadataTableKind.METADATA_LOG_ENTRIES);
    assertThat(currentMetadataKinds())
        .allMatch(kind -> kind.timeTravel() == TimeTravelSupport.IGNORED);
  }

  @Test
  void rowsReadWhileTheTableMovesOnAreNotKept() {
    Table table = TestTables.manyManifests(3);
    TableMetadata first = ((HasTableOperations) table).operations().current();
    table
        .newFastAppend()
        .appendFile(
            TestTables.manyManifests(1)
                .currentSnapshot()
                .addedDataFiles(table.io())
                .iterator()
                .next())
        .commit();
    TableMetadata second = ((HasTableOperations) table).operations().current();
    MovingOperations operations = new MovingOperations(first, second, table.io());
    MetadataRelation relation =
        open(new BaseTable(operations, table.name()), MetadataTableKind.HISTORY);

    operations.moveAfterNextLook();
    List<List<Object>> readWhileMoving = read(relation);

    assertThat(readWhileMoving).as("the second metadata's rows").hasSize(4);
    // Had they been kept, they would be taken for the first metadata's.
    Table atFirst = new BaseTable(new StaticTableOperations(first, table.io()), table.name());
    assertThat(read(open(atFirst, MetadataTableKind.HISTORY))).hasSize(3);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("currentMetadataKinds")
  void aSecondReadGivesTheKeptRowsWhichEqualAFreshRead(MetadataTableKind kind) {
    Table table = TestTables.richWithFirstExpired().table();
    List<List<Object>> first = read(open(table, kind));
    List<List<Object>> second = read(open(table, kind));

    assertThat(first).isNotEmpty().hasSameSizeAs(second);
    for (int i = 0; i < first.size(); i++) {
      assertThat(second.get(i)).as("row %d", i).isSameAs(first.get(i));
    }
    // The same metadata file parsed again is another metadata object, so its rows are read afresh.
    Table reparsed = reparsed(table);
    List<List<Object>> fresh = read(open(reparsed, kind));
    assertThat(fresh.get(0)).isNotSameAs(first.get(0));
    assertThat(comparableRows(fresh)).isEqualTo(comparableRows(first));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("currentMetadataKinds")
  void aCommitShowsAtOnce(MetadataTableKind kind) {
    Table table = TestTables.manyManifests(3);
    List<List<Object>> before = read(open(table, kind));

    table
        .newFastAppend()
        .appendFile(
            TestTables.manyManifests(1)
                .currentSnapshot()
                .addedDataFiles(table.io())
                .iterator()
                .next())
        .commit();
    table.manageSnapshots().createTag("after", table.currentSnapshot().snapshotId()).commit();
    List<List<Object>> after = read(open(table, kind));

    assertThat(after).hasSizeGreaterThan(before.size());
    assertThat(comparableRows(after)).isEqualTo(comparableRows(read(open(reparsed(table), kind))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("currentMetadataKinds")
  void rowsAreFoundWhenIterationStarts(MetadataTableKind kind) {
    Table table = TestTables.manyManifests(2);
    int before = read(open(table, kind)).size();
    CloseableIterable<List<Object>> rows = open(table, kind).rows();

    table
        .newFastAppend()
        .appendFile(
            TestTables.manyManifests(1)
                .currentSnapshot()
                .addedDataFiles(table.io())
                .iterator()
                .next())
        .commit();
    table.manageSnapshots().createTag("later", table.currentSnapshot().snapshotId()).commit();

    assertThat(read(rows)).hasSizeGreaterThan(before);
  }

  @Test
  void keptRowsCannotBeChanged() {
    Table table = TestTables.manyManifests(2);
    read(open(table, MetadataTableKind.HISTORY));
    List<Object> kept = read(open(table, MetadataTableKind.HISTORY)).get(0);

    assertThatThrownBy(() -> kept.set(0, null)).isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void otherTablesAreReadEveryTime() {
    Table table = TestTables.manyManifests(2);
    List<Object> first = read(open(table, MetadataTableKind.MANIFESTS)).get(0);

    assertThat(read(open(table, MetadataTableKind.MANIFESTS)).get(0))
        .isNotSameAs(first)
        .isEqualTo(first);
  }

  /**
   * Table operations whose current metadata is the first until told to move on, then the second.
   */
  private static final class MovingOperations implements TableOperations {
    private final TableMetadata first;
    private final TableMetadata second;
    private final FileIO io;
    private int looksBeforeMoving = Integer.MAX_VALUE;

    MovingOperations(TableMetadata first, TableMetadata second, FileIO io) {
      this.first = first;
      this.second = second;
      this.io = io;
    }

    /** The next look at the current metadata sees the first, every later one the second. */
    void moveAfterNextLook() {
      looksBeforeMoving = 1;
    }

    @Override
    public TableMetadata current() {
      return looksBeforeMoving-- > 0 ? first : second;
    }

    @Override
    public TableMetadata refresh() {
      return current();
    }

    @Override
    public void commit(TableMetadata base, TableMetadata metadata) {
      throw new UnsupportedOperationException("read only");
    }

    @Override
    public FileIO io() {
      return io;
    }

    @Override
    public String metadataFileLocation(String fileName) {
      throw new UnsupportedOperationException("read only");
    }

    @Override
    public LocationProvider locationProvider() {
      return LocationProviders.locationsFor(first.location(), first.properties());
    }
  }

  private static Table reparsed(Table table) {
    TableMetadata current = ((HasTableOperations) table).operations().current();
    TableMetadata again = TableMetadataParser.read(table.io(), current.metadataFileLocation());
    return new BaseTable(new StaticTableOperations(again, table.io()), table.name());
  }
}
